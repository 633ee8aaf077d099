/// Names in a catalog come from untrusted files: a filename holding a newline and
/// `Sources/App/Payment.swift:42:1: error: ...` would print a forged diagnostic that Xcode shows
/// against another file, and escape sequences would reach the terminal. Every text output
/// escapes control characters before printing.
///
/// ```swift
/// "a\nb\u{1B}[31m".escapingControlCharacters   // "a\\nb\\u{1B}[31m"
/// ```
extension String {
    /// The text with every control character (U+0000–U+001F, U+007F and the C1 range
    /// U+0080–U+009F) and every invisible formatting character (bidirectional overrides, line
    /// separators) written as an escape: `\n`, `\r`, `\t`, or `\u{XX}`.
    package var escapingControlCharacters: String { escapingControlCharacters(keepingLineBreaks: false) }

    /// The same, keeping `\n` and `\t` as they are: for whole outputs whose lines and columns are
    /// the tool's own (the values inside them are escaped where they are formatted).
    package func escapingControlCharacters(keepingLineBreaks: Bool) -> String {
        guard unicodeScalars.contains(where: { Self.needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else { return self }
        var result = ""
        result.unicodeScalars.reserveCapacity(unicodeScalars.count)
        for scalar in unicodeScalars {
            guard Self.needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        guard scalar.isUnsafeInText else { return false }
        return !(keepingLineBreaks && (scalar == "\n" || scalar == "\t"))
    }
}

extension Unicode.Scalar {
    /// Whether printing the scalar raw could drive a terminal or change what a reader sees: every
    /// control character (U+0000–U+001F, U+007F, the C1 range U+0080–U+009F) and the invisible
    /// formatting characters: bidirectional marks, embeddings, overrides and isolates (a name with
    /// U+202E reads backwards, as in "Trojan Source") and the line and paragraph separators some
    /// editors and JavaScript break lines at. The text escaper and every machine-read format
    /// (JSON, XML, CSV, workflow commands) escape exactly these, each in its own syntax.
    package var isUnsafeInText: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || Self.isInvisibleFormatting(value)
    }

    package static func isInvisibleFormatting(_ value: UInt32) -> Bool {
        (0x200E...0x200F).contains(value) || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

extension Array where Element == String {
    /// Lines of a text output, each escaped (a name holding a line break stays on its line, so it
    /// cannot start a line of its own, such as a forged `path:1:1: error:` or `::error` command),
    /// joined with line breaks, ending in one.
    ///
    /// ```swift
    /// ["Evil\n::error file=a.swift::forged → a.png"].textOutput   // "Evil\\n::error ... → a.png\n"
    /// ```
    package var textOutput: String {
        isEmpty ? "" : map(\.escapingControlCharacters).joined(separator: "\n") + "\n"
    }
}
