import AssetCatalog
import Testing

@testable import CompiledCatalog

/// The assetutil document's writer: integers, strings from a file's bytes and keys, as JSON and
/// Xcode's style have them.
@Suite struct JSONOutputTests {
    static func written(_ body: (inout JSONOutput) -> Void) -> String {
        var output = JSONOutput(capacity: 1)
        body(&output)
        return output.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 65535, 184, 1_000_000, 123_456_789, Int.max, -1, -9, -10, -100, -123_456, Int.min])
    func integersAreTheirDecimalDigits(_ value: Int) {
        #expect(Self.written { $0.integer(value) } == String(value))
    }

    /// Plain ASCII is copied; quotes, backslashes, control characters and anything beyond ASCII
    /// are escaped as the package's `JSONWriter` escapes them, invalid UTF-8 repaired first.
    @Test(arguments: [
        [UInt8](), Array("green@2x.png".utf8), Array("a \"quoted\" \\ name".utf8), Array("line\nbreak\t\u{7F}".utf8),
        Array("café ☕︎".utf8), [0x41, 0xFF, 0x42, 0xC3], Array(String(repeating: "long name ", count: 40).utf8),
    ])
    func stringsFromBytesAreEscapedAsJSONWriterEscapes(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = String(decoding: JSONWriter.compact.bytes(for: .string(text)), as: UTF8.self)
        #expect(Self.written { output in bytes.withUnsafeBytes { output.string(utf8: $0) } } == expected)
        #expect(Self.written { $0.string(text) } == expected)
    }

    @Test func membersAreIndentedOneLevelInsideTheArray() {
        let text = Self.written { output in
            output.open()
            output.member("AssetType", "Image")
            output.member("Scale", 2)
            output.member("Opaque", false)
            output.member("Colorspace", unknown: 1)
            output.member("Colorspace", literal: "srgb")
            output.close()
        }
        #expect(
            text
                == "\n  {\n    \"AssetType\" : \"Image\",\n    \"Scale\" : 2,\n    \"Opaque\" : false,\n    \"Colorspace\" : \"Unknown(1)\",\n    \"Colorspace\" : \"srgb\"\n  }"
        )
    }
}
