import AdaptiveAssets
import CatalogFixtures
import Testing

/// The diff model keeps how a variant changed as data (issue #38): a content difference as
/// `VariantContent.Difference`, whose two sides are `VariantContent.Shape` values, and a folder's
/// other file as the two payloads. Only the outputs say it in words.
@Suite struct DiffModelTests {
    /// Apple stores a sliced image as its caps and centre: the folder against its compiled file
    /// shows the 1x slice's pixel sizes as four numbers.
    @Test func aCompiledVariantsDifferenceIsItsValues() throws {
        let source = try Corpus.root + "/compiled/acextract/Images.xcassets"
        let compiled = try CompiledInspectCommandTests.corpusFile("assets_ios.car")
        let diff = try CatalogDiff(old: try CatalogSource.open(source), new: try CatalogSource.open(compiled), database: try DeviceDatabase.builtIn())
        let sliced = try #require(diff.changed.first { $0.name == "s_horizontal" })
        let change = try #require(sliced.variantsChanged.first { $0.traits == "idiom=universal scale=1x" })
        #expect(change.difference == .content(.size(fromWidth: 50, fromHeight: 50, toWidth: 24, toHeight: 50)))
        #expect(change.text == "idiom=universal scale=1x: 50x50 → 24x50 pixels")
        // The same file against itself: nothing changed.
        let same = try CatalogDiff(old: try CatalogSource.open(compiled), new: try CatalogSource.open(compiled), database: try DeviceDatabase.builtIn())
        #expect(same.changed.isEmpty)
    }

    @Test func contentDifferencesNameBothSidesAsShapes() {
        let red = VariantContent.color(space: "srgb", components: [1, 0, 0, 1])
        let blue = VariantContent.color(space: "srgb", components: [0, 0, 1, 1])
        let data = VariantContent.bytes([1, 2, 3])
        #expect(red.difference(from: red, tolerance: 0) == nil)
        #expect(red.difference(from: blue, tolerance: 2) == .color(from: .color(space: "srgb", components: [1, 0, 0, 1]), to: blue.shape))
        #expect(red.difference(from: data, tolerance: 2) == .kind(from: red.shape, to: .bytes(count: 3)))
        #expect(red.difference(from: data, tolerance: 2)?.text == "srgb(1.0, 0.0, 0.0, 1.0) → 3 bytes of data")
        let pixels = VariantContent.pixels(width: 1, height: 1, bytes: [0, 0, 0, 255])
        #expect(pixels.difference(from: .pixels(width: 1, height: 1, bytes: [0, 0, 9, 255]), tolerance: 2) == .pixels(largestChannelDifference: 9))
        #expect(pixels.difference(from: .pixels(width: 1, height: 1, bytes: [0, 0, 2, 255]), tolerance: 2) == nil)
        #expect(data.difference(from: .bytes([1, 2]), tolerance: 0) == .data(from: 3, to: 2))
    }

    /// Two folders: the same traits with another file is the two payloads, not a sentence.
    @Test func aFoldersOtherFileIsItsTwoPayloads() throws {
        func catalog(_ file: String) -> Catalog {
            var variant = Variant(index: 0)
            variant.scale = 2
            variant.filename = file
            return Catalog(
                path: "/nowhere/App.xcassets",
                assets: [Asset(name: "Photo", type: .imageSet, path: "/nowhere/App.xcassets/Photo.imageset", variants: [variant])])
        }
        let diff = CatalogDiff(old: catalog("a.png"), new: catalog("b.png"), database: try DeviceDatabase.builtIn(), devices: [], imageChecks: .none)
        let change = try #require(diff.changed.first { $0.name == "Photo" })
        #expect(change.variantsChanged.map(\.difference) == [.payload(from: "a.png", to: "b.png")])
        #expect(change.variantsChanged.first?.text.hasSuffix(": a.png → b.png") == true)
    }
}
