import AssetCatalog
import CatalogExtraction
import CatalogFixtures
import CompiledCatalog
import Testing

/// A watch's subtype numbers (320, 384) are what Apple keys `screen-width` `<=145` and `>145` by
/// (`d_watch`'s source): extract writes them as that condition, which compile reads back to the
/// same numbers. Before, it wrote `subtype: 38mm` and `42mm`, which compile leaves out, since no
/// Apple file shows a case-size subtype's number.
@Suite struct ExtractWatchSubtypeTests {
    @Test func aWatchSubtypeIsWrittenAsItsScreenWidth() throws {
        let apple = try CompiledCorpus.read("assets_watch.car")
        let folder = try TemporaryCatalog(writeRootContents: false)
        _ = try CompiledExtraction(apple).write(to: folder.root + "/Extracted.xcassets")
        let extracted = try CatalogReader().read(at: folder.root + "/Extracted.xcassets")
        let set = try #require(extracted.assets.first { $0.name == "d_watch" })
        let widths = set.variants.compactMap { $0.screenWidth?.description }.sorted()
        #expect(widths == ["<=145", ">145"], "\(set.variants.map(\.attributeSummary))")
        #expect(set.variants.allSatisfy { $0.subtype == nil })
    }
}
