import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// `adapt resolve FILE.car`: the selection rule over a compiled catalog's renditions, answered
/// with the rendition's name and key.
@Suite struct CompiledResolveCommandTests {
    static var iphone: String { get throws { try CompiledInspectCommandTests.corpusFile("assets_iphone.car") } }

    /// actool keys d_iphone4's `retina4` entry with subtype 568: a 4-inch iPhone gets it, others the plain 2x.
    @Test func aFourInchIPhoneGetsTheSubtype568Rendition() throws {
        let fourInch = try Adapt.run(["resolve", try Self.iphone, "d_iphone4", "--device", "iphone-5s"])
        #expect(fourInch.status == 0, "\(fourInch.stderr)")
        #expect(fourInch.stdout.hasPrefix("d_iphone4 → green@2x.png  (rendition "))
        #expect(fourInch.stdout.contains(": phone 2x subtype 568)"))
        let other = try Adapt.run(["resolve", try Self.iphone, "d_iphone4", "--device", "iphone-6"])
        #expect(other.status == 0)
        #expect(other.stdout.hasPrefix("d_iphone4 → green@2x-1.png  (rendition "))
        #expect(other.stdout.contains(": phone 2x)"))
    }

    @Test func explainShowsWhyTheOtherRenditionLost() throws {
        let run = try Adapt.run(["resolve", try Self.iphone, "d_iphone4", "--device", "iphone-6", "--explain"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[1].hasPrefix("  query: ") && lines[1].contains("userInterfaceIdiom=phone"))
        #expect(lines[2].hasPrefix("  rendition ") && lines[2].contains("not eligible: subtype 'retina4'"))
    }

    @Test func jsonNamesTheRenditionAndItsKey() throws {
        let run = try Adapt.run(["resolve", try Self.iphone, "m_4gb", "--idiom", "phone", "--scale", "3", "--memory", "4", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONParser.parse(Array(run.stdout.utf8))
        #expect(document["filename"]?.string == "green@3x.png")
        #expect(document["rendition"]?["name"]?.string == "green@3x.png")
        #expect(document["rendition"]?["key"]?["memoryClass"]?.int == 3)
        #expect(document["rendition"]?["key"]?["scale"]?.int == 3)
        #expect(document["path"] == nil, "a rendition is not a file on disk")
    }

    @Test func aBatchOfQueriesIsAnsweredLineByLine() throws {
        let queries = """
            {"asset": "g_mix", "traits": {"userInterfaceIdiom": "phone", "displayScale": 2, "graphicsFeatureSet": "metal2v2"}}
            {"asset": "sc_wh_a&r&c", "traits": {"userInterfaceIdiom": "phone", "displayScale": 3, "horizontalSizeClass": "regular", "verticalSizeClass": "compact"}}
            {"asset": "d_watch", "traits": {"userInterfaceIdiom": "phone", "displayScale": 2}}
            """
        let run = try Adapt.run(["resolve", try Self.iphone, "--queries", "-"], input: queries + "\n")
        #expect(run.status == 1, "the watch-only asset is not in the iPhone file")
        let lines = try run.stdout.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
        #expect(lines.count == 3)
        #expect(lines[0]["filename"]?.string == "blue@2x.png" && lines[0]["rendition"]?["key"]?["graphicsClass"]?.int == 2)
        #expect(lines[1]["filename"]?.string == "cyan@3x.png")
        #expect(lines[2]["filename"] == .null && lines[2]["reason"] != nil)
    }
}
