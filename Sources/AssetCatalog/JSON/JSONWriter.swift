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
        var output = ""
        write(value, indent: 0, into: &output)
        if style == .xcode { output.append("\n") }
        return output
    }

    public func bytes(for value: JSONValue) -> [UInt8] { Array(string(for: value).utf8) }

    private func write(_ value: JSONValue, indent: Int, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(indent + 1, into: &output)
                write(element, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output += "]"
        case .object(let object):
            guard !object.members.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                newline(indent + 1, into: &output)
                Self.writeString(member.key, into: &output)
                output += style == .xcode ? " : " : ":"
                write(member.value, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output += "}"
        }
    }

    private func newline(_ indent: Int, into output: inout String) {
        guard style == .xcode else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
