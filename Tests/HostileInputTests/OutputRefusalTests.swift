import AdaptSupport
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Issue #9, part E: `--write-baseline`, `adapt report -o` and `--cache` write only outside the
/// catalogs and replace only what adapt wrote; a device id cannot collide with thin's own files.
@Suite struct OutputRefusalTests {
    /// Runs `arguments` and expects exit 1, an error at `target` with `code`, and no file changed.
    func expectRefused(
        _ arguments: [String], target: String, saying words: String, code: String, in fixture: TemporaryCatalog,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let before = snapshot(fixture.root)
        let run = try HostileAdapt.run(arguments, in: fixture.root)
        #expect(run.status == 1, "\(target): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(
            run.stderr.contains("\(target):1:1: error: \(words)") && run.stderr.contains("[\(code)]"),
            "\(target): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(snapshot(fixture.root) == before, "\(target) changed files", sourceLocation: sourceLocation)
    }

    @Test func aBaselineReplacesOnlyABaseline() throws {
        let fixture = try thinnableCatalog()
        try fixture.write("print(\"my app\")\n", to: "../main.swift")
        for target in ["Test.xcassets/Contents.json", "Test.xcassets/new.json", "Test.xcassets/B.imageset/b.png", "main.swift", "Test.xcassets"] {
            try expectRefused(
                ["validate", "Test.xcassets", "--images", "none", "--write-baseline", target], target: target,
                saying: "cannot write the baseline:", code: "baseline.refused", in: fixture)
        }
        let first = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none", "--write-baseline", "baseline.json"], in: fixture.root)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none", "--write-baseline", "baseline.json"], in: fixture.root)
        #expect(again.status == 0, "its own baseline is replaced: \(again.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.root).filter { $0.contains("partial") }
        #expect(left.isEmpty, "a temporary file was left: \(left)")
    }

    @Test func aReportReplacesOnlyAReport() throws {
        let fixture = try thinnableCatalog()
        try fixture.write("print(\"my app\")\n", to: "../main.swift")
        for target in ["main.swift", "Test.xcassets/B.imageset/b.png", "Test.xcassets/report.html", "Test.xcassets"] {
            try expectRefused(
                ["report", "Test.xcassets", "-o", target, "--cache", "thumbs"], target: target,
                saying: "cannot write the report:", code: "report.output", in: fixture)
        }
        let first = try HostileAdapt.run(["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"], in: fixture.root)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try HostileAdapt.run(["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"], in: fixture.root)
        #expect(again.status == 0, "its own report is replaced: \(again.stderr)")
    }

    @Test func theThumbnailCacheIsNeverInsideACatalogNorSomeoneElsesFolder() throws {
        let fixture = try thinnableCatalog()
        try fixture.write("my notes", to: "../docs/notes.txt")
        for target in ["Test.xcassets/A.imageset", "Test.xcassets/thumbs", "Test.xcassets", "docs"] {
            try expectRefused(
                ["report", "Test.xcassets", "-o", "report.html", "--cache", target], target: target,
                saying: "cannot use the thumbnail cache:", code: "report.cache", in: fixture)
        }
        for _ in 0..<2 {
            let run = try HostileAdapt.run(["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"], in: fixture.root)
            #expect(run.status == 0, "a new folder, then its own: \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/thumbs").contains { $0.hasSuffix(".png") })
    }

    /// A path above the catalog was refused as one that "lies inside the catalog": each command
    /// now says which it is.
    @Test(arguments: [
        (["validate", "Test.xcassets", "--images", "none", "--accessors"], "cannot write accessors: "),
        (["validate", "Test.xcassets", "--images", "none", "--write-baseline"], "cannot write the baseline: "),
        (["report", "Test.xcassets", "--cache", "thumbs", "-o"], "cannot write the report: "),
        (["report", "Test.xcassets", "-o", "report.html", "--cache"], "cannot use the thumbnail cache: "),
    ])
    func refusalsSayWhetherThePathLiesInsideOrContainsTheCatalog(command: [String], words: String) throws {
        let fixture = try thinnableCatalog()
        for (target, relation) in [("Test.xcassets/B.imageset/New", "lies inside"), (".", "contains"), ("Test.xcassets", "is")] {
            let run = try HostileAdapt.run(command + [target], in: fixture.root)
            #expect(run.status == 1)
            #expect(run.stderr.contains("\(target):1:1: error: \(words)\(relation) the catalog Test.xcassets;"), "\(target): \(run.stderr)")
        }
    }

    @Test func thinSaysWhetherTheOutputLiesInsideOrContainsTheCatalog() throws {
        let fixture = try thinnableCatalog()
        let real = try #require(FileSystem.realPath(fixture.path))
        for (target, words) in [("Test.xcassets/out", "lies inside the source catalog \(real)"), (".", "is or contains the source catalog \(real)")] {
            let run = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-16", "-o", target], in: fixture.root)
            #expect(run.status == 1 && run.stderr.contains(words), "\(target): \(run.stderr)")
        }
    }

    @Test func deviceIDsCannotCollideWithThinsOwnFiles() throws {
        let fixture = try thinnableCatalog()
        for id in ["summary.json", "Summary.JSON"] {
            let devices = devicesFile(id: id)
            try fixture.write(devices, to: "../evil.json")
            let before = snapshot(fixture.root)
            let run = try HostileAdapt.run(
                ["thin", "Test.xcassets", "--devices", "evil.json", "--device", "Evil1,1", "-o", "o2"],
                in: fixture.root)
            #expect(run.status == 1, "id \(id)")
            #expect(
                run.stderr.hasPrefix("evil.json:2:") && run.stderr.contains("invalid id '\(id)'") && run.stderr.contains("[devices.invalid]"),
                "id \(id): \(run.stderr)")
            #expect(!run.stderr.contains(".partial"), "no internal staging path: \(run.stderr)")
            #expect(snapshot(fixture.root) == before, "id \(id) wrote files")
        }
    }
}
