import AdaptSupport
import AdaptiveAssets
import Foundation
import Testing

/// What a new user sees first: `adapt --version` and the grouped `adapt --help`.
@Suite struct VersionAndHelpTests {
    /// `adapt 0.9.0 (commit 1a2b3c4d5e6f)`: the version is the one constant in the source, and the
    /// commit is the one Scripts/release wrote, or `unknown` in a plain `swift build`.
    @Test func versionNamesTheVersionAndTheCommit() throws {
        let run = try Adapt.run(["--version"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = run.stdout.trimmingCharacters(in: .newlines)
        let prefix = "adapt \(AdaptVersion.current) (commit "
        #expect(line.hasPrefix(prefix) && line.hasSuffix(")"), "\(line)")
        let commit = line.dropFirst(prefix.count).dropLast()
        #expect(commit == "unknown" || (7...40).contains(commit.count) && commit.allSatisfy(\.isHexDigit), "\(line)")
    }

    /// Each group heading appears once, in this order, listing exactly its subcommands, and no
    /// subcommand is left in a flat list.
    @Test func helpGroupsTheSubcommands() throws {
        let run = try Adapt.run(["--help"])
        #expect(run.status == 0, "\(run.stderr)")
        let groups: [(heading: String, commands: [String])] = [
            ("READ SUBCOMMANDS:", ["inspect", "resolve", "matrix", "devices"]),
            ("CHECK SUBCOMMANDS:", ["validate", "png", "verify", "rules"]),
            ("THIN AND REPORT SUBCOMMANDS:", ["thin", "size", "report", "diff"]),
            ("COMPILED CATALOG SUBCOMMANDS:", ["compile", "extract"]),
        ]
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!lines.contains("SUBCOMMANDS:"), "\(run.stdout)")
        var previous = -1
        for group in groups {
            let start = try #require(lines.firstIndex(of: group.heading), "\(run.stdout)")
            #expect(start > previous, "\(group.heading) is out of order")
            previous = start
            // The section's own entries: indented by two, up to the blank line that ends it.
            let section = lines[(start + 1)...].prefix { !$0.isEmpty }
            let listed = section.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
                .map { String($0.dropFirst(2).prefix { $0 != " " }) }
            #expect(listed == group.commands, "\(group.heading)")
        }
    }
}
