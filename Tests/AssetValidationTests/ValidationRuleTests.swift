import AssetCatalog
import AssetValidation
import CatalogFixtures
import DeviceProfiles
import Foundation
import Testing

/// Each rule of `adapt validate` on a small catalog made for it.
@Suite struct ValidationRuleTests {
    let devices = try! DeviceDatabase.builtIn()

    func validate(_ fixture: TemporaryCatalog, images: Validator.ImageCheckLevel = .none, strict: Bool = false) throws -> [Diagnostic] {
        Validator(devices: devices, imageChecks: images, strict: strict).validate([try fixture.read()]).diagnostics
    }

    func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code).sorted() }

    @Test func aCleanCatalogHasNoDiagnostics() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "A.imageset", entries: (1...3).map { ["idiom": "universal", "scale": .string("\($0)x"), "filename": .string("a\($0).png")] },
            files: ["a1.png", "a2.png", "a3.png"])
        #expect(try validate(fixture).isEmpty)
    }

    @Test func readerErrorsAreValidationErrors() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write("{ \"images\" : [ ", to: "Bad.imageset/Contents.json")
        try fixture.write([1], to: "NoContents.imageset/x.png")
        try fixture.addSet("Missing.imageset", entries: [["idiom": "universal", "filename": "gone.png"]])
        try fixture.addSet("Escape.imageset", entries: [["idiom": "universal", "filename": "../x.png"]])
        try fixture.addSet("Odd.imageset", entries: [["idiom": "universal", "filename": "o.png", "scale": "9x", "sparkle": true]], files: ["o.png"])
        let diagnostics = try validate(fixture)
        #expect(
            Set(diagnostics.filter { $0.severity == .error }.map(\.code))
                == ["json.malformed", "catalog.missing-contents", "contents.missing-file", "contents.bad-filename"])
        #expect(Set(diagnostics.filter { $0.severity == .warning }.map(\.code)).isSuperset(of: ["contents.unknown-key", "contents.unknown-value"]))
        #expect(diagnostics.first { $0.code == "json.malformed" }?.location?.line == 1)
    }

    @Test func unassignedSlotsAndOrphanFilesAreWarnings() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "a.png"], ["idiom": "universal", "scale": "2x"],
            ], files: ["a.png", "old-a.png"])
        let diagnostics = try validate(fixture)
        #expect(codes(diagnostics) == ["scale.gap", "set.unassigned"], "an empty slot is neither a finding nor unreachable")
        #expect(diagnostics.first { $0.code == "set.unassigned" }?.location?.file.hasSuffix("A.imageset/old-a.png") == true)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func identicalEntriesAreReportedOnce() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "universal", "filename": "a.png"], ["idiom": "universal", "filename": "b.png"],
            ], files: ["a.png", "b.png"])
        let diagnostics = try validate(fixture)
        let duplicate = try #require(diagnostics.first { $0.code == "variant.duplicate" })
        #expect(duplicate.message.contains("only the first can ever be chosen"))
        #expect(duplicate.location?.line == 7)
        #expect(codes(diagnostics) == ["variant.duplicate", "variant.unreachable"])
    }

    @Test func precedenceDependentChoicesNameATraitSet() throws {
        let fixture = try TemporaryCatalog()
        // On a compact-width phone in dark mode: the compact image wins on width class, the dark
        // one would win on appearance; appearance comes first, so the dark image is chosen.
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "universal", "filename": "any.png"],
                ["idiom": "universal", "width-class": "compact", "filename": "compact.png"],
                ["idiom": "universal", "appearances": [["appearance": "luminosity", "value": "dark"]], "filename": "dark.png"],
            ], files: ["any.png", "compact.png", "dark.png"])
        let diagnostics = try validate(fixture)
        let warning = try #require(diagnostics.first { $0.code == "variant.precedence-dependent" })
        #expect(warning.message.contains("dark.png is chosen over compact.png because appearance outranks horizontal size class"))
        #expect(warning.message.contains("userInterfaceStyle=dark"))
    }

    /// n localized entries beside m unlocalized ones used to give a warning per pair (83,500 for
    /// a 1,000-entry set; 3 million and 4.5 GB for 6,000): one per winner and reason is enough.
    @Test func precedenceDependenceIsReportedOncePerWinnerAndReason() throws {
        let fixture = try TemporaryCatalog()
        var entries: [JSONValue] = []
        var files: [String] = []
        for index in 0..<60 {
            var entry: JSONObject = ["idiom": "universal", "scale": .string("\(1 + index % 3)x"), "filename": .string("a\(index).png")]
            if index % 2 == 0 { entry["locale"] = .string("x\(index)") }
            entries.append(.object(entry))
            files.append("a\(index).png")
        }
        try fixture.addSet("A.imageset", entries: entries, files: files)
        let warnings = try validate(fixture).filter { $0.code == "variant.precedence-dependent" }
        #expect(!warnings.isEmpty)
        #expect(warnings.count <= 30 * 2, "\(warnings.count) warnings for 30 localized entries")
        // The localized @2x and @3x entries win over unlocalized ones with the device's own scale
        // (a localized @1x shown upscaled is a `scale.gap` instead).
        let winners = Set(warnings.map { $0.message.components(separatedBy: " is chosen over ")[0] })
        let expected = Set((0..<60).filter { $0 % 2 == 0 && $0 % 3 != 0 }.map { "in 'A', a\($0).png" })
        #expect(winners == expected)
    }

    /// A slot of thousands of locales is too large to compare every choice (quadratic: 300 million
    /// comparisons, 13 s, for 10,000): it gets a note, and duplicates and reachability are still checked.
    @Test func aSlotTooLargeToAnalyzeIsStillCheckedForReachability() throws {
        let fixture = try TemporaryCatalog()
        var entries: [JSONValue] = (0..<1500).map { ["idiom": "universal", "locale": .string("l\($0)"), "filename": .string("a\($0).png")] }
        entries.append(["idiom": "universal", "locale": "l7", "filename": "again.png"])
        entries.append(["idiom": "universal", "locale": "l8", "screen-width": "<=100", "filename": "tiny.png"])
        try fixture.addSet("Flags.imageset", entries: entries, files: (0..<1500).map { "a\($0).png" } + ["again.png", "tiny.png"])
        let diagnostics = try validate(fixture)
        let limited = diagnostics.filter { $0.code == "variant.analysis-limited" }
        #expect(limited.count == 1)
        #expect(limited.first?.severity == .note)
        #expect(limited.first?.message.contains("1502 variants") == true, "\(limited)")
        // As in a slot small enough to analyze: the duplicate is also never chosen.
        #expect(codes(diagnostics) == ["variant.analysis-limited", "variant.duplicate", "variant.unreachable", "variant.unreachable"])
        #expect(diagnostics.first { $0.code == "variant.duplicate" }?.message.contains("again.png") == true)
        let unreachable = diagnostics.filter { $0.code == "variant.unreachable" }.map(\.message)
        #expect(unreachable.contains { $0.contains("again.png") } && unreachable.contains { $0.contains("tiny.png") }, "\(unreachable)")
    }

    @Test func scaleGapsNameADeviceThatShowsTheAssetUpscaled() throws {
        let fixture = try TemporaryCatalog()
        // Scale outranks idiom: a @3x iPhone shows the universal @3x, so the iPhone @2x is no gap.
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "universal", "scale": "2x", "filename": "u2.png"], ["idiom": "universal", "scale": "3x", "filename": "u3.png"],
                ["idiom": "iphone", "scale": "2x", "filename": "p2.png"],
            ], files: ["u2.png", "u3.png", "p2.png"])
        #expect(try validate(fixture).filter { $0.code == "scale.gap" }.isEmpty)
        // Appearance outranks scale: in dark mode a @3x device shows the dark @2x, upscaled.
        try fixture.addSet(
            "B.imageset",
            entries: [
                ["idiom": "universal", "scale": "2x", "filename": "b2.png"], ["idiom": "universal", "scale": "3x", "filename": "b3.png"],
                ["idiom": "universal", "scale": "2x", "appearances": [["appearance": "luminosity", "value": "dark"]], "filename": "d2.png"],
            ], files: ["b2.png", "b3.png", "d2.png"])
        let gaps = try validate(fixture).filter { $0.code == "scale.gap" }
        #expect(gaps.count == 1)
        let gap = try #require(gaps.first)
        #expect(gap.message.contains("@3x devices show d2.png (2x) upscaled"))
        #expect(gap.message.contains("@3x"), "names the scale")
        #expect(gap.message.contains("iPhone"), "names a device: \(gap.message)")
        #expect(gap.message.contains("add a @3x image with idiom=universal luminosity=dark"))
        #expect(gap.location?.file.hasSuffix("B.imageset/Contents.json") == true && (gap.location?.line ?? 0) > 3, "at the entry shown upscaled")
    }

    @Test func unreachableVariantsAreThoseNoDeviceSelects() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "A.dataset",
            entries: [
                ["idiom": "universal", "filename": "base.bin"], ["idiom": "universal", "memory": "64GB", "filename": "huge.bin"],
                ["idiom": "car", "filename": "car.bin"], ["idiom": "universal", "locale": "fr", "filename": "fr.bin"],
            ], files: ["base.bin", "huge.bin", "car.bin", "fr.bin"])
        let unreachable = try validate(fixture).filter { $0.code == "variant.unreachable" }
        #expect(
            unreachable.count == 1 && unreachable[0].message.contains("huge.bin"),
            "a phone hosts CarPlay, and every locale the catalog uses is tried: \(unreachable)")
        var custom = devices
        custom.merge(
            try DeviceDatabase.parse(
                Array(
                    #"{"devices": [{"id": "big", "name": "Big", "modelIdentifiers": [], "idiom": "car", "displayScale": 2, "screen": {"width": 800, "height": 480}, "displayGamut": "sRGB", "memory": 64, "appearances": ["light"], "traitSets": [{"orientation": "landscape", "multitasking": "fullScreen", "horizontalSizeClass": "regular", "verticalSizeClass": "compact", "window": {"width": 800, "height": 480}}]}]}"#
                        .utf8), path: "d.json"))
        let withBig = Validator(devices: custom, imageChecks: .none).validate([try fixture.read()]).diagnostics
        #expect(withBig.filter { $0.code == "variant.unreachable" }.isEmpty, "--devices can make a variant reachable")
    }

    @Test func iconSlotsAndLocalesAreNeverUnreachable() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset",
            entries: [
                ["idiom": "iphone", "size": "20x20", "scale": "2x", "filename": "i40.png"],
                ["idiom": "iphone", "size": "20x20", "scale": "3x", "filename": "i60.png"],
                ["idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "i120.png"],
                ["idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "i180.png"],
                ["idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "m.png"],
            ], files: ["i40.png", "i60.png", "i120.png", "i180.png", "m.png"])
        try fixture.addSet(
            "Single.appiconset",
            entries: [
                ["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "s.png"],
                [
                    "idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "sd.png",
                    "appearances": [["appearance": "luminosity", "value": "dark"]],
                ],
                [
                    "idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "st.png",
                    "appearances": [["appearance": "luminosity", "value": "tinted"]],
                ],
                ["idiom": "universal", "platform": "watchos", "size": "1024x1024", "filename": "w.png"],
            ], files: ["s.png", "sd.png", "st.png", "w.png"])
        try fixture.addSet(
            "Hello.imageset",
            entries: [
                ["idiom": "universal", "filename": "hello.png"], ["idiom": "universal", "locale": "fr", "filename": "bonjour.png"],
                ["idiom": "universal", "locale": "fr-CA", "filename": "allo.png"],
            ], files: ["hello.png", "bonjour.png", "allo.png"])
        let diagnostics = try validate(fixture)
        #expect(diagnostics.filter { ["variant.unreachable", "variant.duplicate", "variant.ambiguous"].contains($0.code) }.isEmpty, "\(diagnostics)")
    }

    @Test func entriesThatTieOnEveryAxisAreAmbiguous() throws {
        let fixture = try TemporaryCatalog()
        // Explicit sRGB and no gamut are the same to the rule: declaration order decides.
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "universal", "filename": "a.png"], ["idiom": "universal", "display-gamut": "sRGB", "filename": "b.png"],
            ], files: ["a.png", "b.png"])
        let ambiguous = try #require(try validate(fixture).first { $0.code == "variant.ambiguous" })
        #expect(ambiguous.message.contains("b.png ties with a.png"))
        #expect(ambiguous.severity == .warning)
    }

    @Test func nameCollisionsWithinAndAcrossCatalogsAreWarnings() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("One/Icon.imageset", entries: [["idiom": "universal", "filename": "a.png"]], files: ["a.png"])
        try fixture.addSet("Two/Icon.imageset", entries: [["idiom": "universal", "filename": "b.png"]], files: ["b.png"])
        let within = try validate(fixture).filter { $0.code == "name.collision" }
        #expect(within.count == 1 && within[0].severity == .warning)
        let other = try TemporaryCatalog(name: "Other.xcassets")
        try other.addSet("Logo.imageset", entries: [["idiom": "universal", "filename": "l.png"]], files: ["l.png"])
        try other.addSet("Icon.imageset", entries: [["idiom": "universal", "filename": "i.png"]], files: ["i.png"])
        try other.addSet(
            "Icon.colorset",
            entries: [["idiom": "universal", "color": ["color-space": "srgb", "components": ["red": "1", "green": "1", "blue": "1", "alpha": "1"]]]])
        let across = Validator(devices: devices, imageChecks: .none).validate([try fixture.read(), try other.read()]).diagnostics
        #expect(across.filter { $0.code == "name.collision" }.count == 2, "the colour set is found by another lookup")
    }

    @Test func appIconsNeedEverySlotOfTheirIdioms() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "i180.png"]],
            files: ["i180.png"])
        try fixture.addSet(
            "Single.appiconset", entries: [["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "s.png"]],
            files: ["s.png"])
        let missing = try validate(fixture).filter { $0.code == "icon.missing-slot" }
        #expect(missing.count == 1)
        #expect(missing[0].message.contains("lacks 8 icons") && missing[0].message.contains("iphone 20x20@2x"))
        #expect(missing[0].message.contains("ios-marketing 1024x1024@1x"))
        #expect(missing[0].location?.file.hasSuffix("AppIcon.appiconset/Contents.json") == true)
    }

    @Test func imageChecksRunWithTheRightDepth() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "a.png"], ["idiom": "universal", "scale": "2x", "filename": "a@2x.png"],
            ])
        try fixture.write(PNGFixture.png(width: 10, height: 10), to: "A.imageset/a.png")
        var corrupt = try Array(Data(contentsOf: URL(fileURLWithPath: Corpus.root + "/pngsuite/basn2c08.png")))
        let idat = try #require(PNGFixture.dataRange(of: "IDAT", in: corrupt))
        corrupt[idat.lowerBound + idat.count / 2] ^= 0x10
        PNGFixture.fixCRC(&corrupt, chunkDataAt: idat)
        try fixture.write(corrupt, to: "A.imageset/a@2x.png")
        #expect(try validate(fixture, images: .none).filter { $0.severity == .error }.isEmpty)
        // 32x32 is not 2 x 10 (a warning: the app runs); only the full check decodes and finds the damage.
        let walk = try validate(fixture, images: .walk)
        #expect(codes(walk) == ["image.scale-size", "scale.gap"] && !walk.hasErrors, "\(walk)")
        let full = codes(try validate(fixture, images: .full).filter { $0.code.hasPrefix("image.") || $0.severity == .error })
        #expect(full.contains("image.scale-size") && (full.contains("png.decode") || full.contains("png.image-data")), "\(full)")
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("A.imageset", entries: [["idiom": "universal", "filename": "a.png"]], files: ["a.png", "orphan.png"])
        #expect(!(try validate(fixture).hasErrors))
        let strict = try validate(fixture, strict: true)
        #expect(strict.hasErrors && strict.allSatisfy { $0.severity == .error && $0.promotedByStrict })
        // The flag, not the message, says so: the text output shows it after the message.
        #expect(strict.allSatisfy { !$0.message.contains("--strict") && $0.description.contains(" (--strict) [") })
    }

    /// Apps that ship: no errors, and exactly these warnings, per app and rule, so that a change
    /// in what real catalogs trigger is always deliberate. Why each is right is in docs/Rules.md
    /// ("What the corpus triggers"). Each catalog is validated on its own, as the build plugin
    /// validates one target's.
    static let corpusWarnings: [String: [String: Int]] = [
        "brave": [
            "icon.alpha-suspect": 6, "icon.missing-slot": 3, "image.scale-name": 4, "image.scale-size": 7, "png.phys": 8,
            "scale.gap": 19,
        ],
        "duckduckgo-ios": ["icon.alpha-suspect": 1, "icon.missing-slot": 1, "png.phys": 1, "scale.gap": 12],
        "eidolon": ["icon.missing-slot": 1, "scale.gap": 1],
        "home-assistant": ["image.format-mismatch": 21, "png.phys": 2],
        "netnewswire": ["icon.alpha-suspect": 1, "image.scale-size": 2, "png.phys": 9, "scale.gap": 5, "variant.unreachable": 1],
        "wwdc": ["variant.unreachable": 13],
    ]

    @Test func realCatalogsHaveNoErrorsAndExactlyThePinnedWarnings() throws {
        var found: [String: [String: Int]] = [:]
        let catalogs = try Corpus.root + "/catalogs/"
        for path in try Corpus.catalogPaths() {
            let app = String(path.dropFirst(catalogs.count).prefix { $0 != "/" })
            let diagnostics = Validator(devices: devices, imageChecks: .walk).validate([try CatalogReader().read(at: path)]).diagnostics
            #expect(!diagnostics.hasErrors, "\(path): \(diagnostics.filter { $0.severity == .error })")
            for warning in diagnostics where warning.severity == .warning { found[app, default: [:]][warning.code, default: 0] += 1 }
        }
        #expect(Set(found.keys).isSubset(of: Set(Self.corpusWarnings.keys)))
        for (app, expected) in Self.corpusWarnings {
            #expect(found[app, default: [:]] == expected, "\(app)")
        }
    }

    @Test func noLocaleOrIconSlotIsUnreachableInTheCorpus() throws {
        for path in try Corpus.catalogPaths() {
            let catalog = try CatalogReader().read(at: path)
            let unreachable = Validator(devices: devices, imageChecks: .none).validate([catalog]).diagnostics
                .filter { $0.code == "variant.unreachable" }
            for diagnostic in unreachable {
                let asset = catalog.assets.first { diagnostic.location?.file == $0.contentsPath }
                #expect(asset?.type != .appIconSet, "\(diagnostic)")
                let variant = asset?.variants.first { $0.location == diagnostic.location }
                #expect(variant?.locale == nil, "\(diagnostic)")
            }
        }
    }
}
