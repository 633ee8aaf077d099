import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Issue #9, part B: nothing outside the catalog leaks in, no hostile file hangs a command, and
/// no name in a catalog can forge a line of output.
@Suite struct CatalogBoundaryTests {
    /// A catalog beside a `secret` folder, with links into it, out of it and in loops.
    func hostileCatalog() throws -> TemporaryCatalog {
        let fixture = try thinnableCatalog()
        try fixture.write("TOPSECRET-KEY", to: "../secret/id_rsa")
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/Leak.imagestack", withDestinationPath: "../secret")
        try FileManager.default.removeItem(atPath: fixture.path + "/B.imageset/b.png")
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/B.imageset/b.png", withDestinationPath: "../../secret/id_rsa")
        try FileManager.default.createDirectory(atPath: fixture.path + "/grp", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/grp/a", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/grp/b", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/A.imageset/copy.png", withDestinationPath: "a@2x.png")
        return fixture
    }

    @Test func inspectAndValidateReportEverySymlinkAndEndQuickly() throws {
        let fixture = try hostileCatalog()
        for command in [["inspect", "Test.xcassets"], ["validate", "Test.xcassets", "--format", "xcode"]] {
            let run = try HostileAdapt.run(command, in: fixture.root, deadline: 30)
            #expect(!run.timedOut, "\(command[0]) hung on a link loop")
            #expect(run.status == 1)
            #expect(
                run.stderr.contains("Test.xcassets/Leak.imagestack:1:1: error: symbolic link to '../secret' leads outside the catalog"),
                "\(run.stderr)")
            #expect(run.stderr.contains("Test.xcassets/B.imageset/b.png:1:1: error:") && run.stderr.contains("[catalog.symlink-escape]"))
            #expect(run.stderr.contains("Test.xcassets/grp/a:1:1: warning:") && run.stderr.contains("Test.xcassets/grp/b:1:1: warning:"))
            #expect(run.stderr.contains("Test.xcassets/A.imageset/copy.png:1:1: warning:") && run.stderr.contains("[catalog.symlink]"))
            #expect(!run.stderr.contains("TOPSECRET") && !run.stdout.contains("TOPSECRET"))
        }
    }

    @Test func thinNeverCopiesWhatAnEscapingLinkLeadsTo() throws {
        let fixture = try hostileCatalog()
        let refused = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out"], in: fixture.root, deadline: 30)
        #expect(refused.status == 1 && !FileManager.default.fileExists(atPath: fixture.root + "/out"))
        for placement in [[], ["--link"], ["--copy"]] {
            let run = try HostileAdapt.run(
                ["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out", "--allow-invalid"] + placement,
                in: fixture.root, deadline: 30)
            #expect(!run.timedOut && run.status == 0, "\(run.stderr)")
            let written = snapshot(fixture.root + "/out")
            #expect(written.count < 40, "a link loop was copied: \(written.count) entries")
            #expect(
                !written.values.contains { $0.contains(Array("TOPSECRET".utf8).map { String($0, radix: 16) }.joined()) },
                "\(placement): the secret was copied")
            #expect(!written.keys.contains { $0.contains("Leak") }, "\(placement): the escaping folder was copied")
            #expect(!written.values.contains { $0.hasPrefix("link -> ..") || $0.hasPrefix("link -> /") }, "\(placement): a link leads out")
        }
    }

    @Test func fifosAndDevicesNeitherHangNorExhaustMemory() throws {
        let fixture = try thinnableCatalog()
        try FileManager.default.removeItem(atPath: fixture.path + "/A.imageset/a@3x.png")
        #expect(mkfifo(fixture.path + "/A.imageset/a@3x.png", 0o644) == 0)
        try fixture.addSet("P.imageset", entries: [])
        try FileManager.default.removeItem(atPath: fixture.path + "/P.imageset/Contents.json")
        #expect(mkfifo(fixture.path + "/P.imageset/Contents.json", 0o644) == 0)
        try fixture.addSet("Z.imageset", entries: [])
        try FileManager.default.removeItem(atPath: fixture.path + "/Z.imageset/Contents.json")
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/Z.imageset/Contents.json", withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: fixture.path + "/G", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/G/Contents.json", withDestinationPath: "/dev/zero")
        let commands = [
            ["inspect", "Test.xcassets"], ["validate", "Test.xcassets"],
            ["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out", "--allow-invalid"],
            ["png", "Test.xcassets"],
        ]
        for command in commands {
            let run = try HostileAdapt.run(command, in: fixture.root, deadline: 30)
            #expect(!run.timedOut, "\(command[0]) hung")
            #expect(run.status == (command[0] == "thin" ? 0 : 1), "\(command[0]): \(run.stderr)")
        }
        let inspect = try HostileAdapt.run(["inspect", "Test.xcassets"], in: fixture.root, deadline: 30)
        #expect(
            inspect.stderr.contains("Test.xcassets/P.imageset/Contents.json:1:1: error: cannot read Contents.json: not a regular file (a named pipe)"),
            "\(inspect.stderr)")
        #expect(inspect.stderr.contains("Test.xcassets/Z.imageset/Contents.json:1:1: error:"))
        #expect(inspect.stderr.contains("Test.xcassets/G/Contents.json:1:1: error:"))
        // The image that is a FIFO: said to be unreadable, not blamed for bytes it does not have.
        let validate = try HostileAdapt.run(["validate", "Test.xcassets"], in: fixture.root, deadline: 30)
        #expect(
            validate.stderr.contains("A.imageset/a@3x.png:1:1: error: cannot read the file: not a regular file (a named pipe)"),
            "\(validate.stderr)")
        #expect(!validate.stderr.contains("is not an image in any format"))
    }

    @Test func anOversizedContentsJSONIsRefusedByName() throws {
        let fixture = try thinnableCatalog()
        try fixture.write([UInt8](repeating: 0x20, count: (16 << 20) + 1), to: "B.imageset/Contents.json")
        let run = try HostileAdapt.run(["inspect", "Test.xcassets"], in: fixture.root)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("Test.xcassets/B.imageset/Contents.json:1:1: error: cannot read Contents.json:")
                && run.stderr.contains("more than the limit of 16777216 bytes"), "\(run.stderr)")
    }

    @Test func controlCharactersInNamesCannotForgeOutput() throws {
        let fixture = try thinnableCatalog()
        let forged = "x\nSources/App/Payment.swift:42:1: error: card number leaked\u{1B}[2J\u{9B}31m.png"
        try fixture.addSet("Evil\u{1B}]0;pwned\u{07}.imageset", entries: [["idiom": "universal", "filename": .string(forged)]])
        for format in ["text", "xcode"] {
            let run = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none", "--format", format], in: fixture.root)
            #expect(run.status == 1)
            let lines = (run.stdout + run.stderr).split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("Sources/App/Payment.swift") }, "\(format): a forged diagnostic line")
            #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 }, "\(format): raw controls")
            #expect(run.stderr.contains("x\\nSources/App/Payment.swift") && run.stderr.contains("\\u{1B}[2J"), "\(run.stderr)")
        }
        let inspect = try HostileAdapt.run(["inspect", "Test.xcassets"], in: fixture.root)
        #expect(!inspect.stdout.split(separator: "\n").contains { $0.hasPrefix("Sources/App/Payment.swift") })
        #expect(!(inspect.stdout + inspect.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
        let json = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none", "--format", "json"], in: fixture.root)
        #expect(!json.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        for line in json.stdout.split(separator: "\n") {
            #expect((try? JSONParser.parse(Array(line.utf8))) != nil, "not JSON: \(line)")
        }
        #expect(json.stdout.contains(#"\u001b[2J\u009b31m.png"#), "\(json.stdout)")
    }

    /// A name holding a line break and a GitHub workflow command, and a right-to-left override:
    /// every text output keeps the name on its own line, escaped, in matrix, diff, resolve and
    /// size as in validate and inspect.
    @Test func namesCannotStartALineInAnyTextOutput() throws {
        let fixture = try thinnableCatalog()
        let evil = "Evil\n::error file=a.swift::forged\u{202E}gnp"
        try fixture.addSet(
            evil + ".imageset", entries: [["idiom": "universal", "filename": "e.png"]], files: ["e.png"],
            pngBytes: PNGFixture.png(width: 4, height: 4))
        let copy = fixture.root + "/Copy.xcassets"
        try FileManager.default.copyItem(atPath: fixture.path, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/" + evil + ".imageset")
        let runs = [
            try HostileAdapt.run(["matrix", "Test.xcassets", "--device", "iphone-15"], in: fixture.root),
            try HostileAdapt.run(["diff", "Copy.xcassets", "Test.xcassets"], in: fixture.root),
            try HostileAdapt.run(["resolve", "Test.xcassets", evil, "--scale", "2"], in: fixture.root),
            try HostileAdapt.run(["resolve", "Test.xcassets", evil, "--scale", "2", "--explain"], in: fixture.root),
            try HostileAdapt.run(["size", "Test.xcassets", "--device", "iphone-15"], in: fixture.root),
            try HostileAdapt.run(["inspect", "Test.xcassets"], in: fixture.root),
        ]
        for (position, run) in runs.enumerated() {
            let output = run.stdout + run.stderr
            // `size` names catalogs and devices, not assets.
            if position != 4 { #expect(output.contains("Evil\\n::error"), "the name is shown, escaped: \(output)") }
            #expect(!output.split(separator: "\n").contains { $0.hasPrefix("::error") }, "a forged workflow command: \(output)")
            #expect(!output.unicodeScalars.contains { $0.value == 0x202E }, "a raw right-to-left override")
        }
    }
}
