@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// A macOS icon set in a catalog (`Sudoku.iconset`), compiled as Xcode 26.0.1's actool compiled
/// sudoku's (`IconComposerAgreementTests` compares the real one with Apple's file): a size list
/// and one image per PNG in its slot, its scale in the key and the header.
@Suite struct IconSetCompilerTests {
    /// A catalog whose `Sudoku.iconset` holds `files`, each a PNG of its pixel size.
    static func iconSet(_ files: [String]) throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        for file in files {
            let stem = file.dropFirst("icon_".count).prefix { $0 != "x" }
            let side = (Int(stem) ?? 1) * (file.contains("@2x") ? 2 : 1)
            try fixture.write(PNGFixture.png(width: side, height: side, alpha: true), to: "Sudoku.iconset/" + file)
        }
        return fixture
    }

    static func compile(_ fixture: TemporaryCatalog, _ platform: CompilePlatform = .macosx) throws -> (CompileProduct, CompiledCatalog) {
        let product = try CatalogCompiler(CompileOptions(platform: platform, deploymentTarget: "10.14")).compile([try fixture.read()])
        return (product, try CompiledCatalog(bytes: try product.car, path: "Assets.car"))
    }

    @Test func eachPNGInItsSlotWithItsScaleInKeyAndHeaderAndTheSizeList() throws {
        let fixture = try Self.iconSet(["icon_16x16.png", "icon_16x16@2x.png", "icon_32x32.png", "icon_128x128@2x.png"])
        let (product, catalog) = try Self.compile(fixture)
        #expect(product.diagnostics.isEmpty, "\(product.diagnostics)")
        let facet = try #require(catalog.facets.first { $0.name == "Sudoku" })
        #expect(facet.attributes.first { $0.attribute == .part }?.value == 220)
        let renditions = catalog.renditions.filter { $0.name == "Sudoku" }
        let sizeList = try #require(renditions.first { $0.layout == .multisizeImage })
        #expect(sizeList.key.value(.part) == 218 && sizeList.key.scale == 1)
        guard case .multisizeImage(let sizes) = sizeList.payload else {
            Issue.record("the size list is not decoded: \(sizeList.payload)")
            return
        }
        #expect(sizes.map { [$0.width, $0.height, UInt32($0.index)] } == [[16, 16, 1], [32, 32, 2], [128, 128, 3]])
        let images = renditions.filter { $0.layout != .multisizeImage }.map { rendition in
            "\(rendition.renditionName) part \(rendition.key.value(.part) ?? 0) slot \(rendition.key.value(.dimension2) ?? 0) "
                + "scale \(rendition.key.scale ?? 0) header \(rendition.scaleFactor) \(rendition.width)x\(rendition.height)"
        }
        #expect(
            images.sorted() == [
                "icon_128x128@2x.png part 220 slot 3 scale 2 header 200 256x256", "icon_16x16.png part 220 slot 1 scale 1 header 100 16x16",
                "icon_16x16@2x.png part 220 slot 1 scale 2 header 200 32x32", "icon_32x32.png part 220 slot 2 scale 1 header 100 32x32",
            ])
    }

    /// `icon_64x64.png` reads as an entry, but no macOS app icon has 64 points: said, not dropped.
    @Test func aFileInNoSlotIsLeftOutNamingIt() throws {
        let fixture = try Self.iconSet(["icon_16x16.png", "icon_64x64.png"])
        let (product, catalog) = try Self.compile(fixture)
        let leftOut = product.diagnostics.filter { $0.rule == .compileLeftOut }
        #expect(leftOut.count == 1)
        #expect(leftOut.first?.location?.file.hasSuffix("Sudoku.iconset/icon_64x64.png") == true, "\(leftOut)")
        #expect(leftOut.first?.subject.asset == "Sudoku")
        #expect(catalog.renditions.filter { $0.name == "Sudoku" }.map(\.renditionName).sorted() == ["Sudoku", "icon_16x16.png"])
    }

    /// Nothing in a slot: the set is left out whole, with its finding.
    @Test func aSetWithNoIconIsLeftOutWhole() throws {
        let fixture = try Self.iconSet(["icon_64x64.png"])
        try fixture.write("notes", to: "Sudoku.iconset/notes.txt")
        let (product, catalog) = try Self.compile(fixture)
        let leftOut = product.diagnostics.filter { $0.rule == .compileLeftOut }
        #expect(leftOut.count == 2)
        #expect(leftOut.contains { $0.location?.file.hasSuffix("Sudoku.iconset") == true && $0.subject.asset == "Sudoku" }, "\(leftOut)")
        #expect(!catalog.renditions.contains { $0.name == "Sudoku" })
    }

    /// An icon set holds macOS icons: compiled for iOS it is left out, with a finding that names it.
    @Test func forAnotherPlatformTheSetIsLeftOutWithItsFinding() throws {
        let fixture = try Self.iconSet(["icon_16x16.png"])
        let (product, catalog) = try Self.compile(fixture, .iphoneos)
        #expect(product.diagnostics.map(\.rule) == [.compileLeftOut])
        #expect(product.diagnostics.first?.subject.asset == "Sudoku")
        #expect(!catalog.renditions.contains { $0.name == "Sudoku" })
    }
}
