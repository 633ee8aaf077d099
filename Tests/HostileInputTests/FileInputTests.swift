import AdaptSupport
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Issue #9, part D: no file a command reads (an image, `.adapt.yml`, `--config`, `--devices`)
/// can hang it or exhaust its memory, and a run short of file descriptors says so once instead of
/// blaming the catalog.
@Suite struct FileInputTests {
    /// A memory cap for every run here (see `HostileAdapt.run(_:in:limits:deadline:)`).
    func runLimited(
        _ arguments: [String], in folder: String, limits: String = "ulimit -v 2000000",
        deadline: Double = 30
    ) throws -> HostileAdapt.Run {
        try HostileAdapt.run(arguments, in: folder, limits: limits, deadline: deadline)
    }

    @Test func aFIFOInPlaceOfAnImageHangsNeitherReportNorDiff() throws {
        let fixture = try thinnableCatalog()
        try FileManager.default.copyItem(atPath: fixture.path, toPath: fixture.root + "/Old.xcassets")
        try FileManager.default.removeItem(atPath: fixture.path + "/A.imageset/a@3x.png")
        #expect(mkfifo(fixture.path + "/A.imageset/a@3x.png", 0o644) == 0)
        let report = try runLimited(["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"], in: fixture.root)
        #expect(!report.timedOut, "report hung on a FIFO")
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOfFile: fixture.root + "/report.html", encoding: .utf8)
        #expect(page.contains("a@3x.png"), "the FIFO's slot is in the page")
        let diff = try runLimited(["diff", "Old.xcassets", "Test.xcassets"], in: fixture.root)
        #expect(!diff.timedOut, "diff hung on a FIFO")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("a@3x.png"), "the FIFO stands as a changed file: \(diff.stdout)")
    }

    @Test func aConfigurationThatIsNotARegularFileIsRefusedByName() throws {
        let fixture = try thinnableCatalog()
        // Found by walking up from the catalog: a FIFO, and a link to /dev/zero.
        #expect(mkfifo(fixture.root + "/.adapt.yml", 0o644) == 0)
        let fifo = try runLimited(["validate", "Test.xcassets", "--images", "none"], in: fixture.root)
        #expect(!fifo.timedOut, "validate hung on a FIFO .adapt.yml")
        #expect(fifo.status == 1)
        #expect(
            fifo.stderr.contains(".adapt.yml:1:1: error: cannot read the configuration file: not a regular file (a named pipe) [config.invalid]"),
            "\(fifo.stderr)")
        try FileManager.default.removeItem(atPath: fixture.root + "/.adapt.yml")
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/.adapt.yml", withDestinationPath: "/dev/zero")
        let zero = try runLimited(["validate", "Test.xcassets", "--images", "none"], in: fixture.root)
        #expect(!zero.timedOut && zero.status == 1, "\(zero.stderr)")
        // Found by lookup, a link is refused as a link (it is not followed to learn what it is).
        #expect(
            zero.stderr.contains(".adapt.yml:1:1: error: cannot read the configuration file: is a symbolic link"),
            "\(zero.stderr)")
        try FileManager.default.removeItem(atPath: fixture.root + "/.adapt.yml")
        // Given with --config.
        let given = try runLimited(["validate", "Test.xcassets", "--images", "none", "--config", "/dev/zero"], in: fixture.root)
        #expect(!given.timedOut && given.status == 1, "\(given.stderr)")
        #expect(given.stderr.hasPrefix("/dev/zero:1:1: error: cannot read the configuration file: not a regular file"), "\(given.stderr)")
        // Over the limit of 256 KiB.
        try fixture.write("# " + String(repeating: "x", count: 256 << 10) + "\n", to: "../big.yml")
        let big = try runLimited(["validate", "Test.xcassets", "--images", "none", "--config", "big.yml"], in: fixture.root)
        #expect(
            big.status == 1 && big.stderr.contains("big.yml:1:1: error:") && big.stderr.contains("more than the limit of 262144 bytes"),
            "\(big.stderr)")
        // /dev/null still stands for no configuration.
        let none = try runLimited(["validate", "Test.xcassets", "--images", "none", "--config", "/dev/null"], in: fixture.root)
        #expect(none.status == 0, "\(none.stderr)")
    }

    @Test func aDevicesFileThatIsNotARegularFileIsRefusedByName() throws {
        let fixture = try thinnableCatalog()
        #expect(mkfifo(fixture.root + "/devices.json", 0o644) == 0)
        let commands = [
            ["validate", "Test.xcassets", "--images", "none"], ["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out"],
            ["devices"],
        ]
        for command in commands {
            for devices in ["/dev/zero", "devices.json"] {
                let run = try runLimited(command + ["--devices", devices], in: fixture.root)
                #expect(!run.timedOut, "\(command[0]) --devices \(devices) hung")
                #expect(run.status == 1, "\(command[0]) --devices \(devices): \(run.stderr)")
                #expect(
                    run.stderr.hasPrefix("\(devices):1:1: error: cannot read device database: not a regular file")
                        && run.stderr.contains("[devices.unreadable]"), "\(command[0]) --devices \(devices): \(run.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/out"))
    }

    /// A catalog of `count` colour sets, so that reading it opens many files.
    func colourCatalog(_ count: Int) throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        for index in 0..<count {
            try fixture.addSet(
                "C\(index).colorset",
                entries: [
                    [
                        "idiom": "universal",
                        "color": ["color-space": "srgb", "components": ["red": "1.000", "green": "0.500", "blue": "0.000", "alpha": "1.000"]],
                    ]
                ])
        }
        return fixture
    }

    /// Lowers `ulimit -n` step by step until the run runs out: every run before must succeed
    /// cleanly, and the first that runs out must say so in one line and exit 2, blaming no file of
    /// the catalog (it used to print a "Too many open files [contents.unreadable]" error per set,
    /// and `report` put them in the page and exited 0). Stepping down, rather than one fixed limit,
    /// keeps the test true whatever the runtime and the test runner hold open.
    @Test func runningOutOfFileDescriptorsIsOneErrorNotTheCatalogs() throws {
        let fixture = try colourCatalog(300)
        let commands = [
            ["inspect", "Test.xcassets"], ["validate", "Test.xcassets"],
            ["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out"],
            ["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"],
        ]
        for command in commands {
            var ranOut = false
            for limit in [256, 16, 14, 12] + Array((4...11).reversed()) {
                try? FileManager.default.removeItem(atPath: fixture.root + "/out")
                try? FileManager.default.removeItem(atPath: fixture.root + "/report.html")
                let run = try runLimited(command, in: fixture.root, limits: "ulimit -n \(limit)")
                #expect(!run.timedOut, "\(command[0]) with ulimit -n \(limit)")
                #expect(
                    !run.stderr.contains("[contents.unreadable]") && !run.stderr.contains("[catalog.unreadable]")
                        && !run.stderr.contains("device database is missing"), "\(command[0]) with ulimit -n \(limit): \(run.stderr)")
                if run.status == 0 {
                    #expect(run.stderr.isEmpty, "\(command[0]) with ulimit -n \(limit): \(run.stderr)")
                    let page = (try? String(contentsOfFile: fixture.root + "/report.html", encoding: .utf8)) ?? ""
                    #expect(!page.contains("Too many open files"), "the report put the shortage in the page with ulimit -n \(limit)")
                    continue
                }
                #expect(limit < 256, "\(command[0]) fails even with ulimit -n 256: \(run.stderr)")
                #expect(run.status == 2, "\(command[0]) with ulimit -n \(limit): \(run.stderr)")
                let lines = run.stderr.split(separator: "\n")
                #expect(
                    lines.count == 1 && run.stderr.hasPrefix("error: adapt ran out of file descriptors (ulimit -n is \(limit)): ")
                        && run.stderr.contains("[environment.exhausted]"), "\(command[0]) with ulimit -n \(limit): \(run.stderr)")
                // While reading the catalog or writing its slice (thin may run out on either side,
                // depending on what the runtime holds open), never at start-up.
                #expect(
                    run.stderr.contains("Test.xcassets/") && !run.stderr.contains(": starting:"),
                    "ran out while working on the catalog, not before: \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: fixture.root + "/out"), "\(command[0])")
                #expect(!FileManager.default.fileExists(atPath: fixture.root + "/report.html"), "\(command[0])")
                ranOut = true
                break
            }
            #expect(ranOut, "\(command[0]) never ran out of descriptors")
        }
    }

    /// `adapt diff OLD.car NEW.car` reads its two files while Dispatch opens its own descriptors
    /// when there are enough for both, and after it otherwise. Stepping `ulimit -n` down across that
    /// boundary, every run either gives the unlimited run's output or stops with the one message
    /// and exit 2: never a crash (Dispatch short of a descriptor stops with SIGILL).
    @Test func aCompiledDiffShortOfDescriptorsGivesItsOutputOrOneError() throws {
        let fixture = try TemporaryCatalog(writeRootContents: false)
        let (old, new) = (try CompiledCorpus.path("assets_ios.car"), try CompiledCorpus.path("assets_iphone.car"))
        let arguments = ["diff", old, new, "--format", "json"]
        let unlimited = try runLimited(arguments, in: fixture.root)
        #expect(unlimited.status == 0, "\(unlimited.stderr)")
        var outcomes: Set<Int32> = []
        for limit in (4...16).reversed() {
            let run = try runLimited(arguments, in: fixture.root, limits: "ulimit -n \(limit)")
            #expect(!run.timedOut, "ulimit -n \(limit)")
            outcomes.insert(run.status)
            if run.status == 0 {
                #expect(run.stdout == unlimited.stdout && run.stderr.isEmpty, "ulimit -n \(limit): \(run.stderr)")
                continue
            }
            #expect(run.status == 2, "ulimit -n \(limit) ended with \(run.status): \(run.stderr)")
            #expect(
                run.stderr.split(separator: "\n").count == 1 && run.stderr.hasPrefix("error: adapt ran out of file descriptors (ulimit -n is \(limit)): ")
                    && run.stderr.contains("[environment.exhausted]"), "ulimit -n \(limit): \(run.stderr)")
        }
        #expect(outcomes == [0, 2], "the steps cross from running out to enough: \(outcomes)")
    }

    /// A sparse 15 TB "image" takes no disk, but mapping it failed for want of address space
    /// (ENOMEM under `ulimit -v`), and the run stopped as `environment.exhausted`, blaming the
    /// machine. A file over the image limit is now a finding about that file.
    @Test(arguments: [true, false])
    func aSparseHugeImageIsAFindingAboutTheFile(withPNGHeader: Bool) throws {
        let fixture = try thinnableCatalog()
        let path = fixture.path + "/A.imageset/a@3x.png"
        if !withPNGHeader {
            try FileManager.default.removeItem(atPath: path)
            try fixture.write([], to: "A.imageset/a@3x.png")
        }
        // 15 TB where the file system allows it (ext4 allows 16 TiB), else 1 TB: far over the limit either way.
        #expect(truncate(path, off_t(15) << 40) == 0 || truncate(path, off_t(1) << 40) == 0, "cannot make a sparse file here")
        let commands = [
            ["validate", "Test.xcassets"], ["png", "Test.xcassets"], ["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"],
            ["thin", "Test.xcassets", "--device", "iphone-16", "-o", "out"],
        ]
        for command in commands {
            let run = try runLimited(command, in: fixture.root)
            #expect(!run.timedOut && !run.stderr.contains("environment.exhausted") && run.status != 2, "\(command[0]): \(run.stderr)")
            if command[0] == "report" {
                #expect(run.status == 0, "\(run.stderr)")
                let page = try String(contentsOfFile: fixture.root + "/report.html", encoding: .utf8)
                #expect(page.contains("a@3x.png"), "the file is on the page")
                if withPNGHeader { #expect(page.contains("png.too-large")) }
            } else {
                #expect(run.status == 1, "\(command[0]): \(run.stderr)")
                let finding =
                    withPNGHeader || command[0] == "thin"
                    ? "a@3x.png:1:1: error: the file is \(FileSystem.fileSize(path) ?? 0) bytes"
                    : "a@3x.png:1:1: error: named as PNG but is not an image"
                #expect(run.stderr.contains(finding), "\(command[0]): \(run.stderr)")
            }
        }
    }
}
