import CatalogFixtures
import Foundation
import Testing

/// Issue #38: `matrix` and `diff` take either form (an `.xcassets` folder or an `Assets.car`), on
/// the acextract files (Xcode 7.3) and `compiled/recent` (Xcode 26), and `diff` compares content:
/// Apple's compile and `adapt compile` of one source show no change.
@Suite struct EitherFormTests {
    static func acextract(_ name: String) throws -> String { try Corpus.root + "/compiled/acextract/acextractTests/data/" + name }
    static func recent(_ path: String) throws -> String { try Corpus.root + "/compiled/recent/" + path }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func matrixOfACompiledCatalogChoosesByTheSameRule() throws {
        let run = try Adapt.run(["matrix", try Self.acextract("assets_ios.car"), "d_iphone4", "--device", "iphone-5s", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        // The 4-inch phone shows the retina4 rendition (subtype 568), as `resolve` answers.
        #expect(run.stdout.contains("green@3x-1.png") || run.stdout.contains("retina4"), "\(run.stdout)")
        let text = try Adapt.run(["matrix", try Self.acextract("assets_ios.car"), "--device", "iphone-6"])
        #expect(text.status == 0 && text.stdout.contains("a_any"), "\(text.stderr)")
        let missing = try Adapt.run(["matrix", try Self.acextract("assets_ios.car"), "nothing", "--device", "iphone-6"])
        #expect(missing.status == 1 && missing.stderr.contains("[query.invalid]"))
    }

    @Test func diffOfTwoCompiledCatalogsNamesAssetsAndVariantsByContent() throws {
        let run = try Adapt.run(["diff", try Self.acextract("assets_iphone.car"), try Self.acextract("assets_ipad.car"), "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let diff = try Self.json(run.stdout)
        #expect(diff["added"] as? [String] == ["d_ipad"])
        #expect(diff["removed"] as? [String] == ["d_iphone", "d_iphone4"])
        #expect((diff["comparedBy"] as? [String: Any])?["method"] as? String == "content")
        let changed = try #require((diff["changed"] as? [[String: Any]])?.first { $0["name"] as? String == "d_iphone_ipad_mac" })
        #expect((changed["variantsAdded"] as? [String])?.contains { $0.hasPrefix("idiom=ipad scale=2x") } == true)
        // The same file against itself: nothing changed, every slice the same.
        let same = try Adapt.run(["diff", try Self.acextract("assets_ios.car"), try Self.acextract("assets_ios.car")])
        #expect(same.status == 0 && same.stdout.contains("No asset changed."), "\(same.stdout)")
        #expect(!same.stdout.contains("(+") && !same.stdout.contains("(-"))
    }

    @Test func budgetsFailWhenASliceGrows() throws {
        let old = try Self.acextract("assets_iphone.car")
        let new = try Self.acextract("assets_ios.car")
        // Every iPad grows by 2.6 to 5.6 kB (5 to 11 per cent) from the iPhone-only file to the iOS one.
        let percent = try Adapt.run(["diff", old, new, "--budget-growth", "10"])
        #expect(percent.status == 1 && percent.stderr.contains("ipad-air grew by 10.9%") && percent.stderr.contains("[diff.growth]"), "\(percent.stderr)")
        #expect(try Adapt.run(["diff", old, new, "--budget-growth", "12"]).status == 0)
        let budget = try Adapt.run(["diff", old, new, "--budget", "60000", "--device", "ipad-air-2", "--device", "ipad-air"])
        #expect(budget.status == 1 && budget.stderr.contains("ipad-air-2 grew to 60345 bytes") && !budget.stderr.contains("ipad-air grew"), "\(budget.stderr)")
        // Shrinking never fails a budget (the iPads shrink going back).
        #expect(try Adapt.run(["diff", new, old, "--budget", "0", "--budget-growth", "0", "--device", "ipad-air", "--device", "ipad-9"]).status == 0)
        let sarif = try Adapt.run(["diff", old, new, "--budget-growth", "10", "--format", "sarif"])
        #expect(sarif.status == 1)
        let runs = try #require(try Self.json(sarif.stdout)["runs"] as? [[String: Any]])
        let results = runs.first?["results"] as? [[String: Any]] ?? []
        #expect(results.count == 11 && results.allSatisfy { $0["ruleId"] as? String == "diff.growth" })
    }

    /// Apple's actool (Xcode 26) and `adapt compile` of the same source: different compression,
    /// packing and container, the same pixels (equal here even at tolerance 0), so no change; and
    /// the folder against either file shows none either, its app icon matched by size and scale.
    @Test func applesCompileAndAdaptsOfOneSourceShowNoChange() throws {
        let source = try Self.recent("eink-assistant/Resources/Assets.xcassets")
        let apple = try Self.recent("eink-assistant/Resources/Assets.car")
        let output = CompiledThinCommandTests.temporary("diff-compile")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let compile = try Adapt.run([
            "compile", source, "--compile", output, "--platform", "macosx", "--minimum-deployment-target", "14.0", "--app-icon", "AppIcon",
            "--output-partial-info-plist", output + "/partial.plist",
        ])
        #expect(compile.status == 0, "\(compile.stderr)")
        let ours = output + "/Assets.car"
        for (old, new) in [(apple, ours), (ours, apple), (source, apple), (source, ours)] {
            let run = try Adapt.run(["diff", old, new, "--format", "json", "--pixel-tolerance", "0"])
            #expect(run.status == 0, "\(run.stderr)")
            let diff = try Self.json(run.stdout)
            for key in ["added", "removed", "changed"] { #expect((diff[key] as? [Any])?.isEmpty == true, "\(old) → \(new): \(key)") }
        }
    }

    /// The Xcode 7.3 files: the folder against the iOS file finds the same pixels in every bitmap
    /// Apple cut into packed images, and names what the compiler did change (slicing, the other
    /// platforms' variants it left out).
    @Test func aFolderAgainstItsCompiledFileComparesCutOutPixels() throws {
        let source = try Corpus.root + "/compiled/acextract/Images.xcassets"
        let run = try Adapt.run(["diff", source, try Self.acextract("assets_ios.car"), "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let diff = try Self.json(run.stdout)
        #expect(diff["removed"] as? [String] == ["d_mac", "d_tv", "d_watch"])
        let changed = (diff["changed"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        // Packed into atlases, cut out equal: the device and scale sets do not appear.
        for name in ["a_any", "d_iphone", "d_ipad", "d_iphone4", "g_mix", "m_4gb", "r_original"] { #expect(!changed.contains(name), "\(name)") }
        let sliced = try #require((diff["changed"] as? [[String: Any]])?.first { $0["name"] as? String == "s_horizontal" })
        #expect((sliced["variantsChanged"] as? [String])?.contains("idiom=universal scale=1x: 50x50 → 24x50 pixels") == true)
    }

    /// The README's example of `matrix`, `report` and `diff` on a compiled catalog runs as written,
    /// after its compile example made `Build/App.app/Assets.car`, from a folder holding the
    /// repository's `Assets`; each command's first line of output is the README's.
    @Test func theReadmeExampleRunsAsWritten() throws {
        let readme = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Corpus.repositoryRoot + "/README.md")), as: UTF8.self)
        let blocks = readme.components(separatedBy: "```console\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let block = try #require(blocks.first { $0.contains("$ adapt diff Assets/Showcase.xcassets Build/App.app/Assets.car") })
        let folder = CompiledThinCommandTests.temporary("readme-either-form")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Corpus.repositoryRoot + "/Assets", toPath: folder + "/Assets")
        for command in try ReadmeCompileExampleTests.exampleCommands() {
            if command[0] == "mkdir" {
                for path in command.dropFirst() where path != "-p" {
                    try FileManager.default.createDirectory(atPath: folder + "/" + path, withIntermediateDirectories: true)
                }
            } else {
                #expect(try Adapt.run(Array(command.dropFirst()), in: folder).status == 0)
            }
        }
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var commands = 0
        for (position, line) in lines.enumerated() where line.hasPrefix("$ adapt ") {
            let run = try Adapt.run(line.dropFirst(8).split(separator: " ").map(String.init), in: folder)
            #expect(run.status == 0, "\(line): \(run.stderr)")
            commands += 1
            if position + 1 < lines.count, !lines[position + 1].hasPrefix("$ "), lines[position + 1] != "..." {
                #expect(run.stdout.hasPrefix(lines[position + 1] + "\n"), "\(line): \(run.stdout)")
            }
        }
        #expect(commands == 3)
    }

    @Test func commandsNameBothFormsInTheirUsage() throws {
        for command in ["matrix", "diff", "resolve", "thin", "size", "inspect"] {
            let help = try Adapt.run([command, "--help"])
            #expect(help.stdout.contains("Assets.car"), "\(command)")
        }
    }
}
