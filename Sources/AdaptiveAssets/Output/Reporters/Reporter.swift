import AdaptSupport
import AssetCatalog
import AssetValidation

/// One way to print a validation report: `adapt validate --format NAME`, where NAME is its
/// `ReporterFormat`. Reporters are small values; the CLI only writes what they return.
package protocol Reporter: Sendable {
    /// One line for `--help`.
    static var summary: String { get }
    func render(_ report: ValidationReport) -> ReporterOutput
    /// The same output in pieces, standard error's before standard output's, each piece handed over
    /// as soon as it is made: a run with tens of thousands of findings never holds its whole text
    /// (20 MB at 20,000 sets) or a line per finding at once. Reporters whose document is one
    /// value (SARIF, JUnit) hand it over whole, which is what the default does.
    func write(_ report: ValidationReport, standardError: (String) -> Void, standardOutput: (String) -> Void)
}

extension Reporter {
    package func write(_ report: ValidationReport, standardError: (String) -> Void, standardOutput: (String) -> Void) {
        let output = render(report)
        if !output.standardError.isEmpty { standardError(output.standardError) }
        if !output.standardOutput.isEmpty { standardOutput(output.standardOutput) }
    }
}

/// A reporter that makes its output line by line: `render` is `write` collected, so the two
/// cannot differ.
protocol LineReporter: Reporter {}

extension LineReporter {
    package func render(_ report: ValidationReport) -> ReporterOutput {
        var output = ReporterOutput()
        write(report, standardError: { output.standardError += $0 }, standardOutput: { output.standardOutput += $0 })
        return output
    }
}

/// What a reporter prints: its document on standard output, and anything for people
/// (`path:line:column: error: ...` lines) on standard error.
package struct ReporterOutput: Hashable, Sendable {
    package var standardOutput = ""
    package var standardError = ""
    package init(standardOutput: String = "", standardError: String = "") {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// Every reporter, by the name `--format` takes: the one list that `--help`, the CLI and the
/// build plugin read.
///
/// ```swift
/// let output = ReporterFormat.sarif.reporter.render(report)
/// ```
package enum ReporterFormat: String, CaseIterable, Sendable {
    case text, json, xcode, github, sarif, junit, checkstyle

    package var reporter: any Reporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .xcode: XcodeReporter()
        case .github: GitHubReporter()
        case .sarif: SARIFReporter()
        case .junit: JUnitReporter()
        case .checkstyle: CheckstyleReporter()
        }
    }

    package var summary: String { type(of: reporter).summary }
}

extension ValidationReport {
    /// `1 catalog validated: 1 error, 2 warnings`, then what a baseline left out and what it says is fixed.
    package var summary: String {
        let errors = findings.count { $0.diagnostic.severity == .error }
        let warnings = findings.count { $0.diagnostic.severity == .warning }
        var line = "\(counted(catalogs.count, "catalog")) validated: \(counted(errors, "error")), \(counted(warnings, "warning"))"
        if baselined > 0 { line += "; \(baselined) in the baseline" }
        if !fixed.isEmpty { line += "; \(fixed.count) fixed since the baseline" }
        var lines = [line]
        for entry in fixed {
            lines.append("  fixed since the baseline: \(entry.catalog)/\(entry.set) [\(entry.rule)]\(entry.variant.isEmpty ? "" : " \(entry.variant)")")
        }
        return lines.textOutput
    }

    /// The rules that fired, in `adapt rules`' order, for SARIF's rule list.
    var firedRules: [RuleCard] {
        let fired = Set(diagnostics.map(\.rule))
        return RuleID.all.filter(fired.contains).map(\.card)
    }
}

/// `path:line:column: severity: message [rule]` on standard error, and the summary on standard output.
package struct TextReporter: LineReporter {
    package static let summary = "diagnostics for people, then a summary"
    package init() {}
    package func write(_ report: ValidationReport, standardError: (String) -> Void, standardOutput: (String) -> Void) {
        for finding in report.findings { standardError(finding.diagnostic.description + "\n") }
        standardOutput(report.summary)
    }
}

/// Only the diagnostics, on standard error, as Xcode and SwiftPM read build logs.
package struct XcodeReporter: LineReporter {
    package static let summary = "only the diagnostics, for build logs"
    package init() {}
    package func write(_ report: ValidationReport, standardError: (String) -> Void, standardOutput: (String) -> Void) {
        for finding in report.findings { standardError(finding.diagnostic.description + "\n") }
    }
}

/// One JSON object per diagnostic, one a line.
package struct JSONReporter: LineReporter {
    package static let summary = "one JSON object per diagnostic, one a line"
    package init() {}
    package func write(_ report: ValidationReport, standardError: (String) -> Void, standardOutput: (String) -> Void) {
        for finding in report.findings { standardOutput(JSONWriter.compact.string(for: finding.diagnostic.json) + "\n") }
    }
}
