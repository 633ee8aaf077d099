extension String {
    /// Text safe inside an XML attribute or element: the five markup characters as entities, and
    /// control characters (which XML 1.0 cannot carry) written as `\n`, `\u{1B}`.
    var xmlEscaped: String {
        var result = ""
        for scalar in escapingControlCharacters.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
