@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// The set compilers' list is the one place that says what `adapt compile` writes: every set type
/// is either taken by a `SetCompiler` or left out with a `NotCompiled` reason, never both, never
/// neither.
@Suite struct SetCompilerListTests {
    @Test(arguments: AssetType.allCases)
    func everySetTypeIsCompiledOrHasAReason(_ type: AssetType) {
        let compiled = SetCompilers.compiledTypes.contains(type)
        let leftOut = NotCompiled.reasonByType[type] != nil || NotCompiled.quiet.contains(type)
        #expect(compiled != leftOut, "\(type.rawValue): compiled \(compiled), left out \(leftOut)")
    }

    @Test func noSetTypeHasTwoReasons() {
        let listed = NotCompiled.reasons.flatMap(\.types) + NotCompiled.quiet
        #expect(listed.count == Set(listed).count)
    }

    /// The README's "**Not yet:**" sentence names exactly the set types `NotCompiled` gives as
    /// missing features (a parenthesis after a name is a remark), so neither goes stale alone.
    @Test func readmeNotYetNamesWhatNotCompiledLists() throws {
        let readme = try String(contentsOfFile: Corpus.repositoryRoot + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "**Not yet:**"))
        let end = try #require(readme[start.upperBound...].range(of: ";"))
        var sentence = String(readme[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "\n", with: " ")
        // Remarks in parentheses go; they may hold parentheses of their own (a link).
        while let open = sentence.firstIndex(of: "(") {
            var depth = 0
            var close = open
            for index in sentence[open...].indices {
                if sentence[index] == "(" { depth += 1 }
                if sentence[index] == ")" { depth -= 1 }
                if depth == 0 {
                    close = index
                    break
                }
            }
            sentence.removeSubrange(open...close)
        }
        let named = sentence.replacingOccurrences(of: " and ", with: ", ").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let listed = NotCompiled.reasons.filter(\.isMissingFeature).map(\.label)
        #expect(Set(named) == Set(listed), "README names \(named), NotCompiled lists \(listed)")
    }

    /// `adapt compile --help` reads what is written and what is left out from the lists.
    @Test func helpSummaryNamesEveryListedType() {
        let summary = SetCompilers.summary
        for reason in NotCompiled.reasons where reason.isMissingFeature {
            #expect(summary.contains(reason.label), "\(reason.label)")
        }
        for label in ["image sets", "colour sets", "data sets", "app icons", "launch images", "Icon Composer icons"] {
            #expect(summary.contains(label), "\(label)")
        }
    }
}
