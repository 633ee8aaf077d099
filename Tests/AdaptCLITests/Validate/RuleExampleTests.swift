import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// `adapt rules ID` shows a reported and an accepted example for every rule, and the examples that
/// are a whole Contents.json do what they say: validating a set made of the reported one fires the
/// rule, and one made of the accepted one does not (SwiftLint's triggering and non-triggering
/// examples, run).
@Suite struct RuleExampleTests {
    @Test(arguments: RuleID.all.map(\.id))
    func everyRuleHasAReportedAndAnAcceptedExample(_ id: String) throws {
        let rule = try #require(RuleID.named(id)).card
        let bad = rule.badExample
        let good = rule.goodExample
        #expect(!bad.isEmpty && !good.isEmpty && bad != good)
        // The malformed-JSON rule's reported example is broken on purpose.
        for example in [bad, good] where example.hasPrefix("{") && !example.contains("...") && !(id == "json.malformed" && example == bad) {
            // A JSON example, perhaps followed by "  (what is true of its files)".
            let json = example.components(separatedBy: "  (")[0]
            let parsed = try? JSONParser.parseAllowingTrailingCommas(Array(json.utf8))
            #expect(parsed != nil, "\(id): not JSON: \(json)")
        }
        let shown = try Adapt.run(["rules", id])
        #expect(shown.stdout.contains("Reported:") && shown.stdout.contains("Accepted:"), "\(shown.stdout)")
    }

    /// Rules about one set's Contents.json whose examples are plain JSON, without notes on the files.
    static let runnable = RuleID.all.map(\.card).filter { rule in
        guard [.contents, .sets, .selection, .icons, .reading].contains(rule.area), !rule.isOptIn else { return false }
        return [rule.badExample, rule.goodExample].allSatisfy { $0.hasPrefix("{") && !$0.contains("  (") && !$0.contains("...") }
    }.map(\.id)

    @Test(arguments: runnable)
    func contentsExamplesFireOnlyWhenReported(_ id: String) throws {
        let rule = try #require(RuleID.named(id)).card
        func codes(_ contents: String) throws -> [String] {
            let fixture = try TemporaryCatalog()
            let type = contents.contains("\"colors\"") ? "colorset" : contents.contains("\"size\"") ? "appiconset" : "imageset"
            try fixture.write(contents, to: "Example.\(type)/Contents.json")
            // Every file an entry names exists, except one the example calls missing or outside.
            let names = contents.matches(of: /"filename": "([^"]+)"/).map { String($0.1) }
            for name in names where !name.contains("missing") && !name.contains("/") {
                try fixture.write(PNGFixture.png(width: 60, height: 60), to: "Example.\(type)/" + name)
            }
            let run = try Adapt.run(["validate", fixture.path, "--images", "none", "--format", "json"])
            return run.stdout.split(separator: "\n").compactMap { line in
                (try? JSONParser.parse(Array(line.utf8)))?["code"]?.string
            }
        }
        #expect(try codes(rule.badExample).contains(id), "\(id): the reported example is not reported")
        #expect(try !codes(rule.goodExample).contains(id), "\(id): the accepted example is reported")
    }
}
