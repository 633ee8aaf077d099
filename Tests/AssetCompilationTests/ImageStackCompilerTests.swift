@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// tvOS image stacks (`ImageStackCompiler`), alone and as a brand asset's icon, compared with
/// Stasis's file from Xcode 26.2 (the brand asset's own parts are `BrandAssetsCompilerTests`').
@Suite struct ImageStackCompilerTests {
    /// Stasis's layers, front to back, with its file names per scale.
    static let layers = [("Front", "front"), ("Middle", "mid"), ("Back", "back")]

    /// A brand asset `Brand` whose home-screen icon `App Icon` is a 40 × 24 point stack of
    /// Stasis's three layers (each one colour, at 1x and 2x), optionally with an App Store icon
    /// and top shelf images.
    static func brandAssets(storeIcon: Bool = false, topShelf: Bool = false) throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        var entries: [JSONValue] = [["filename": "App Icon.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "40x24"]]
        if storeIcon { entries.append(["filename": "App Icon - App Store.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "1280x768"]) }
        if topShelf {
            entries.append(["filename": "Top Shelf Image.imageset", "idiom": "tv", "role": "top-shelf-image", "size": "1920x720"])
            entries.append(["filename": "Top Shelf Image Wide.imageset", "idiom": "tv", "role": "top-shelf-image-wide", "size": "2320x720"])
        }
        try fixture.addSet("Brand.brandassets", entries: entries)
        try addStack(fixture, "Brand.brandassets/App Icon.imagestack", width: 40, height: 24, scales: [1, 2])
        if storeIcon { try addStack(fixture, "Brand.brandassets/App Icon - App Store.imagestack", width: 16, height: 8, scales: [1]) }
        if topShelf {
            for name in ["Top Shelf Image", "Top Shelf Image Wide"] {
                try fixture.addSet(
                    "Brand.brandassets/\(name).imageset", entries: [["idiom": "tv", "scale": "1x", "filename": "shelf.png"]], files: ["shelf.png"],
                    pngBytes: PNGFixture.png(width: 8, height: 3))
            }
        }
        return fixture
    }

    /// A stack of Stasis's three layers: the back one opaque red, the middle one half-transparent
    /// green, the front one transparent but for its first column, white.
    static func addStack(_ fixture: TemporaryCatalog, _ folder: String, width: Int, height: Int, scales: [Int], backFirst: Bool = false) throws {
        let listed = backFirst ? layers.reversed() : layers
        try fixture.addSet(folder, entries: listed.map { ["filename": .string("\($0.0).imagestacklayer")] })
        for (layer, file) in layers {
            try fixture.write(#"{"info":{"author":"xcode","version":1}}"#, to: "\(folder)/\(layer).imagestacklayer/Contents.json")
            let entries: [JSONValue] = scales.map {
                ["idiom": "tv", "scale": .string("\($0)x"), "filename": .string(file + ($0 == 1 ? "" : "\($0)x") + ".png")]
            }
            try fixture.addSet("\(folder)/\(layer).imagestacklayer/Content.imageset", entries: entries)
            for scale in scales {
                let png = PNGFixture.png(width: width * scale, height: height * scale, colorType: 6) { x, _ in
                    switch layer {
                    case "Back": [255, 0, 0, 255]
                    case "Middle": [0, 255, 0, 128]
                    default: x == 0 ? [255, 255, 255, 255] : [0, 0, 0, 0]
                    }
                }
                try fixture.write(png, to: "\(folder)/\(layer).imagestacklayer/Content.imageset/" + file + (scale == 1 ? "" : "\(scale)x") + ".png")
            }
        }
    }

    static func compile(_ fixture: TemporaryCatalog, _ platform: CompilePlatform = .appletvos, appIcon: String? = "Brand") throws -> (
        CompileProduct, CompiledCatalog, [UInt8]
    ) {
        var options = CompileOptions(platform: platform, deploymentTarget: "17.0")
        options.appIcon = appIcon
        let product = try CatalogCompiler(options).compile([try fixture.read()])
        let bytes = try product.car
        return (product, try CompiledCatalog(bytes: bytes, path: "Assets.car"), bytes)
    }

    /// What identifies a rendition's place in a stack: its name, rendition name, layout, part,
    /// idiom and scale.
    struct Shape: Hashable, CustomStringConvertible {
        var name: String?
        var renditionName: String
        var layout: UInt16
        var part: UInt16?
        var idiom: UInt16?
        var scale: UInt16?
        init(_ rendition: Rendition) {
            name = rendition.name
            renditionName = rendition.renditionName
            layout = rendition.layout.rawValue
            part = rendition.key.value(.part)
            idiom = rendition.key.value(.idiom).flatMap { $0 == 0 ? nil : $0 }
            scale = rendition.key.scale
        }
        var description: String { "\(name ?? "?")/\(renditionName) layout \(layout) part \(part ?? 0) idiom \(idiom ?? 0) @\(scale ?? 0)" }
    }

    /// The property types of a rendition, in order.
    static func propertyTypes(_ rendition: Rendition) -> [UInt32] {
        rendition.properties.map { property in
            switch property {
            case .slices: 1001
            case .metrics: 1003
            case .blendModeAndOpacity: 1004
            case .uti: 1005
            case .exifOrientation: 1006
            case .bytesPerRow: 1007
            case .internalReference: 1010
            case .alphaCroppedFrame: 1011
            case .iconLayers: 1012
            case .iconLayerStyles: 1020
            case .iconLayerEffects: 1021
            case .unknown(let type, _, _): type
            }
        }
    }

    /// The name identifiers a stack's 1012 property refers to, in its order, as the reader decodes
    /// them (`RenditionProperty.iconLayers`: each entry's frame, blend, opacity and key, the same
    /// layout as an Icon Composer stack's). `bytes` is kept for the callers' symmetry.
    static func layerReferences(_ rendition: Rendition, in bytes: [UInt8]) throws -> [UInt16] {
        let layers = try #require(rendition.properties.lazy.compactMap { if case .iconLayers(let layers) = $0 { layers } else { nil } }.first)
        // Each entry's key: (1, 85), (2, 181), (17, identifier).
        return layers.map { layer in layer.key.first { $0.attribute == .identifier }?.value ?? 0 }
    }

    /// The stack compiles to the renditions Stasis's `App Icon` has, with the same names, layouts,
    /// parts, idioms and scales, and its stack rendition has Stasis's properties in Stasis's order.
    @Test func aBrandAssetsIconStackHasStasissStructure() throws {
        let (product, ours, bytes) = try Self.compile(try Self.brandAssets())
        let stasis = try RecentCorpus.read(RecentCorpus.stasis)
        #expect(Set(ours.renditions.map(Shape.init)) == Set(stasis.renditions.map(Shape.init)))
        #expect(Set(ours.facets.map(\.name)) == Set(stasis.facets.map(\.name)))
        #expect(product.appIconName == "App Icon")

        let stack = try #require(ours.renditions.first { $0.layout.rawValue == 1002 })
        let stasisStack = try #require(stasis.renditions.first { $0.layout.rawValue == 1002 })
        #expect(Self.propertyTypes(stack) == Self.propertyTypes(stasisStack))
        #expect(stack.uti == "public.layeredimage" && stack.pixelFormat == .data && (stack.width, stack.height) == (40, 24))
        // Back to front, each layer by its name's identifier, as Stasis's.
        let identifier = Dictionary(uniqueKeysWithValues: ours.facets.map { ($0.name, $0.nameIdentifier) })
        let expected = ["Back", "Middle", "Front"].map { identifier["App Icon/\($0)/Content"] }
        #expect(try Self.layerReferences(stack, in: bytes).map(Optional.some) == expected.map { $0 ?? nil })
        let stasisBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: RecentCorpus.path(RecentCorpus.stasis.path))))
        let stasisIdentifier = Dictionary(uniqueKeysWithValues: stasis.facets.map { ($0.name, $0.nameIdentifier) })
        #expect(
            try Self.layerReferences(stasisStack, in: stasisBytes).map(Optional.some)
                == ["Back", "Middle", "Front"].map { stasisIdentifier["App Icon/\($0)/Content"] })

        // 1020 and 1021, per layer, are Stasis's for its three layers, as the reader decodes them.
        func styles(_ rendition: Rendition) -> [IconLayerStyle]? {
            for case .iconLayerStyles(let styles) in rendition.properties { return styles }
            return nil
        }
        func effects(_ rendition: Rendition) -> [IconLayerEffects]? {
            for case .iconLayerEffects(let effects) in rendition.properties { return effects }
            return nil
        }
        #expect(styles(stack)?.count == 3 && styles(stack) == styles(stasisStack))
        #expect(effects(stack)?.count == 3 && effects(stack) == effects(stasisStack))

        // The flattened images and radiosity images: sizes as Stasis's (400 × 240 gives 480 × 320).
        for scale in [1, 2] {
            let flattened = try #require(ours.renditions.first { $0.renditionName == "ZZZZFlattenedImage-\(scale).1.0-gamut0" })
            #expect((flattened.width, flattened.height) == (UInt32(40 * scale), UInt32(24 * scale)))
            let stasisFlattened = try #require(stasis.renditions.first { $0.renditionName == flattened.renditionName })
            #expect(Self.propertyTypes(flattened) == Self.propertyTypes(stasisFlattened))
            #expect(flattened.pixelFormat == stasisFlattened.pixelFormat && flattened.compression == .lzfse)
            let radiosity = try #require(ours.renditions.first { $0.renditionName == "ZZZZRadiosityImage-\(scale).0.0" })
            #expect((radiosity.width, radiosity.height) == (UInt32(120 * scale), UInt32(104 * scale)))
        }
    }

    /// The flattened image is the layers drawn back to front: red under half-green, and the
    /// front's white column on top.
    @Test func theFlattenedImageIsTheLayersDrawnBackToFront() throws {
        let (_, ours, _) = try Self.compile(try Self.brandAssets())
        let flattened = try #require(ours.renditions.first { $0.renditionName == "ZZZZFlattenedImage-1.1.0-gamut0" })
        guard case .pixels(let bitmap) = try #require(try ours.decodedBitmap(of: flattened)) else {
            Issue.record("the flattened image is not decoded")
            return
        }
        // B G R A, premultiplied: column 0 is the front's white; elsewhere green at 128 over red.
        #expect(Array(bitmap.bytes[0..<4]) == [255, 255, 255, 255])
        let inside = Array(bitmap.bytes[(5 * bitmap.rowBytes + 4 * 10)..<(5 * bitmap.rowBytes + 4 * 10 + 4)])
        #expect(inside[0] == 0 && (126...129).contains(inside[1]) && (126...129).contains(inside[2]) && inside[3] == 255, "\(inside)")
        #expect(stride(from: 3, to: bitmap.bytes.count, by: 4).allSatisfy { bitmap.bytes[$0] == 255 })
    }

    /// A stack outside a brand asset takes its size from its layers' 1x images; on another
    /// platform it is left out, saying so.
    @Test func aStandaloneStackTakesItsLayersSize() throws {
        let fixture = try TemporaryCatalog()
        try Self.addStack(fixture, "Poster.imagestack", width: 12, height: 18, scales: [1, 2])
        let (_, ours, _) = try Self.compile(fixture, appIcon: nil)
        let stack = try #require(ours.renditions.first { $0.name == "Poster" && $0.layout.rawValue == 1002 })
        #expect((stack.width, stack.height) == (12, 18))
        #expect(ours.renditions.filter { $0.name == "Poster/Back/Content" }.count == 2)
        let (product, elsewhere, _) = try Self.compile(fixture, .iphoneos, appIcon: nil)
        #expect(elsewhere.renditions.isEmpty)
        #expect(
            product.diagnostics.contains {
                $0.message == "imagestack 'Poster' is not compiled: image stacks are tvOS's layered images; adapt compiles them for tvOS only"
            })
    }

    /// The stack lists its layers in the reverse of Contents.json's order, whatever their names:
    /// Xcode 26.5 wrote Front, Middle, Back for a stack listed Back, Middle, Front, and Back, Front
    /// for one listed Front, Back (two files seen in kagurasumusun/Apple-Toolsets, facts only).
    @Test func theStackListsItsLayersInTheReverseOfContentsOrder() throws {
        let fixture = try TemporaryCatalog()
        try Self.addStack(fixture, "Poster.imagestack", width: 4, height: 4, scales: [1], backFirst: true)
        let (_, ours, bytes) = try Self.compile(fixture, appIcon: nil)
        let stack = try #require(ours.renditions.first { $0.layout.rawValue == 1002 })
        let identifier = Dictionary(uniqueKeysWithValues: ours.facets.map { ($0.name, $0.nameIdentifier) })
        #expect(try Self.layerReferences(stack, in: bytes).map(Optional.some) == ["Front", "Middle", "Back"].map { identifier["Poster/\($0)/Content"] ?? nil })
    }

    /// A layer with a dark entry beside its plain one is drawn into the flattened image by the plain one.
    @Test func theFlattenedImageDrawsEachLayersPlainEntry() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Poster.imagestack", entries: [["filename": "Back.imagestacklayer"]])
        try fixture.write(#"{"info":{"author":"xcode","version":1}}"#, to: "Poster.imagestack/Back.imagestacklayer/Contents.json")
        try fixture.addSet(
            "Poster.imagestack/Back.imagestacklayer/Content.imageset",
            entries: [
                ["idiom": "tv", "scale": "1x", "filename": "light.png"],
                ["idiom": "tv", "scale": "1x", "filename": "dark.png", "appearances": [["appearance": "luminosity", "value": "dark"]]],
            ])
        try fixture.write(PNGFixture.png(width: 4, height: 4, color: [0, 0, 255]), to: "Poster.imagestack/Back.imagestacklayer/Content.imageset/dark.png")
        try fixture.write(PNGFixture.png(width: 4, height: 4, color: [255, 0, 0]), to: "Poster.imagestack/Back.imagestacklayer/Content.imageset/light.png")
        let (_, ours, _) = try Self.compile(fixture, appIcon: nil)
        #expect(ours.renditions.filter { $0.name == "Poster/Back/Content" }.count == 2)
        let flattened = try #require(ours.renditions.first { $0.renditionName == "ZZZZFlattenedImage-1.1.0-gamut0" })
        guard case .pixels(let bitmap) = try #require(try ours.decodedBitmap(of: flattened)) else {
            Issue.record("the flattened image is not decoded")
            return
        }
        #expect(Array(bitmap.bytes[0..<4]) == [0, 0, 255, 255]) // B G R A: red
    }
}
