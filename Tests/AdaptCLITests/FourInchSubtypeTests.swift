import AdaptSupport
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Rule 2.1, axis 5: `retina4` is the subtype of the 4-inch iPhones (5, 5c, 5s, SE of 2016). Their
/// images of that subtype are for them only, and they prefer them; every reader of a trait set
/// takes the subtype (`--device-subtype`, `resolve --queries`, device profiles).
@Suite struct FourInchSubtypeTests {
    /// `Hero`: a plain iPhone 2x image, a 4-inch one, and a universal 3x image (CarPlay's 3x screens).
    static func catalog() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Hero.imageset",
            entries: [
                ["idiom": "iphone", "scale": "2x", "filename": "phone@2x.png"],
                ["idiom": "iphone", "scale": "2x", "subtype": "retina4", "filename": "four-inch@2x.png"],
                ["idiom": "universal", "scale": "3x", "filename": "any@3x.png"],
            ], files: ["phone@2x.png", "four-inch@2x.png", "any@3x.png"], pngBytes: PNGFixture.png(width: 2, height: 2))
        return fixture
    }

    @Test func theOptionTakesRetina4AndAFourInchPhoneGetsItsImage() throws {
        let fixture = try Self.catalog()
        let fourInch = try Adapt.run(["resolve", fixture.path, "Hero", "--idiom", "phone", "--scale", "2", "--device-subtype", "retina4"])
        #expect(fourInch.status == 0, "\(fourInch.stderr)")
        #expect(fourInch.stdout.hasPrefix("Hero → four-inch@2x.png"))
        let other = try Adapt.run(["resolve", fixture.path, "Hero", "--idiom", "phone", "--scale", "2"])
        #expect(other.stdout.hasPrefix("Hero → phone@2x.png"))
        let watch = try Adapt.run(["resolve", fixture.path, "Hero", "--idiom", "phone", "--scale", "2", "--device-subtype", "45mm"])
        #expect(watch.stdout.hasPrefix("Hero → phone@2x.png"), "a subtype that is not the image's is not a 4-inch phone")
        let wrong = try Adapt.run(["resolve", fixture.path, "Hero", "--device-subtype", "retina5"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--device-subtype must be a watch case size such as 44mm, or retina4"))
        let help = try Adapt.run(["resolve", "--help"])
        #expect(help.stdout.contains("retina4"))
    }

    @Test func queriesTakeRetina4() throws {
        let fixture = try Self.catalog()
        let queries = """
            {"asset": "Hero", "traits": {"userInterfaceIdiom": "phone", "displayScale": 2, "deviceSubtype": "retina4"}}
            {"asset": "Hero", "traits": {"userInterfaceIdiom": "phone", "displayScale": 2}}
            {"asset": "Hero", "traits": {"userInterfaceIdiom": "phone", "displayScale": 3}}
            {"asset": "Hero", "traits": {"userInterfaceIdiom": "pad", "displayScale": 2, "deviceSubtype": "retina4"}}
            {"asset": "Hero", "traits": {"userInterfaceIdiom": "phone", "deviceSubtype": "Retina4"}}

            """
        let run = try Adapt.run(["resolve", fixture.path, "--queries", "-"], input: queries)
        let lines = run.stdout.split(separator: "\n").map { try? JSONParser.parse(Array($0.utf8)) }
        #expect(
            lines.map { $0?["filename"]?.string } == ["four-inch@2x.png", "phone@2x.png", "any@3x.png", "any@3x.png", nil],
            "a 3x phone takes the universal 3x image (scale outranks idiom), an iPad never an iPhone's")
        #expect(lines[4]?["error"]?.string?.contains("deviceSubtype must be a watch case size such as 44mm, or retina4") == true)
        #expect(!run.stderr.contains("<stdin>:1:") && run.stderr.contains("<stdin>:5:"), "\(run.stderr)")
    }

    /// A device profile's traits written as a query and read back are the same traits.
    @Test func aFourInchPhonesTraitsRoundTripAsAQuery() throws {
        let devices = try Adapt.run(["devices", "--format", "json"])
        let list = try #require(try JSONParser.parse(Array(devices.stdout.utf8))["devices"]?.array)
        let se = try #require(list.first { $0["id"] == "iphone-se-1" })
        #expect(se["deviceSubtype"] == "retina4")
        let query = #"{"asset": "Hero", "traits": {"userInterfaceIdiom": "phone", "displayScale": 2, "memory": 2, "deviceSubtype": "retina4"}}"#
        let fixture = try Self.catalog()
        let batch = try Adapt.run(["resolve", fixture.path, "--queries", "-"], input: query + "\n")
        let device = try Adapt.run(["resolve", fixture.path, "Hero", "--device", "iphone-se-1", "--format", "json"])
        #expect(try JSONParser.parse(Array(batch.stdout.utf8))["filename"] == "four-inch@2x.png")
        #expect(try JSONParser.parse(Array(device.stdout.utf8))["filename"] == "four-inch@2x.png")
    }

    /// Slices for the iPhone 5s and SE (1st generation) keep the 4-inch image and not the plain
    /// iPhone one (never shown there), and the universal 3x for CarPlay; no other phone's slice
    /// keeps the 4-inch image.
    @Test func fourInchSlicesKeepOnlyWhatAFourInchPhoneShows() throws {
        let fixture = try Self.catalog()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("four-inch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let devices = ["iphone-5s", "iphone-se-1", "iphone-se-2", "iphone-8", "iphone-4s"]
        let run = try Adapt.run(["thin", fixture.path] + devices.flatMap { ["--device", $0] } + ["-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        func kept(_ device: String) throws -> [String] {
            let folder = output + "/" + device + "/Test.xcassets/Hero.imageset"
            return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "Contents.json" }.sorted()
        }
        #expect(try kept("iphone-5s") == ["any@3x.png", "four-inch@2x.png"])
        #expect(try kept("iphone-se-1") == ["any@3x.png", "four-inch@2x.png"])
        for device in ["iphone-se-2", "iphone-8", "iphone-4s"] {
            #expect(try kept(device) == ["any@3x.png", "phone@2x.png"], "\(device)")
        }
    }
}
