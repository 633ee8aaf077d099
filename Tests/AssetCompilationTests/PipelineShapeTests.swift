import CatalogFixtures
import Foundation
import Testing

/// The compiler's shape, as issue #36 left it, kept: a newcomer finds their way in because no
/// file is long, no function is long, and each fact has one home. Read from the sources.
@Suite struct PipelineShapeTests {
    /// Every Swift file under `Sources/folder`, by path relative to the repository, with its lines.
    static func sources(_ folder: String) throws -> [(path: String, lines: [Substring])] {
        let root = Corpus.repositoryRoot + "/Sources/" + folder
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        var files: [(String, [Substring])] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            files.append(("Sources/\(folder)/\(relative)", text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test func noCompilerFileIsOver300Lines() throws {
        let files = try Self.sources("AssetCompilation")
        #expect(files.count > 40)
        let long = files.filter { $0.lines.count > 300 }.map { "\($0.path): \($0.lines.count) lines" }
        #expect(long.isEmpty, "\(long)")
    }

    /// A function's lines from its `func` or `init` to the brace that closes it (the house style
    /// opens the body on the declaration's last line).
    @Test func noCompilerFunctionIsOver60Lines() throws {
        let declaration = /^\s*(@\w+(\([^)]*\))?\s+)*((public|package|private|fileprivate|static|mutating|override|final)\s+)*(func\s|init[?(<])/
        var long: [String] = []
        var counted = 0
        for file in try Self.sources("AssetCompilation") {
            for (start, line) in file.lines.enumerated() where line.firstMatch(of: declaration) != nil {
                var depth = 0
                var opened = false
                var end = start
                scan: for index in start..<file.lines.count {
                    end = index
                    for character in file.lines[index] {
                        if character == "{" {
                            depth += 1
                            opened = true
                        } else if character == "}" {
                            depth -= 1
                        }
                    }
                    if opened && depth <= 0 { break scan }
                }
                counted += 1
                if end - start + 1 > 60 { long.append("\(file.path):\(start + 1): \(end - start + 1) lines") }
            }
        }
        #expect(counted > 200, "the scan found the functions")
        #expect(long.isEmpty, "\(long)")
    }

    /// The C library is imported in one place, and big-endian bytes are written by one helper.
    @Test func sharedFactsHaveOneHome() throws {
        var glibc: [String] = []
        var bigEndianWrites: [String] = []
        var productMutations: [String] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: Corpus.repositoryRoot + "/Sources") where module != "AdaptSupport" {
            for file in try Self.sources(module) {
                for (number, line) in file.lines.enumerated() {
                    if line.contains("canImport(Glibc)") { glibc.append("\(file.path):\(number + 1)") }
                    if line.contains(">> 24), UInt8(") { bigEndianWrites.append("\(file.path):\(number + 1)") }
                    if line.contains("inout CompileProduct") { productMutations.append("\(file.path):\(number + 1)") }
                }
            }
        }
        #expect(glibc.isEmpty, "only AdaptSupport imports the C library: \(glibc)")
        #expect(bigEndianWrites.isEmpty, "big-endian writes are AdaptSupport's appendBigEndian: \(bigEndianWrites)")
        #expect(productMutations.isEmpty, "no set compiler mutates the product: \(productMutations)")
    }
}
