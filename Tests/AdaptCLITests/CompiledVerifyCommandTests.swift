import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// `adapt verify FILE.car --source DIR.xcassets`, over the corpus's family files and their source.
@Suite struct CompiledVerifyCommandTests {
    static var source: String { get throws { try Corpus.root + "/compiled/acextract/Images.xcassets" } }

    /// iPhone, iPad and tvOS: every entry their platform and devices keep is compiled as declared
    /// (sliced images are stored cropped to their caps, which is not a difference).
    @Test(arguments: ["assets_iphone.car", "assets_ipad.car", "assets_tv.car"])
    func familyFilesHoldTheirSourceExactly(file: String) throws {
        let run = try Adapt.run(["verify", try CompiledInspectCommandTests.corpusFile(file), "--source", try Self.source])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("0 missing, 0 different, 0 extra\n"))
    }

    /// The watch file's real differences: actool left out the universal entries whose every watch
    /// screen a watch entry of the same set covers (v_device and v_overrides declare a watch PDF
    /// for each case size; v_overrides' watch PNGs at 2x cover universal 2x).
    @Test func theWatchFileLacksTheUniversalEntriesItsWatchEntriesReplace() throws {
        let run = try Adapt.run(["verify", try CompiledInspectCommandTests.corpusFile("assets_watch.car"), "--source", try Self.source, "--format", "json"])
        #expect(run.status == 1)
        let document = try JSONParser.parse(Array(run.stdout.utf8))
        let findings = try #require(document["diagnostics"]?.array).map {
            "\($0["code"]?.string ?? "") \($0["asset"]?.string ?? "") \($0["message"]?.string ?? "")"
        }
        #expect(findings.count == 3, "\(findings)")
        #expect(findings.allSatisfy { $0.hasPrefix("compiled.missing ") })
        #expect(findings.contains { $0.hasPrefix("compiled.missing v_device v_device: facebook-2.pdf") })
        #expect(findings.contains { $0.hasPrefix("compiled.missing v_overrides v_overrides: facebook-2.pdf") })
        #expect(findings.contains { $0.hasPrefix("compiled.missing v_overrides v_overrides: blue@2x.png") })
    }

    /// The Mac file keys no idiom (so it is told apart as macOS, and a `mac` entry and a universal
    /// one compile alike) and has no 3x. Its real differences are the watch file's kind: actool left
    /// out the universal entries that a `mac` entry of the same set replaces on every Mac
    /// (v_device's and v_overrides' Mac PDF, v_overrides' Mac PNGs at 1x and 2x).
    @Test func theMacFileIsToldApartAndLacksOnlyTheUniversalEntriesItsMacEntriesReplace() throws {
        let run = try Adapt.run(["verify", try CompiledInspectCommandTests.corpusFile("assets_mac.car"), "--source", try Self.source, "--format", "json"])
        #expect(run.status == 1)
        let document = try JSONParser.parse(Array(run.stdout.utf8))
        let findings = try #require(document["diagnostics"]?.array).map {
            "\($0["code"]?.string ?? "") \($0["asset"]?.string ?? "") \($0["message"]?.string ?? "")"
        }
        #expect(findings.count == 4, "\(findings)")
        #expect(findings.allSatisfy { $0.hasPrefix("compiled.missing v_device ") || $0.hasPrefix("compiled.missing v_overrides ") }, "\(findings)")
        #expect(findings.contains { $0.contains("v_overrides: blue@2x.png (idiom=universal scale=2x)") })
    }
}
