import AssetCatalog
import AssetValidation

/// JUnit XML: one `testsuite` per catalog, one `testcase` per rule that fired there (a catalog
/// without findings has one passing `testcase` named `validate`), and one `failure` per
/// diagnostic, whose `type` is its severity. Paths are relative to the working folder.
public struct JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let summary = "JUnit XML: a test suite per catalog, a test case per rule"
    public init() {}

    public func render(_ report: ValidationReport) -> ReporterOutput {
        // Suites in catalog order; diagnostics outside every catalog get a suite named by their file.
        var suites: [(name: String, diagnostics: [Diagnostic])] = report.catalogs.map { (report.relative($0.path), []) }
        for diagnostic in report.diagnostics {
            let file = diagnostic.location?.file ?? ""
            let name = report.catalog(containing: file).map { report.relative($0.path) } ?? report.relative(file)
            if let index = suites.firstIndex(where: { $0.name == name }) { suites[index].diagnostics.append(diagnostic) } else { suites.append((name, [diagnostic])) }
        }
        var body = ""
        var totalTests = 0, totalFailures = 0
        for suite in suites {
            var cases: [(rule: String, diagnostics: [Diagnostic])] = []
            for diagnostic in suite.diagnostics {
                if let index = cases.firstIndex(where: { $0.rule == diagnostic.code }) { cases[index].diagnostics.append(diagnostic) } else { cases.append((diagnostic.code, [diagnostic])) }
            }
            let failures = suite.diagnostics.count
            let tests = max(cases.count, 1)
            totalTests += tests
            totalFailures += failures
            body += "  <testsuite name=\"\(suite.name.xmlEscaped)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
            if cases.isEmpty { body += "    <testcase name=\"validate\" classname=\"\(suite.name.xmlEscaped)\"/>\n" }
            for testCase in cases {
                body += "    <testcase name=\"\(testCase.rule.xmlEscaped)\" classname=\"\(suite.name.xmlEscaped)\">\n"
                for diagnostic in testCase.diagnostics {
                    let location = diagnostic.location.map { SourceLocation(file: report.relative($0.file), line: $0.line, column: $0.column).description } ?? ""
                    body += "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(diagnostic.message.xmlEscaped)\">"
                        + "\(location.xmlEscaped): \(diagnostic.severity.rawValue): \(diagnostic.message.xmlEscaped)</failure>\n"
                }
                body += "    </testcase>\n"
            }
            body += "  </testsuite>\n"
        }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"adapt validate\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\">\n" + body + "</testsuites>\n"
        return ReporterOutput(standardOutput: xml, standardError: report.summary)
    }
}
