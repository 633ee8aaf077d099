/// Writes JSON the way Xcode writes Contents.json: two-space indent, `"key" : value`, members in
/// their stored order, and a final newline.
///
/// ```swift
/// let text = JSONWriter.xcodeStyle.string(for: ["info": ["author": "xcode", "version": 1]])
/// ```
public struct JSONWriter: Sendable {
    /// The layout of the text written.
    public enum Style: Sendable {
        /// Indented, one member a line, as Xcode writes Contents.json.
        case xcode
        /// One line with no spaces, for JSON-lines output.
        case compact
    }

    /// The layout this writer uses.
    public var style: Style

    /// Writes as Xcode writes Contents.json, so a rewritten file differs only where it changed.
    public static let xcodeStyle = JSONWriter(style: .xcode)
    /// Writes one line, for JSON Lines output.
    public static let compact = JSONWriter(style: .compact)

    /// A writer of the given layout.
    public init(style: Style) { self.style = style }

    /// The text of `value` in this writer's layout.
    public func string(for value: JSONValue) -> String {
        String(decoding: bytes(for: value), as: UTF8.self)
    }

    /// The UTF-8 text, written as bytes: manifests for every device and whole-catalog inspections
    /// are large.
    public func bytes(for value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, indent: 0, into: &output)
        if style == .xcode { output.append(UInt8(ascii: "\n")) }
        return output
    }

    /// `object` with one more member last, `key`, an array of `count` elements, written as
    /// `bytes(for:)` writes the whole object but with each element built only when it is written
    /// (`element(i)`) and the text handed to `flush` in pieces of about `chunk` bytes: a large
    /// document (a device's manifest, one element per asset) is never held whole, as a value or as text.
    package func write(
        _ object: JSONObject, withArray key: String, count: Int, chunk: Int = 1 << 16,
        element: (Int) throws -> JSONValue, flush: ([UInt8]) throws -> Void
    ) rethrows {
        var output: [UInt8] = []
        output.reserveCapacity(chunk + 4096)
        output.append(UInt8(ascii: "{"))
        for member in object.members {
            newline(1, into: &output)
            Self.writeString(member.key, into: &output)
            output += (style == .xcode ? " : " : ":").utf8
            write(member.value, indent: 1, into: &output)
            output.append(UInt8(ascii: ","))
        }
        newline(1, into: &output)
        Self.writeString(key, into: &output)
        output += (style == .xcode ? " : " : ":").utf8
        if count == 0 {
            output += "[]".utf8
        } else {
            output.append(UInt8(ascii: "["))
            for index in 0..<count {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(2, into: &output)
                write(try element(index), indent: 2, into: &output)
                if output.count >= chunk {
                    try flush(output)
                    output.removeAll(keepingCapacity: true)
                }
            }
            newline(1, into: &output)
            output.append(UInt8(ascii: "]"))
        }
        newline(0, into: &output)
        output.append(UInt8(ascii: "}"))
        if style == .xcode { output.append(UInt8(ascii: "\n")) }
        try flush(output)
    }

    private func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .number(let text): output += text.utf8
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]".utf8
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &output)
                write(element, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.members.isEmpty else {
                output += "{}".utf8
                return
            }
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &output)
                Self.writeString(member.key, into: &output)
                output += (style == .xcode ? " : " : ":").utf8
                write(member.value, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ indent: Int, into output: inout [UInt8]) {
        guard style == .xcode else { return }
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { output += [0x20, 0x20] }
    }

    /// A JSON string literal. Every scalar the text escaper would escape (`isUnsafeInText`: control
    /// characters, bidirectional controls, line and paragraph separators) is written as `\uXXXX`,
    /// so the JSON is valid, prints as it is, and cannot drive a terminal or reorder what a reader
    /// sees. Everything else passes through as UTF-8.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        var text = text
        output.append(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""): output += [0x5C, 0x22]
                case UInt8(ascii: "\\"): output += [0x5C, 0x5C]
                case 0x0A: output += [0x5C, UInt8(ascii: "n")]
                case 0x0D: output += [0x5C, UInt8(ascii: "r")]
                case 0x09: output += [0x5C, UInt8(ascii: "t")]
                case 0..<0x20, 0x7F: writeEscape(UInt32(byte), into: &output)
                case 0xC2, 0xE2:
                    // Two- and three-byte sequences: C2 80–9F is a C1 control; E2 80/81 xx holds the
                    // invisible formatting characters. Decode just these leads; the rest is copied.
                    let length = byte == 0xC2 ? 2 : 3
                    if index + length <= bytes.count {
                        let scalar =
                            byte == 0xC2
                            ? UInt32(bytes[index + 1] & 0x3F) | 0x80
                            : 0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                        if let unicode = Unicode.Scalar(scalar), unicode.isUnsafeInText {
                            writeEscape(scalar, into: &output)
                            index += length
                            continue
                        }
                    }
                    output.append(byte)
                default: output.append(byte) // UTF-8 passes through: JSON text is UTF-8
                }
                index += 1
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// `\u0007`, `\u2028`: four lowercase hex digits (every scalar escaped here is in the BMP).
    private static func writeEscape(_ scalar: UInt32, into output: inout [UInt8]) {
        output += [0x5C, UInt8(ascii: "u"), hex[Int(scalar >> 12 & 0xF)], hex[Int(scalar >> 8 & 0xF)], hex[Int(scalar >> 4 & 0xF)], hex[Int(scalar & 0xF)]]
    }
}
