import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// `adapt verify FILE.car --source DIR.xcassets`, over the corpus's family files and their source.
@Suite struct CompiledVerifyCommandTests {
    static var source: String { get throws { try Corpus.root + "/compiled/acextract/Images.xcassets" } }

    /// Every family file holds exactly what actool writes of its source: verify and compile share
    /// one answer (`ActoolEntryFilter`). The iPhone, iPad and tvOS files hold every entry their
    /// devices keep (sliced images are stored cropped to their caps, which is not a difference);
    /// the watch file lacks the universal entries its watch entries cover, and the Mac file the
    /// universal ones its `mac` entries take the keys of, as actool writes them; each keeps a PDF
    /// whose every scale bitmaps replace as a vector rendition only, as Xcode 7.3 did.
    @Test(arguments: ["assets_iphone.car", "assets_ipad.car", "assets_tv.car", "assets_watch.car", "assets_mac.car"])
    func familyFilesHoldTheirSourceExactly(file: String) throws {
        let run = try Adapt.run(["verify", try CompiledInspectCommandTests.corpusFile(file), "--source", try Self.source])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("0 missing, 0 different, 0 extra\n"))
    }

    /// A copy of the source with one more entry, `d_universal`'s `extra@2x.png` at 2x in the dark
    /// appearance, which no family file holds.
    static func sourceWithAnExtraEntry() throws -> String {
        let folder = CompiledThinCommandTests.temporary("verify-source") + "/Images.xcassets"
        try FileManager.default.createDirectory(atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try source, toPath: folder)
        let set = folder + "/devices/d_universal.imageset"
        try FileManager.default.copyItem(atPath: set + "/image@2x.png", toPath: set + "/extra@2x.png")
        let contents = try String(contentsOfFile: set + "/Contents.json", encoding: .utf8).replacingOccurrences(
            of: "\"images\" : [",
            with: "\"images\" : [ { \"idiom\" : \"universal\", \"filename\" : \"extra@2x.png\", \"scale\" : \"2x\", "
                + "\"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ] },")
        try contents.write(toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
        return folder
    }

    /// An entry the file lacks is named, with its file and line, and verify exits 1.
    @Test func anEntryTheFileLacksIsNamed() throws {
        let source = try Self.sourceWithAnExtraEntry()
        defer { try? FileManager.default.removeItem(atPath: (source as NSString).deletingLastPathComponent) }
        let run = try Adapt.run(["verify", try CompiledInspectCommandTests.corpusFile("assets_iphone.car"), "--source", source, "--format", "json"])
        #expect(run.status == 1)
        let document = try JSONParser.parse(Array(run.stdout.utf8))
        let findings = try #require(document["diagnostics"]?.array).map {
            "\($0["code"]?.string ?? "") \($0["asset"]?.string ?? "") \($0["message"]?.string ?? "")"
        }
        #expect(findings.count == 1, "\(findings)")
        #expect(
            findings.first?.hasPrefix("compiled.missing d_universal d_universal: extra@2x.png (idiom=universal luminosity=dark scale=2x)") == true,
            "\(findings)")
    }
}
