import AdaptSupport
import CatalogFixtures
import Foundation
import Testing

/// `adapt compile --timeout SECONDS` bounds the whole compile (issue #35, part 3): each drawing
/// was stopped at 30 seconds, but fifty such drawings kept a build busy for twelve minutes.
@Suite struct CompileBudgetTests {
    /// An SVG that takes librsvg seconds to draw at each scale: ten octaves of noise, blurred.
    static let slowSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><filter id="t" x="0" y="0" width="1" height="1">\
        <feTurbulence baseFrequency="0.01" numOctaves="10"/><feGaussianBlur stdDeviation="40"/></filter>\
        <rect width="1000" height="1000" filter="url(#t)"/></svg>
        """

    @Test func aCompileStopsAtItsTimeBudgetWritingNothing() throws {
        let fixture = try TemporaryCatalog()
        // Four sets at three scales: tens of seconds of drawing on any machine.
        for index in 0..<4 {
            try fixture.addSet("Slow\(index).imageset", entries: [["idiom": "universal", "filename": "slow.svg"]])
            try fixture.write(Self.slowSVG, to: "Slow\(index).imageset/slow.svg")
        }
        let before = snapshot(fixture.root)
        let start = ContinuousClock.now
        let run = try HostileAdapt.run(
            ["compile", "Test.xcassets", "--compile", "Build", "--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--timeout", "1"],
            in: fixture.root, deadline: 60)
        let elapsed = start.duration(to: .now)
        #expect(!run.timedOut)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains("time budget of 1 second (--timeout) and was stopped; nothing was written") && run.stderr.contains("[compile.timeout]"),
            "\(run.stderr)")
        // The budget, the watchdog's grace (2 s), and the start of the program.
        #expect(elapsed < .seconds(12), "ended after \(elapsed)")
        let unchanged = snapshot(fixture.root) == before
        #expect(unchanged, "files were written or left behind")
        #expect(Self.processesWorking(in: fixture.root).isEmpty, "a drawing program outlived the compile")
    }

    /// The processes whose working folder is `folder`: the drawing programs a compile started
    /// there (they inherit it). Idle workers end on their own once adapt is gone, so they are
    /// given a moment; one still drawing would go on for its 30 seconds.
    static func processesWorking(in folder: String) -> [String] {
        #if os(Linux)
            let real = FileSystem.realPath(folder) ?? folder
            var found: [String] = []
            for _ in 0..<20 {
                let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
                found = pids.filter { FileSystem.linkTarget("/proc/\($0)/cwd") == real }.map {
                    (try? String(contentsOfFile: "/proc/\($0)/cmdline", encoding: .utf8)) ?? $0
                }
                if found.isEmpty { break }
                usleep(100_000)
            }
            return found
        #else
            return []
        #endif
    }
}
