@_spi(AdaptTool) import AdaptiveAssets
import Foundation
import Testing

/// Issue "Hostile input, round 2": `.adapt.yml` parsing costs what the file's size allows, and
/// an error quotes a short escaped excerpt of it, never a whole line of a huge or secret file.
@Suite struct ConfigParsingTests {
    func error(_ text: String) -> Diagnostic? {
        do { _ = try ConfigFile.parse(text, path: ".adapt.yml") } catch { return error }
        return nil
    }

    @Test func aParseErrorQuotesAShortEscapedExcerpt() throws {
        // A 200 KB line with a tab where a token must start.
        let line = "excluded: [" + String(repeating: "x, ", count: 60_000) + "\u{1B}[31m\t: ]"
        let diagnostic = try #require(error("a: 1\n" + line + "\n"))
        #expect(diagnostic.code == "config.invalid")
        #expect(diagnostic.location?.line == 2)
        #expect(diagnostic.description.count < 400, "\(diagnostic.description.prefix(500))")
        #expect(!diagnostic.description.contains("\u{1B}"))
        // A duplicate key: Yams's own message quotes the whole file.
        let duplicate = try #require(error("excluded: [a]\n# " + String(repeating: "y", count: 100_000) + "\nexcluded: [b]\n"))
        #expect(duplicate.description.count < 200 && duplicate.message.contains("'excluded' appears twice"), "\(duplicate.description.prefix(300))")
    }

    @Test func anchorsAndAliasesAreRefusedAtTheirPlace() throws {
        let anchor = try #require(error("excluded: &list [a, b]\n"))
        #expect(anchor.location?.line == 1 && anchor.location?.column == 11 && anchor.message.contains("anchors (&name) and aliases"), "\(anchor)")
        let alias = try #require(error("excluded: [a]\nopt_in_rules: *x\n"))
        #expect(alias.location?.line == 2 && alias.message.contains("aliases (*name)"), "\(alias)")
        // Not an anchor: `&` and `*` inside values read as they always did.
        #expect(error("excluded: [\"*.imageset\", \"R &D\", a&b, \"Old/*\"]\npolicy.name: {pattern: \"^[a-z]*$\"}\n") == nil)
    }

    @Test func nestingAndCollectionKeysAreRefusedBeforeComposing() throws {
        let deep = try #require(error("excluded: " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n"))
        #expect(deep.message.contains("nests more than 32 levels"), "\(deep)")
        let key = try #require(error("? [a, b]\n: 1\n"))
        #expect(key.message == "a key must be a string" && key.location?.line == 1, "\(key)")
        // Three levels, as a real configuration has, are fine.
        #expect(error("severity: {scale.gap: error}\npolicy.scales: {required: [2x, 3x]}\n") == nil)
    }

    @Test func listsAreReadOnceEach() throws {
        let file = try ConfigFile.parse(
            """
            excluded: [A.xcassets, A.xcassets, B.xcassets, A.xcassets]
            policy.device-budget: {devices: [iphone-16, iphone-16, iphone-6, iphone-16]}
            policy.scales: {required: [2x, 2x, 3x]}
            policy.appearances: {required: [dark, dark]}
            """, path: ".adapt.yml")
        #expect(file.excluded == ["A.xcassets", "B.xcassets"])
        #expect(file.rules.policy.budgetDevices == ["iphone-16", "iphone-6"])
        #expect(file.rules.policy.requiredScales == [2, 3])
        #expect(file.rules.policy.requiredAppearances == ["dark"])
    }
}
