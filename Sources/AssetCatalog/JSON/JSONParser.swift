import AdaptSupport

/// A strict JSON parser over UTF-8 bytes that records where every object and member starts.
///
/// Foundation's parser neither keeps key order nor says where an error is; Contents.json
/// rewriting needs the first and diagnostics need the second.
///
/// ```swift
/// do {
///     let value = try JSONParser.parse(bytes)
/// } catch let error as JSONSyntaxError {
///     let location = SourceLocation(file: path, offset: error.offset, in: bytes)
/// }
/// ```
///
/// `parseAllowingTrailingCommas` is the one relaxation: Xcode reads a Contents.json whose last
/// member or element is followed by a comma (real catalogs ship such files), so the reader must
/// too. It returns where each such comma is, so the caller can warn; everything else stays strict.
public struct JSONParser: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    private static let maximumDepth = 512
    /// Whether `{"a": 1,}` and `[1,]` are accepted (see `parseAllowingTrailingCommas`).
    private var allowsTrailingCommas = false
    /// Byte offsets of the trailing commas accepted so far.
    private var trailingCommaOffsets: [Int] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one strict JSON document (RFC 8259), keeping key order, number text and offsets.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, allowingTrailingCommas: false).value
    }

    /// Parses like `parse`, but accepts a comma after the last member of an object or the last
    /// element of an array, as Xcode does. Returns the byte offset of each such comma.
    ///
    /// ```swift
    /// let (value, commas) = try JSONParser.parseAllowingTrailingCommas(Array(#"{"a": 1,}"#.utf8))
    /// commas  // [7]
    /// ```
    public static func parseAllowingTrailingCommas(_ bytes: [UInt8]) throws(JSONSyntaxError)
        -> (value: JSONValue, trailingCommaOffsets: [Int])
    {
        try parse(bytes, allowingTrailingCommas: true)
    }

    private static func parse(_ bytes: [UInt8], allowingTrailingCommas: Bool) throws(JSONSyntaxError)
        -> (value: JSONValue, trailingCommaOffsets: [Int])
    {
        let result: Result<(JSONValue, [Int]), JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            parser.allowsTrailingCommas = allowingTrailingCommas
            do throws(JSONSyntaxError) {
                parser.skipByteOrderMark()
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                if parser.position < buffer.count {
                    throw parser.error("unexpected text after the end of the JSON value")
                }
                return .success((value, parser.trailingCommaOffsets))
            } catch {
                return .failure(error)
            }
        }
        let (value, commas) = try result.get()
        return (value, commas)
    }

    /// The object that starts at `offset` of a document already parsed with
    /// `parseAllowingTrailingCommas`, parsed again the same way, its offsets those of `bytes`; nil
    /// when no object starts there. What a model that keeps a Contents.json as text (not as a tree)
    /// reads an entry or the whole document back with.
    package static func object(in bytes: [UInt8], at offset: Int) -> JSONObject? {
        bytes.withUnsafeBufferPointer { buffer -> JSONObject? in
            var parser = JSONParser(bytes: buffer)
            parser.allowsTrailingCommas = true
            parser.position = offset
            guard offset < buffer.count, buffer[offset] == UInt8(ascii: "{") else { return nil }
            return try? parser.parseObject()
        }
    }

    /// After a comma at `commaOffset`: whether the container closes here instead of continuing,
    /// which only a lenient parse accepts.
    private mutating func closesAfterTrailingComma(_ closing: UInt8, commaOffset: Int) -> Bool {
        guard allowsTrailingCommas, position < bytes.count, bytes[position] == closing else { return false }
        trailingCommaOffsets.append(commaOffset)
        position += 1
        return true
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: offset ?? position)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[position])), expected a value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONObject {
        let start = position
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return JSONObject(members, offset: start)
        }
        var commaOffset: Int?
        while true {
            skipWhitespace()
            if let commaOffset, closesAfterTrailingComma(UInt8(ascii: "}"), commaOffset: commaOffset) {
                return JSONObject(members, offset: start)
            }
            guard position < bytes.count else { throw error("unexpected end of file inside an object") }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found \(describe(bytes[position]))")
            }
            let keyOffset = position
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(key)\"")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONObject.Member(key: key, value: value, offset: keyOffset))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of file inside an object") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                commaOffset = position
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                return JSONObject(members, offset: start)
            default: throw error("expected ',' or '}' after a member, found \(describe(bytes[position]))")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
        try enter()
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        var commaOffset: Int?
        while true {
            skipWhitespace()
            if let commaOffset, closesAfterTrailingComma(UInt8(ascii: "]"), commaOffset: commaOffset) {
                return elements
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of file inside an array") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                commaOffset = position
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                return elements
            default: throw error("expected ',' or ']' after an element, found \(describe(bytes[position]))")
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count,
            memcmp(bytes.baseAddress! + position, literal.utf8Start, count) == 0
        else { throw error("invalid literal, expected \(literal)") }
        position += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.position
            while parser.position < parser.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.position])
            {
                parser.position += 1
            }
            return parser.position - from
        }
        guard digits(&self) > 0 else { throw error("invalid number") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits(&self) > 0 else { throw error("invalid number: digits expected in exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        let contentStart = position
        // Fast path: most Contents.json strings are ASCII without escapes, which needs no validation.
        var isASCII = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
                position += 1
                if isASCII { return String(decoding: text, as: UTF8.self) }
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw error("string is not valid UTF-8", at: start)
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character inside a string") }
            if byte >= 0x80 { isASCII = false }
            position += 1
        }
        var scratch: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let string = String(validating: scratch, as: UTF8.self) else {
                    throw error("string is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate in \\u escape") }
                        position += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    scratch.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw error("invalid escape sequence", at: position - 2)
                }
            default:
                if byte < 0x20 { throw error("control character inside a string") }
                scratch.append(byte)
                position += 1
            }
        }
        throw error("unterminated string", at: start)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}

/// Why a text is not JSON, and the byte offset where parsing stopped.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// What was expected or found, for a person (`expected ','`).
    public var message: String
    /// The byte offset in the input where parsing stopped.
    public var offset: Int
}
