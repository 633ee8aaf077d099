import AdaptSupport
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

@Suite struct ThinCommandTests {
    @Test func devicesListsTable12_2AndJSONRoundTrips() throws {
        let run = try Adapt.run(["devices"])
        #expect(run.status == 0)
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("iphone-6-plus ") })
        #expect(line.contains("iPhone7,1") && line.contains("portrait C/R, landscape R/C"))
        let json = try Adapt.run(["devices", "--format", "json"])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("devices-\(UUID().uuidString).json").path
        try Data(json.stdout.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Adapt.run(["devices", "--devices", path]).stdout == run.stdout, "the listing is a valid --devices file")
    }

    @Test func thinWritesSlicesAManifestAndASummary() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try Adapt.run(["thin", "Assets/Showcase.xcassets", "--device", "iPhone7,2", "--device", "ipad-air-2", "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("device "))
        #expect(run.stdout.contains("iphone-6 ") && run.stdout.contains("ipad-air-2 "))
        #expect(run.stderr.contains("warning: Sidebar has no match on ipad-air-2"))
        let manifest = try JSONParser.parse(FileSystem.readFile(output + "/iphone-6/manifest.json"))
        let logo = try #require(manifest["assets"]?.array?.first { $0["name"] == "Logo" })
        #expect(
            logo["kept"]?.array?.compactMap { $0["file"]?.string } == [
                "logo@2x.png", "logo-dark@2x.png", "logo-high@2x.png", "logo-dark-high@2x.png",
            ], "appearance and contrast can change at run time; the scale is the phone's, CarPlay's too (rule 2.2)")
        #expect(logo["dropped"]?.array?.count == 8)
        #expect(try JSONParser.parse(FileSystem.readFile(output + "/summary.json"))["devices"]?.array?.count == 2)
        let json = try Adapt.run(["thin", "Assets/Showcase.xcassets", "--device", "iPhone7,2", "-o", output, "--format", "json"])
        #expect(try JSONParser.parse(Array(json.stdout.utf8)).array?.first?["device"] == "iphone-6")
        #expect(!FileManager.default.fileExists(atPath: output + "/ipad-air-2"), "a new run replaces the old output")
    }

    /// Home Assistant ships WebP files named `.png`: thin says what validate says (a warning),
    /// and writes the slices, instead of failing on their PNG signature.
    @Test func aWebPNamedPNGIsAWarningNotAFailure() throws {
        let catalog = try Corpus.root + "/catalogs/home-assistant/Sources/App/Resources/Assets.xcassets"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try Adapt.run(["thin", catalog, "--all-devices", "-o", output])
        #expect(run.status == 0, "\(run.stderr.split(separator: "\n").filter { $0.contains("error") }.prefix(3))")
        #expect(run.stderr.contains("is a WebP file") && run.stderr.contains("[image.format-mismatch]"))
        #expect(!run.stderr.contains("[png.signature]"))
    }

    @Test func aCorruptKeptImageFailsUnlessAllowed() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("A.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "a.png"]])
        var broken = PNGFixture.png(width: 4, height: 4)
        broken[broken.count - 20] ^= 0xFF
        try fixture.write(broken, to: "A.imageset/a.png")
        let output = fixture.root + "/out"
        let refused = try Adapt.run(["thin", fixture.path, "--device", "iPhone7,2", "-o", output])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("a.png:1:1: error: CRC error"))
        #expect(!FileManager.default.fileExists(atPath: output))
        let allowed = try Adapt.run(["thin", fixture.path, "--device", "iPhone7,2", "-o", output, "--allow-invalid"])
        #expect(allowed.status == 0)
        #expect(FileManager.default.fileExists(atPath: output + "/iphone-6/Test.xcassets/A.imageset/a.png"))
    }

    @Test func usageErrors() throws {
        #expect(try Adapt.run(["thin", "Assets/Showcase.xcassets", "-o", "/tmp/x"]).status == 2)
        #expect(try Adapt.run(["thin", "Assets/Showcase.xcassets", "--device", "nokia-3310", "-o", "/tmp/x"]).status == 2)
        #expect(try Adapt.run(["resolve", "Assets/Showcase.xcassets", "Logo", "--orientation", "portrait"]).status == 2)
    }

    @Test func matrixShowsWhatChangesOnRotationAndSplitView() throws {
        let run = try Adapt.run(["matrix", "Assets/Showcase.xcassets", "Sidebar", "--device", "ipad-pro-11-m4"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Changes when entering split view or slide over:"))
        #expect(run.stdout.contains("Sidebar: no match (portrait fullScreen) → sidebar-compact@2x.png (portrait slideOver)"))
        let phone = try Adapt.run(["matrix", "Assets/Showcase.xcassets", "--device", "iPhone7,1", "--format", "json"])
        let json = try JSONParser.parse(Array(phone.stdout.utf8))
        let rotation = try #require(json["rotationChanges"]?.array)
        #expect(rotation.contains { $0["asset"] == "Sidebar" && $0["fromFile"] == "sidebar-compact@3x.png" && $0["toFile"] == "no match" })
        #expect(rotation.contains { $0["asset"] == "Header" && $0["fromFile"] == "header-regular@3x.png" && $0["toFile"] == "header@3x.png" })
    }

    @Test func resolveTakesADevice() throws {
        let run = try Adapt.run(["resolve", "Assets/Showcase.xcassets", "Header", "--device", "iPhone7,1", "--orientation", "landscape"])
        #expect(run.stdout.hasPrefix("Header → header@3x.png"))
        let split = try Adapt.run([
            "resolve", "Assets/Showcase.xcassets", "Sidebar", "--device", "ipad-air-2", "--orientation", "landscape", "--multitasking", "splitHalf",
        ])
        #expect(split.stdout.hasPrefix("Sidebar → sidebar-compact@2x.png"))
        let dark = try Adapt.run(["resolve", "Assets/Showcase.xcassets", "Logo", "--device", "iphone-16", "--style", "dark"])
        #expect(dark.stdout.hasPrefix("Logo → logo-dark@3x.png"))
    }
}
