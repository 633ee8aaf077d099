import AssetCatalog
import AssetValidation

/// One way to print a validation report: `adapt validate --format ID`. Reporters are values
/// looked up by identifier (`Reporters.named`); the CLI only writes what they return.
public protocol Reporter: Sendable {
    static var identifier: String { get }
    static var summary: String { get }
    func render(_ report: ValidationReport) -> ReporterOutput
}

/// What a reporter prints: its document on standard output, and anything for people
/// (`path:line:column: error: ...` lines) on standard error.
public struct ReporterOutput: Hashable, Sendable {
    public var standardOutput = ""
    public var standardError = ""
    public init(standardOutput: String = "", standardError: String = "") {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

public enum Reporters {
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, XcodeReporter.self, GitHubReporter.self,
        SARIFReporter.self, JUnitReporter.self, CheckstyleReporter.self,
    ]

    public static var identifiers: [String] { all.map { $0.identifier } }

    public static func named(_ identifier: String) -> (any Reporter)? {
        switch identifier {
        case TextReporter.identifier: TextReporter()
        case JSONReporter.identifier: JSONReporter()
        case XcodeReporter.identifier: XcodeReporter()
        case GitHubReporter.identifier: GitHubReporter()
        case SARIFReporter.identifier: SARIFReporter()
        case JUnitReporter.identifier: JUnitReporter()
        case CheckstyleReporter.identifier: CheckstyleReporter()
        default: nil
        }
    }
}

/// The package's version, as SARIF's `tool.driver.version` and `adapt --version` show it.
public enum AdaptVersion {
    public static let current = "0.9.0"
}

extension ValidationReport {
    /// `1 catalog validated: 1 error, 2 warnings`, then what a baseline left out and what it says is fixed.
    public var summary: String {
        let errors = diagnostics.errorCount, warnings = diagnostics.warningCount
        var line = "\(catalogs.count) catalog\(catalogs.count == 1 ? "" : "s") validated: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if baselined > 0 { line += "; \(baselined) in the baseline" }
        if !fixed.isEmpty { line += "; \(fixed.count) fixed since the baseline" }
        var lines = [line]
        for entry in fixed {
            lines.append("  fixed since the baseline: \(entry.catalog)/\(entry.set) [\(entry.rule)]\(entry.variant.isEmpty ? "" : " \(entry.variant)")")
        }
        return lines.textOutput
    }

    /// The rules that fired, in the registry's order, for SARIF's rule list.
    var firedRules: [RuleDescription] {
        let fired = Set(diagnostics.map(\.code))
        return RuleRegistry.all.filter { fired.contains($0.id) }
    }
}

/// `path:line:column: severity: message [rule]` on standard error, and the summary on standard output.
public struct TextReporter: Reporter {
    public static let identifier = "text"
    public static let summary = "diagnostics for people, then a summary"
    public init() {}
    public func render(_ report: ValidationReport) -> ReporterOutput {
        ReporterOutput(standardOutput: report.summary, standardError: report.diagnostics.map { $0.description + "\n" }.joined())
    }
}

/// Only the diagnostics, on standard error, as Xcode and SwiftPM read build logs.
public struct XcodeReporter: Reporter {
    public static let identifier = "xcode"
    public static let summary = "only the diagnostics, for build logs"
    public init() {}
    public func render(_ report: ValidationReport) -> ReporterOutput {
        ReporterOutput(standardError: report.diagnostics.map { $0.description + "\n" }.joined())
    }
}

/// One JSON object per diagnostic, one a line.
public struct JSONReporter: Reporter {
    public static let identifier = "json"
    public static let summary = "one JSON object per diagnostic, one a line"
    public init() {}
    public func render(_ report: ValidationReport) -> ReporterOutput {
        ReporterOutput(standardOutput: report.diagnostics.map { JSONWriter.compact.string(for: $0.json) + "\n" }.joined())
    }
}
