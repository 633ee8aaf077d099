import AdaptSupport
import CatalogFixtures
import Foundation
import Testing

/// `adapt compile`'s outputs are all or nothing (issue #35, part 4): every file of a run is
/// staged and every place checked before any is renamed; a killed run's staging files are swept;
/// two compiles never write into one folder at once.
@Suite struct CompileOutputTrustTests {
    static func compile(_ extra: [String] = [], in fixture: TemporaryCatalog) throws -> HostileAdapt.Run {
        try HostileAdapt.run(
            ["compile", "Test.xcassets", "--compile", "Build", "--platform", "iphoneos", "--minimum-deployment-target", "17.0"] + extra,
            in: fixture.root)
    }

    /// A partial Info.plist or dependency info that may not be replaced stops the whole write:
    /// before, Assets.car was already renamed into the bundle when the refusal came.
    @Test(arguments: ["--output-partial-info-plist", "--export-dependency-info"])
    func aRefusedCompanionLeavesNoCatalogInTheBundle(flag: String) throws {
        let fixture = try thinnableCatalog()
        try fixture.write("my notes, not a property list", to: "../notes.plist")
        let before = snapshot(fixture.root)
        let run = try Self.compile([flag, "notes.plist"], in: fixture)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("notes.plist") && run.stderr.contains("[compile.output]"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
        #expect(try String(contentsOfFile: fixture.root + "/notes.plist", encoding: .utf8) == "my notes, not a property list")
        // No staging file anywhere, and the Build folder the run made is gone again.
        let unchanged = snapshot(fixture.root) == before
        #expect(unchanged, "files were changed or left behind")
    }

    /// An existing earlier Assets.car is not replaced either when a companion is refused.
    @Test func aRefusedCompanionKeepsTheEarlierCatalog() throws {
        let fixture = try thinnableCatalog()
        #expect(try Self.compile(in: fixture).status == 0)
        try fixture.write("mine", to: "../notes.plist")
        try fixture.write(PNGFixture.png(width: 8, height: 8), to: "C.imageset/c.png")
        try fixture.write(
            #"{"images": [{"idiom": "universal", "filename": "c.png"}], "info": {"version": 1, "author": "xcode"}}"#, to: "C.imageset/Contents.json")
        let before = snapshot(fixture.root)
        let run = try Self.compile(["--output-partial-info-plist", "notes.plist"], in: fixture)
        #expect(run.status == 1, "\(run.stderr)")
        let unchanged = snapshot(fixture.root) == before
        #expect(unchanged, "the earlier Assets.car was replaced")
    }

    /// Two outputs naming one place (the partial Info.plist over Assets.car) are refused.
    @Test func twoOutputsAtOnePlaceAreRefused() throws {
        let fixture = try thinnableCatalog()
        let run = try Self.compile(["--output-partial-info-plist", "Build/Assets.car"], in: fixture)
        #expect(run.status == 1)
        #expect(run.stderr.contains("would be written twice"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
    }

    /// The id of a process that has ended.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// A staging file of a run that was killed is removed by the next compile into the folder (it
    /// would be signed and shipped in the app); one of a process still running is left alone.
    @Test func staleStagingFilesAreSwept() throws {
        let fixture = try thinnableCatalog()
        let build = fixture.root + "/Build"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        let dead = try Self.deadProcessID()
        let stale = ["Assets.car.adapt-compile-\(dead)", "AppIcon60x60@2x.png.adapt-compile-\(dead)", "Assets.car.adapt-compile-99999999999"]
        let live = "Assets.car.adapt-compile-\(getpid())"
        for name in stale + [live, "notes.adapt-compile-x"] { try fixture.write("half written", to: "../Build/" + name) }
        let run = try Self.compile(in: fixture)
        #expect(run.status == 0, "\(run.stderr)")
        let left = try Set(FileManager.default.contentsOfDirectory(atPath: build))
        #expect(left == ["Assets.car", live, "notes.adapt-compile-x"])
    }

    /// While another process holds the folder's lock, a compile into it is refused with nothing
    /// written; once it is released, the compile runs, and leaves no lock file in the bundle.
    @Test func aSecondCompileIntoTheFolderIsRefused() throws {
        let fixture = try thinnableCatalog()
        let build = fixture.root + "/Build"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        let descriptor = open(build, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let refused = try Self.compile(in: fixture)
        close(descriptor)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("another adapt compile is writing into Build") && refused.stderr.contains("[compile.output]"),
            "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: build).isEmpty)
        let run = try Self.compile(in: fixture)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: build) == ["Assets.car"])
    }
}
