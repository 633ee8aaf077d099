import AssetCatalog
import AssetValidation

/// JUnit XML: one `testsuite` per catalog, and in it one failed `testcase` per diagnostic (as
/// SwiftLint's reporter does: a strict JUnit reader allows one `failure` per test case), named by
/// its rule and classed by its file, whose `failure` `type` is its severity. A catalog without
/// findings has one passing `testcase` named `validate`, so `tests` counts what was checked and
/// `failures` never exceeds it. Paths are relative to the working folder.
public struct JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let summary = "JUnit XML: a test suite per catalog, a failed test case per finding"
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
            let failures = suite.diagnostics.count
            let tests = max(failures, 1)
            totalTests += tests
            totalFailures += failures
            body += "  <testsuite name=\"\(suite.name.xmlEscaped)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
            if suite.diagnostics.isEmpty { body += "    <testcase name=\"validate\" classname=\"\(suite.name.xmlEscaped)\"/>\n" }
            for diagnostic in suite.diagnostics {
                let location = diagnostic.location.map { SourceLocation(file: report.relative($0.file), line: $0.line, column: $0.column) }
                let classname = location.map(\.file) ?? suite.name
                body += "    <testcase name=\"\(diagnostic.code.xmlEscaped)\" classname=\"\(classname.xmlEscaped)\">\n"
                body += "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(diagnostic.message.xmlEscaped)\">"
                    + "\((location?.description ?? "").xmlEscaped): \(diagnostic.severity.rawValue): \(diagnostic.message.xmlEscaped)</failure>\n"
                body += "    </testcase>\n"
            }
            body += "  </testsuite>\n"
        }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"adapt validate\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\">\n" + body + "</testsuites>\n"
        return ReporterOutput(standardOutput: xml, standardError: report.summary)
    }
}
