import AdaptSupport
import AdaptiveAssets
import AssetCatalog
import CPNGSupport
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// `adapt compile` through the binary, as a build script runs it: the files it writes, what it
/// refuses, byte-identical output, and the round trip through adapt's own reader.
@Suite struct CompileCommandTests {
    /// A catalog with one of each kind compile writes: images at three scales with a dark
    /// variant, an iPhone-only image, a colour with a dark variant, a data set, an app icon.
    static func catalog() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        let light = PNGFixture.png(width: 20, height: 10, alpha: true, color: [200, 80, 40])
        let dark = PNGFixture.png(width: 20, height: 10, alpha: true, color: [20, 40, 200])
        try fixture.addSet(
            "Logo.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "logo.png"],
                ["idiom": "universal", "scale": "2x", "filename": "logo@2x.png"],
                ["idiom": "universal", "scale": "3x", "filename": "logo@3x.png"],
                ["idiom": "universal", "scale": "2x", "filename": "logo-dark@2x.png", "appearances": [["appearance": "luminosity", "value": "dark"]]],
                ["idiom": "iphone", "scale": "3x", "filename": "logo-phone@3x.png"],
            ], files: [])
        for file in ["logo.png", "logo@2x.png", "logo@3x.png", "logo-phone@3x.png"] { try fixture.write(light, to: "Logo.imageset/" + file) }
        try fixture.write(dark, to: "Logo.imageset/logo-dark@2x.png")
        try fixture.addSet(
            "Brand.colorset",
            entries: [
                [
                    "idiom": "universal",
                    "color": ["color-space": "srgb", "components": ["red": "0.200", "green": "0.400", "blue": "0.900", "alpha": "1.000"]],
                ],
                [
                    "idiom": "universal", "appearances": [["appearance": "luminosity", "value": "dark"]],
                    "color": ["color-space": "display-p3", "components": ["red": "255", "green": "128", "blue": "0x40", "alpha": "1.000"]],
                ],
            ])
        try fixture.addSet("Level.dataset", entries: [["idiom": "universal", "filename": "level.json"]])
        try fixture.write(Array(#"{"level": 1}"#.utf8), to: "Level.dataset/level.json")
        try fixture.addSet(
            "AppIcon.appiconset",
            entries: [
                ["idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "icon120.png"],
                ["idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon180.png"],
                ["idiom": "ipad", "size": "76x76", "scale": "2x", "filename": "icon152.png"],
                ["idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "icon1024.png"],
            ])
        for (file, side) in [("icon120.png", 120), ("icon180.png", 180), ("icon152.png", 152), ("icon1024.png", 1024)] {
            try fixture.write(PNGFixture.png(width: side, height: side), to: "AppIcon.appiconset/" + file)
        }
        return fixture
    }

    static func compile(_ catalog: String, into folder: String, _ extra: [String] = []) throws -> AdaptRun {
        try Adapt.run(
            [
                "compile", catalog, "--compile", folder, "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                "--app-icon", "AppIcon", "--accent-color", "Brand", "--output-format", "human-readable-text", "--warnings",
            ] + extra)
    }

    @Test func writesTheCatalogTheIconsAndThePartialInfoPlist() throws {
        let fixture = try Self.catalog()
        let output = fixture.root + "/Build"
        let run = try Self.compile(fixture.path, into: output, ["--output-partial-info-plist", fixture.root + "/partial.plist"])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        // actool's loose icons: the iPhone's 60 pt at 2x and the iPad's 76 pt at 2x, nothing more.
        #expect(written == ["AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png", "Assets.car"])
        #expect(run.stdout.contains("/* com.apple.actool.compilation-results */"))
        #expect(run.stdout.contains(output + "/Assets.car"))

        let compiled = try CompiledCatalog(path: output + "/Assets.car")
        #expect(Set(compiled.facets.map(\.name)) == ["AppIcon", "Brand", "Level", "Logo"])
        // Images, colours, data, and the icon's four images with a size list per device kind (iPhone,
        // iPad, App Store); the small images packed into five atlases besides.
        #expect(compiled.renditions.count { $0.layout != .packedImage } == 5 + 2 + 1 + 4 + 3)
        #expect(compiled.renditions.count { $0.layout == .packedImage } == 5)
        #expect(compiled.metadata?.deploymentPlatform == "ios")
        #expect(compiled.appearances?.entries.map(\.name).sorted() == ["UIAppearanceAny", "UIAppearanceDark"])
        // The name identifiers are actool's (AppIcon's is 6849 in every real file).
        #expect(compiled.facets.first { $0.name == "AppIcon" }?.nameIdentifier == 6849)

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/partial.plist")))
        let plist = try #require(try PlistLib.read([bytes]).first)
        guard case .dictionary(let root) = plist, case .dictionary(let icons)? = root["CFBundleIcons"],
            case .dictionary(let primary)? = icons["CFBundlePrimaryIcon"]
        else {
            Issue.record("the partial Info.plist has no CFBundleIcons.CFBundlePrimaryIcon: \(plist)")
            return
        }
        #expect(root["NSAccentColorName"] == .string("Brand"))
        #expect(primary["CFBundleIconFiles"] == .array([.string("AppIcon60x60")]))
        #expect(primary["CFBundleIconName"] == .string("AppIcon"))
    }

    @Test func readsBackAsItsSource() throws {
        let fixture = try Self.catalog()
        let output = fixture.root + "/Build"
        #expect(try Self.compile(fixture.path, into: output).status == 0)
        let verify = try Adapt.run(["verify", output + "/Assets.car", "--source", fixture.path, "--format", "json"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains(#""diagnostics" : ["#) && !verify.stdout.contains(#""code" : "compiled."#), "\(verify.stdout)")

        // extract gives the source's pixels back.
        let extracted = fixture.root + "/Extracted.xcassets"
        let extract = try Adapt.run(["extract", output + "/Assets.car", "-o", extracted])
        #expect(extract.status == 0, "\(extract.stderr)")
        let source = try CatalogReader().read(at: fixture.path)
        let back = try CatalogReader().read(at: extracted)
        for file in ["logo@2x.png", "logo-dark@2x.png"] {
            let original = try #require(Self.pixels(source.asset(named: "Logo")!.path + "/" + file))
            let roundTripped = try #require(Self.pixels(back.asset(named: "Logo")!.path + "/" + file))
            #expect(original.count == roundTripped.count)
            #expect(zip(original, roundTripped).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "\(file) differs after compile and extract")
        }
    }

    /// The premultiplied pixels of a PNG, decoded by libpng as compile decodes them.
    static func pixels(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let decoded = [UInt8](data).withUnsafeBufferPointer { adapt_png_decode_premultiplied_bgra($0.baseAddress, $0.count, 1 << 24) }
        defer { adapt_png_decoded_free(decoded.pixels) }
        guard decoded.status == 0, let pixels = decoded.pixels else { return nil }
        return Array(UnsafeBufferPointer(start: pixels, count: Int(decoded.width) * Int(decoded.height) * 4))
    }

    @Test func sameInputGivesTheSameBytes() throws {
        let fixture = try Self.catalog()
        #expect(try Self.compile(fixture.path, into: fixture.root + "/A").status == 0)
        #expect(try Self.compile(fixture.path, into: fixture.root + "/B").status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/A/Assets.car"))
        let second = try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/B/Assets.car"))
        #expect(first == second)
    }

    @Test func neverReplacesAFileACompilerDidNotWrite() throws {
        let fixture = try Self.catalog()
        let output = fixture.root + "/Build"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: output + "/Assets.car"))
        let run = try Self.compile(fixture.path, into: output)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Assets.car") && run.stderr.contains("[compile.output]"), "\(run.stderr)")
        #expect(try String(contentsOfFile: output + "/Assets.car", encoding: .utf8) == "my notes")
        // Nothing else was left behind: no loose icon, no staging file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["Assets.car"])
    }

    @Test func replacesItsOwnEarlierOutput() throws {
        let fixture = try Self.catalog()
        let output = fixture.root + "/Build"
        #expect(try Self.compile(fixture.path, into: output).status == 0)
        #expect(try Self.compile(fixture.path, into: output).status == 0)
    }

    @Test func aBrokenPNGIsAnErrorNamingTheFileAndNothingIsWritten() throws {
        let fixture = try Self.catalog()
        try fixture.write(Array("not a png".utf8), to: "Logo.imageset/logo@3x.png")
        let output = fixture.root + "/Build"
        let run = try Self.compile(fixture.path, into: output)
        #expect(run.status == 1)
        // `adapt validate`'s PNG checks run first, as actool rejects what they reject.
        #expect(run.stderr.split(separator: "\n").contains { $0.contains("Logo.imageset/logo@3x.png:") && $0.contains(" error: ") }, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output + "/Assets.car"))
    }

    /// A PDF set compiles through the command (adapt-render beside adapt, or poppler's programs on
    /// `PATH`); without either, an error naming the set and the package to install, exit 1, and no file.
    @Test func aPDFSetCompilesAndAMissingRendererIsAnError() throws {
        let fixture = try Self.catalog()
        let pdf = "/compiled/acextract/Images.xcassets/pdf/v_universal.imageset/facebook.pdf"
        try fixture.addSet("Vector.imageset", entries: [["idiom": "universal", "filename": "v.pdf"]])
        try fixture.write(Array(try Data(contentsOf: URL(fileURLWithPath: try Corpus.root + pdf))), to: "Vector.imageset/v.pdf")
        let output = fixture.root + "/Build"
        let run = try Self.compile(fixture.path, into: output)
        #expect(run.status == 0, "\(run.stderr)")
        let compiled = try CompiledCatalog(path: output + "/Assets.car")
        let sizes = compiled.renditions.filter { $0.name == "Vector" }.map { "\($0.key.scale ?? 0)x \($0.width)x\($0.height)" }
        #expect(sizes.sorted() == ["1x 22x22", "2x 44x44", "3x 66x66"])

        let bare = fixture.root + "/Bare"
        let missing = try Adapt.run(
            ["compile", fixture.path, "--compile", bare, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"],
            environment: ["PATH": fixture.root + "/no-programs-here", "ADAPT_RENDER_WORKER": ""])
        #expect(missing.status == 1)
        #expect(
            missing.stderr.split(separator: "\n").contains {
                $0.contains("Vector.imageset/v.pdf:") && $0.contains("'Vector'") && $0.contains("apt-get install poppler-utils")
                    && $0.hasSuffix("[compile.renderer]")
            }, "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bare + "/Assets.car"))
    }

    /// A file of no format adapt reads (a Windows icon) leaves its set out with a warning naming it.
    @Test func leftOutEntriesAreNamed() throws {
        let fixture = try Self.catalog()
        try fixture.addSet("Other.imageset", entries: [["idiom": "universal", "scale": "1x", "filename": "v.ico"]])
        try fixture.write([0, 0, 1, 0, 1, 0] + [UInt8](repeating: 7, count: 40), to: "Other.imageset/v.ico")
        let run = try Self.compile(fixture.path, into: fixture.root + "/Build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.split(separator: "\n").contains {
                $0.contains("Other.imageset/Contents.json") && $0.contains("v.ico holds a Windows icon") && $0.hasSuffix("[compile.left-out]")
            }, "\(run.stderr)")
        #expect(run.stdout.contains("/* com.apple.actool.document.warnings */"))
    }

    /// A file whose bytes say a format adapt decodes, but that does not decode (a TIFF cut after
    /// its first four bytes), is an error naming it, as a PNG libpng refuses is.
    @Test func aDamagedTIFFIsAnErrorNamingIt() throws {
        let fixture = try Self.catalog()
        try fixture.addSet("Other.imageset", entries: [["idiom": "universal", "scale": "1x", "filename": "v.tiff"]])
        try fixture.write(Array("II*\0".utf8), to: "Other.imageset/v.tiff")
        let run = try Self.compile(fixture.path, into: fixture.root + "/Build")
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").contains { $0.contains("Other.imageset/v.tiff:") && $0.hasSuffix("[compile.unreadable]") }, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
    }

    @Test func unknownFlagsAreUsageErrors() throws {
        let fixture = try Self.catalog()
        let run = try Adapt.run(["compile", fixture.path, "--compile", fixture.root + "/Build", "--platform", "iphoneos", "--no-such-flag"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--no-such-flag"))
    }

    @Test func startedAsActoolItIsCompile() throws {
        let fixture = try Self.catalog()
        let link = fixture.root + "/actool"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: try Adapt.executable.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: link)
        process.arguments = [
            fixture.path, "--compile", fixture.root + "/Build", "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
            "--app-icon", "AppIcon",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
    }

    @Test func filteringForADeviceCompilesWhatThinningKeeps() throws {
        let fixture = try Self.catalog()
        #expect(try Self.compile(fixture.path, into: fixture.root + "/All").status == 0)
        #expect(try Self.compile(fixture.path, into: fixture.root + "/Phone", ["--filter-for-device-model", "iPhone14,2"]).status == 0)
        let thinned = fixture.root + "/Thinned"
        let thin = try Adapt.run(["thin", fixture.root + "/All/Assets.car", "--device", "iPhone14,2", "-o", thinned])
        #expect(thin.status == 0, "\(thin.stderr)")
        let slice = try #require(FileManager.default.enumerator(atPath: thinned)?.compactMap { $0 as? String }.first { $0.hasSuffix(".car") })
        func renditions(_ path: String) throws -> Set<String> {
            Set(try CompiledCatalog(path: path).renditions.map { "\($0.name ?? "")/\($0.renditionName) \($0.key.values)" })
        }
        let filtered = try renditions(fixture.root + "/Phone/Assets.car")
        let sliced = try renditions(thinned + "/" + slice)
        #expect(
            filtered == sliced, "compiled for the device only: \(filtered.subtracting(sliced).sorted()); thinned only: \(sliced.subtracting(filtered).sorted())"
        )
        #expect(filtered.count < (try renditions(fixture.root + "/All/Assets.car")).count)
    }

    /// `--filter-for-device-os-version`: the device as it is on that OS (`DeviceProfile.running`).
    /// Appearance is a run-time trait the App Store does not thin by (rule 2.1), so an iPhone X's
    /// slice keeps the dark renditions on iOS 12 as on iOS 13; the flag is applied, not named as
    /// ignored; a version that is none is a usage error.
    @Test func theDevicesOSVersionIsApplied() throws {
        let fixture = try Self.catalog()
        func darkRenditions(_ version: String) throws -> Int {
            let output = fixture.root + "/iOS" + version
            let run = try Self.compile(fixture.path, into: output, ["--filter-for-device-model", "iPhone10,3", "--filter-for-device-os-version", version])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stdout.contains("does not apply it yet"), "\(run.stdout)")
            let compiled = try CompiledCatalog(path: output + "/Assets.car")
            return compiled.renditions.filter { ($0.key.value(.appearance) ?? 0) != 0 }.count
        }
        #expect(try darkRenditions("12.4") == 2)
        #expect(try darkRenditions("13.0") == 2)
        let alone = try Self.compile(fixture.path, into: fixture.root + "/Alone", ["--filter-for-device-os-version", "12.4"])
        #expect(
            alone.status == 0 && alone.stdout.contains("--filter-for-device-os-version changes nothing without --filter-for-device-model"), "\(alone.stdout)")
        let wrong = try Self.compile(
            fixture.path, into: fixture.root + "/Wrong", ["--filter-for-device-model", "iPhone10,3", "--filter-for-device-os-version", "twelve"])
        #expect(wrong.status == 2, "\(wrong.stderr)")
    }

    @Test func maxPixelsBoundsEveryDecode() throws {
        let fixture = try Self.catalog()
        let run = try Self.compile(fixture.path, into: fixture.root + "/Build", ["--max-pixels", "100"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[compile.too-large]"), "\(run.stderr)")
        #expect(try Adapt.run(["compile", fixture.path, "--compile", fixture.root + "/B", "--platform", "iphoneos", "--max-pixels", "many"]).status == 2)
    }

    /// Every trait a catalog can carry compiles to a key value adapt's reader reads back as the
    /// same trait: `verify --source` finds nothing missing, different or extra.
    @Test func everyTraitReadsBack() throws {
        let fixture = try TemporaryCatalog()
        let png = PNGFixture.png(width: 8, height: 8, alpha: true)
        let entries: [JSONValue] = [
            ["idiom": "universal", "scale": "2x", "filename": "plain.png"],
            ["idiom": "universal", "scale": "2x", "filename": "ltr.png", "language-direction": "left-to-right"],
            ["idiom": "universal", "scale": "2x", "filename": "rtl.png", "language-direction": "right-to-left"],
            ["idiom": "universal", "scale": "2x", "filename": "light.png", "appearances": [["appearance": "luminosity", "value": "light"]]],
            ["idiom": "universal", "scale": "2x", "filename": "dark.png", "appearances": [["appearance": "luminosity", "value": "dark"]]],
            ["idiom": "universal", "scale": "2x", "filename": "high.png", "appearances": [["appearance": "contrast", "value": "high"]]],
            [
                "idiom": "universal", "scale": "2x", "filename": "dark-high.png",
                "appearances": [["appearance": "luminosity", "value": "dark"], ["appearance": "contrast", "value": "high"]],
            ],
            ["idiom": "iphone", "scale": "2x", "filename": "retina4.png", "subtype": "retina4"],
            ["idiom": "universal", "scale": "2x", "filename": "compact.png", "width-class": "compact", "height-class": "regular"],
            ["idiom": "universal", "scale": "2x", "filename": "memory.png", "memory": "2GB", "graphics-feature-set": "metal2v2"],
            ["idiom": "universal", "scale": "2x", "filename": "french.png", "locale": "fr"],
        ]
        try fixture.addSet("Traits.imageset", entries: entries, properties: ["localizable": true])
        for case .object(let entry) in entries { if case .string(let file)? = entry["filename"] { try fixture.write(png, to: "Traits.imageset/" + file) } }
        let output = fixture.root + "/Build"
        let run = try Adapt.run(["compile", fixture.path, "--compile", output, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("[compile.left-out]"), "\(run.stderr)")
        let verify = try Adapt.run(["verify", output + "/Assets.car", "--source", fixture.path])
        #expect(
            verify.status == 0 && verify.stdout.contains("11 source entries expected, 11 renditions: 0 missing, 0 different, 0 extra"),
            "\(verify.stdout)\(verify.stderr)")
    }

    /// Flags that change actool's output are applied or said not to be, never dropped quietly.
    @Test func outputFlagsAreAppliedOrNamed() throws {
        let fixture = try Self.catalog()
        let run = try Self.compile(
            fixture.path, into: fixture.root + "/Build",
            [
                "--widget-background-color", "Brand", "--output-partial-info-plist", fixture.root + "/partial.plist", "--print-contents",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("--print-contents is accepted, but adapt compile does not apply it yet"), "\(run.stdout)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/partial.plist")))
        guard case .dictionary(let root)? = try PlistLib.read([bytes]).first else {
            Issue.record("no partial Info.plist")
            return
        }
        #expect(root["NSWidgetBackgroundColorName"] == .string("Brand"))
        let missing = try Self.compile(fixture.path, into: fixture.root + "/Other", ["--widget-background-color", "Nope"])
        #expect(missing.status == 1 && missing.stderr.contains("[compile.missing-asset]"))
    }

    /// `--format json`: adapt's own document in place of actool's.
    @Test func jsonDocumentListsWhatWasWritten() throws {
        let fixture = try Self.catalog()
        let output = fixture.root + "/Build"
        let run = try Adapt.run([
            "compile", fixture.path, "--compile", output, "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
            "--app-icon", "AppIcon", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((document?["outputFiles"] as? [String])?.contains(output + "/Assets.car") == true, "\(run.stdout)")
        // The 15 of `writesTheCatalogTheIconsAndThePartialInfoPlist` and the 5 atlases.
        #expect((document?["renditions"] as? Int) == 20)
        #expect(document?["diagnostics"] is [Any])
    }

    /// A launch image set named as Xcode's template names its entries: (orientation, idiom,
    /// minimum-system-version, subtype, scale, pixel size).
    static let launchEntries: [(String, String, String?, String?, Int, Int, Int)] = [
        ("portrait", "iphone", "11.0", "2436h", 3, 1125, 2436),
        ("portrait", "iphone", "8.0", "736h", 3, 1242, 2208),
        ("landscape", "iphone", "8.0", "736h", 3, 2208, 1242),
        ("portrait", "iphone", "8.0", "667h", 2, 750, 1334),
        ("portrait", "iphone", "7.0", nil, 2, 640, 960),
        ("portrait", "iphone", "7.0", "retina4", 2, 640, 1136),
        ("portrait", "ipad", "7.0", nil, 1, 768, 1024),
        ("portrait", "ipad", "7.0", nil, 2, 1536, 2048),
        ("landscape", "ipad", "7.0", nil, 2, 2048, 1536),
        ("portrait", "iphone", nil, nil, 1, 320, 480),
    ]

    static func launchCatalog() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        var entries: [JSONValue] = []
        for (number, entry) in launchEntries.enumerated() {
            var json: JSONObject = [
                "orientation": .string(entry.0), "idiom": .string(entry.1), "extent": "full-screen", "scale": .string("\(entry.4)x"),
                "filename": .string("launch\(number).png"),
            ]
            if let version = entry.2 { json["minimum-system-version"] = .string(version) }
            if let subtype = entry.3 { json["subtype"] = .string(subtype) }
            entries.append(.object(json))
            try fixture.write(
                PNGFixture.png(width: entry.5, height: entry.6, color: [UInt8(number * 20), 90, 30]), to: "LaunchImage.launchimage/launch\(number).png")
        }
        try fixture.addSet("LaunchImage.launchimage", entries: entries)
        return fixture
    }

    /// `--launch-image`: loose PNGs beside the `.car` under actool's names, and `UILaunchImages`.
    /// The expected names and entries are Apple's: the iPhone ones as an Xcode 9.0 app holds them
    /// (its `.app` has `LaunchImage-800-Landscape-736h@3x.png`, `LaunchImage-700@2x.png`, … and an
    /// Info.plist with these entries, sizes and orientations), the iPhone X's as Xcode 9.2 named it
    /// (`LaunchImage-1100-Portrait-2436h`, `{375, 812}`), the iPad's as `LaunchImage-700-Portrait`,
    /// `{768, 1024}`.
    @Test func launchImagesAreWrittenAsActoolNamesThem() throws {
        let fixture = try Self.launchCatalog()
        let output = fixture.root + "/Build"
        let run = try Adapt.run([
            "compile", fixture.path, "--compile", output, "--platform", "iphoneos", "--minimum-deployment-target", "9.0",
            "--launch-image", "LaunchImage", "--output-partial-info-plist", fixture.root + "/partial.plist",
        ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(
            written == [
                "Assets.car", "LaunchImage-1100-Portrait-2436h@3x.png", "LaunchImage-700-568h@2x.png", "LaunchImage-700-Landscape@2x~ipad.png",
                "LaunchImage-700-Portrait@2x~ipad.png", "LaunchImage-700-Portrait~ipad.png", "LaunchImage-700@2x.png", "LaunchImage-800-667h@2x.png",
                "LaunchImage-800-Landscape-736h@3x.png", "LaunchImage-800-Portrait-736h@3x.png", "LaunchImage.png",
            ])
        // Each file is its entry's image, unchanged.
        let source = try Data(contentsOf: URL(fileURLWithPath: fixture.path + "/LaunchImage.launchimage/launch2.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/LaunchImage-800-Landscape-736h@3x.png")) == source)
        // Nothing goes into the .car (an Xcode 9 app's Assets.car holds no launch image).
        #expect(try CompiledCatalog(path: output + "/Assets.car").renditions.isEmpty)

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/partial.plist")))
        guard case .dictionary(let root)? = try PlistLib.read([bytes]).first, case .array(let list)? = root["UILaunchImages"] else {
            Issue.record("no UILaunchImages in the partial Info.plist")
            return
        }
        func entry(_ version: String, _ name: String, _ orientation: String, _ size: String) -> PropertyList {
            .dictionary([
                "UILaunchImageMinimumOSVersion": .string(version), "UILaunchImageName": .string(name),
                "UILaunchImageOrientation": .string(orientation), "UILaunchImageSize": .string(size),
            ])
        }
        #expect(
            list == [
                entry("11.0", "LaunchImage-1100-Portrait-2436h", "Portrait", "{375, 812}"),
                entry("8.0", "LaunchImage-800-Portrait-736h", "Portrait", "{414, 736}"),
                entry("8.0", "LaunchImage-800-Landscape-736h", "Landscape", "{414, 736}"),
                entry("8.0", "LaunchImage-800-667h", "Portrait", "{375, 667}"),
                entry("7.0", "LaunchImage-700", "Portrait", "{320, 480}"),
                entry("7.0", "LaunchImage-700-568h", "Portrait", "{320, 568}"),
                entry("7.0", "LaunchImage-700-Portrait", "Portrait", "{768, 1024}"),
                entry("7.0", "LaunchImage-700-Landscape", "Landscape", "{768, 1024}"),
            ])
    }

    /// A launch image set in a folder that provides a namespace is named with its namespace
    /// (`--launch-image Launch/LaunchImage`), and its files with the set's own name: a namespace
    /// is no folder of the output.
    @Test func aNamespacedLaunchImageIsWrittenUnderItsOwnName() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addGroup("Launch", providesNamespace: true)
        try fixture.addSet(
            "Launch/LaunchImage.launchimage",
            entries: [
                [
                    "orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "8.0", "subtype": "667h",
                    "scale": "2x", "filename": "six.png",
                ]
            ])
        try fixture.write(PNGFixture.png(width: 750, height: 1334), to: "Launch/LaunchImage.launchimage/six.png")
        let output = fixture.root + "/Build"
        let run = try Adapt.run(["compile", fixture.path, "--compile", output, "--platform", "iphoneos", "--launch-image", "Launch/LaunchImage"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["Assets.car", "LaunchImage-800-667h@2x.png"])
    }

    /// An iPhone-only app gets no iPad launch images; a launch image set no flag names is left
    /// out with a warning that names it, and a name that is no launch image set is an error.
    @Test func launchImagesFollowTheTargetDevicesAndTheFlag() throws {
        let fixture = try Self.launchCatalog()
        let phone = try Adapt.run([
            "compile", fixture.path, "--compile", fixture.root + "/Phone", "--platform", "iphoneos", "--target-device", "iphone",
            "--launch-image", "LaunchImage",
        ])
        #expect(phone.status == 0, "\(phone.stderr)")
        let phoneFiles = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Phone")
        #expect(phoneFiles.count == 8 && !phoneFiles.contains { $0.hasSuffix("~ipad.png") }, "\(phoneFiles)")

        let unnamed = try Adapt.run(["compile", fixture.path, "--compile", fixture.root + "/Unnamed", "--platform", "iphoneos", "--warnings"])
        #expect(unnamed.status == 0)
        #expect(unnamed.stderr.contains("launch image set 'LaunchImage' is not compiled: name it with --launch-image [compile.left-out]"), "\(unnamed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Unnamed") == ["Assets.car"])

        let missing = try Adapt.run(["compile", fixture.path, "--compile", fixture.root + "/Missing", "--platform", "iphoneos", "--launch-image", "Splash"])
        #expect(
            missing.status == 1 && missing.stderr.contains("the launch image set 'Splash' is not in the catalogs [compile.missing-asset]"), "\(missing.stderr)")
    }

    /// The partial Info.plist `adapt compile` writes, read back by Python's plistlib.
    static func partialPlist(_ path: String) throws -> [String: PropertyList] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard case .dictionary(let root)? = try PlistLib.read([bytes]).first else { throw PlistLib.Failure(description: "\(path) is not a dictionary") }
        return root
    }

    /// `--standalone-icon-behavior`: `all` writes every iPhone and iPad size as a loose file and
    /// lists each base name once (the iPad's list is the iPhone's and then its own, as in an app
    /// Xcode 9.2 built: `AppIcon20x20` … `AppIcon60x60`, `AppIcon76x76`, `AppIcon83.5x83.5`);
    /// `none` writes no loose icon and no `CFBundleIconFiles`.
    @Test func standaloneIconBehaviourChoosesTheLooseIcons() throws {
        let fixture = try TemporaryCatalog()
        let sizes: [(String, String, String, Int)] = [
            ("iphone", "20x20", "2x", 40), ("iphone", "20x20", "3x", 60), ("iphone", "60x60", "2x", 120), ("iphone", "60x60", "3x", 180),
            ("ipad", "20x20", "1x", 20), ("ipad", "76x76", "2x", 152), ("ipad", "83.5x83.5", "2x", 167), ("ios-marketing", "1024x1024", "1x", 1024),
        ]
        try fixture.addSet(
            "AppIcon.appiconset",
            entries: sizes.map { idiom, size, scale, side in
                ["idiom": .string(idiom), "size": .string(size), "scale": .string(scale), "filename": .string("icon\(side).png")]
            })
        for (_, _, _, side) in sizes { try fixture.write(PNGFixture.png(width: side, height: side), to: "AppIcon.appiconset/icon\(side).png") }
        func compile(_ behaviour: String) throws -> (files: [String], plist: [String: PropertyList]) {
            let output = fixture.root + "/" + behaviour
            let run = try Adapt.run([
                "compile", fixture.path, "--compile", output, "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                "--app-icon", "AppIcon", "--standalone-icon-behavior", behaviour, "--output-partial-info-plist", output + ".plist",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stdout.contains("does not apply it yet"), "\(run.stdout)")
            return (try FileManager.default.contentsOfDirectory(atPath: output).sorted(), try Self.partialPlist(output + ".plist"))
        }
        let all = try compile("all")
        #expect(
            all.files == [
                "AppIcon20x20@2x.png", "AppIcon20x20@3x.png", "AppIcon20x20~ipad.png", "AppIcon60x60@2x.png", "AppIcon60x60@3x.png",
                "AppIcon76x76@2x~ipad.png", "AppIcon83.5x83.5@2x~ipad.png", "Assets.car",
            ])
        func files(_ plist: [String: PropertyList], _ key: String) -> PropertyList? {
            guard case .dictionary(let icons)? = plist[key], case .dictionary(let primary)? = icons["CFBundlePrimaryIcon"] else { return nil }
            return primary["CFBundleIconFiles"]
        }
        #expect(files(all.plist, "CFBundleIcons") == .array([.string("AppIcon20x20"), .string("AppIcon60x60")]))
        #expect(
            files(all.plist, "CFBundleIcons~ipad") == .array(["AppIcon20x20", "AppIcon60x60", "AppIcon76x76", "AppIcon83.5x83.5"].map(PropertyList.string)))
        let standard = try compile("default")
        #expect(standard.files == ["AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png", "Assets.car"])
        #expect(files(standard.plist, "CFBundleIcons~ipad") == .array([.string("AppIcon60x60"), .string("AppIcon76x76")]))
        let none = try compile("none")
        #expect(none.files == ["Assets.car"])
        #expect(files(none.plist, "CFBundleIcons") == nil)
    }

    /// A Mac app's `.icns` is named in `CFBundleIconFile`; with `--standalone-icon-behavior none`
    /// neither is written.
    @Test func aMacAppsIcnsIsNamedInThePartialInfoPlist() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset",
            entries: [16, 32].flatMap { points in
                [1, 2].map { scale -> JSONValue in
                    ["idiom": "mac", "size": .string("\(points)x\(points)"), "scale": .string("\(scale)x"), "filename": .string("icon\(points * scale).png")]
                }
            })
        for side in [16, 32, 64] { try fixture.write(PNGFixture.png(width: side, height: side), to: "AppIcon.appiconset/icon\(side).png") }
        for behaviour in ["default", "none"] {
            let output = fixture.root + "/" + behaviour
            let run = try Adapt.run([
                "compile", fixture.path, "--compile", output, "--platform", "macosx", "--minimum-deployment-target", "14.0",
                "--app-icon", "AppIcon", "--standalone-icon-behavior", behaviour, "--output-partial-info-plist", output + ".plist",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let plist = try Self.partialPlist(output + ".plist")
            let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
            if behaviour == "none" {
                #expect(written == ["Assets.car"] && plist["CFBundleIconFile"] == nil, "\(written) \(plist)")
            } else {
                #expect(written == ["AppIcon.icns", "Assets.car"] && plist["CFBundleIconFile"] == .string("AppIcon"), "\(written) \(plist)")
            }
            #expect(plist["CFBundleIconName"] == .string("AppIcon"))
        }
    }

    /// `--export-dependency-info`: ld64's binary format (an opcode byte and a NUL-terminated path
    /// per record: `0x00` version, `0x40` output, `0x10` input), listing what was written and
    /// what was read; a second run replaces its own file.
    @Test func dependencyInfoListsWhatWasReadAndWritten() throws {
        let fixture = try Self.catalog()
        let output = fixture.root + "/Build"
        let dependencies = fixture.root + "/assetcatalog_dependencies"
        for _ in 0..<2 {
            let run = try Self.compile(fixture.path, into: output, ["--export-dependency-info", dependencies])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stdout.contains("does not apply it yet"), "\(run.stdout)")
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dependencies)))
        var records: [(UInt8, String)] = []
        var at = 0
        while at < bytes.count {
            let end = try #require(bytes[(at + 1)...].firstIndex(of: 0), "an unterminated record at \(at)")
            records.append((bytes[at], String(decoding: bytes[(at + 1)..<end], as: UTF8.self)))
            at = end + 1
        }
        #expect(records.first?.0 == 0x00 && records.first?.1.hasPrefix("adapt compile ") == true)
        #expect(records.filter { $0.0 == 0x00 }.count == 1)
        #expect(records.filter { $0.0 == 0x40 }.map(\.1) == ["AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png", "Assets.car"].map { output + "/" + $0 })
        let inputs = Set(records.filter { $0.0 == 0x10 }.map(\.1))
        for input in [
            fixture.path, fixture.path + "/Logo.imageset", fixture.path + "/Logo.imageset/Contents.json", fixture.path + "/Logo.imageset/logo@2x.png",
            fixture.path + "/Level.dataset/level.json",
        ] {
            #expect(inputs.contains(input), "\(input) is not among the inputs")
        }
        #expect(records.allSatisfy { [0x00, 0x10, 0x40].contains($0.0) })
    }
}
