import CatalogFixtures
import Foundation
import Testing

/// `Package.swift`'s header comment and the layout table of `docs/Development.md` are the map a
/// newcomer reads first: every target the package declares is named in both, so a module added
/// without its line fails here.
@Suite struct ModuleMapTests {
    static let root = Corpus.repositoryRoot

    /// The targets `Package.swift` declares (`.target`, `.testTarget`, `.executableTarget`,
    /// `.systemLibrary`, `.plugin` inside `targets:`), and its comment lines before `let package`.
    static func manifest() throws -> (targets: [(name: String, isTest: Bool)], header: String) {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let header = text.components(separatedBy: "let package").first!
            .split(separator: "\n").filter { $0.hasPrefix("//") }.joined(separator: "\n")
        let targetsSection = try #require(text.components(separatedBy: "targets: [").last)
        let declaration = try NSRegularExpression(pattern: #"\.(target|testTarget|executableTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)""#)
        let range = NSRange(targetsSection.startIndex..., in: targetsSection)
        let targets = declaration.matches(in: targetsSection, range: range).compactMap { match -> (String, Bool)? in
            guard let kind = Range(match.range(at: 1), in: targetsSection), let name = Range(match.range(at: 2), in: targetsSection) else { return nil }
            return (String(targetsSection[name]), targetsSection[kind] == "testTarget")
        }
        return (targets, header)
    }

    @Test func theManifestHeaderNamesEveryTarget() throws {
        let (targets, header) = try Self.manifest()
        #expect(targets.count >= 20, "the manifest's targets were not found: \(targets)")
        for target in targets where !target.isTest {
            #expect(header.contains(target.name), "Package.swift's header does not name \(target.name)")
        }
    }

    @Test func theLayoutTableNamesEveryTarget() throws {
        let (targets, _) = try Self.manifest()
        let development = try String(contentsOfFile: Self.root + "/docs/Development.md", encoding: .utf8)
        let layout = try #require(development.components(separatedBy: "## Layout").dropFirst().first?.components(separatedBy: "\n## ").first)
        for target in targets {
            #expect(layout.contains("`\(target.name)`") || layout.contains("/\(target.name)`"), "docs/Development.md's layout does not name \(target.name)")
        }
    }
}
