import CatalogFixtures
import Foundation
import Testing

/// The README and `docs/` link into each other by file and section: every relative link names a
/// file that exists and, when it has a fragment, a heading or an `<a id>` of that file. A section
/// moved or renamed without its links fails here.
@Suite struct DocumentationLinkTests {
    static let root = Corpus.repositoryRoot
    // NSRegularExpression: Swift's Regex literals took seconds over docs/Rules.md.
    static let link = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
    static let explicitAnchor = try! NSRegularExpression(pattern: #"<a id="([^"]+)"></a>"#)

    static func captures(of expression: NSRegularExpression, in line: Substring) -> [String] {
        let text = String(line)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }
        return ["README.md"] + docs.sorted().map { "docs/" + $0 }
    }

    /// Each line of a Markdown file outside fenced code blocks.
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence
        }
    }

    /// The anchors GitHub gives a Markdown file: each heading's slug (lower case; every character
    /// but letters, digits, spaces, `-` and `_` dropped; spaces as `-`; a repeated slug numbered
    /// `-1`, `-2`) and each `<a id="...">`.
    static func anchors(of text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        for line in prose(text) {
            anchors.formUnion(captures(of: explicitAnchor, in: line))
            let hashes = line.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { continue }
            let heading = line.dropFirst(hashes).trimmingCharacters(in: .whitespaces)
            let slug = String(heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" })
                .replacingOccurrences(of: " ", with: "-")
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    @Test func everyRelativeLinkReachesAFileAndItsSection() throws {
        var links = 0
        for document in try Self.documents() {
            let text = try String(contentsOfFile: Self.root + "/" + document, encoding: .utf8)
            let folder = (document as NSString).deletingLastPathComponent
            for line in Self.prose(text) {
                for link in Self.captures(of: Self.link, in: line) {
                    if link.contains("://") || link.hasPrefix("mailto:") { continue }
                    links += 1
                    let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let path = parts[0].isEmpty ? document : (folder as NSString).appendingPathComponent(String(parts[0]))
                    let target = URL(fileURLWithPath: Self.root + "/" + path).standardizedFileURL.path
                    #expect(FileManager.default.fileExists(atPath: target), "\(document) links to \(link): no such file")
                    guard parts.count == 2, target.hasSuffix(".md"), let targetText = try? String(contentsOfFile: target, encoding: .utf8)
                    else { continue }
                    #expect(Self.anchors(of: targetText).contains(String(parts[1])), "\(document) links to \(link): no such section")
                }
            }
        }
        #expect(links > 20, "the README links to the docs")
    }

    /// The slugs this test computes are GitHub's, for the kinds of heading the docs use.
    @Test func headingSlugsAreGitHubs() {
        let text =
            "## Compiled catalogs (`Assets.car`)\n## `adapt verify FILE.car --source DIR.xcassets`\n## Step 1: who may compete\n## Step 1: who may compete\n"
        #expect(
            Self.anchors(of: text) == [
                "compiled-catalogs-assetscar", "adapt-verify-filecar---source-dirxcassets", "step-1-who-may-compete", "step-1-who-may-compete-1",
            ])
    }
}
