import AssetCatalog
import AssetValidation

/// JUnit XML: one `testsuite` per catalog, and in it one failed `testcase` per diagnostic (as
/// SwiftLint's reporter does: a strict JUnit reader allows one `failure` per test case), named by
/// its rule and classed by its file, whose `failure` `type` is its severity; a note passes, with
/// its text as the test case's output. A catalog without findings has one passing `testcase`
/// named `validate`, so `tests` counts what was checked and `failures` never exceeds it. Paths
/// are relative to the working folder.
package struct JUnitReporter: Reporter {
    package static let summary = "JUnit XML: a test suite per catalog, a failed test case per error or warning"
    package init() {}

    package func render(_ report: ValidationReport) -> ReporterOutput {
        // Suites in catalog order; diagnostics outside every catalog get a suite named by their file.
        var suites: [(name: String, diagnostics: [Diagnostic])] = report.catalogs.map { (report.relative($0.path), []) }
        var suiteIndex = Dictionary(suites.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for diagnostic in report.diagnostics {
            // The catalog the finding's subject names; a finding about no catalog, by its file.
            let name = report.relative(diagnostic.subject.catalog ?? diagnostic.location?.file ?? "")
            if let index = suiteIndex[name] {
                suites[index].diagnostics.append(diagnostic)
            } else {
                suiteIndex[name] = suites.count
                suites.append((name, [diagnostic]))
            }
        }
        var body = ""
        var totalTests = 0
        var totalFailures = 0
        for suite in suites {
            // A note (`catalog.empty`) is information, not a failed check: it is a passing test
            // case with the note as its output, so a template catalog does not turn a dashboard red.
            let failures = suite.diagnostics.count { $0.severity != .note }
            let tests = max(suite.diagnostics.count, 1)
            totalTests += tests
            totalFailures += failures
            body += "  <testsuite name=\"\(suite.name.xmlEscaped)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
            if suite.diagnostics.isEmpty { body += "    <testcase name=\"validate\" classname=\"\(suite.name.xmlEscaped)\"/>\n" }
            for diagnostic in suite.diagnostics {
                let location = diagnostic.location.map { SourceLocation(file: report.relative($0.file), line: $0.line, column: $0.column) }
                let classname = location.map(\.file) ?? suite.name
                let text = "\((location?.description ?? "").xmlEscaped): \(diagnostic.severity.rawValue): \(diagnostic.message.xmlEscaped)"
                body += "    <testcase name=\"\(diagnostic.code.xmlEscaped)\" classname=\"\(classname.xmlEscaped)\">\n"
                if diagnostic.severity == .note {
                    body += "      <system-out>\(text)</system-out>\n"
                } else {
                    body += "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(diagnostic.message.xmlEscaped)\">\(text)</failure>\n"
                }
                body += "    </testcase>\n"
            }
            body += "  </testsuite>\n"
        }
        let xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"adapt validate\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\">\n" + body + "</testsuites>\n"
        return ReporterOutput(standardOutput: xml, standardError: report.summary)
    }
}
