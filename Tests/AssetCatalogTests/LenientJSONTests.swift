import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Xcode reads a Contents.json with a trailing comma (DuckDuckGo ships some): the reader reads it
/// too, warns at the comma (`json.lenient`), and leaves the file as it is.
@Suite struct LenientJSONTests {
    @Test(arguments: [
        (#"{"a": 1,}"#, [7]),
        (#"[1, 2,]"#, [5]),
        ("{\n  \"images\" : [\n    { \"scale\" : \"2x\", },\n  ],\n}", [37, 40, 45]),
    ])
    func trailingCommasAreFoundWhereTheyAre(text: String, commas: [Int]) throws {
        let (value, offsets) = try JSONParser.parseAllowingTrailingCommas(Array(text.utf8))
        #expect(offsets == commas)
        #expect(throws: JSONSyntaxError.self, "the strict parser stays strict") { try JSONParser.parse(Array(text.utf8)) }
        let bytes = Array(text.utf8)
        #expect(offsets.allSatisfy { bytes[$0] == UInt8(ascii: ",") })
        var withoutTrailingCommas = bytes
        for offset in offsets.reversed() { withoutTrailingCommas.remove(at: offset) }
        #expect(value == (try JSONParser.parse(withoutTrailingCommas)), "the same value as without the commas")
    }

    @Test(arguments: ["{,}", "[,]", "[1,,]", #"{"a": 1,,}"#, #"{"a" 1,}"#])
    func onlyATrailingCommaIsForgiven(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parseAllowingTrailingCommas(Array(text.utf8)) }
    }

    @Test func aSetWithATrailingCommaIsReadWithAWarningAtTheCommaAndItsBytesUnchanged() throws {
        let fixture = try TemporaryCatalog()
        let text = """
            {
              "images" : [
                {
                  "filename" : "a.png",
                  "idiom" : "universal",
                },
              ],
              "info" : { "author" : "xcode", "version" : 1 }
            }
            """
        try fixture.write(text, to: "A.imageset/Contents.json")
        try fixture.write("png", to: "A.imageset/a.png")
        let contentsPath = fixture.path + "/A.imageset/Contents.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: contentsPath))

        let catalog = try fixture.read()
        #expect(!catalog.diagnostics.hasErrors, "\(catalog.diagnostics)")
        #expect(catalog.asset(named: "A")?.variants.map(\.filename) == ["a.png"])
        let lenient = catalog.diagnostics.filter { $0.code == "json.lenient" }
        #expect(lenient.map(\.severity) == [.warning, .warning])
        #expect(lenient.map { [$0.location?.line, $0.location?.column] } == [[5, 28], [6, 6]])
        #expect(lenient.allSatisfy { $0.location?.file == contentsPath })
        #expect(try Data(contentsOf: URL(fileURLWithPath: contentsPath)) == before, "reading never rewrites a source catalog")
    }

    @Test func groupAndCatalogContentsMayHaveTrailingCommasToo() throws {
        let fixture = try TemporaryCatalog(writeRootContents: false)
        try fixture.write(#"{"info": {"author": "xcode", "version": 1},}"#, to: "Contents.json")
        try fixture.write(#"{"properties": {"provides-namespace": true,},}"#, to: "Box/Contents.json")
        try fixture.addSet("Box/Lid.imageset", entries: [["idiom": "universal", "filename": "l.png"]], files: ["l.png"])
        let catalog = try fixture.read()
        #expect(catalog.diagnostics.map(\.code) == ["json.lenient", "json.lenient", "json.lenient"])
        #expect(catalog.asset(named: "Box/Lid") != nil, "the group's namespace is still read")
    }
}
