import AssetCatalog
import AssetValidation
import Foundation
import Yams

/// Reads the composed YAML into a `ConfigFile`, each mistake an error at its line and column.
///
/// Everything quoted from the file in a message is an excerpt (`excerpt()`: 80 characters at
/// most, control characters escaped), and lists are de-duplicated as they are read, so that the
/// work a configuration causes grows with what it says, not with how often it says it.
extension ConfigFile {
    struct Parser {
        var path: String

        func fail(_ message: String, at node: Node?) -> Diagnostic {
            Diagnostic(
                .configInvalid, message,
                at: SourceLocation(file: path, line: node?.mark?.line, column: node?.mark?.column))
        }

        func location(of node: Node) -> SourceLocation {
            SourceLocation(file: path, line: node.mark?.line, column: node.mark?.column)
        }

        mutating func parse(_ text: String) throws -> ConfigFile {
            var file = ConfigFile(path: path)
            guard let root = try Yams.compose(yaml: text) else { return file }
            try checkDepth(root, 1)
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
                case .excluded: file.excluded = try strings(value, key).uniqued()
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
                case .deploymentTarget: file.deploymentTarget = try deploymentTarget(value)
                case nil:
                    guard RuleID.named(key) != nil else {
                        throw fail(
                            "unknown key '\(key.excerpt())': expected one of \(Key.allCases.map(\.rawValue).joined(separator: ", ")), "
                                + "or a rule id with options", at: keyNode)
                    }
                    optionNodes.append((key, keyNode, value))
                }
            }
            for (rule, keyNode, value) in optionNodes {
                try parseOptions(of: rule, keyNode: keyNode, value, into: &file.rules.policy)
            }
            return file
        }

        /// The depth again, on the tree (`YAMLScreen` checked libyaml's events before Yams built
        /// it): a second guard on what the code below recurses through.
        func checkDepth(_ node: Node, _ depth: Int) throws {
            guard depth <= YAMLScreen.depthLimit else {
                throw fail("the configuration nests more than \(YAMLScreen.depthLimit) levels deep", at: node)
            }
            switch node {
            case .scalar, .alias: break
            case .sequence(let sequence): for item in sequence { try checkDepth(item, depth + 1) }
            case .mapping(let mapping):
                for (key, value) in mapping {
                    try checkDepth(key, depth + 1)
                    try checkDepth(value, depth + 1)
                }
            }
        }

        func ruleID(_ node: Node) throws -> String {
            guard let written = node.string else { throw fail("a rule id must be a string", at: node) }
            let id = RuleID.currentID(written)
            guard RuleID.named(id) != nil else { throw fail("unknown rule id '\(written.excerpt())' ('adapt rules' lists them)", at: node) }
            return id
        }

        /// `deployment_target: {ios: "15.0"}`: platforms to versions (a bare YAML number such as
        /// 15.0 is read as written, not as a float).
        func deploymentTarget(_ node: Node) throws -> DeploymentTarget {
            guard case .mapping(let mapping) = node else {
                throw fail("deployment_target takes a mapping of platforms to versions, e.g. {ios: \"15.0\"}", at: node)
            }
            var target = DeploymentTarget()
            for (platformNode, versionNode) in mapping {
                guard let name = platformNode.string, let text = versionNode.scalar?.string else {
                    throw fail("deployment_target takes a mapping of platforms to versions, e.g. {ios: \"15.0\"}", at: platformNode)
                }
                do throws(DeploymentTarget.Failure) {
                    let platform = try DeploymentTarget.platform(name)
                    target.minimums[platform] = try DeploymentTarget.version(text, for: platform)
                } catch {
                    throw fail(error.description, at: platformNode)
                }
            }
            return target
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

        /// A path the file names, joined to the file's folder. It must stay inside that folder (the
        /// folder holding `.adapt.yml`, not the repository root: the one boundary every
        /// configuration has, `--config` ones and those outside a repository too). Checked here
        /// as written, so `../../etc/x` fails at its line; links are checked when the file is read.
        func relativePath(_ node: Node, _ key: String) throws -> String {
            guard let string = node.string, !string.isEmpty else { throw fail("\(key) takes a file path", at: node) }
            let folder = path.deletingLastPathComponent.isEmpty ? "." : path.deletingLastPathComponent
            var depth = 0
            for component in string.split(separator: "/") where component != "." {
                depth += component == ".." ? -1 : 1
                guard depth >= 0, !string.hasPrefix("/") else {
                    throw fail(
                        "\(key) must name a file inside the configuration file's folder, not '\(string.excerpt())' "
                            + "(give a file elsewhere with --\(key))", at: node)
                }
            }
            return folder + "/" + string
        }

        func int(_ node: Node, _ name: String) throws -> Int {
            guard let value = node.int, value >= 0 else { throw fail("\(name) takes a whole number of bytes", at: node) }
            return value
        }

        func parseOptions(of rule: String, keyNode: Node, _ node: Node, into options: inout PolicyOptions) throws {
            let known = RuleID.named(rule)?.card.options.keys.sorted() ?? []
            guard !known.isEmpty else { throw fail("rule \(rule) takes no options", at: keyNode) }
            guard case .mapping(let mapping) = node else { throw fail("the options of \(rule) must be a mapping", at: node) }
            for (optionNode, value) in mapping {
                let option = optionNode.string ?? ""
                guard known.contains(option) else {
                    throw fail("unknown option '\(option.excerpt())' of \(rule): expected \(known.joined(separator: ", "))", at: optionNode)
                }
                switch (rule, option) {
                case ("policy.appearances", _):
                    let values = try strings(value, option)
                    let allowed = ["light", "dark", "tinted", "high-contrast"]
                    if let bad = values.first(where: { !allowed.contains($0) }) {
                        throw fail("unknown appearance '\(bad.excerpt())': expected \(allowed.joined(separator: ", "))", at: value)
                    }
                    options.requiredAppearances = values.uniqued()
                case ("policy.scales", _):
                    options.requiredScales = try strings(value, option).map { scale in
                        guard let number = Int(scale.hasSuffix("x") ? String(scale.dropLast()) : scale), (1...3).contains(number) else {
                            throw fail("unknown scale '\(scale.excerpt())': expected 1x, 2x or 3x", at: value)
                        }
                        return number
                    }.uniqued()
                case ("policy.file-size", _): options.maxFileBytes = try int(value, option)
                case ("policy.device-budget", "max_bytes"): options.budgetBytes = try int(value, option)
                case ("policy.device-budget", _): options.budgetDevices = try strings(value, option).uniqued()
                case ("policy.name", _):
                    guard let pattern = value.string, (try? NSRegularExpression(pattern: pattern)) != nil else {
                        throw fail("pattern must be a regular expression", at: value)
                    }
                    options.namePattern = pattern
                    options.namePatternLocation = location(of: value)
                default: throw fail("unknown option '\(option.excerpt())' of \(rule)", at: optionNode)
                }
            }
        }

        /// A Yams error as a located diagnostic. Yams's own description quotes the whole line (and
        /// for a duplicate key, the whole file): a 400 KB line, or a secret, in the log. This says
        /// what libyaml found, where, and at most an excerpt of the text there.
        func diagnostic(for error: YamlError, in text: String) -> Diagnostic {
            func at(_ mark: Mark) -> SourceLocation { SourceLocation(file: path, line: mark.line, column: mark.column) }
            func located(_ message: String, _ mark: Mark, context: YamlError.Context?) -> Diagnostic {
                let duringWhat = context.map { " \($0.text.excerpt()) at line \($0.mark.line), column \($0.mark.column)" } ?? ""
                let near = Self.excerpt(of: text, at: mark).map { " near '\($0)'" } ?? ""
                return Diagnostic(.configInvalid, "not valid YAML: \(message.excerpt())\(duringWhat)\(near)", at: at(mark))
            }
            switch error {
            case .composer(_, let problem, let mark, _) where problem.contains("undefined alias"):
                return Diagnostic(.configInvalid, YAMLScreen.anchorsRefused, at: at(mark))
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                return located(problem, mark, context: context)
            case .reader(let problem, let offset, let value, _):
                let position = offset.map { Self.position(ofCharacter: $0, in: text) }
                let character = value >= 0 ? String(format: " (U+%04X)", value) : ""
                return Diagnostic(
                    .configInvalid, "not valid YAML: \(problem.excerpt())\(character)",
                    at: SourceLocation(file: path, line: position?.line, column: position?.column))
            case .duplicatedKeysInMapping(let duplicates, let context):
                let key = duplicates.sorted().first.map { " '\($0.excerpt())'" } ?? ""
                return Diagnostic(.configInvalid, "not valid YAML: the key\(key) appears twice in one mapping", at: at(context.mark))
            default:
                return Diagnostic(.configInvalid, "not valid YAML", at: SourceLocation(file: path))
            }
        }

        /// Up to 40 characters of `text` from the mark's line, starting a little before its column.
        static func excerpt(of text: String, at mark: Mark) -> String? {
            guard mark.line >= 1 else { return nil }
            var line = 1
            var index = text.unicodeScalars.startIndex
            while line < mark.line, index < text.unicodeScalars.endIndex {
                if text.unicodeScalars[index] == "\n" { line += 1 }
                text.unicodeScalars.formIndex(after: &index)
            }
            guard line == mark.line else { return nil }
            let skip = max(0, mark.column - 1 - 10)
            let rest = text.unicodeScalars[index...].prefix { $0 != "\n" && $0 != "\r" }.dropFirst(skip)
            guard !rest.isEmpty else { return nil }
            return String(String.UnicodeScalarView(rest)).excerpt(limit: 40)
        }

        /// The 1-based line and column of the `offset`th character (Yams's reader errors count characters).
        static func position(ofCharacter offset: Int, in text: String) -> (line: Int, column: Int) {
            var line = 1
            var column = 1
            for character in text.prefix(offset) {
                if character == "\n" || character == "\r\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return (line, column)
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in their first order, each once.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
