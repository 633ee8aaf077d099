import AdaptSupport
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// `adapt compile` on what a hostile pull request can put in a catalog or an Icon Composer icon:
/// nothing outside the inputs reaches `Assets.car`, no number crashes the compiler, and a file
/// that is not what it claims to be is an error naming it (issue #35).
@Suite struct HostileCompileTests {
    /// What no output may contain: the bytes of a file outside every input.
    static let secret = "ADAPT-SECRET-\(UUID().uuidString)"

    /// An Icon Composer icon `AppIcon.icon` in a fresh folder, one group of one layer named
    /// `layer`, whose file `body` writes (or links) into the bundle's `Assets` folder.
    static func icon(layer: String, in fixture: TemporaryCatalog, body: (_ assets: String) throws -> Void) throws -> String {
        let bundle = fixture.root + "/AppIcon.icon"
        try FileManager.default.createDirectory(atPath: bundle + "/Assets", withIntermediateDirectories: true)
        let json = #"{"fill": "automatic", "groups": [{"layers": [{"image-name": "\#(layer)", "name": "layer"}]}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: bundle + "/icon.json"))
        try body(bundle + "/Assets")
        return bundle
    }

    static func compileIcon(_ bundle: String, fixture: TemporaryCatalog) throws -> HostileAdapt.Run {
        try HostileAdapt.run(
            [
                "compile", bundle, "--compile", fixture.root + "/Build", "--platform", "macosx", "--minimum-deployment-target", "26.0",
                "--app-icon", "AppIcon",
            ], in: fixture.root)
    }

    /// Every byte the run wrote into the output folder, to search for what must not be there.
    static func output(_ fixture: TemporaryCatalog) -> [UInt8] {
        let folder = fixture.root + "/Build"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.flatMap { (try? FileSystem.readFile(folder + "/" + $0)) ?? [] }
    }

    enum Escape: String, CaseIterable {
        case svgLayerToASecret, pngLayerToAPictureOutside, assetsFolderOutside, iconJSONOutside
    }

    /// A layer, the `Assets` folder or `icon.json` linked out of the bundle is refused, naming
    /// it, with nothing written; before, a layer linked to /proc/self/environ went into the app.
    @Test(arguments: Escape.allCases) func aLinkOutOfTheIconIsRefused(_ escape: Escape) throws {
        let fixture = try TemporaryCatalog()
        let outside = fixture.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let secretSVG = #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><desc>\#(Self.secret)</desc></svg>"#
        try Data(secretSVG.utf8).write(to: URL(fileURLWithPath: outside + "/secret.svg"))
        try Data(PNGFixture.png(width: 64, height: 64, color: [1, 2, 3])).write(to: URL(fileURLWithPath: outside + "/picture.png"))
        let layer = escape == .pngLayerToAPictureOutside ? "layer.png" : "layer.svg"
        let bundle = try Self.icon(layer: layer, in: fixture) { assets in
            switch escape {
            case .svgLayerToASecret: try FileManager.default.createSymbolicLink(atPath: assets + "/layer.svg", withDestinationPath: outside + "/secret.svg")
            case .pngLayerToAPictureOutside:
                try FileManager.default.createSymbolicLink(atPath: assets + "/layer.png", withDestinationPath: outside + "/picture.png")
            case .assetsFolderOutside:
                try FileManager.default.removeItem(atPath: assets)
                try FileManager.default.copyItem(atPath: outside + "/secret.svg", toPath: outside + "/layer.svg")
                try FileManager.default.createSymbolicLink(atPath: assets, withDestinationPath: outside)
            case .iconJSONOutside:
                try Data(secretSVG.utf8).write(to: URL(fileURLWithPath: assets + "/layer.svg"))
                let json = fixture.root + "/AppIcon.icon/icon.json"
                try FileManager.default.moveItem(atPath: json, toPath: outside + "/icon.json")
                try FileManager.default.createSymbolicLink(atPath: json, withDestinationPath: outside + "/icon.json")
            }
        }
        let run = try Self.compileIcon(bundle, fixture: fixture)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("error:"), "\(run.stderr)")
        #expect(run.stderr.contains("outside"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
        #expect(!Self.output(fixture).starts(with: Array(Self.secret.utf8)))
        #expect(String(decoding: Self.output(fixture), as: UTF8.self).contains(Self.secret) == false)
    }

    /// A layer's bytes must be what its name says: text named `.svg` (the environment, a key)
    /// is not copied into the app as an SVG rendition, nor a JPEG drawn as a PNG.
    @Test(arguments: [
        ("layer.svg", Array("PATH=/usr/bin\nTOKEN=\(secret)\n".utf8)), ("layer.png", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 64)),
    ])
    func aLayerWhoseBytesAreNotItsFormatIsRefused(_ name: String, _ bytes: [UInt8]) throws {
        let fixture = try TemporaryCatalog()
        let bundle = try Self.icon(layer: name, in: fixture) { assets in try Data(bytes).write(to: URL(fileURLWithPath: assets + "/" + name)) }
        let run = try Self.compileIcon(bundle, fixture: fixture)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("AppIcon.icon/Assets/\(name)"), "\(run.stderr)")
        #expect(run.stderr.contains("not the \(name.hasSuffix(".svg") ? "SVG" : "PNG") its name says"), "\(run.stderr)")
        #expect(!String(decoding: Self.output(fixture), as: UTF8.self).contains(Self.secret))
    }

    /// An icon's SVG layer is drawn from its own bytes; a reference it makes to another file
    /// (here `/etc/passwd` and a file beside it) is not read, and is a warning naming it.
    @Test func anIconLayersOutsideReferencesAreWarnings() throws {
        let fixture = try TemporaryCatalog()
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">\
            <image xlink:href="file:///etc/passwd" width="64" height="64"/><image href="../secret.png" width="8" height="8"/></svg>
            """
        let bundle = try Self.icon(layer: "layer.svg", in: fixture) { assets in try Data(svg.utf8).write(to: URL(fileURLWithPath: assets + "/layer.svg")) }
        let run = try HostileAdapt.run(
            ["compile", bundle, "--compile", fixture.root + "/Build", "--platform", "macosx", "--minimum-deployment-target", "26.0", "--app-icon", "AppIcon"],
            in: fixture.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("AppIcon.icon/Assets/layer.svg") && run.stderr.contains("file:///etc/passwd"), "\(run.stderr)")
        #expect(run.stderr.contains("../secret.png"), "\(run.stderr)")
        #expect(!String(decoding: Self.output(fixture), as: UTF8.self).contains("root:x:0:0"))
    }

    /// Out of memory while decoding an icon's layer is the machine's failure (exit 2), as in an
    /// image set: before, the layer was blamed as "not a PNG libpng can decode" (exit 1).
    @Test func runningOutOfMemoryOnAnIconLayerBlamesNoFile() throws {
        let fixture = try TemporaryCatalog()
        let bundle = try Self.icon(layer: "big.png", in: fixture) { assets in
            try Data(CompileBlameTests.bilevelPNG(side: 8000)).write(to: URL(fileURLWithPath: assets + "/big.png"))
        }
        let run = try HostileAdapt.run(
            ["compile", bundle, "--compile", fixture.root + "/Build", "--platform", "macosx", "--minimum-deployment-target", "26.0", "--app-icon", "AppIcon"],
            in: fixture.root, limits: "ulimit -v 400000")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("[environment.exhausted]"), "\(run.stderr)")
        #expect(!run.stderr.contains("[compile."), "no file is blamed: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
    }

    static func compileCatalog(_ fixture: TemporaryCatalog, _ extra: [String] = []) throws -> HostileAdapt.Run {
        try HostileAdapt.run(
            ["compile", fixture.path, "--compile", fixture.root + "/Build", "--platform", "iphoneos", "--minimum-deployment-target", "17.0"] + extra,
            in: fixture.root)
    }

    /// CoreUI stores a colour's components as 32-bit floats: one past Float's range would be
    /// stored as infinity. It is an error naming the component, in every colour space.
    @Test(arguments: ["3.5e38", "1e39", "-1e300"]) func aColourComponentPastFloatsRangeIsAnError(_ value: String) throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Huge.colorset",
            entries: [
                [
                    "idiom": "universal",
                    "color": ["color-space": "extended-srgb", "components": ["red": .number(value), "green": "0", "blue": "0", "alpha": "1"]],
                ]
            ])
        let run = try Self.compileCatalog(fixture)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("Huge.colorset/Contents.json:"), "\(run.stderr)")
        #expect(run.stderr.contains("colour component 'red' is \(value), beyond the range of the 32-bit float"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
    }

    /// Caps, centres and alignment insets of 2^31 to 2^63 and Int.min once trapped (signal 4) in
    /// the arithmetic of cropping and scaling. Now they crop nothing, as any inset that fits no
    /// image, and the set compiles as one part.
    @Test(arguments: ["2147483648", "4294967296", "9223372036854775807", "-9223372036854775808", "4611686018427387904"])
    func hugeInsetsCompileWithoutATrap(_ value: String) throws {
        let fixture = try TemporaryCatalog()
        let huge = JSONValue.number(value)
        let png = PNGFixture.png(width: 8, height: 8, alpha: true)
        try fixture.addSet(
            "Sliced.imageset",
            entries: [
                [
                    "idiom": "universal", "scale": "2x", "filename": "a.png",
                    "resizing": [
                        "mode": "9-part", "center": ["mode": "tile", "width": huge, "height": huge],
                        "cap-insets": ["left": huge, "right": huge, "top": huge, "bottom": huge],
                    ],
                    "alignment-insets": ["left": huge, "right": huge, "top": huge, "bottom": huge],
                ]
            ], files: ["a.png"], pngBytes: png)
        try fixture.addSet(
            "Vector.imageset",
            entries: [
                [
                    "idiom": "universal", "filename": "v.svg",
                    "resizing": ["mode": "3-part-horizontal", "center": ["mode": "stretch", "width": huge], "cap-insets": ["left": huge, "right": huge]],
                    "alignment-insets": ["left": huge, "right": huge, "top": huge, "bottom": huge],
                ]
            ])
        try fixture.write(#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>"#, to: "Vector.imageset/v.svg")
        let run = try Self.compileCatalog(fixture)
        #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
        if value.hasPrefix("-") {
            #expect(run.status == 0, "no caps at all: \(run.stderr)")
        } else {
            // Caps wider than the image: the error compile gives any such entry, naming the file.
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("Sliced.imageset/a.png:1:1: error: is 8 x 8 pixels, smaller than its resizing's caps and centre"), "\(run.stderr)")
        }
    }

    /// A launch image is decoded like any image before it is copied beside `Assets.car`: a file
    /// that is no PNG was copied as `LaunchImage-700@2x.png`, and the app launched blank.
    @Test func anUndecodableLaunchImageIsAnErrorNotACopy() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "LaunchImage.launchimage",
            entries: [
                [
                    "idiom": "iphone", "scale": "2x", "orientation": "portrait", "extent": "full-screen", "minimum-system-version": "7.0",
                    "filename": "launch.png",
                ]
            ])
        // Well-formed chunks (the walk validation runs finds nothing), image data that is no zlib stream.
        let header = PNGFixture.be32(2) + PNGFixture.be32(2) + [8, 6, 0, 0, 0]
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGFixture.chunk("IHDR", header)
            + PNGFixture.chunk("IDAT", Array(Self.secret.utf8)) + PNGFixture.chunk("IEND", [])
        try fixture.write(png, to: "LaunchImage.launchimage/launch.png")
        let run = try Self.compileCatalog(fixture, ["--launch-image", "LaunchImage"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("LaunchImage.launchimage/launch.png"), "\(run.stderr)")
        #expect(run.stderr.contains("is not a PNG libpng can decode"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/LaunchImage-700@2x.png"))
        #expect(!String(decoding: Self.output(fixture), as: UTF8.self).contains(Self.secret))
    }
}
