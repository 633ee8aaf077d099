import AssetCatalog
import AssetValidation
import Foundation
import Yams

/// `.adapt.yml` as written: each key checked and located (Yams marks give line and column), paths
/// resolved against the file's folder. `AdaptConfiguration` merges it with the command line.
///
/// ```yaml
/// disabled_rules: [set.orphan-file]
/// opt_in_rules: [policy.scales]
/// severity: {variant.unreachable: error}
/// excluded: [Legacy.xcassets, "App.xcassets/Old/*"]
/// policy.scales: {required: [2x, 3x]}
/// ```
public struct ConfigFile: Hashable, Sendable {
    /// The keys a configuration file may have, besides rule ids (whose value is the rule's options).
    public enum Key: String, CaseIterable, Sendable {
        case disabledRules = "disabled_rules", optInRules = "opt_in_rules", severity, excluded, strict, images, devices, baseline
    }

    public static let fileName = ".adapt.yml"

    /// The file's path, and its folder, against which `excluded`, `devices` and `baseline` are read.
    public var path: String
    public var folder: String { path.deletingLastPathComponent }
    public var rules = RuleSettings()
    public var excluded: [String] = []
    public var strict: Bool?
    public var images: Validator.ImageCheckLevel?
    /// Absolute (or working-folder-relative) paths.
    public var devices: String?
    public var baseline: String?

    public init(path: String) { self.path = path }

    /// The nearest `.adapt.yml` in the catalog's folder or above it, up to the file system root.
    public static func find(above catalog: String) -> String? {
        var folder = URL(fileURLWithPath: catalog).standardizedFileURL.deletingLastPathComponent()
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The largest configuration file read (1 MiB); real ones are a few lines.
    public static let sizeLimit = 1 << 20

    /// Reads and parses a configuration file. Only a regular file of at most `sizeLimit` bytes is
    /// read: a `.adapt.yml` found above a catalog may be a FIFO (which would hang `validate`) or a
    /// link to /dev/zero (which would take all memory). Two paths given on purpose with `--config`
    /// keep working: `/dev/null` is an empty configuration and `/dev/stdin` reads standard input
    /// (to the same limit).
    public static func load(_ path: String) throws(Diagnostic) -> ConfigFile {
        let bytes: [UInt8]
        do {
            switch path {
            case "/dev/null": bytes = []
            case "/dev/stdin": bytes = try FileSystem.readStandardInput(limit: sizeLimit, path: path)
            default: bytes = try FileSystem.readRegularFile(path, limit: sizeLimit)
            }
        } catch {
            throw Diagnostic(.error, "cannot read the configuration file: \(error.reason)", code: "config.invalid",
                             at: SourceLocation(file: path))
        }
        return try parse(String(decoding: bytes, as: UTF8.self), path: path)
    }

    public static func parse(_ text: String, path: String) throws(Diagnostic) -> ConfigFile {
        var parser = Parser(path: path)
        do { return try parser.parse(text) } catch let error as Diagnostic { throw error } catch {
            throw Diagnostic(.error, "not valid YAML: \(error)", code: "config.invalid", at: SourceLocation(file: path))
        }
    }
}

extension ConfigFile {
    struct Parser {
        var path: String

        func fail(_ message: String, at node: Node?) -> Diagnostic {
            Diagnostic(.error, message, code: "config.invalid",
                       at: SourceLocation(file: path, line: node?.mark?.line, column: node?.mark?.column))
        }

        mutating func parse(_ text: String) throws -> ConfigFile {
            var file = ConfigFile(path: path)
            guard let root = try Yams.compose(yaml: text) else { return file }
            guard case .mapping(let mapping) = root else { throw fail("the configuration must be a mapping of keys to values", at: root) }
            var optionNodes: [(String, Node, Node)] = []
            for (keyNode, value) in mapping {
                guard let key = keyNode.string else { throw fail("a key must be a string", at: keyNode) }
                switch Key(rawValue: key) {
                case .disabledRules: file.rules.disabled = Set(try ruleIDs(value))
                case .optInRules: file.rules.optIn = Set(try ruleIDs(value))
                case .severity:
                    guard case .mapping(let severities) = value else { throw fail("severity takes a mapping of rule ids to error or warning", at: value) }
                    for (ruleNode, levelNode) in severities {
                        let id = try ruleID(ruleNode)
                        guard let level = levelNode.string, let severity = Diagnostic.Severity(rawValue: level), severity != .note else {
                            throw fail("the severity of \(id) must be error or warning", at: levelNode)
                        }
                        file.rules.severity[id] = severity
                    }
                case .excluded: file.excluded = try strings(value, key)
                case .strict:
                    guard let bool = value.bool else { throw fail("strict takes true or false", at: value) }
                    file.strict = bool
                case .images:
                    guard let level = value.string.flatMap(Validator.ImageCheckLevel.init(rawValue:)) else {
                        throw fail("images takes full, walk or none", at: value)
                    }
                    file.images = level
                case .devices: file.devices = try relativePath(value, key)
                case .baseline: file.baseline = try relativePath(value, key)
                case nil:
                    guard RuleRegistry.contains(key) else {
                        throw fail("unknown key '\(key)': expected one of \(Key.allCases.map(\.rawValue).joined(separator: ", ")), or a rule id with options", at: keyNode)
                    }
                    optionNodes.append((key, keyNode, value))
                }
            }
            for (rule, keyNode, value) in optionNodes {
                try parseOptions(of: rule, keyNode: keyNode, value, into: &file.rules.policy)
            }
            return file
        }

        func ruleID(_ node: Node) throws -> String {
            guard let id = node.string else { throw fail("a rule id must be a string", at: node) }
            guard RuleRegistry.contains(id) else { throw fail("unknown rule id '\(id)' ('adapt rules' lists them)", at: node) }
            return id
        }

        func ruleIDs(_ node: Node) throws -> [String] {
            guard case .sequence(let sequence) = node else { throw fail("expected a list of rule ids", at: node) }
            return try sequence.map(ruleID)
        }

        func strings(_ node: Node, _ key: String) throws -> [String] {
            guard case .sequence(let sequence) = node else { throw fail("\(key) takes a list", at: node) }
            return try sequence.map { item in
                guard let string = item.string else { throw fail("\(key) takes strings", at: item) }
                return string
            }
        }

        func relativePath(_ node: Node, _ key: String) throws -> String {
            guard let string = node.string, !string.isEmpty else { throw fail("\(key) takes a file path", at: node) }
            return string.hasPrefix("/") ? string : path.deletingLastPathComponent + "/" + string
        }

        func int(_ node: Node, _ name: String) throws -> Int {
            guard let value = node.int, value >= 0 else { throw fail("\(name) takes a whole number of bytes", at: node) }
            return value
        }

        func parseOptions(of rule: String, keyNode: Node, _ node: Node, into options: inout PolicyOptions) throws {
            let known = RuleRegistry.rule(rule)?.options.keys.sorted() ?? []
            guard !known.isEmpty else { throw fail("rule \(rule) takes no options", at: keyNode) }
            guard case .mapping(let mapping) = node else { throw fail("the options of \(rule) must be a mapping", at: node) }
            for (optionNode, value) in mapping {
                let option = optionNode.string ?? ""
                guard known.contains(option) else {
                    throw fail("unknown option '\(option)' of \(rule): expected \(known.joined(separator: ", "))", at: optionNode)
                }
                switch (rule, option) {
                case ("policy.appearances", _):
                    let values = try strings(value, option)
                    let allowed = ["light", "dark", "tinted", "high-contrast"]
                    if let bad = values.first(where: { !allowed.contains($0) }) {
                        throw fail("unknown appearance '\(bad)': expected \(allowed.joined(separator: ", "))", at: value)
                    }
                    options.requiredAppearances = values
                case ("policy.scales", _):
                    options.requiredScales = try strings(value, option).map { scale in
                        guard let number = Int(scale.hasSuffix("x") ? String(scale.dropLast()) : scale), (1...3).contains(number) else {
                            throw fail("unknown scale '\(scale)': expected 1x, 2x or 3x", at: value)
                        }
                        return number
                    }
                case ("policy.file-size", _): options.maxFileBytes = try int(value, option)
                case ("policy.device-budget", "max_bytes"): options.budgetBytes = try int(value, option)
                case ("policy.device-budget", _): options.budgetDevices = try strings(value, option)
                case ("policy.name", _):
                    guard let pattern = value.string, (try? NSRegularExpression(pattern: pattern)) != nil else {
                        throw fail("pattern must be a regular expression", at: value)
                    }
                    options.namePattern = pattern
                default: throw fail("unknown option '\(option)' of \(rule)", at: optionNode)
                }
            }
        }
    }
}
