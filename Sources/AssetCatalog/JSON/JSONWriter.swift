/// Writes JSON the way Xcode writes Contents.json: two-space indent, `"key" : value`, members in
/// their stored order, and a final newline.
///
/// ```swift
/// let text = JSONWriter.xcodeStyle.string(for: ["info": ["author": "xcode", "version": 1]])
/// ```
public struct JSONWriter: Sendable {
    public enum Style: Sendable {
        /// Indented, one member a line, as Xcode writes Contents.json.
        case xcode
        /// One line with no spaces, for JSON-lines output.
        case compact
    }

    public var style: Style

    public static let xcodeStyle = JSONWriter(style: .xcode)
    public static let compact = JSONWriter(style: .compact)

    public init(style: Style) { self.style = style }

    public func string(for value: JSONValue) -> String {
        String(decoding: bytes(for: value), as: UTF8.self)
    }

    /// The UTF-8 text. Written as bytes, with unescaped runs copied whole: manifests for every
    /// device and whole-catalog inspections are large.
    public func bytes(for value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, indent: 0, into: &output)
        if style == .xcode { output.append(UInt8(ascii: "\n")) }
        return output
    }

    private func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .number(let text): output += text.utf8
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]".utf8; return }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &output)
                write(element, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.members.isEmpty else { output += "{}".utf8; return }
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

    static func writeString(_ text: String, into output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "\""))
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "\""): output += [0x5C, 0x22]
            case UInt8(ascii: "\\"): output += [0x5C, 0x5C]
            case 0x0A: output += [0x5C, UInt8(ascii: "n")]
            case 0x0D: output += [0x5C, UInt8(ascii: "r")]
            case 0x09: output += [0x5C, UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                output += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            case 0x80...0x9F where previous == 0xC2:
                // A C1 control (U+0080–U+009F, UTF-8 C2 80–C2 9F): valid JSON either way, but
                // escaped so that printing the JSON cannot drive a terminal. Replace the C2 lead.
                output.removeLast()
                output += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: output.append(byte)  // UTF-8 passes through: JSON text is UTF-8
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
