import AssetCatalog

/// GitHub Actions workflow commands: `::error file=PATH,line=L,col=C,title=RULE::MESSAGE`, which
/// GitHub shows as annotations on the pull request. Paths are relative to the working folder.
package struct GitHubReporter: LineReporter {
    package static let summary = "GitHub Actions annotations (::error file=...)"
    package init() {}

    package func write(_ report: ValidationReport, standardError: (String) -> Void, standardOutput: (String) -> Void) {
        standardError(report.summary)
        for finding in report.findings { standardOutput(Self.command(for: finding.diagnostic, relativeTo: report.relative) + "\n") }
    }

    /// One diagnostic as a workflow command, its file made relative by `relative` (also used by
    /// `adapt diff --format github`).
    package static func command(for diagnostic: Diagnostic, relativeTo relative: (String) -> String) -> String {
        let command =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=" + escapeProperty(relative(location.file)))
            if let line = location.line { properties.append("line=\(line)") }
            if let column = location.column { properties.append("col=\(column)") }
        }
        properties.append("title=" + escapeProperty(diagnostic.code))
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message))"
    }

    /// The message: `%`, CR and LF are escaped as the runner decodes them, so a command stays one
    /// line; every other control or invisible formatting character as the text escaper writes it
    /// (the runner would print it raw into the log).
    package static func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A").escapingControlCharacters
    }

    /// A property value: also `:` and `,`, which separate properties.
    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(count)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
