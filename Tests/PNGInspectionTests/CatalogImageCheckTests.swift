import AssetCatalog
import CatalogFixtures
import Foundation
import PNGInspection
import Testing

@testable import ImageChecks

@Suite struct CatalogImageCheckTests {
    /// The real catalogs come from shipped apps: no errors.
    @Test func realCatalogsPass() throws {
        for path in try Corpus.catalogPaths() {
            let catalog = try CatalogReader().read(at: path)
            let result = CatalogImageChecker().check(catalog)
            #expect(!result.diagnostics.hasErrors, "\(path): \(result.diagnostics.filter { $0.severity == .error })")
            // What is left are the warnings listed in the review of the corpus.
            let warnings: Set<String> = ["image.format-mismatch", "png.phys", "image.scale-size", "image.scale-name", "icon.alpha-suspect"]
            #expect(Set(result.diagnostics.map(\.code)).isSubset(of: warnings), "\(path): \(result.diagnostics)")
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
        #expect(Set(errors.map(\.code)) == ["png.crc"], "\(errors)")
        // A size that rounding cannot explain is a warning: the app still shows the image.
        let scale = try #require(result.diagnostics.first { $0.code == "image.scale-size" })
        #expect(scale.severity == .warning)
        #expect(scale.message.contains("BoxBottom@2x.png (2x) is 33x10 pixels"))
        #expect(scale.location?.file.hasSuffix("Bottom.imageset/Contents.json") == true)
        #expect(scale.location?.line != nil)
    }

    @Test func slotMistakesEachHaveTheirCode() throws {
        let fixture = try TemporaryCatalog()
        let p3 = PNGFixture.iccp(description: "Display P3")
        try fixture.addSet(
            "Scale.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "a.png"], ["idiom": "universal", "scale": "2x", "filename": "a@2x.png"],
                ["idiom": "universal", "scale": "3x", "filename": "a@3x.png"],
            ])
        try fixture.write(PNGFixture.png(width: 10, height: 6), to: "Scale.imageset/a.png")
        try fixture.write(PNGFixture.png(width: 20, height: 12), to: "Scale.imageset/a@2x.png")
        try fixture.write(PNGFixture.png(width: 36, height: 18), to: "Scale.imageset/a@3x.png")

        try fixture.addSet(
            "Gamut.imageset",
            entries: [
                ["idiom": "universal", "filename": "srgb-slot.png"],
                ["idiom": "universal", "display-gamut": "display-P3", "filename": "p3-slot.png"],
            ])
        try fixture.write(PNGFixture.png(width: 4, height: 4, ancillary: [p3]), to: "Gamut.imageset/srgb-slot.png")
        try fixture.write(PNGFixture.png(width: 4, height: 4, ancillary: [PNGFixture.chunk("sRGB", [0])]), to: "Gamut.imageset/p3-slot.png")
        // Tagged as `adapt extract` tags wide colour: cICP (P3-D65, the sRGB curve), cHRM and gAMA, no ICC profile.
        let codedP3 = [PNGFixture.chunk("cICP", [12, 13, 0, 1]), PNGFixture.chunk("gAMA", PNGFixture.be32(45455))]
        try fixture.addSet(
            "Coded.imageset",
            entries: [
                ["idiom": "universal", "filename": "srgb-slot.png"],
                ["idiom": "universal", "display-gamut": "display-P3", "filename": "p3-slot.png"],
            ])
        try fixture.write(PNGFixture.png(width: 4, height: 4, ancillary: [PNGFixture.chunk("sRGB", [0])]), to: "Coded.imageset/srgb-slot.png")
        try fixture.write(PNGFixture.png(width: 4, height: 4, ancillary: codedP3), to: "Coded.imageset/p3-slot.png")
        try fixture.addSet("Wide.imageset", entries: [["idiom": "universal", "filename": "wide.png"]])
        try fixture.write(PNGFixture.png(width: 4, height: 4, ancillary: [p3]), to: "Wide.imageset/wide.png")

        try fixture.addSet(
            "AppIcon.appiconset",
            entries: [
                ["idiom": "iphone", "size": "20x20", "scale": "2x", "filename": "icon40.png"],
                ["idiom": "iphone", "size": "83.5x83.5", "scale": "2x", "filename": "icon167.png"],
                ["idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"],
            ])
        try fixture.write(PNGFixture.png(width: 41, height: 40), to: "AppIcon.appiconset/icon40.png")
        try fixture.write(PNGFixture.png(width: 167, height: 167), to: "AppIcon.appiconset/icon167.png")
        try fixture.write(PNGFixture.png(width: 16, height: 16, alpha: true), to: "AppIcon.appiconset/store.png")

        try fixture.addSet(
            "Formats.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "photo.png"], ["idiom": "universal", "scale": "2x", "filename": "junk.png"],
            ])
        try fixture.write([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8), to: "Formats.imageset/photo.png")
        try fixture.write(Array("not an image at all".utf8), to: "Formats.imageset/junk.png")

        let diagnostics = CatalogImageChecker().check(try fixture.read()).diagnostics
        func codes(in folder: String) -> [String] {
            diagnostics.filter { $0.location?.file.contains(folder) == true }.map(\.code).sorted()
        }
        #expect(codes(in: "Scale.imageset") == ["image.scale-size"])
        #expect(diagnostics.first { $0.code == "image.scale-size" }?.message.contains("about 30x18 pixels") == true)
        #expect(codes(in: "Gamut.imageset") == ["image.gamut-profile", "image.gamut-profile"])
        #expect(codes(in: "Coded.imageset").isEmpty, "a cICP chunk of P3-D65 primaries is a Display P3 file")
        #expect(codes(in: "Wide.imageset").isEmpty, "a set with no gamut variants may hold a P3 image")
        #expect(codes(in: "AppIcon.appiconset") == ["icon.alpha-suspect", "icon.size", "icon.size"])
        #expect(diagnostics.first { $0.code == "icon.size" }?.message.contains("needs 40x40") == true)
        #expect(codes(in: "Formats.imageset") == ["image.format-mismatch", "image.not-an-image"])
        #expect(diagnostics.first { $0.code == "image.format-mismatch" }?.severity == .warning)
        #expect(diagnostics.first { $0.code == "image.not-an-image" }?.severity == .error)
    }

    // MARK: Scale families

    /// A 2x image 91 px high is 45.5 pt; 3x siblings of 136 and 137 px (45.33 and 45.67 pt) are
    /// that size rounded to whole pixels, the most any exporter can do.
    @Test func scaleFamiliesAcceptPixelRounding() throws {
        let fixture = try TemporaryCatalog()
        for (set, height) in [("Down", 136), ("Up", 137)] {
            try fixture.addSet(
                "\(set).imageset",
                entries: [
                    ["idiom": "universal", "scale": "2x", "filename": "a@2x.png"], ["idiom": "universal", "scale": "3x", "filename": "a@3x.png"],
                ])
            try fixture.write(PNGFixture.png(width: 128, height: 91), to: "\(set).imageset/a@2x.png")
            try fixture.write(PNGFixture.png(width: 192, height: height), to: "\(set).imageset/a@3x.png")
        }
        // 1x, 2x and 3x that each round differently: 45 px, 91 px (45.5 pt), 136 px (45.33 pt).
        try fixture.addSet(
            "Three.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "b.png"], ["idiom": "universal", "scale": "2x", "filename": "b@2x.png"],
                ["idiom": "universal", "scale": "3x", "filename": "b@3x.png"],
            ])
        try fixture.write(PNGFixture.png(width: 45, height: 45), to: "Three.imageset/b.png")
        try fixture.write(PNGFixture.png(width: 91, height: 91), to: "Three.imageset/b@2x.png")
        try fixture.write(PNGFixture.png(width: 136, height: 136), to: "Three.imageset/b@3x.png")
        #expect(CatalogImageChecker().check(try fixture.read()).diagnostics.isEmpty)
    }

    /// Just past rounding on either side, and far past it (Brave's optin_bg: 172x287 at 2x,
    /// 230x382 at 3x): a warning at the 3x entry naming both sizes in pixels and points.
    @Test func scaleMismatchBeyondRoundingIsAWarningWithBothSizes() throws {
        let fixture = try TemporaryCatalog()
        for (set, size) in [("Short", (192, 134)), ("Tall", (192, 139)), ("Optin", (230, 382))] {
            try fixture.addSet(
                "\(set).imageset",
                entries: [
                    ["idiom": "universal", "scale": "2x", "filename": "a@2x.png"], ["idiom": "universal", "scale": "3x", "filename": "a@3x.png"],
                ])
            let twoX = set == "Optin" ? (172, 287) : (128, 91)
            try fixture.write(PNGFixture.png(width: twoX.0, height: twoX.1), to: "\(set).imageset/a@2x.png")
            try fixture.write(PNGFixture.png(width: size.0, height: size.1), to: "\(set).imageset/a@3x.png")
        }
        let diagnostics = CatalogImageChecker().check(try fixture.read()).diagnostics
        #expect(diagnostics.count == 3, "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.code == "image.scale-size" && $0.severity == .warning })
        let optin = try #require(diagnostics.first { $0.location?.file.contains("Optin.imageset") == true })
        #expect(optin.message.contains("a@3x.png (3x) is 230x382 pixels (76.67x127.33 pt)"), "\(optin.message)")
        #expect(optin.message.contains("a@2x.png is 172x287 pixels (86x143.5 pt)"), "\(optin.message)")
        #expect(optin.location?.file.hasSuffix("Optin.imageset/Contents.json") == true)
        #expect(optin.location?.line == 8, "at the 3x entry")
    }

    @Test func roundingToleranceIsTheOverlapOfTwoPixelIntervals() {
        #expect(ScaleFamilyRule.fits(91, scale: 2, 135, scale: 3))
        #expect(ScaleFamilyRule.fits(91, scale: 2, 138, scale: 3))
        #expect(!ScaleFamilyRule.fits(91, scale: 2, 134, scale: 3))
        #expect(!ScaleFamilyRule.fits(91, scale: 2, 139, scale: 3))
        #expect(ScaleFamilyRule.fits(100, scale: 1, 200, scale: 2))
        #expect(!ScaleFamilyRule.fits(100, scale: 1, 203, scale: 2))
    }

    // MARK: App Store icon alpha

    /// The store icon in the primary set (`AppIcon`), written as `pixel` gives it.
    private func storeIconDiagnostics(set: String = "AppIcon", _ png: [UInt8]) throws -> [Diagnostic] {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("\(set).appiconset", entries: [["idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"]])
        try fixture.write(png, to: "\(set).appiconset/store.png")
        // A smaller icon would fail icon.size; only the alpha rule is under test here.
        return CatalogImageChecker().check(try fixture.read()).diagnostics.filter { $0.code.hasPrefix("icon.alpha") }
    }

    @Test func storeIconWithATranslucentPixelIsAnError() throws {
        let icon = PNGFixture.png(width: 1024, height: 1024, colorType: 6) { x, y in [0, 90, 200, x == 1023 && y == 1023 ? 200 : 255] }
        let diagnostics = try storeIconDiagnostics(icon)
        #expect(diagnostics.map(\.severity) == [.error] && diagnostics.map(\.code) == ["icon.alpha"])
        #expect(diagnostics.first?.message.contains("pixel (1023, 1023) has alpha 200 of 255") == true)
        #expect(diagnostics.first?.location?.line != nil)
    }

    /// Brave's store icons: RGBA, every pixel opaque. The store has rejected such files, but apps ship them.
    @Test func storeIconWithAnUnusedAlphaChannelIsAWarning() throws {
        let icon = PNGFixture.png(width: 1024, height: 1024, colorType: 6) { _, _ in [0, 90, 200, 255] }
        let diagnostics = try storeIconDiagnostics(icon)
        #expect(diagnostics.map(\.severity) == [.warning] && diagnostics.map(\.code) == ["icon.alpha-suspect"])
        #expect(diagnostics.first?.message.contains("every pixel is opaque") == true)
    }

    @Test func storeIconWithoutAlphaIsFine() throws {
        #expect(try storeIconDiagnostics(PNGFixture.png(width: 1024, height: 1024)).isEmpty)
    }

    /// Sets other than the default primary one (extension icons, icons of builds never uploaded)
    /// ship with transparent corners: DuckDuckGo's action extension, Brave's AppIcon_Local.
    @Test func translucentStoreIconOutsideThePrimarySetIsAWarning() throws {
        let icon = PNGFixture.png(width: 1024, height: 1024, colorType: 6) { x, _ in [0, 90, 200, x == 0 ? 0 : 255] }
        let diagnostics = try storeIconDiagnostics(set: "AppIcon_Local", icon)
        #expect(diagnostics.map(\.severity) == [.warning] && diagnostics.map(\.code) == ["icon.alpha-suspect"])
        #expect(diagnostics.first?.message.contains("if this set is the app's icon") == true)
    }

    /// A failed Adler-32 in a catalog's image is a `png.image-data` error of the catalog checks
    /// (`adapt validate`, `adapt png CATALOG`) wherever it falls; the walk alone (`--images walk`)
    /// does not inflate and cannot see it.
    @Test(arguments: PNGFixture.Adler32Damage.allCases)
    func aFailedAdler32IsAnImageDataError(_ damage: PNGFixture.Adler32Damage) throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("A.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "a@2x.png"]])
        try fixture.write(PNGFixture.withBadAdler32(PNGFixture.png(width: 8, height: 8), damage), to: "A.imageset/a@2x.png")
        let catalog = try fixture.read()
        let diagnostics = CatalogImageChecker().check(catalog).diagnostics
        #expect(diagnostics.map(\.code) == ["png.image-data"], "\(diagnostics)")
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.location?.file.hasSuffix("A.imageset/a@2x.png") == true)
        var walk = PNGInspector()
        walk.decodes = false
        #expect(CatalogImageChecker(inspector: walk).check(catalog).diagnostics.isEmpty)
    }

    // MARK: Scale in file names

    @Test func fileNamedForAnotherScaleIsAWarningAtTheEntry() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Leaves.imageset",
            entries: [
                ["idiom": "universal", "scale": "2x", "filename": "leaves@3x.png"],
                ["idiom": "universal", "scale": "3x", "filename": "leaves@3x-1.png"],
            ])
        try fixture.write(PNGFixture.png(width: 20, height: 20), to: "Leaves.imageset/leaves@3x.png")
        try fixture.write(PNGFixture.png(width: 30, height: 30), to: "Leaves.imageset/leaves@3x-1.png")
        let diagnostics = CatalogImageChecker().check(try fixture.read()).diagnostics
        #expect(diagnostics.map(\.code) == ["image.scale-name"], "\(diagnostics)")
        let warning = try #require(diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("leaves@3x.png is named for 3x but fills the 2x slot"))
        #expect(warning.location?.file.hasSuffix("Leaves.imageset/Contents.json") == true)
        #expect(warning.location?.line == 3, "at the 2x entry")
    }

    @Test func scaleIsReadFromTheUsualNameForms() {
        #expect(ScaleNameRule.scale(named: "a@2x.png") == 2)
        #expect(ScaleNameRule.scale(named: "a@3x~ipad.png") == 3)
        #expect(ScaleNameRule.scale(named: "Illustration@3x 1.png") == 3)
        #expect(ScaleNameRule.scale(named: "image 3@3x-1.png") == 3)
        #expect(ScaleNameRule.scale(named: "a@2xl.png") == nil)
        #expect(ScaleNameRule.scale(named: "me@home.png") == nil)
        #expect(ScaleNameRule.scale(named: "plain.png") == nil)
    }
}
