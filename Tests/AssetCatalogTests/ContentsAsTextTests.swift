import AssetCatalog
import CatalogFixtures
import Testing

/// The model keeps each set's Contents.json as text and reads an entry (or the whole document)
/// back when asked: what it reads back is what parsing the file gives, trailing commas, a byte
/// order mark and duplicate keys included, and a variant read from text equals one built from
/// the same entry.
@Suite struct ContentsAsTextTests {
    @Test func entriesAndContentsReadBackAsParsed() throws {
        let fixture = try TemporaryCatalog()
        let text =
            "\u{FEFF}{\"images\":[{\"idiom\":\"universal\",\"scale\":\"2x\",\"filename\":\"a.png\",\"frobnicate\":1.50,},"
            + "{\"idiom\":\"ipad\",\"filename\":\"b.png\",\"idiom\":\"iphone\"}],\"info\":{\"author\":\"xcode\",\"version\":1},}"
        try fixture.write(text, to: "A.imageset/Contents.json")
        try fixture.write("a", to: "A.imageset/a.png")
        try fixture.write("b", to: "A.imageset/b.png")
        let asset = try #require(try fixture.read().asset(named: "A"))

        let expected: JSONObject = [
            "images": [
                ["idiom": "universal", "scale": "2x", "filename": "a.png", "frobnicate": .number("1.50")],
                ["idiom": "ipad", "filename": "b.png"],
            ],
            "info": ["author": "xcode", "version": 1],
        ]
        #expect(asset.contents == expected)
        #expect(asset.variants.map(\.entry) == expected["images"]?.array?.compactMap(\.object))
        #expect(asset.variants[1].entry.keys == ["idiom", "filename"], "the later 'idiom' is dropped, as when read")

        var built = asset.variants[0]
        built.entry = asset.variants[0].entry
        #expect(built == asset.variants[0] && built.hashValue == asset.variants[0].hashValue)
        built.entry["frobnicate"] = 2
        #expect(built != asset.variants[0])
    }

    @Test func rareAttributesSetAndClearedLeaveEqualVariants() {
        var variant = Variant(index: 0)
        variant.role = "notificationCenter"
        variant.locale = "fr"
        #expect(variant.role == "notificationCenter" && variant.locale == "fr")
        let copy = variant
        variant.role = nil
        #expect(copy.role == "notificationCenter", "a copy keeps its own attributes")
        variant.locale = nil
        #expect(variant == Variant(index: 0) && variant.hashValue == Variant(index: 0).hashValue)
    }
}
