import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// The cards, docs/Rules.md's rule table and SARIF's rule list say what is emitted: every rule is
/// in one family of `RuleID.families` (what `adapt rules` lists), every rule the validator's families
/// check is listed there, and validating real and fixture catalogs emits only listed rules, each at
/// its card's severity (no configuration, no `--strict`).
@Suite struct RuleAgreementTests {
    static let declared = Dictionary(uniqueKeysWithValues: RuleID.all.map { ($0.id, $0) })

    @Test func everyRuleIsInOneFamilyAndEveryCheckedRuleIsListed() {
        #expect(Self.declared.count == RuleID.all.count, "a rule is in two families")
        let checked = Validator.standardFamilies.flatMap { $0.checkedRules }
        #expect(checked.filter { Self.declared[$0.id] == nil }.map(\.id) == [], "checked by the validator, not listed")
        // The validator's families that declare their rules are listed as families themselves.
        let listed = Set(RuleID.families.flatMap { $0.rules })
        for family in Validator.standardFamilies { #expect(family.rules.allSatisfy(listed.contains), "\(family)") }
    }

    @Test func theRulesTableStatesEachDeclaredSeverity() throws {
        let document = try String(contentsOfFile: Corpus.repositoryRoot + "/docs/Rules.md", encoding: .utf8)
        var table: [String: String] = [:]
        // A row's first cell links the rule's id to its section: [`json.malformed`](#json.malformed).
        for line in document.split(separator: "\n") where line.hasPrefix("| [`") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let id = cells[0].split(separator: "`").dropFirst().first.map(String.init) ?? ""
            guard cells.count > 2, Self.declared[id] != nil else { continue }
            table[id] = cells[1]
        }
        #expect(Set(table.keys) == Set(Self.declared.keys))
        for (id, severity) in table { #expect(Self.declared[id]?.defaultSeverity.rawValue == severity, "\(id)") }
    }

    @Test func sarifListsEachRuleAtItsDeclaredLevel() throws {
        var report = ValidationReport(workingDirectory: "/")
        report.findings = RuleID.all.map { rule in
            let diagnostic = Diagnostic(rule, "a finding")
            return Finding(diagnostic: diagnostic, fingerprint: Fingerprint(diagnostic, in: []))
        }
        let text = SARIFReporter().render(report).standardOutput
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == RuleID.all.count)
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(level == Self.declared[id]?.defaultSeverity.rawValue, "\(id)")
        }
    }

    /// Catalogs that draw findings of many rules: the corpus apps, the showcase, the plugin's
    /// broken fixtures and two broken catalogs, validated with every image check.
    @Test func everyEmittedFindingIsARegisteredRuleAtItsRegisteredSeverity() throws {
        let broken = try ValidateFixtures.broken()
        let subjects = try FindingSubjectTests.subjects()
        let fixtures = Corpus.repositoryRoot + "/Fixtures/PluginFixture/Broken"
        let paths =
            try Corpus.catalogPaths() + [Corpus.repositoryRoot + "/Assets/Showcase.xcassets", broken.path, subjects.path]
            + ["BrokenAssets", "MisspelledAssets", "DuplicateAssets"].map { fixtures + "/\($0)/Assets.xcassets" }
        let validator = Validator(devices: try DeviceDatabase.builtIn(), imageChecks: .full)
        var seen: Set<String> = []
        for path in paths {
            for diagnostic in validator.validate(catalogsAt: [path]).diagnostics {
                seen.insert(diagnostic.code)
                let registered = RuleID.named(diagnostic.code)
                #expect(registered != nil, "\(diagnostic.code) is emitted but not registered")
                #expect(registered?.defaultSeverity == diagnostic.severity, "\(diagnostic)")
                #expect(diagnostic.severity == diagnostic.rule.defaultSeverity && !diagnostic.promotedByStrict)
            }
        }
        #expect(seen.count >= 14, "the catalogs exercise many rules: \(seen.sorted())")
    }
}
