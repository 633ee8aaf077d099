import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// The round trip of issue #37 §7 over Apple's iOS, tvOS and macOS files, Xcode 7.3's and Xcode
/// 26's: extract each, compile the result for the file's platform and device family, and
/// `adapt diff` finds no asset or variant added, removed or changed in content (pixels within
/// diff's tolerance, data, colours).
/// It failed twice before: the PDFs Xcode 7.3 kept as vectors came back only as bitmaps (extract
/// now marks such a set `preserves-vector-representation`); and `r_template`'s transparent pixels
/// came back opaque (flag bit 3, read as "opaque", is also the template mode's low bit), and
/// extract wrote no `template-rendering-intent`.
///
/// Stasis's tvOS app icon is a layered image: it failed before, extracted as an image set per
/// layer (`App Icon_Back_Content`), a data set and an image set of the flattened images, which
/// compile cannot make a stack of again. Its radiosity images are the one difference left: Apple
/// stores them in a compression no reader decodes ("blurred"), adapt as pixels.
///
/// Icon Composer icons come back as the `.icon` document (in the extracted folder, compiled beside
/// it): before, their stacks, groups and gradients came back as data sets. sudoku's (its flattened
/// images from `App.iconset`) compiles back with nothing changed; AM-MiniPlayer's and SameDesk's
/// flattened images were drawn by Apple with the glass, which adapt does not draw, so those seven
/// differ. AM-MiniPlayer's P3 layer comes back with both its renditions: extract writes the wide
/// one as a Display P3 PNG (tagged by cICP), compile makes the sRGB one from it again.
///
/// `assets_ios.car` (iPhone and iPad at once) and `assets_watch.car` come back with one known
/// difference, pinned by `aFileOfPDFsDrawnAtScalesNoBitmapHad…`. In both, an image Apple
/// rasterised from a PDF at a scale no bitmap entry had (the iPad's 3x; the watch's 1x and 3x)
/// comes back as a PNG entry of its own, which then covers a universal bitmap of that scale
/// that Apple kept beside it (`v_overrides`' `blue.png`, `blue@3x.png`), so compile leaves that
/// one out, as actool would for such a catalog. A Contents.json cannot say "drawn from this PDF";
/// leaving the drawings out instead would redraw them with adapt's renderer (within 23 levels of
/// Apple's, past diff's tolerance). The watch file's other sets do come back (extract writes its
/// subtypes as the `screen-width` they stand for, which compile reads).
@Suite struct ExtractRoundTripTests {
    @Test(arguments: [
        ("assets_iphone.car", "iphoneos", "iphone"), ("assets_ipad.car", "iphoneos", "ipad"), ("assets_tv.car", "appletvos", "tv"),
        ("assets_mac.car", "macosx", "mac"),
    ])
    func anAppleFileExtractsAndCompilesBackUnchanged(file: String, platform: String, device: String) throws {
        let apple = try CompiledInspectCommandTests.corpusFile(file)
        let folder = CompiledThinCommandTests.temporary("round-trip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let diff = try Self.roundTrip(apple, in: folder, platform: platform, target: platform == "macosx" ? "10.11" : "9.0", device: device)
        for part in ["added", "removed", "changed"] {
            #expect(diff[part]?.array?.isEmpty == true, "\(file): \(part): \(diff)")
        }
        // The template set says so again, and its pixels keep their transparency.
        let template = try String(contentsOfFile: folder + "/Extracted.xcassets/r_template.imageset/Contents.json", encoding: .utf8)
        #expect(template.contains("\"template-rendering-intent\" : \"template\""))
    }

    @Test(arguments: [
        ("assets_ios.car", "iphoneos", ["iphone", "ipad"], ["idiom=universal scale=3x: blue@3x.png"]),
        ("assets_watch.car", "watchos", ["watch"], ["idiom=universal scale=1x: blue.png", "idiom=universal scale=3x: blue@3x.png"]),
    ])
    func aFileOfPDFsDrawnAtScalesNoBitmapHadComesBackButForTheBitmapsTheyCover(
        file: String, platform: String, devices: [String], covered: [String]
    ) throws {
        let folder = CompiledThinCommandTests.temporary("round-trip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let diff = try Self.roundTrip(
            try CompiledInspectCommandTests.corpusFile(file), in: folder, platform: platform, target: platform == "watchos" ? "2.0" : "9.0",
            device: devices[0], flags: devices.dropFirst().flatMap { ["--target-device", $0] })
        #expect(diff["added"]?.array?.isEmpty == true && diff["removed"]?.array?.isEmpty == true, "\(diff)")
        let changed = diff["changed"]?.array ?? []
        #expect(changed.compactMap { $0["name"]?.string } == ["v_overrides"], "\(diff)")
        #expect(changed.first?["variantsRemoved"]?.array?.compactMap(\.string) == covered, "\(diff)")
        #expect(changed.first?["variantsChanged"]?.array?.isEmpty == true && changed.first?["variantsAdded"]?.array?.isEmpty == true)
    }

    @Test(arguments: [(RecentCorpus.grid, "14.0"), (RecentCorpus.iMon, "13.0"), (RecentCorpus.einkAssistant, "14.0")])
    func anXcode26MacFileExtractsAndCompilesBackUnchanged(file: RecentCorpus.File, target: String) throws {
        let folder = CompiledThinCommandTests.temporary("round-trip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let diff = try Self.roundTrip(
            try RecentCorpus.path(file.path), in: folder, platform: "macosx", target: target, device: "mac", flags: ["--app-icon", "AppIcon"])
        for part in ["added", "removed", "changed"] {
            #expect(diff[part]?.array?.isEmpty == true, "\(file): \(part): \(diff)")
        }
    }

    @Test func aTVOSLayeredImageExtractsAsAnImageStackAndCompilesBack() throws {
        let folder = CompiledThinCommandTests.temporary("round-trip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let diff = try Self.roundTrip(try RecentCorpus.path(RecentCorpus.stasis.path), in: folder, platform: "appletvos", target: "26.2", device: "tv")
        let stack = folder + "/Extracted.xcassets/App Icon.imagestack"
        let listed = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: stack + "/Contents.json"))))
        #expect(listed["layers"]?.array?.compactMap { $0["filename"]?.string } == ["Front.imagestacklayer", "Middle.imagestacklayer", "Back.imagestacklayer"])
        #expect(FileManager.default.fileExists(atPath: stack + "/Back.imagestacklayer/Content.imageset/back2x.png"))
        #expect(diff["added"]?.array?.isEmpty == true, "\(diff)")
        #expect(diff["removed"]?.array?.isEmpty == true, "\(diff)")
        // Only the radiosity images (the second image of each scale), which Apple keeps "blurred".
        let changed = diff["changed"]?.array ?? []
        #expect(changed.compactMap { $0["name"]?.string } == ["App Icon"], "\(diff)")
        let variants = changed.first?["variantsChanged"]?.array?.compactMap(\.string) ?? []
        #expect(variants.count == 2 && variants.allSatisfy { $0.contains(" #2: ") && $0.contains("bytes of data") }, "\(variants)")
        #expect(changed.first?["variantsAdded"]?.array?.isEmpty == true && changed.first?["variantsRemoved"]?.array?.isEmpty == true)
    }

    @Test func sudokusIconComposerIconExtractsAsItsDocumentAndCompilesBackUnchanged() throws {
        let folder = CompiledThinCommandTests.temporary("round-trip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let diff = try Self.roundTrip(
            try RecentCorpus.path(RecentCorpus.sudoku.path), in: folder, platform: "macosx", target: "10.14", device: "mac", icon: "App",
            flags: ["--app-icon", "App", "--include-all-app-icons"])
        for part in ["added", "removed", "changed"] {
            #expect(diff[part]?.array?.isEmpty == true, "\(part): \(diff)")
        }
        let document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/Extracted.xcassets/App.icon/icon.json"))))
        let layer = document["groups"]?.array?.first?["layers"]?.array?.first
        #expect(layer?["image-name"]?.string == "Sudoku.svg" && layer?["glass"]?.bool == false, "\(document)")
        #expect(layer?["position"]?["scale"]?.double == 1.25)
        #expect(FileManager.default.fileExists(atPath: folder + "/Extracted.xcassets/App.iconset/icon_512x512@2x.png"))
    }

    @Test(arguments: ["AM-MiniPlayer/nanoPod.app/Contents/Resources/Assets.car", "SameDesk/Resources/Assets.car"])
    func aDrawnIconComposerIconComesBackButForItsGlass(file: String) throws {
        let folder = CompiledThinCommandTests.temporary("round-trip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let diff = try Self.roundTrip(
            try RecentCorpus.path(file), in: folder, platform: "macosx", target: "14.0", device: "mac", icon: "AppIcon", flags: ["--app-icon", "AppIcon"])
        #expect(diff["added"]?.array?.isEmpty == true && diff["removed"]?.array?.isEmpty == true, "\(diff)")
        let changed = diff["changed"]?.array ?? []
        #expect(changed.compactMap { $0["name"]?.string } == ["AppIcon"], "\(diff)")
        // The seven flattened sizes, and nothing else of the icon.
        let icon = changed.first { $0["name"]?.string == "AppIcon" }
        #expect(icon?["variantsChanged"]?.array?.count == 7 && icon?["variantsAdded"]?.array?.isEmpty == true, "\(diff)")
        #expect(icon?["variantsRemoved"]?.array?.isEmpty == true, "\(diff)")
    }

    /// Extracts `apple` into `folder/Extracted.xcassets`, compiles it (with the Icon Composer icon
    /// `icon` extract wrote in it) into `folder/out` and returns `adapt diff`'s JSON of the two files.
    static func roundTrip(
        _ apple: String, in folder: String, platform: String, target: String, device: String, icon: String? = nil, flags: [String] = []
    ) throws -> JSONValue {
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        let extract = try Adapt.run(["extract", apple, "-o", folder + "/Extracted.xcassets"])
        #expect(extract.status == 0, "\(extract.stderr)")
        let inputs = [folder + "/Extracted.xcassets"] + (icon.map { [folder + "/Extracted.xcassets/\($0).icon"] } ?? [])
        let compile = try Adapt.run(
            ["compile"] + inputs + [
                "--compile", folder + "/out", "--platform", platform, "--minimum-deployment-target", target, "--target-device", device,
            ] + flags)
        #expect(compile.status == 0, "\(compile.stderr)")
        let diff = try Adapt.run(["diff", apple, folder + "/out/Assets.car", "--format", "json"])
        return try JSONParser.parse(Array(diff.stdout.utf8))
    }
}
