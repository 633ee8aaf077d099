import AdaptSupport
import CatalogFixtures
import Foundation
import Testing

/// `adapt compile` says whose fault a failure is (issue #35, part 5): the machine's (out of
/// memory or file descriptors: `environment.exhausted`, exit 2, as every other command), the
/// command line's (exit 2), or the input's (exit 1, naming the file).
@Suite struct CompileBlameTests {
    static let compileFlags = ["--compile", "Build", "--platform", "iphoneos", "--minimum-deployment-target", "17.0"]

    /// Three valid 8000 × 8000 PNGs (256 MB each, decoded) under a 400 MB address-space limit:
    /// the machine ran out of memory, not the PNGs' fault. Before, each PNG was an error "out of
    /// memory" with exit 1.
    @Test func runningOutOfMemoryBlamesNoFile() throws {
        let fixture = try TemporaryCatalog()
        let png = Self.bilevelPNG(side: 8000)
        for name in ["A", "B", "C"] {
            try fixture.addSet("\(name).imageset", entries: [["idiom": "universal", "scale": "1x", "filename": "big.png"]], files: ["big.png"], pngBytes: png)
        }
        let before = snapshot(fixture.root)
        let run = try HostileAdapt.run(["compile", "Test.xcassets"] + Self.compileFlags, in: fixture.root, limits: "ulimit -v 400000")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("adapt ran out of memory") && run.stderr.contains("[environment.exhausted]"), "\(run.stderr)")
        #expect(!run.stderr.contains("[compile."), "no file is blamed: \(run.stderr)")
        let unchanged = snapshot(fixture.root) == before
        #expect(unchanged, "files were written")
    }

    /// A white PNG of one bit per pixel: 8 MB on disk (stored, uncompressed), 256 MB decoded.
    static func bilevelPNG(side: Int) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((side / 8 + 1) * side)
        for _ in 0..<side { raw += [0] + [UInt8](repeating: 0xFF, count: (side + 7) / 8) }
        return PNGFixture.signature + PNGFixture.ihdr(width: side, height: side, bitDepth: 1, colorType: 0)
            + PNGFixture.chunk("IDAT", PNGFixture.zlibStored(raw)) + PNGFixture.chunk("IEND", [])
    }

    /// Whatever the limit on file descriptors, a compile of an SVG (drawn by another program, through
    /// pipes or a socket) either succeeds or stops with `environment.exhausted`, blaming no file:
    /// before, a limit that left too few for the pipes blamed the SVG ("rsvg-convert could not be
    /// started: Too many open files", exit 1).
    @Test func runningOutOfDescriptorsBlamesNoFile() throws {
        let fixture = try TemporaryCatalog()
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="red"/></svg>"#
        try fixture.addSet("V.imageset", entries: [["idiom": "universal", "filename": "v.svg"]])
        try fixture.write(svg, to: "V.imageset/v.svg")
        var exhausted = 0
        for limit in 6...24 {
            try? FileManager.default.removeItem(atPath: fixture.root + "/Build")
            let run = try HostileAdapt.run(["compile", "Test.xcassets"] + Self.compileFlags, in: fixture.root, limits: "ulimit -n \(limit)")
            #expect(run.status == 0 || run.status == 2, "ulimit -n \(limit): \(run.stderr)")
            #expect(!run.stderr.contains("[compile."), "ulimit -n \(limit) blamed the input: \(run.stderr)")
            if run.status == 2 {
                exhausted += 1
                #expect(run.stderr.contains("file descriptors") && run.stderr.contains("[environment.exhausted]"), "ulimit -n \(limit): \(run.stderr)")
            }
        }
        #expect(exhausted > 0, "no limit was low enough to run out")
    }

    /// A command line no compile can follow is a usage error (exit 2), before any file is read.
    @Test(arguments: [
        (["--compile", "Build", "--minimum-deployment-target", "17.0"], "--platform is required"),
        (Self.compileFlags + ["--filter-for-device-model", "Nothing99,9"], "--filter-for-device-model Nothing99,9 names no device"),
        (Self.compileFlags + ["--timeout", "0"], "'0' is not a value of --timeout"),
        (Self.compileFlags + ["--timeout", "soon"], "'soon' is not a value of --timeout"),
    ])
    func commandLineMistakesAreUsageErrors(flags: [String], words: String) throws {
        let fixture = try thinnableCatalog()
        let run = try HostileAdapt.run(["compile", "Test.xcassets"] + flags, in: fixture.root)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(words), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build"))
    }
}
