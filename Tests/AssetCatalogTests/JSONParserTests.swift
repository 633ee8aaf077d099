import AssetCatalog
import Testing

@Suite struct JSONParserTests {
    @Test func keepsKeyOrderAndNumberText() throws {
        let value = try JSONParser.parse(Array(#"{"z": 1.000, "a": [true, null, "x\n\u00e9"], "m": {}}"#.utf8))
        #expect(value.object?.keys == ["z", "a", "m"])
        #expect(value["z"] == .number("1.000"))
        #expect(value["a"] == [true, nil, "x\né"])
    }

    @Test func recordsOffsetsOfObjectsAndMembers() throws {
        let text = "{\n  \"images\" : [\n    { \"scale\" : \"2x\" }\n  ]\n}"
        let value = try JSONParser.parse(Array(text.utf8))
        let entry = try #require(value["images"]?.array?.first?.object)
        let location = SourceLocation(file: "C.json", offset: try #require(entry.offset), in: Array(text.utf8))
        #expect(location.line == 3)
        #expect(location.column == 5)
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a quoted key"),
        ("{\n  \"a\" : 1\n  \"b\" : 2\n}", 3, 3, "expected ',' or '}'"),
        ("[1, 2", 1, 6, "unexpected end of file"),
        ("{\"a\": tru}", 1, 7, "invalid literal"),
        ("{\"a\": \"unterminated}", 1, 7, "unterminated string"),
        ("{} {}", 1, 4, "unexpected text after"),
        ("", 1, 1, "unexpected end of file"),
    ])
    func reportsWhereSyntaxErrorsAre(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            Issue.record("parsed invalid JSON: \(text)")
        } catch {
            let location = SourceLocation(file: "f", offset: error.offset, in: Array(text.utf8))
            #expect(location.line == line, "\(text)")
            #expect(location.column == column, "\(text)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func rejectsDeepNestingInsteadOfOverflowingTheStack() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func writerRoundTripsValuesAndEscapes() throws {
        let original: JSONValue = [
            "images": [["filename": "a \"quoted\" name.png", "scale": "2x"], ["idiom": "universal"]],
            "info": ["author": "xcode", "version": 1], "empty": [], "flag": false, "tab": "\t\u{1}",
        ]
        for writer in [JSONWriter.xcodeStyle, JSONWriter.compact] {
            let reparsed = try JSONParser.parse(writer.bytes(for: original))
            #expect(reparsed == original)
        }
        #expect(JSONWriter.xcodeStyle.string(for: ["a": 1]) == "{\n  \"a\" : 1\n}\n")
    }
}
