import AdaptiveAssets
import ArgumentParser

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule of adapt validate, or explain one with examples.",
        discussion: "--format markdown prints the generated part of docs/Rules.md; json is for tools.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Argument(help: "A rule id, such as variant.unreachable.")
    var id: String?

    @Option(help: "The output format.")
    var format: Format = .text

    func run() throws {
        var rules = RuleID.all.map(\.card)
        if let id {
            guard let rule = RuleID.named(id) else {
                throw ValidationError("Unknown rule '\(id)'. 'adapt rules' lists them.")
            }
            rules = [rule.card]
        }
        switch (format, id) {
        case (.text, nil): Terminal.output(RuleDocumentation.list(rules))
        case (.text, _): Terminal.output(RuleDocumentation.explain(rules[0]))
        case (.json, nil): Terminal.document(RuleDocumentation.json(rules))
        case (.json, _): Terminal.document(JSONWriter.xcodeStyle.string(for: RuleDocumentation.json(rules[0])) + "\n")
        case (.markdown, _): Terminal.output(RuleDocumentation.markdown(rules))
        }
    }
}
