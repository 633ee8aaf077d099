import AdaptSupport
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Issue #9, part A: `adapt thin` and `adapt validate --accessors` never destroy the catalog or
/// the user's files, whatever path is typed.
@Suite struct OutputSafetyTests {
    /// Runs thin with `-o output` in `folder` and expects a refusal that leaves every file of
    /// the project as it was.
    func expectRefused(
        _ output: String, in folder: String, project: String, mentioning words: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let before = snapshot(project)
        let run = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-6", "-o", output], in: folder)
        #expect(run.status == 1, "-o \(output): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(
            run.stderr.contains("\(output):1:1: error:") && run.stderr.contains(words) && run.stderr.contains("[thin.output]"),
            "-o \(output): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(snapshot(project) == before, "-o \(output) changed files", sourceLocation: sourceLocation)
    }

    @Test func thinRefusesTheCatalogItsFolderAndTheWorkingFolder() throws {
        let fixture = try thinnableCatalog()
        try fixture.write("do not delete", to: "../notes.txt")
        try expectRefused("Test.xcassets", in: fixture.root, project: fixture.root, mentioning: "source catalog")
        try expectRefused("Test.xcassets/", in: fixture.root, project: fixture.root, mentioning: "source catalog")
        try expectRefused("Test.xcassets/out", in: fixture.root, project: fixture.root, mentioning: "inside the source catalog")
        try expectRefused(".", in: fixture.root, project: fixture.root, mentioning: "source catalog")
        try expectRefused(fixture.root + "/", in: fixture.root, project: fixture.root, mentioning: "source catalog")
        try expectRefused("Test.xcassets/../", in: fixture.root, project: fixture.root, mentioning: "source catalog")
        // The working folder, even when it holds no catalog.
        try FileManager.default.createDirectory(atPath: fixture.root + "/cwd", withIntermediateDirectories: true)
        try fixture.write("mine", to: "../cwd/mine.txt")
        let before = snapshot(fixture.root)
        let run = try HostileAdapt.run(["thin", fixture.path, "--device", "iphone-6", "-o", "."], in: fixture.root + "/cwd")
        #expect(run.status == 1 && run.stderr.contains("working folder"), "\(run.stderr)")
        #expect(snapshot(fixture.root) == before)
    }

    @Test func thinRefusesAFileAndAFolderItDidNotWrite() throws {
        let fixture = try thinnableCatalog()
        try fixture.write("my notes", to: "../notes.txt")
        try fixture.write("precious", to: "../unrelated/keep.txt")
        try expectRefused("notes.txt", in: fixture.root, project: fixture.root, mentioning: "is a file")
        try expectRefused("unrelated", in: fixture.root, project: fixture.root, mentioning: "did not write")
    }

    @Test func thinReplacesOnlyAnEmptyFolderOrAnEarlierOutput() throws {
        let fixture = try thinnableCatalog()
        try FileManager.default.createDirectory(atPath: fixture.root + "/empty", withIntermediateDirectories: true)
        let first = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-6", "-o", "empty"], in: fixture.root)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try JSONParser.parse(FileSystem.readFile(fixture.root + "/empty/summary.json"))
        #expect(summary["format"] == "adaptive-assets.thin-output")
        let again = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-16", "-o", "empty/"], in: fixture.root)
        #expect(again.status == 0, "an earlier output is replaced: \(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.root + "/empty/iphone-16/Test.xcassets/A.imageset/Contents.json"))
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/empty/iphone-6"))
    }

    @Test func aMissingOutputParentIsNamedAsTyped() throws {
        let fixture = try thinnableCatalog()
        let run = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-6", "-o", "missing/out"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("missing/out:1:1: error:") && run.stderr.contains("'missing' does not exist"), "\(run.stderr)")
        #expect(!run.stderr.contains(".partial"), "no internal staging path")
    }

    @Test func deviceIDsAreNamesNotPaths() throws {
        let fixture = try thinnableCatalog()
        for id in ["..", "../../etc", ".hidden", "a/b"] {
            let devices = devicesFile(id: id)
            try fixture.write(devices, to: "../evil.json")
            let before = snapshot(fixture.root)
            let run = try HostileAdapt.run(
                ["thin", "Test.xcassets", "--devices", "evil.json", "--device", "Evil1,1", "-o", "out/x"],
                in: fixture.root)
            #expect(run.status == 1, "id \(id)")
            #expect(
                run.stderr.hasPrefix("evil.json:2:") && run.stderr.contains("invalid id") && run.stderr.contains("[devices.invalid]"),
                "id \(id): \(run.stderr)")
            #expect(snapshot(fixture.root) == before, "id \(id) wrote files")
        }
    }

    @Test func theSameDeviceTwiceIsOneSlice() throws {
        let fixture = try thinnableCatalog()
        let run = try HostileAdapt.run(
            [
                "thin", "Test.xcassets", "--device", "iphone-6", "--device", "iPhone7,2", "-o", "out",
                "--format", "json",
            ], in: fixture.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try JSONParser.parse(Array(run.stdout.utf8)).array?.count == 1)
    }

    @Test func catalogPathsAreNormalisedBeforeNamingSlices() throws {
        let fixture = try thinnableCatalog()
        let slashes = try HostileAdapt.run(["thin", "Test.xcassets//", "--device", "iphone-6", "-o", "out"], in: fixture.root)
        #expect(slashes.status == 0, "\(slashes.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.root + "/out/iphone-6/Test.xcassets/A.imageset/Contents.json"))
        #expect(FileManager.default.fileExists(atPath: fixture.root + "/out/iphone-6/Test.xcassets/B.imageset/b.png"))
        let dot = try HostileAdapt.run(["thin", ".", "--device", "iphone-6", "-o", "../dot"], in: fixture.path)
        #expect(dot.status == 0, "\(dot.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.root + "/dot/iphone-6/Test.xcassets/A.imageset/Contents.json"))
    }

    @Test func sliceFilesAreNotTheCatalogsFilesUnlessLinkedOnPurpose() throws {
        let fixture = try thinnableCatalog()
        func inode(_ path: String) throws -> UInt64 {
            try #require((try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value)
        }
        let source = try inode(fixture.path + "/B.imageset/b.png")
        // The default clones where the file system can and hard-links where it cannot: either way
        // the bytes are the catalog's; only --copy promises an independent file.
        for (flag, shares) in [(nil as String?, nil as Bool?), ("--copy", false), ("--link", true)] {
            let run = try HostileAdapt.run(
                ["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out"] + (flag.map { [$0] } ?? []),
                in: fixture.root)
            #expect(run.status == 0, "\(run.stderr)")
            let slice = fixture.root + "/out/iphone-6/Test.xcassets/B.imageset/b.png"
            if let shares { #expect((try inode(slice) == source) == shares, "\(flag ?? "default")") }
            #expect(try FileSystem.readFile(slice) == FileSystem.readFile(fixture.path + "/B.imageset/b.png"))
        }
        let help = try HostileAdapt.run(["thin", "--help"], in: fixture.root)
        #expect(help.stdout.contains("--copy") && help.stdout.contains("edits the catalog"))
    }

    @Test func staleStagingOfKilledRunsIsRemoved() throws {
        let fixture = try thinnableCatalog()
        // A process id that surely no longer exists: one that has just exited.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier
        try fixture.write("half", to: "../.out.partial-\(dead)/iphone-6/manifest.json")
        try fixture.write("old", to: "../.out.partial-\(dead).previous/summary.json")
        let run = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out"], in: fixture.root)
        #expect(run.status == 0, "\(run.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.root).filter { $0.hasPrefix(".out") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test func aSecondRunOnTheSameOutputIsRefused() throws {
        let fixture = try thinnableCatalog()
        #expect(try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out"], in: fixture.root).status == 0)
        let before = snapshot(fixture.root + "/out")
        // Hold the lock a running `adapt thin` holds.
        let descriptor = open(fixture.root + "/.out.lock", O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        let run = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-16", "-o", "out"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("out:1:1: error: another adapt thin is writing this output folder"), "\(run.stderr)")
        #expect(snapshot(fixture.root + "/out") == before)
    }

    @Test func accessorsReplaceOnlyFilesTheyGenerated() throws {
        let fixture = try thinnableCatalog()
        try fixture.write("print(\"my app\")\n", to: "../main.swift")
        let targets = ["main.swift", "Test.xcassets/Contents.json", "Test.xcassets/B.imageset/b.png", "Test.xcassets/New.swift"]
        for target in targets {
            let before = snapshot(fixture.root)
            let run = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none", "--accessors", target], in: fixture.root)
            #expect(run.status == 1, "\(target)")
            #expect(
                run.stderr.contains("\(target):1:1: error: cannot write accessors") && run.stderr.contains("[accessors.refused]"),
                "\(target): \(run.stderr)")
            #expect(snapshot(fixture.root) == before, "\(target) changed")
        }
        let first = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none", "--accessors", "Asset.swift"], in: fixture.root)
        #expect(first.status == 0, "\(first.stderr)")
        try fixture.addSet("C.imageset", entries: [["idiom": "universal", "filename": "c.png"]], files: ["c.png"])
        let second = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none", "--accessors", "Asset.swift"], in: fixture.root)
        #expect(second.status == 0, "its own file is regenerated: \(second.stderr)")
        #expect(try String(contentsOfFile: fixture.root + "/Asset.swift", encoding: .utf8).contains("static let c ="))
    }
}
