import AdaptiveAssets
import CatalogFixtures
import Testing

/// `resolve --queries`: an image stack answers per layer, as `resolve` does for one query and as
/// an app icon set answers per slot (issue #20, part 4).
@Suite struct LayeredBatchTests {
    @Test func aBatchAnswersAnImageStackLayerByLayer() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Stack.imagestack", entries: [["filename": "Front.imagestacklayer"], ["filename": "Back.imagestacklayer"]])
        for layer in ["Front", "Back"] {
            try fixture.write(#"{"info":{"author":"xcode","version":1}}"#, to: "Stack.imagestack/\(layer).imagestacklayer/Contents.json")
            try fixture.addSet("Stack.imagestack/\(layer).imagestacklayer/Content.imageset", entries: [
                ["idiom": "tv", "scale": "1x", "filename": .string("\(layer).png")], ["idiom": "tv", "scale": "2x", "filename": .string("\(layer)@2x.png")],
            ], files: ["\(layer).png", "\(layer)@2x.png"])
        }
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
