extension String {
    /// Text safe inside an XML attribute or element: the five markup characters as entities, control
    /// and invisible formatting characters written as the text escaper writes them (`\n`,
    /// `\u{1B}`, `\u{202E}`), and the scalars XML 1.0 cannot carry at all, not even as a character
    /// reference (U+FFFE and U+FFFF, which file systems and git accept in names), written the same way.
    var xmlEscaped: String {
        var result = ""
        for scalar in escapingControlCharacters.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{FFFE}": result += "\\u{FFFE}"
            case "\u{FFFF}": result += "\\u{FFFF}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
