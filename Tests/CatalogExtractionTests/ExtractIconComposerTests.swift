import AssetCatalog
import CompiledCatalog
import Testing

@testable import CatalogExtraction

/// The numbers `adapt extract` writes into an Icon Composer icon's `icon.json` (the round trips
/// over sudoku, AM-MiniPlayer and SameDesk are `ExtractRoundTripTests`').
@Suite struct ExtractIconComposerTests {
    /// Where compile puts a layer (`IconComposerCompiler.frame`, group at scale 1, unmoved).
    static func frame(size: (width: Double, height: Double), scale: Double, translation: (Double, Double)) -> IconLayer.Frame {
        let width = size.width * scale
        let height = size.height * scale
        return IconLayer.Frame(
            x: Int32((512 + translation.0 - width / 2).rounded(.down)), y: Int32((512 + translation.1 - height / 2).rounded(.down)),
            width: Int32(width.rounded(.down)), height: Int32(height.rounded(.down)))
    }

    static func position(_ frame: IconLayer.Frame, _ size: (width: Double, height: Double)) throws -> (scale: Double, x: Double, y: Double) {
        let position = try #require(ExtractIconComposer.position(of: frame, size: size))
        let translation = try #require(position["translation-in-points"]?.array)
        return (try #require(position["scale"]?.double), try #require(translation[0].double), try #require(translation[1].double))
    }

    /// sudoku's 586-point SVG at 1.25, unmoved, lies 732 wide at 145: the position comes back as written.
    @Test func sudokusLayerGetsItsOwnPositionBack() throws {
        let written = try Self.position(IconLayer.Frame(x: 145, y: 145, width: 732, height: 732), (586, 586))
        #expect(written.scale == 1.25 && written.x == 0 && written.y == 0)
    }

    /// Whatever the layer's size, scale and translation, the position written puts it on the
    /// same frame again.
    @Test(arguments: [(586.0, 586.0), (1024, 1024), (1254, 1254), (333, 120), (17, 900)])
    func everyFrameComesBackFromItsPosition(width: Double, height: Double) throws {
        for scale in [0.1, 0.5, 0.73, 1, 1.25, 1.333, 2.9] {
            for translation in [(0.0, 0.0), (-115.5, 40.25), (300, -299.9)] {
                let frame = Self.frame(size: (width, height), scale: scale, translation: translation)
                guard frame.width > 0, frame.height > 0 else { continue }
                let written = try Self.position(frame, (width, height))
                #expect(Self.frame(size: (width, height), scale: written.scale, translation: (written.x, written.y)) == frame, "\(frame) at \(scale)")
                #expect(written.x == written.x.rounded() && written.y == written.y.rounded(), "a whole translation")
            }
        }
    }

    /// Components as Icon Composer writes them; compile rounds them to three decimals, so the
    /// stored 32-bit value comes back to itself.
    @Test func componentsHaveFiveDecimals() {
        #expect(ExtractIconLookup.fiveDecimals(Double(Float(0.09))) == "0.09000")
        #expect(ExtractIconLookup.fiveDecimals(0.925) == "0.92500")
        #expect(ExtractIconLookup.fiveDecimals(1) == "1.00000")
        #expect(ExtractIconLookup.fiveDecimals(-0.5) == "-0.50000")
        #expect(ExtractIconLookup.fiveDecimals(-0.000001) == "0.00000")
    }
}
