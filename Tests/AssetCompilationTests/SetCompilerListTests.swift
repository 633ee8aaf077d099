@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

@testable import AssetCompilation

/// The set compilers' list is the one place that says what `adapt compile` writes: every set type
/// is either taken by a `SetCompiler` or left out with a `NotCompiled` reason, never both, never
/// neither; each set compiler has its test file here, and each type left out says why.
@Suite struct SetCompilerListTests {
    @Test(arguments: AssetType.allCases)
    func everySetTypeIsCompiledOrHasAReason(_ type: AssetType) {
        let compiled = SetCompilers.compiledTypes.contains(type)
        let leftOut = NotCompiled.reasonByType[type] != nil || NotCompiled.quiet.contains(type)
        #expect(compiled != leftOut, "\(type.rawValue): compiled \(compiled), left out \(leftOut)")
    }

    /// Adding a set type is one file, one line in the list and one test file: each set compiler
    /// of the list has its `<Compiler>Tests.swift` here.
    @Test func everySetCompilerHasItsTestFile() {
        let folder = Corpus.repositoryRoot + "/Tests/AssetCompilationTests/"
        for compiler in SetCompilers.all {
            let file = "\(compiler)Tests.swift"
            #expect(FileManager.default.fileExists(atPath: folder + file), "\(file)")
        }
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

    /// Each set type adapt does not write is named with the reason, and the compile goes on.
    @Test func eachSetTypeNotWrittenSaysWhy() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Glyph.symbolset", entries: [["idiom": "universal", "filename": "glyph.svg"]], files: ["glyph.svg"])
        try fixture.addSet("Rock.textureset", entries: [])
        try fixture.addSet(
            "Logo.imageset", entries: [["idiom": "universal", "scale": "1x", "filename": "l.png"]], files: ["l.png"],
            pngBytes: PNGFixture.png(width: 2, height: 2))
        let (product, ours) = try CompileFixture.compile(fixture, .iphoneos)
        #expect(ours.renditions.compactMap(\.name) == ["Logo"])
        let messages = product.diagnostics.filter { $0.rule == .compileLeftOut }.map(\.message)
        #expect(messages.contains { $0.hasPrefix("symbolset 'Glyph' is not compiled: how actool stores a custom symbol's glyphs") })
        #expect(messages.contains { $0.hasPrefix("textureset 'Rock' is not compiled: Metal texture sets compile to texture renditions") })
        #expect(product.diagnostics.allSatisfy { $0.severity != .error })
    }
}
