@_spi(AdaptTool) import AdaptiveAssets
import CatalogFixtures
import Testing

/// `resolve --queries`: an image stack answers per layer, as `resolve` does for one query and as
/// an app icon set answers per slot (issue #20, part 4).
@Suite struct LayeredBatchTests {
    @Test func aBatchAnswersAnImageStackLayerByLayer() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addImageStack()
        var resolver = BatchResolver(index: AssetIndex(try fixture.read()), sourceName: "queries.jsonl")
        let line = #"{"asset": "Stack", "traits": {"userInterfaceIdiom": "tv", "displayScale": 2}}"#
        let output = resolver.answer(line: Array(line.utf8), number: 1)
        let answer = try JSONParser.parse(Array(try #require(output).utf8))
        let slots = try #require(answer["slots"]?.array)
        #expect(slots.compactMap { $0["filename"]?.string } == ["Front@2x.png", "Back@2x.png"], "\(answer)")
        #expect(answer["reason"] == nil)
        #expect(resolver.unmatchedCount == 0)
    }
}
