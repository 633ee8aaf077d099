@_spi(Compiling) @_spi(AdaptTool) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// `adapt compile` of an Icon Composer icon against the `.car` Xcode 26 made of it (three pairs of
/// `compiled/recent`): the same renditions (asset, file name, layout, appearance, scale, slot,
/// pixel size), the same decoded structure (each stack's and group's layers, every gradient and
/// colour), and the flattened bitmaps' pixels measured against Apple's.
@Suite struct IconComposerAgreementTests {
    struct Pair: Sendable, CustomTestStringConvertible {
        /// The `.icon` bundle, in the corpus.
        var icon: String
        /// The name the repository's script compiled it as (`--app-icon`).
        var name: String
        var car: String
        /// The catalog compiled with it, when there is one (sudoku's holds `App.iconset`, whose
        /// PNGs Xcode stored as the icon's sizes instead of drawing them).
        var catalog: String?
        var deploymentTarget: String
        /// Whether Apple's flattened bitmaps were drawn from the icon.
        var flattenedFromIcon: Bool
        var testDescription: String { icon }
    }

    static let pairs = [
        Pair(
            icon: "AM-MiniPlayer/AppIcon.icon", name: "AppIcon", car: "AM-MiniPlayer/nanoPod.app/Contents/Resources/Assets.car", deploymentTarget: "14.0",
            flattenedFromIcon: true),
        Pair(icon: "SameDesk/docs/icon.icon", name: "AppIcon", car: "SameDesk/Resources/Assets.car", deploymentTarget: "14.0", flattenedFromIcon: true),
        Pair(
            icon: "sudoku/Resources/Assets/App.icon", name: "App", car: "sudoku/Resources/Assets.car", catalog: "sudoku/Resources/Assets/Assets.xcassets",
            deploymentTarget: "10.14", flattenedFromIcon: false),
    ]

    /// Compiles the pair's icon, copied under its compiled name as the repository's script does
    /// (SameDesk's `docs/icon.icon` becomes `AppIcon.icon`), for the pair's macOS, with its catalog.
    static func compile(_ pair: Pair) throws -> (apple: CompiledCatalog, ours: CompiledCatalog, product: CompileProduct) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-assets-icon-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/\(pair.name).icon"
        try FileManager.default.copyItem(atPath: try RecentCorpus.path(pair.icon), toPath: copy)
        var options = CompileOptions(platform: .macosx, deploymentTarget: pair.deploymentTarget)
        options.appIcon = pair.name
        options.iconComposerIcons = [try IconComposerDocument(path: copy)]
        let catalogs = try pair.catalog.map { [try CatalogReader().read(at: try RecentCorpus.path($0))] } ?? []
        let product = try CatalogCompiler(options).compile(catalogs)
        return (try CompiledCatalog(path: RecentCorpus.path(pair.car)), try CompiledCatalog(bytes: product.car, path: "ours.car"), product)
    }

    /// What a rendition is: asset, file name (a flattened bitmap's without Apple's random
    /// suffix), layout of the image, appearance, scale, slot, part, pixel size and format.
    struct Facts: Hashable, CustomStringConvertible {
        var name, file, traits, size: String
        var description: String { "\(name)/\(file) [\(traits)] \(size)" }
    }

    /// The icon's renditions (its name, `N/Group…`, `N_Assets/…`), by their facts, the wide-colour
    /// copy of a P3 PNG layer (`displayGamut` 1) among them. Apple's packed atlas is left out (its
    /// parts are compared as the references that name them).
    static func facts(_ catalog: CompiledCatalog, icon name: String) -> [Facts: Rendition] {
        var result: [Facts: Rendition] = [:]
        for rendition in catalog.renditions where rendition.layout != .packedImage {
            guard let asset = rendition.name, asset == name || asset.hasPrefix(name + "/") || asset.hasPrefix(name + "_Assets/") else { continue }
            var file = rendition.renditionName
            if let random = file.range(of: "_NSAppearanceNameSystem_") { file = file[..<random.lowerBound] + "_NSAppearanceNameSystem.png" }
            let key = rendition.key
            let traits =
                "\(rendition.imageLayout.name), appearance \(key.appearance ?? 0), scale \(key.scale ?? 0), slot \(key.value(.dimension2) ?? 0), part \(key.value(.part) ?? 0), gamut \(key.value(.displayGamut) ?? 0)"
            var size = ""
            if let reference = catalog.packedImage(referencedBy: rendition) {
                size = "\(reference.frame.width)x\(reference.frame.height) \(reference.atlas.pixelFormat)"
            } else if rendition.width > 0 {
                size = "\(rendition.width)x\(rendition.height) \(rendition.pixelFormat)"
            } else {
                size = "\(rendition.pixelFormat)"
            }
            result[Facts(name: asset, file: file, traits: traits, size: size)] = rendition
        }
        return result
    }

    @Test(arguments: pairs)
    func sameRenditionsAsXcode26(pair: Pair) throws {
        let (apple, ours, product) = try Self.compile(pair)
        #expect(!product.diagnostics.contains { $0.severity == .error }, "\(product.diagnostics)")
        let expected = Self.facts(apple, icon: pair.name)
        let actual = Self.facts(ours, icon: pair.name)
        let missing = Set(expected.keys).subtracting(actual.keys).map(\.description).sorted()
        let extra = Set(actual.keys).subtracting(expected.keys).map(\.description).sorted()
        #expect(missing.isEmpty, "renditions Apple wrote and adapt did not:\n\(missing.joined(separator: "\n"))")
        #expect(extra.isEmpty, "renditions adapt wrote and Apple did not:\n\(extra.joined(separator: "\n"))")
        #expect(expected.values.contains { $0.layout == .iconStack } && expected.values.contains { $0.layout == .iconGroup })
    }

    /// The structure decoded alike: each stack's and group's layers (by name, frame, blend mode,
    /// opacity, material, blur, fill, translucency, shadow), each gradient, each colour.
    @Test(arguments: pairs)
    func sameStructureAsXcode26(pair: Pair) throws {
        let (apple, ours, _) = try Self.compile(pair)
        let expected = Self.facts(apple, icon: pair.name)
        let actual = Self.facts(ours, icon: pair.name)
        var compared = 0
        for (facts, appleRendition) in expected {
            guard let ourRendition = actual[facts] else { continue }
            switch appleRendition.layout {
            case .iconStack, .iconGroup:
                #expect(Self.rows(appleRendition, in: apple) == Self.rows(ourRendition, in: ours), "\(facts)")
            case .namedGradient, .color:
                #expect(appleRendition.payload == ourRendition.payload, "\(facts)")
            default: continue
            }
            compared += 1
        }
        #expect(compared >= 3 * 2 + 4, "only \(compared) structural renditions compared")
    }

    /// A stack's or group's layers as text: what the reader decodes, the names resolved.
    static func rows(_ rendition: Rendition, in catalog: CompiledCatalog) -> [String] {
        let names = Dictionary(catalog.facets.compactMap { facet in facet.nameIdentifier.map { ($0, facet.name) } }) { first, _ in first }
        return rendition.properties.iconLayerRows { names[$0] }.map { row in
            // The identifiers are each file's own numbering of the same names.
            let members = (row.json.object?.members ?? []).filter { $0.key != "identifier" }
            return JSONWriter.compact.string(for: JSONValue.object(JSONObject(members)))
        }
    }

    /// The flattened bitmaps: the same sizes exactly, and pixels measured against Apple's.
    /// Apple draws Liquid Glass (specular highlights, blur, translucency, the groups' shadows, a
    /// drop shadow outside the shape, an automatic gradient's shading) and adapt composites the
    /// layers plainly, so colours are not close as a rasteriser's are; the shape is. Measured,
    /// mean absolute difference per channel (B, G, R, A premultiplied, of 255), at 1024 and 32
    /// pixels: AM-MiniPlayer 11.6, 13.4, 3.2, 2.0 and 14.5, 17.0, 4.2, 5.7 (its P3 layer in sRGB; 11.5,
    /// 13.5, 3.9 and 14.3, 17.0, 5.1 with the P3 bytes drawn as they were); SameDesk 22.2, 12.5,
    /// 5.7, 2.0 and 26.3, 15.3, 7.2, 5.7 (the alpha left is Apple's drop shadow). Asserted: alpha
    /// within 3% of full scale (the shape's size and place at each size: a shape 1% too large is
    /// 4 out), colour within 12% (a wrong fill or a misplaced layer is 40 to 100 out; SameDesk's
    /// logo blended with the fill instead of within its group was 97 out in blue).
    @Test(arguments: pairs.filter(\.flattenedFromIcon))
    func flattenedBitmapsCloseToXcode26(pair: Pair) throws {
        let (apple, ours, _) = try Self.compile(pair)
        let expected = Self.facts(apple, icon: pair.name).filter { $0.key.file.hasSuffix("_NSAppearanceNameSystem.png") }
        let actual = Self.facts(ours, icon: pair.name)
        #expect(expected.count == 7)
        let appleAtlases = PackedImageCache()
        let ourAtlases = PackedImageCache()
        var compared = 0
        for (facts, appleRendition) in expected.sorted(by: { $0.key.description < $1.key.description }) {
            let ourRendition = try #require(actual[facts], "\(facts)")
            guard case .pixels(let applePixels)? = try apple.decodedBitmap(of: appleRendition, atlases: appleAtlases),
                case .pixels(let ourPixels)? = try ours.decodedBitmap(of: ourRendition, atlases: ourAtlases)
            else {
                // Apple's larger sizes are deepmap2 in some files, not decoded yet: said, not hidden.
                continue
            }
            let means = CompileAgreementTests.meanDifferences(applePixels, ourPixels)
            print("\(pair.icon) \(facts.file) \(ourPixels.width)px: mean |difference| B G R A = \(means.map { ($0 * 100).rounded() / 100 })")
            #expect(means[3] <= 0.03 * 255, "\(facts): mean alpha difference \(means[3]) of 255: the shape differs")
            #expect(means[0..<3].allSatisfy { $0 <= 0.12 * 255 }, "\(facts): mean differences per channel \(means.map { ($0 * 100).rounded() / 100 }) of 255")
            compared += 1
        }
        #expect(compared >= 3, "only \(compared) flattened bitmaps were decoded and compared")
    }

    /// AM-MiniPlayer's `Ellipse 2 2.png`, an 8-bit PNG tagged Display P3, stored as Xcode 26.2
    /// stored it: its 8-bit rendition in sRGB (the file's (240, 90, 99) is (255, 75, 94); adapt
    /// stored the P3 bytes as they were), and a second, for P3 displays (`displayGamut` 1, `RGBW`,
    /// extended sRGB: red 1.0195), which adapt did not write. Apple's are deepmap2, whose variant 2
    /// keeps half of each chroma difference, so the pixels are measured, not matched. Measured,
    /// mean absolute difference per channel: 0.01, 0.045, 0.008, 0 of 255 (B, G, R, A) for the
    /// 8-bit one; 0.00011, 0.0004, 0.00033, 0 of full scale (R, G, B, A) for the wide one read back
    /// as 16-bit P3. Asserted: within 0.25 of 255, and within 0.002 (half of 1/255); the P3 bytes
    /// stored as they were are 15, 15 and 5 out at that red pixel.
    @Test func displayP3LayerStoredAsApplesIs() throws {
        let (apple, ours, _) = try Self.compile(Self.pairs[0])
        let name = "AppIcon_Assets/Ellipse 2 2"
        let appleAtlases = PackedImageCache()
        let ourAtlases = PackedImageCache()
        var compared: Set<UInt16> = []
        for appleRendition in apple.renditions where appleRendition.name == name {
            let gamut = appleRendition.key.value(.displayGamut) ?? 0
            let ourRendition = try #require(ours.renditions.first { $0.name == name && ($0.key.value(.displayGamut) ?? 0) == gamut }, "gamut \(gamut)")
            #expect(ourRendition.pixelFormat == appleRendition.pixelFormat && ourRendition.colorSpaceID == appleRendition.colorSpaceID, "gamut \(gamut)")
            guard case .pixels(let applePixels)? = try apple.decodedBitmap(of: appleRendition, atlases: appleAtlases),
                case .pixels(let ourPixels)? = try ours.decodedBitmap(of: ourRendition, atlases: ourAtlases)
            else {
                Issue.record("gamut \(gamut): not decoded")
                continue
            }
            if gamut == 0 {
                let means = CompileAgreementTests.meanDifferences(applePixels, ourPixels)
                print("\(name) 8-bit: mean |difference| B G R A = \(means.map { ($0 * 1000).rounded() / 1000 })")
                #expect(means.allSatisfy { $0 <= 0.25 }, "8-bit: \(means)")
            } else {
                let appleWide = try #require(applePixels.displayP3RGBA16())
                let ourWide = try #require(ourPixels.displayP3RGBA16())
                try #require(appleWide.count == ourWide.count)
                var sums = [0.0, 0, 0, 0]
                for sample in 0..<appleWide.count / 2 {
                    let a = Int(appleWide[2 * sample]) << 8 | Int(appleWide[2 * sample + 1])
                    let b = Int(ourWide[2 * sample]) << 8 | Int(ourWide[2 * sample + 1])
                    sums[sample % 4] += Double(abs(a - b)) / 65535
                }
                let means = sums.map { $0 / Double(appleWide.count / 8) }
                print("\(name) wide: mean |difference| R G B A of 1 = \(means.map { ($0 * 100_000).rounded() / 100_000 })")
                #expect(means.allSatisfy { $0 <= 0.002 }, "wide: \(means)")
            }
            compared.insert(gamut)
        }
        #expect(compared == [0, 1])
    }

    /// sudoku's icon sets, stored as Apple stored them: `App.iconset`'s PNGs as `App.icon`'s sizes,
    /// and `Sudoku.iconset`, the icon set of no icon, as an icon of its own. The same pixels, and
    /// each image's scale in its header as in its key (a 2x image's header said 1 before).
    @Test(arguments: ["App", "Sudoku"])
    func iconSetImagesAreStoredAsApplesAre(name: String) throws {
        let pair = Self.pairs[2]
        let (apple, ours, _) = try Self.compile(pair)
        let expected = Self.facts(apple, icon: name).filter { $0.key.file.hasPrefix("icon_") }
        let actual = Self.facts(ours, icon: name)
        #expect(expected.count == 10)
        let appleAtlases = PackedImageCache()
        let ourAtlases = PackedImageCache()
        var compared = 0
        for (facts, appleRendition) in expected {
            let ourRendition = try #require(actual[facts], "\(facts)")
            #expect(ourRendition.scaleFactor == appleRendition.scaleFactor, "\(facts): header scale")
            #expect(ourRendition.scaleFactor == UInt32(ourRendition.key.scale ?? 0) * 100, "\(facts): header scale against the key's")
            guard case .pixels(let applePixels)? = try apple.decodedBitmap(of: appleRendition, atlases: appleAtlases),
                case .pixels(let ourPixels)? = try ours.decodedBitmap(of: ourRendition, atlases: ourAtlases)
            else { continue }
            let means = CompileAgreementTests.meanDifferences(applePixels, ourPixels)
            #expect(means.allSatisfy { $0 <= 1 }, "\(facts): \(means)")
            compared += 1
        }
        #expect(compared >= 5)
    }

    /// `Sudoku.iconset`: the same renditions as Apple's (the size list, layout 1010, and each PNG
    /// in its slot, part 220), nothing more, under a facet of the same part.
    @Test func sudokuIconSetHasApplesRenditions() throws {
        let (apple, ours, product) = try Self.compile(Self.pairs[2])
        #expect(!product.diagnostics.contains { $0.rule == .compileLeftOut }, "\(product.diagnostics)")
        let expected = Set(Self.facts(apple, icon: "Sudoku").keys)
        let actual = Set(Self.facts(ours, icon: "Sudoku").keys)
        #expect(expected.count == 11)
        let missing = expected.subtracting(actual).map(\.description).sorted()
        let extra = actual.subtracting(expected).map(\.description).sorted()
        #expect(missing.isEmpty, "renditions Apple wrote and adapt did not:\n\(missing.joined(separator: "\n"))")
        #expect(extra.isEmpty, "renditions adapt wrote and Apple did not:\n\(extra.joined(separator: "\n"))")
        let facetPart = { (catalog: CompiledCatalog) in catalog.facets.first { $0.name == "Sudoku" }?.attributes.first { $0.attribute == .part }?.value }
        #expect(facetPart(ours) == facetPart(apple) && facetPart(apple) == 220)
    }

    /// The `.icns` and Info.plist keys actool writes for a Mac app's `.icon`: the icon file and name.
    @Test func appIconFilesForAnIconComposerIcon() throws {
        let (_, _, product) = try Self.compile(Self.pairs[0])
        #expect(product.appIconName == "AppIcon")
        #expect(product.macIconFile == "AppIcon")
        let icns = try #require(product.looseFiles.first { $0.name == "AppIcon.icns" })
        #expect(icns.bytes.starts(with: Array("icns".utf8)))
    }
}

/// The reader's side alone, on Apple's files: the layouts named, their content decoded.
@Suite struct IconComposerReaderTests {
    @Test func layoutsAreNamed() {
        #expect(RenditionLayout(rawValue: 1019).name == "IconImageStack")
        #expect(RenditionLayout(rawValue: 1020).name == "IconGroup")
        #expect(RenditionLayout(rawValue: 1021).name == "NamedGradient")
        #expect(RenditionLayout(rawValue: 1021).assetType == "Named Gradient")
    }

    @Test func amMiniPlayerStructureDecoded() throws {
        let catalog = try CompiledCatalog(path: RecentCorpus.path("AM-MiniPlayer/nanoPod.app/Contents/Resources/Assets.car"))
        let gradient = try #require(catalog.renditions.first { $0.name == "AppIcon_Assets/Gradient-3" })
        guard case .gradient(let decoded) = gradient.payload else {
            Issue.record("Gradient-3 is not decoded: \(gradient.payload)")
            return
        }
        #expect(decoded.kind == 1)
        #expect(decoded.stops.map(\.color) == ["AppIcon_Assets/Color-4", "AppIcon_Assets/Color-3"])
        #expect(abs(decoded.stop.y - 0.8364887) < 1e-6)
        // The tinted group of "1 – Layer" carries its tinted opacity, 0.87.
        let tinted = catalog.renditions.filter { $0.name == "AppIcon/Group 3" && $0.key.appearance == 10 }
        let layers = tinted.first?.properties.compactMap { property -> [IconLayer]? in
            if case .iconLayers(let layers) = property { layers } else { nil }
        }.first
        #expect(layers?.first?.opacity == 0.87)
        #expect(layers?.first?.frame == IconLayer.Frame(x: 0, y: 0, width: 1024, height: 1024))
    }

    /// A gradient whose stops run past its bytes, or whose count no bytes could hold, is no gradient.
    @Test func hostileGradientsAreRefused() {
        var bytes = Array("ARGG".utf8) + [2, 0, 0, 0] + [1, 0, 0, 0] + [UInt8](repeating: 0, count: 20)
        bytes += [0, 0, 0, 0, 8, 0, 0, 0] + Array("Color-1".utf8) + [0]
        let whole = bytes.withUnsafeBytes { IconGradient.read($0) }
        #expect(whole == nil, "the second stop is missing")
        bytes.replaceSubrange(4..<8, with: [1, 0, 0, 0])
        #expect(bytes.withUnsafeBytes { IconGradient.read($0) }?.stops.map(\.color) == ["Color-1"])
        bytes.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(bytes.withUnsafeBytes { IconGradient.read($0) } == nil)
        bytes.replaceSubrange(4..<8, with: [1, 0, 0, 0])
        bytes.replaceSubrange(36..<40, with: [0xFF, 0xFF, 0, 0])
        #expect(bytes.withUnsafeBytes { IconGradient.read($0) } == nil, "a name longer than the bytes")
    }

    @Test func inspectTextNamesTheLayers() throws {
        let catalog = try CompiledCatalog(path: RecentCorpus.path("SameDesk/Resources/Assets.car"))
        let text = CompiledInspection(catalog).text
        #expect(!text.contains("Unknown(1019)") && !text.contains("Unknown(1020)") && !text.contains("Unknown(1021)"))
        #expect(text.contains("layers AppIcon_Assets/logo (layer, 1254x1254-115-115, lighten, glass)"))
        #expect(text.contains("gradient automatic (0.5, 0) to (0.5, 1): 0 AppIcon_Assets/Color-2"))
    }
}

/// `icon.json` is untrusted: each fault is an error naming the file, never a crash.
@Suite struct IconComposerDocumentTests {
    static func bundle(_ json: String, files: [String] = []) throws -> (String, TemporaryCatalog) {
        let fixture = try TemporaryCatalog(name: "AppIcon.icon", writeRootContents: false)
        try fixture.write(json, to: "icon.json")
        try FileManager.default.createDirectory(atPath: fixture.path + "/Assets", withIntermediateDirectories: true)
        for file in files { try fixture.write("<svg width=\"10\" height=\"10\"/>", to: "Assets/" + file) }
        return (fixture.path, fixture)
    }

    @Test(arguments: [
        ("{", "is not JSON"),
        ("[]", "is an array, not an object"),
        (#"{"fill": {"solid": "cmyk:1,0,0,0"}}"#, "fill.solid: is not a colour"),
        (#"{"groups": [{"layers": [{"image-name": "missing.svg"}]}]}"#, "names missing.svg, which is not a file in Assets"),
        (#"{"groups": [{"layers": [{"image-name": "../icon.json"}]}]}"#, "is not a file name in Assets"),
        (#"{"groups": [{"layers": [{"image-name": "a.svg", "position": {"scale": -1}}]}]}"#, "position.scale: is not a positive number"),
        (#"{"fill-specializations": [{"appearance": "sepia", "value": "automatic"}]}"#, "appearance: is not one of light, dark, tinted"),
    ])
    func refusesWithTheFileNamed(json: String, message: String) throws {
        let (path, fixture) = try Self.bundle(json, files: ["a.svg"])
        defer { withExtendedLifetime(fixture) {} }
        do {
            _ = try IconComposerDocument(path: path)
            Issue.record("\(json) was read")
        } catch {
            #expect(error.file == path + "/icon.json")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// A layer's frame: its size times its scale, centred and moved (sudoku's rule, rounded
    /// down), then its group's position about the canvas's centre.
    @Test func framesComposeTheLayersAndTheGroupsPositions() throws {
        let json =
            #"{"groups": [{"position": {"scale": 2, "translation-in-points": [10, -20]}, "layers": [{"image-name": "a.svg", "position": {"scale": 1.5, "translation-in-points": [3, 4]}}]}]}"#
        let (path, fixture) = try Self.bundle(json, files: ["a.svg"])
        defer { withExtendedLifetime(fixture) {} }
        let icon = try IconComposerDocument(path: path)
        // 10 points at 1.5, then 2: 30 points wide, centred at 512 + 10 + 3 * 2, 512 - 20 + 4 * 2.
        #expect(IconComposerCompiler(icon).frame(of: icon.groups[0].layers[0], in: icon.groups[0]) == IconLayer.Frame(x: 513, y: 485, width: 30, height: 30))
    }

    @Test func namesFollowTheBundleAndActoolsMangling() throws {
        let (path, fixture) = try Self.bundle(#"{"groups": [{"layers": [{"image-name": "1 – Layer.svg", "name": "1 – Layer"}]}]}"#, files: ["1 – Layer.svg"])
        defer { withExtendedLifetime(fixture) {} }
        let icon = try IconComposerDocument(path: path)
        #expect(icon.name == "AppIcon")
        #expect(IconComposerCompiler(icon).layerAssetName(icon.groups[0].layers[0]) == "AppIcon_Assets/1 _ Layer")
    }
}

/// `adapt compile` given an `.icon` among its inputs, as actool is given one.
@Suite struct IconComposerCompileRunTests {
    @Test func compilesTheIconNamedByAppIcon() throws {
        let fixture = try TemporaryCatalog(name: "Build", writeRootContents: false)
        let arguments = try ActoolArguments(parsing: [
            try RecentCorpus.path("AM-MiniPlayer/AppIcon.icon"), "--app-icon", "AppIcon", "--compile", fixture.path, "--platform", "macosx",
            "--minimum-deployment-target", "14.0", "--output-partial-info-plist", fixture.path + "/partial.plist",
            "--export-dependency-info", fixture.root + "/dependencies",
        ])
        let result = CompileRun(arguments).run()
        #expect(!result.failed, "\(result.diagnostics)")
        #expect(Set(result.outputFiles.map(\.lastPathComponent)) == ["Assets.car", "AppIcon.icns", "partial.plist"])
        let plist = try String(contentsOfFile: fixture.path + "/partial.plist", encoding: .utf8)
        #expect(plist.contains("<key>CFBundleIconName</key>\n\t<string>AppIcon</string>"))
        #expect(plist.contains("<key>CFBundleIconFile</key>\n\t<string>AppIcon</string>"))
        // The icon's files are the inputs `--export-dependency-info` lists.
        let dependencies = try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/dependencies"))
        #expect(dependencies.range(of: Data((try RecentCorpus.path("AM-MiniPlayer/AppIcon.icon/Assets/1 – Layer.svg")).utf8)) != nil)
        let catalog = try CompiledCatalog(path: fixture.path + "/Assets.car")
        #expect(
            catalog.appearances?.entries.map(\.name).sorted() == [
                "ISAppearanceTintable", "NSAppearanceNameAqua", "NSAppearanceNameDarkAqua", "NSAppearanceNameSystem",
            ])
    }

    @Test func aBrokenIconJSONIsAnErrorNamingItAndWritesNothing() throws {
        let (path, fixture) = try IconComposerDocumentTests.bundle("{\"groups\": 3}")
        defer { withExtendedLifetime(fixture) {} }
        let output = fixture.root + "/Build"
        let arguments = try ActoolArguments(parsing: [
            path, "--app-icon", "AppIcon", "--compile", output, "--platform", "macosx", "--minimum-deployment-target", "14.0",
        ])
        let result = CompileRun(arguments).run()
        #expect(result.failed)
        #expect(result.diagnostics.contains { $0.location?.file == path + "/icon.json" && $0.message.contains("groups is not an array") })
        #expect(result.outputFiles.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output + "/Assets.car"))
    }
}
