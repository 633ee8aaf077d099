import AssetCatalog

/// Checkstyle XML: `<file name="...">` with one `<error line column severity message source>` per
/// diagnostic, as many CI dashboards read it. Paths are relative to the working folder.
package struct CheckstyleReporter: Reporter {
    package static let summary = "Checkstyle XML"
    package init() {}

    package func render(_ report: ValidationReport) -> ReporterOutput {
        var files: [(String, [Diagnostic])] = []
        var fileIndex: [String: Int] = [:]
        for diagnostic in report.diagnostics {
            let name = report.relative(diagnostic.location?.file ?? "")
            if let index = fileIndex[name] {
                files[index].1.append(diagnostic)
            } else {
                fileIndex[name] = files.count
                files.append((name, [diagnostic]))
            }
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for (name, diagnostics) in files {
            xml += "  <file name=\"\(name.xmlEscaped)\">\n"
            for diagnostic in diagnostics {
                let severity = diagnostic.severity == .note ? "info" : diagnostic.severity.rawValue
                xml +=
                    "    <error line=\"\(diagnostic.location?.line ?? 1)\" column=\"\(diagnostic.location?.column ?? 1)\""
                    + " severity=\"\(severity)\" message=\"\(diagnostic.message.xmlEscaped)\" source=\"adapt.\(diagnostic.code.xmlEscaped)\"/>\n"
            }
            xml += "  </file>\n"
        }
        xml += "</checkstyle>\n"
        return ReporterOutput(standardOutput: xml, standardError: report.summary)
    }
}
