@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// watchOS complication sets (`ComplicationSetCompiler`).
@Suite struct ComplicationSetCompilerTests {
    /// A complication set's image sets compile as image sets under their own names.
    @Test func complicationImagesCompileUnderTheirNames() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Complication.complicationset",
            entries: [
                ["filename": "Circular.imageset", "idiom": "watch", "role": "circular"], ["filename": "Modular.imageset", "idiom": "watch", "role": "modular"],
            ])
        for family in ["Circular", "Modular"] {
            try fixture.addSet(
                "Complication.complicationset/\(family).imageset", entries: [["idiom": "watch", "scale": "2x", "filename": "c.png"]], files: ["c.png"],
                pngBytes: PNGFixture.png(width: 4, height: 4))
        }
        let (_, ours) = try CompileFixture.compile(fixture, .watchos)
        #expect(Set(ours.renditions.compactMap(\.name)) == ["Complication/Circular", "Complication/Modular"])
        #expect(ours.renditions.allSatisfy { $0.key.idiom == .watch && $0.key.scale == 2 && $0.key.value(.part) == 181 })
    }
}
