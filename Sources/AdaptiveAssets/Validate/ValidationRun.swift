import AssetCatalog
import AssetValidation
import DeviceProfiles
import Foundation

/// `adapt validate` end to end: finds each catalog's `.adapt.yml` (or takes `--config`), validates
/// the catalogs of each configuration together, drops excluded paths, and splits the findings by
/// a baseline. Reporters (`Reporter`) print the result.
///
/// ```swift
/// let report = try ValidationRun(catalogs: ["App.xcassets"]).run()
/// print(SARIFReporter().render(report).standardOutput)
/// ```
package struct ValidationRun: Sendable {
    package var catalogs: [String]
    /// `--config FILE`: one file for every catalog, instead of looking for `.adapt.yml`.
    package var configPath: String?
    package var overrides = AdaptConfiguration.Overrides()
    /// `--write-baseline FILE`.
    package var writeBaseline: String?
    package var workingDirectory = FileManager.default.currentDirectoryPath
    /// `--accessors`: when set, the accessors of every catalog read are generated
    /// (`ValidationReport.accessors`), and their `accessors.name-collision` warnings are findings
    /// like any other, under the configuration of the catalog they are in.
    package var accessors: AccessorGenerator?

    package init(catalogs: [String], configPath: String? = nil) {
        self.catalogs = catalogs
        self.configPath = configPath
    }

    /// A folder that is not a catalog stands for the catalogs inside it, 6 levels deep at most (CI
    /// runs `adapt validate .`). A folder without any stays, and is refused as `catalog.not-a-catalog`.
    package static func expand(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            guard !CatalogFinder.isCatalogName(path.lastPathComponent) else { return [path] }
            let found = CatalogFinder.catalogs(below: path, depth: 6, limit: 1000)
            return found.isEmpty ? [path] : found
        }
    }

    /// Runs every check. Throws a diagnostic for a configuration, device or baseline file that
    /// cannot be used (exit 1 before anything is validated).
    package func run() throws(Diagnostic) -> ValidationReport {
        let paths = Self.expand(catalogs)
        // Checked before anything is validated, so a refused path changes nothing: a baseline is
        // written only outside the catalogs, over nothing or over an earlier baseline.
        if let writeBaseline, let reason = Baseline.refusal(toWrite: writeBaseline, catalogs: paths) {
            throw Diagnostic(.baselineRefused, "cannot write the baseline: \(reason)", at: SourceLocation(file: writeBaseline))
        }
        // Group the catalogs by the configuration that applies to them, keeping the given order.
        var groups: [(config: String?, catalogs: [String])] = []
        for path in paths {
            let config = configPath ?? ConfigFile.find(above: path)
            if let index = groups.firstIndex(where: { $0.config == config }) {
                groups[index].catalogs.append(path)
            } else {
                groups.append((config, [path]))
            }
        }
        var report = ValidationReport(workingDirectory: workingDirectory)
        /// Every finding's fingerprint, kept only to write a baseline.
        var allFingerprints: [Fingerprint] = []
        var baselines: [String: [Finding]] = [:]
        var baselineBoundaries: [String: String?] = [:]
        /// Each group's validator, configuration and fingerprint index, for the accessors' findings.
        var configured: [(validator: Validator, configuration: AdaptConfiguration, fingerprints: FingerprintIndex)] = []
        /// Which group each catalog is in, by path: what an accessor finding's subject names.
        var groupOfCatalog: [String: Int] = [:]
        // Each finding goes straight to where it is kept: a big catalog's findings (58,000 at 20,000
        // sets) are never copied between intermediate arrays.
        func record(_ diagnostics: [Diagnostic], _ configuration: AdaptConfiguration, _ fingerprints: FingerprintIndex) {
            let baseline = writeBaseline == nil ? configuration.baseline : nil
            if let baseline {
                // Loaded even when nothing is found: what it lists is then all fixed.
                if baselines[baseline] == nil { baselines[baseline] = [] }
                baselineBoundaries[baseline] = configuration.baselineBoundary
            } else if diagnostics.count > 1 {
                // A group's findings at once, not doubling through copies (accessor findings come one by one).
                report.findings.reserveCapacity(report.findings.count + diagnostics.count)
            }
            for diagnostic in diagnostics where !(diagnostic.location.map { configuration.excludes($0.file) } ?? false) {
                let finding = Finding(diagnostic: diagnostic, fingerprint: fingerprints.fingerprint(of: diagnostic))
                if writeBaseline != nil { allFingerprints.append(finding.fingerprint) }
                if let baseline { baselines[baseline, default: []].append(finding) } else { report.findings.append(finding) }
            }
        }
        for group in groups {
            let origin: ConfigFile.Origin = configPath == nil ? .lookup : .commandLine
            let file = try group.config.map { path throws(Diagnostic) in try ConfigFile.load(path, origin: origin) }
            let configuration = AdaptConfiguration(file: file, overrides: overrides)
            var database: DeviceDatabase
            do {
                database = try DeviceDatabase.builtIn()
                if let devices = configuration.devices {
                    database.merge(try DeviceDatabase.load(from: devices, inside: configuration.devicesBoundary))
                }
            } catch { throw error.diagnostic }
            var validator = Validator(devices: database, imageChecks: configuration.images, strict: configuration.strict)
            validator.settings = configuration.rules
            validator.deploymentTarget = configuration.deploymentTarget
            let included = group.catalogs.filter { !configuration.excludes($0) }
            let result = validator.validate(catalogsAt: included)
            // A configuration found unusable while validating (a `policy.name` pattern that ran
            // out of its budget) stops the run like one found unusable when read.
            if let invalid = result.diagnostics.first(where: { $0.rule == .configInvalid }) { throw invalid }
            report.catalogs += result.catalogs
            report.configurations += file.map { [$0.path] } ?? []
            let fingerprints = FingerprintIndex(result.catalogs) { [report] catalog in report.relative(catalog.path) }
            record(result.diagnostics, configuration, fingerprints)
            for catalog in result.catalogs where groupOfCatalog[catalog.path] == nil { groupOfCatalog[catalog.path] = configured.count }
            configured.append((validator, configuration, fingerprints))
        }
        if let accessors {
            let output = accessors.generate(for: report.catalogs)
            report.accessors = output.source
            for diagnostic in output.diagnostics {
                // Under the configuration of the catalog the subject names; a namespace of no one
                // group's catalog, under the first.
                let position = diagnostic.subject.catalog.flatMap { groupOfCatalog[$0] } ?? 0
                guard configured.indices.contains(position) else { continue }
                let group = configured[position]
                record(group.validator.configured([diagnostic]), group.configuration, group.fingerprints)
            }
        }
        for (path, findings) in baselines.sorted(by: { $0.key < $1.key }) {
            let (new, fixed) = try Baseline.load(from: path, inside: baselineBoundaries[path] ?? nil).filter(findings)
            report.findings += new
            report.baselined += findings.count - new.count
            report.fixed += fixed
        }
        if let writeBaseline {
            do { try Baseline(allFingerprints).write(to: writeBaseline) } catch {
                throw Diagnostic(.baselineInvalid, "cannot write the baseline: \(error)", at: SourceLocation(file: writeBaseline))
            }
        }
        return report
    }
}

/// What one `adapt validate` run found, for every reporter.
package struct ValidationReport: Sendable {
    package var workingDirectory: String
    package var catalogs: [Catalog] = []
    /// The configuration files used.
    package var configurations: [String] = []
    /// Findings to report (those in a baseline are left out).
    package var findings: [Finding] = []
    /// How many findings a baseline left out.
    package var baselined = 0
    /// Baseline entries that no longer occur.
    package var fixed: [Fingerprint] = []
    /// The generated accessors' source, when `ValidationRun.accessors` asked for them.
    package var accessors: String?

    package init(workingDirectory: String) { self.workingDirectory = workingDirectory }

    /// A run that stopped before validating (a configuration, device or baseline file it cannot
    /// use): the one error, so every reporter prints it in its own format (a SARIF upload or a
    /// JUnit dashboard shows why nothing was checked, rather than reading an empty output).
    package init(workingDirectory: String, failure: Diagnostic) {
        self.workingDirectory = workingDirectory
        findings = [Finding(diagnostic: failure, fingerprint: Fingerprint(failure, in: []))]
    }

    package var diagnostics: [Diagnostic] { findings.map(\.diagnostic) }
    package var hasErrors: Bool { findings.contains { $0.diagnostic.severity == .error } }

    /// `path` relative to the working folder when it lies inside it, else as given.
    package func relative(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

}
