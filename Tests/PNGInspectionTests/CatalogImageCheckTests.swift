import AssetCatalog
import CatalogFixtures
import Foundation
import ImageChecks
import PNGInspection
import Testing

@Suite struct CatalogImageCheckTests {
    /// The real catalogs come from shipped apps: no errors.
    @Test func realCatalogsPass() throws {
        for path in try Corpus.catalogPaths() {
            let catalog = try CatalogReader().read(at: path)
            let result = CatalogImageChecker().check(catalog)
            #expect(!result.diagnostics.hasErrors, "\(path): \(result.diagnostics.filter { $0.severity == .error })")
        }
    }

    @Test func showcaseAndRealWorldWarningsAreTheDefensibleOnes() throws {
        let showcase = try CatalogReader().read(at: Corpus.repositoryRoot + "/Assets/Showcase.xcassets")
        #expect(CatalogImageChecker().check(showcase).diagnostics.isEmpty)
        // Home Assistant ships WebP files named .png: a warning that names the real format.
        let home = try CatalogReader().read(at: Corpus.root + "/catalogs/home-assistant/Sources/App/Resources/Assets.xcassets")
        let warnings = CatalogImageChecker().check(home).diagnostics
        let mismatches = warnings.filter { $0.code == "image.format-mismatch" }
        #expect(mismatches.count == 21)
        #expect(mismatches.allSatisfy { $0.message.contains("WebP") && $0.severity == .warning })
        // 144 dpi on an @2x image is the Retina convention, not a warning.
        #expect(!warnings.contains { $0.code == "png.phys" && $0.location?.file.contains("HAOnboarding") == true })
    }

    @Test func aBrokenCopyOfARealCatalogFails() throws {
        let source = try Corpus.root + "/catalogs/food-truck/FoodTruckKit/Sources/Assets.xcassets"
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).xcassets").path
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let box = copy + "/box/Bottom.imageset/"
        try Data(PNGFixture.png(width: 33, height: 10)).write(to: URL(fileURLWithPath: box + "BoxBottom@2x.png"))
        var corrupt = try Array(Data(contentsOf: URL(fileURLWithPath: box + "BoxBottom@3x.png")))
        let idat = try #require(PNGFixture.dataRange(of: "IDAT", in: corrupt))
        corrupt[idat.lowerBound + 5] ^= 0xFF
        try Data(corrupt).write(to: URL(fileURLWithPath: box + "BoxBottom@3x.png"))

        let result = CatalogImageChecker().check(try CatalogReader().read(at: copy))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(Set(errors.map(\.code)) == ["image.scale-size", "png.crc"], "\(errors)")
        let scale = try #require(errors.first { $0.code == "image.scale-size" })
        #expect(scale.message.contains("BoxBottom@2x.png (2x) is 33x10"))
        #expect(scale.location?.file.hasSuffix("Bottom.imageset/Contents.json") == true)
        #expect(scale.location?.line != nil)
    }

    @Test func slotMistakesEachHaveTheirCode() throws {
        let fixture = try TemporaryCatalog()
        let p3 = PNGFixture.iccp(description: "Display P3")
        try fixture.addSet("Scale.imageset", entries: [
            ["idiom": "universal", "scale": "1x", "filename": "a.png"], ["idiom": "universal", "scale": "2x", "filename": "a@2x.png"],
            ["idiom": "universal", "scale": "3x", "filename": "a@3x.png"],
        ])
        try fixture.write(PNGFixture.png(width: 10, height: 6), to: "Scale.imageset/a.png")
        try fixture.write(PNGFixture.png(width: 20, height: 12), to: "Scale.imageset/a@2x.png")
        try fixture.write(PNGFixture.png(width: 31, height: 18), to: "Scale.imageset/a@3x.png")

        try fixture.addSet("Gamut.imageset", entries: [
            ["idiom": "universal", "filename": "srgb-slot.png"],
            ["idiom": "universal", "display-gamut": "display-P3", "filename": "p3-slot.png"],
        ])
        try fixture.write(PNGFixture.png(width: 4, height: 4, ancillary: [p3]), to: "Gamut.imageset/srgb-slot.png")
        try fixture.write(PNGFixture.png(width: 4, height: 4, ancillary: [PNGFixture.chunk("sRGB", [0])]), to: "Gamut.imageset/p3-slot.png")
        try fixture.addSet("Wide.imageset", entries: [["idiom": "universal", "filename": "wide.png"]])
        try fixture.write(PNGFixture.png(width: 4, height: 4, ancillary: [p3]), to: "Wide.imageset/wide.png")

        try fixture.addSet("AppIcon.appiconset", entries: [
            ["idiom": "iphone", "size": "20x20", "scale": "2x", "filename": "icon40.png"],
            ["idiom": "iphone", "size": "83.5x83.5", "scale": "2x", "filename": "icon167.png"],
            ["idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"],
        ])
        try fixture.write(PNGFixture.png(width: 41, height: 40), to: "AppIcon.appiconset/icon40.png")
        try fixture.write(PNGFixture.png(width: 167, height: 167), to: "AppIcon.appiconset/icon167.png")
        try fixture.write(PNGFixture.png(width: 16, height: 16, alpha: true), to: "AppIcon.appiconset/store.png")

        try fixture.addSet("Formats.imageset", entries: [
            ["idiom": "universal", "scale": "1x", "filename": "photo.png"], ["idiom": "universal", "scale": "2x", "filename": "junk.png"],
        ])
        try fixture.write([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8), to: "Formats.imageset/photo.png")
        try fixture.write(Array("not an image at all".utf8), to: "Formats.imageset/junk.png")

        let diagnostics = CatalogImageChecker().check(try fixture.read()).diagnostics
        func codes(in folder: String) -> [String] {
            diagnostics.filter { $0.location?.file.contains(folder) == true }.map(\.code).sorted()
        }
        #expect(codes(in: "Scale.imageset") == ["image.scale-size"])
        #expect(diagnostics.first { $0.code == "image.scale-size" }?.message.contains("must be 30x18") == true)
        #expect(codes(in: "Gamut.imageset") == ["image.gamut-profile", "image.gamut-profile"])
        #expect(codes(in: "Wide.imageset").isEmpty, "a set with no gamut variants may hold a P3 image")
        #expect(codes(in: "AppIcon.appiconset") == ["icon.alpha", "icon.size", "icon.size"])
        #expect(diagnostics.first { $0.code == "icon.size" }?.message.contains("needs 40x40") == true)
        #expect(codes(in: "Formats.imageset") == ["image.format-mismatch", "image.not-an-image"])
        #expect(diagnostics.first { $0.code == "image.format-mismatch" }?.severity == .warning)
        #expect(diagnostics.first { $0.code == "image.not-an-image" }?.severity == .error)
    }
}
