import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

// The DocC articles' code (Sources/AdaptiveAssets/AdaptiveAssets.docc), compiled and run here.
// `everyArticleFunctionIsHere` holds each article's `func` blocks to this file, character for
// character, so an article cannot show code that no longer compiles. Only `import AdaptiveAssets`
// is used above, as a library user would. Below, the articles' functions in the articles' order.

// GettingStarted.md

func assetNames(in path: String) throws -> [String] {
    let catalog = try CatalogReader().read(at: path)
    for diagnostic in catalog.diagnostics {
        print(diagnostic) // path:line:column: warning: message [rule-id]
    }
    return catalog.assets.flatMap(\.withDescendants).map(\.name)
}

func variantFiles(of asset: Asset) -> [String] {
    asset.variants.compactMap { variant in
        variant.filename.map { "\(variant.idiom) @\(variant.scale ?? 1)x: \($0)" }
    }
}

// ResolveThinValidate.md

func fileShown(for name: String, in catalog: Catalog) -> String? {
    let index = AssetIndex(catalog)
    let traits = TraitCollection(userInterfaceIdiom: .phone, userInterfaceStyle: .dark, displayScale: 3)
    guard let match = index.resolve(name, for: traits) else { return nil }
    return index.variant(match).filename
}

func whyOthersLost(_ name: String, in index: AssetIndex, for traits: TraitCollection) -> [String] {
    let selection = index.select(name, for: traits)
    return selection.trace.drops.map { "variant \($0.variant): \($0.reason)" }
}

func thin(_ catalog: Catalog, forDevice identifier: String, into output: String) throws -> [SliceSummary] {
    let database = try DeviceDatabase.builtIn()
    guard let device = database.profile(matching: identifier) else { return [] }
    let plan = ThinningPlan(index: AssetIndex(catalog), device: device)
    return try SliceWriter().write([plan], of: catalog, to: output)
}

func validationErrors(at path: String) throws -> [Diagnostic] {
    let validator = Validator(devices: try DeviceDatabase.builtIn())
    let result = validator.validate(catalogsAt: [path])
    return result.diagnostics.filter { $0.severity == .error }
}

// ReadingCompiledCatalogs.md

func renditionNames(inFileAt path: String) throws -> [String] {
    let compiled = try CompiledCatalog(path: path)
    return compiled.renditions.map { "\($0.renditionName) \($0.width)x\($0.height) @\($0.scaleFactor / 100)x" }
}

func firstBitmapAsPNG(inFileAt path: String) throws -> [UInt8]? {
    let compiled = try CompiledCatalog(path: path)
    let atlases = PackedImageCache()
    for rendition in compiled.renditions {
        if case .pixels(let bitmap)? = try compiled.decodedBitmap(of: rendition, atlases: atlases) {
            return bitmap.pngData()
        }
    }
    return nil
}

func renditionShown(for name: String, inFileAt path: String, traits: TraitCollection) throws -> Rendition? {
    let adapted = AdaptedCompiledCatalog(try CompiledCatalog(path: path))
    let index = AssetIndex(adapted.catalog)
    return index.resolve(name, for: traits).map { adapted.rendition(of: $0) }
}

@Suite struct DocumentationArticleTests {
    static let articles = Corpus.repositoryRoot + "/Sources/AdaptiveAssets/AdaptiveAssets.docc"
    static let showcase = Corpus.repositoryRoot + "/Assets/Showcase.xcassets"

    /// The ```swift blocks of an article that declare a function (the others show a manifest line).
    static func functionBlocks(in article: String) throws -> [String] {
        let text = try String(contentsOfFile: articles + "/" + article, encoding: .utf8)
        return text.components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "```")[0] }
            .filter { $0.hasPrefix("func ") }
    }

    @Test(arguments: ["GettingStarted.md": 2, "ResolveThinValidate.md": 4, "ReadingCompiledCatalogs.md": 3])
    func everyArticleFunctionIsHere(article: String, functions: Int) throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let blocks = try Self.functionBlocks(in: article)
        #expect(blocks.count == functions, "\(article): the test holds \(functions) of its functions")
        for block in blocks {
            #expect(source.contains("\n" + block), "\(article) shows a function this file does not compile:\n\(block)")
        }
    }

    @Test func gettingStartedReadsTheShowcase() throws {
        let names = try assetNames(in: Self.showcase)
        #expect(names.contains("Logo") && names.contains("Tint"))
        let catalog = try CatalogReader().read(at: Self.showcase)
        let logo = try #require(catalog.assets.first { $0.name == "Logo" })
        #expect(variantFiles(of: logo).count == 12 && variantFiles(of: logo).contains("universal @3x: logo-dark@3x.png"))
    }

    @Test func resolveThinAndValidateTheShowcase() throws {
        let catalog = try CatalogReader().read(at: Self.showcase)
        #expect(fileShown(for: "Logo", in: catalog) == "logo-dark@3x.png")
        let lost = whyOthersLost("Logo", in: AssetIndex(catalog), for: TraitCollection(userInterfaceIdiom: .phone, displayScale: 2))
        #expect(lost.count == 11)

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-assets-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let summaries = try thin(catalog, forDevice: "iPhone16,1", into: output)
        #expect(summaries.count == 1 && summaries[0].kept > 0 && summaries[0].dropped > 0)
        #expect(FileManager.default.fileExists(atPath: output + "/" + summaries[0].device.id + "/Showcase.xcassets/Logo.imageset/logo-dark@3x.png"))

        #expect(try validationErrors(at: Self.showcase).isEmpty)
    }

    @Test func readAndResolveACompiledCatalog() throws {
        let folder = try TemporaryCatalog()
        let path = try SyntheticCatalog(
            keyFormat: [.appearance, .scale, .idiom, .identifier, .element, .part],
            facets: [.init("Dot", identifier: 9)],
            renditions: [
                .bitmap("dot@2x.png", key: [.identifier: 9, .scale: 2, .idiom: 1], width: 1, height: 1, pixels: [10, 20, 30, 255]),
                .bitmap("dot@3x.png", key: [.identifier: 9, .scale: 3, .idiom: 1], width: 2, height: 2, pixels: Array(repeating: 255, count: 16)),
            ]
        ).write(to: folder.root + "/Assets.car")

        #expect(try renditionNames(inFileAt: path) == ["dot@2x.png 1x1 @2x", "dot@3x.png 2x2 @3x"])
        let png = try #require(try firstBitmapAsPNG(inFileAt: path))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let shown = try renditionShown(for: "Dot", inFileAt: path, traits: TraitCollection(userInterfaceIdiom: .phone, displayScale: 3))
        #expect(shown?.renditionName == "dot@3x.png")
    }
}
