import AdaptSupport
import CatalogFixtures
import Foundation
import Testing

/// The README's compile example runs as written (issue #37: it named a catalog that is not in the
/// repository, a colour the Showcase lacks and an output folder that did not exist): its commands,
/// read from the README itself, in a folder holding the repository's `Assets`, as a reader who
/// copied them would run them from the repository's root.
@Suite struct ReadmeCompileExampleTests {
    /// The `$ ` commands of the README's console block that runs `adapt compile`, each with its
    /// continuation lines joined.
    static func exampleCommands() throws -> [[String]] {
        let readme = String(decoding: try FileSystem.readFile(Corpus.repositoryRoot + "/README.md"), as: UTF8.self)
        let blocks = readme.components(separatedBy: "```console\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let block = try #require(blocks.first { $0.contains("$ adapt compile ") })
        return block.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").filter { $0.hasPrefix("$ ") }.map {
            $0.dropFirst(2).split(separator: " ").map(String.init)
        }
    }

    @Test func theCompileExampleRunsAsWritten() throws {
        let commands = try Self.exampleCommands()
        #expect(commands.map(\.first) == ["mkdir", "adapt"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-assets-readme-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Corpus.repositoryRoot + "/Assets", toPath: folder + "/Assets")
        for command in commands {
            if command[0] == "mkdir" {
                let created = command.dropFirst().filter { $0 != "-p" }
                for path in created { try FileManager.default.createDirectory(atPath: folder + "/" + path, withIntermediateDirectories: true) }
                continue
            }
            let run = try Adapt.run(Array(command.dropFirst()), in: folder)
            #expect(run.status == 0, "\(command.joined(separator: " ")): \(run.stderr)")
            #expect(!run.stderr.contains("error:"), "\(run.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/Build/App.app/Assets.car"))
        let plist = String(decoding: try FileSystem.readFile(folder + "/Build/partial.plist"), as: UTF8.self)
        #expect(plist.contains("NSAccentColorName") && plist.contains("Tint"), "\(plist)")
    }
}
