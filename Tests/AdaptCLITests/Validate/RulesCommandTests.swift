import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// `adapt rules`, and the rules' cards as the one source of rule ids and of docs/Rules.md.
@Suite struct RulesCommandTests {
    /// docs/Rules.md holds, between its markers, exactly what the rules generate: a rule added,
    /// renamed or reworded in the code without the file being regenerated fails here.
    @Test func docsRulesIsGeneratedFromTheRules() throws {
        let document = try String(contentsOfFile: Corpus.repositoryRoot + "/docs/Rules.md", encoding: .utf8)
        let begin = try #require(document.range(of: RuleDocumentation.markdownBegin), "docs/Rules.md lacks the generated part's begin marker")
        let end = try #require(document.range(of: RuleDocumentation.markdownEnd, range: begin.upperBound..<document.endIndex))
        let written = String(document[begin.upperBound..<end.lowerBound])
        let generated = try Adapt.run(["rules", "--format", "markdown"]).stdout
        #expect(generated.contains("<a id=\"variant.unreachable\"></a>") && generated.hasPrefix("| rule |"))
        #expect(written == "\n" + generated, "docs/Rules.md is stale: run Scripts/generate-docs to regenerate it from the rules")
    }

    /// Every `RuleID("...")` declared in Sources is in a family (`RuleID.all`, what `adapt rules`
    /// lists), and so is every PNG problem code: a diagnostic can only be made from a `RuleID`.
    @Test func everyDeclaredRuleIsInAFamily() throws {
        let sources = Corpus.repositoryRoot + "/Sources"
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources))
        let pattern = try NSRegularExpression(pattern: #"RuleID\(\s*"([a-z0-9.-]+)""#)
        var codes: Set<String> = []
        while let file = enumerator.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                codes.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(codes.count > 30)
        #expect(codes == Set(RuleID.all.map(\.id)))
        #expect(PNGProblem.Code.allCases.filter { RuleID.named($0.rawValue) == nil } == [])
    }

    @Test func everyOptInRuleHasOptionsDocsAndAnExample() {
        let optIn = RuleID.all.map(\.card).filter(\.isOptIn)
        #expect(optIn.map(\.id) == ["policy.appearances", "policy.scales", "policy.file-size", "policy.name", "policy.device-budget", "policy.empty-slot"])
        // policy.empty-slot has nothing to configure: opting in is the whole choice.
        for rule in optIn { #expect((!rule.options.isEmpty || rule.id == "policy.empty-slot") && rule.id.hasPrefix("policy.")) }
        #expect(Set(RuleID.all.map(\.id)).count == RuleID.all.count, "ids are unique: no rule is in two families")
    }

    @Test func listsExplainsAndPrintsJSON() throws {
        let list = try Adapt.run(["rules"])
        #expect(list.stdout.split(separator: "\n").count == RuleID.all.count)
        #expect(list.stdout.contains("policy.scales") && list.stdout.contains("opt-in"))
        let one = try Adapt.run(["rules", "variant.duplicate"])
        #expect(one.stdout.contains("Reported:") && one.stdout.contains("Accepted:"))
        let json = try Adapt.run(["rules", "--format", "json"])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rules.count == RuleID.all.count)
        #expect(rules.allSatisfy { $0["id"] is String && $0["severity"] is String && $0["optIn"] is Bool })
        #expect(try Adapt.run(["rules", "no.such-rule"]).status == 2)
    }
}
