import AdaptSupport
import AssetCatalog
import AssetValidation

/// `adapt rules`: the rules' cards as a list, one rule explained, JSON for tools, and the generated part
/// of `docs/Rules.md` (`--format markdown`; a test fails when the file differs from it).
package enum RuleDocumentation {
    /// One line per rule: id, default severity, opt-in or not, summary.
    package static func list(_ rules: [RuleCard] = RuleID.all.map(\.card)) -> String {
        let width = rules.map(\.id.count).max() ?? 0
        return rules.map { rule in
            let id = rule.id.padded(to: width)
            let severity = rule.defaultSeverity.rawValue.padded(to: 7)
            return "\(id)  \(severity)  \(rule.isOptIn ? "opt-in " : "default")  \(rule.summary)\n"
        }.joined()
    }

    /// One rule: what it checks, its options, and a bad and a good example.
    package static func explain(_ rule: RuleCard) -> String {
        var text = "\(rule.id) (\(rule.defaultSeverity.rawValue), \(rule.isOptIn ? "opt-in: list it under opt_in_rules" : "on by default"))\n\n"
        text += rule.summary + "\n"
        if !rule.details.isEmpty { text += "\n" + rule.details + "\n" }
        if !rule.options.isEmpty {
            text += "\nOptions (in .adapt.yml, under \(rule.id):), with their defaults:\n"
            for (key, value) in rule.options.sorted(by: { $0.key < $1.key }) { text += "  \(key): \(value)\n" }
        }
        text += "\nReported:\n  \(rule.badExample)\n"
        text += "\nAccepted:\n  \(rule.goodExample)\n"
        return text
    }

    package static func json(_ rule: RuleCard) -> JSONValue {
        var object: JSONObject = [
            "id": .string(rule.id), "area": .string(rule.area.rawValue), "severity": .string(rule.defaultSeverity.rawValue),
            "optIn": .bool(rule.isOptIn), "summary": .string(rule.summary),
        ]
        if !rule.details.isEmpty { object["details"] = .string(rule.details) }
        object["bad"] = .string(rule.badExample)
        object["good"] = .string(rule.goodExample)
        if !rule.options.isEmpty {
            object["options"] = .object(JSONObject(rule.options.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) }))
        }
        return .object(object)
    }

    package static func json(_ rules: [RuleCard] = RuleID.all.map(\.card)) -> String {
        JSONWriter.xcodeStyle.string(for: .array(rules.map(json))) + "\n"
    }

    /// The generated part of `docs/Rules.md` (`adapt rules --format markdown`, written there by
    /// `Scripts/generate-docs`; a test fails when the file differs): a table of every rule, each id
    /// linking to its section, then one section per rule with its severity and why, what it checks,
    /// its options and its examples.
    package static func markdown(_ rules: [RuleCard] = RuleID.all.map(\.card)) -> String {
        var text = "| rule | severity | why this severity | opt-in | what |\n|------|----------|-------------------|--------|------|\n"
        for rule in rules {
            let cells = [
                "[`\(rule.id)`](#\(rule.id))", rule.defaultSeverity.rawValue, rule.reason.escapingPipes,
                rule.isOptIn ? "yes" : "", rule.summary.escapingPipes,
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text + rules.map { "\n" + section($0) }.joined()
    }

    /// One rule's section of `docs/Rules.md`. The explicit anchor is the rule's id, so a link
    /// (SARIF's `helpUri`, the table's) names the rule as diagnostics print it.
    package static func section(_ rule: RuleCard) -> String {
        var text = "<a id=\"\(rule.id)\"></a>\n### `\(rule.id)`\n\n"
        text += "\(rule.defaultSeverity.rawValue), \(rule.isOptIn ? "opt-in (list it under `opt_in_rules`)" : "on by default"), area `\(rule.area.rawValue)`: "
        text += rule.summary + ".\n\n"
        text += "Why \(rule.defaultSeverity.rawValue): \(rule.reason).\n"
        if !rule.details.isEmpty { text += "\n" + rule.details + "\n" }
        if !rule.options.isEmpty {
            text += "\nOptions (in `.adapt.yml`, under `\(rule.id):`), with their defaults:\n\n"
            for (key, value) in rule.options.sorted(by: { $0.key < $1.key }) { text += "- `\(key)`: `\(value)`\n" }
        }
        text += "\nReported:\n\n" + fenced(rule.badExample)
        text += "\nAccepted:\n\n" + fenced(rule.goodExample)
        return text
    }

    /// A code block whose fence is longer than any run of backticks in the example.
    private static func fenced(_ example: String) -> String {
        var longest = 0
        var run = 0
        for character in example {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "\n" + example + "\n" + fence + "\n"
    }

    /// Where the generated part sits in `docs/Rules.md`.
    package static let markdownBegin = "<!-- rules:begin (generated by Scripts/generate-docs from the rules: `adapt rules --format markdown`; do not edit) -->"
    package static let markdownEnd = "<!-- rules:end -->"

}

extension String {
    fileprivate var escapingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}
