import AdaptSupport
@_spi(Compiling) import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// The default time budget grows with the renditions a compile plans: a 20,000-set catalog took
/// 976 s on a loaded 2-core machine, past the fixed ten minutes the budget used to be, and a
/// build Xcode finishes must not fail under `adapt compile`.
@Suite struct CompileDeadlineTests {
    @Test func theDefaultBudgetGrowsWithThePlannedRenditions() {
        let start = ContinuousClock.now
        let deadline = CompileDeadline(seconds: nil, from: start)
        #expect(deadline.seconds == 600)
        deadline.plan(renditions: 92_000)
        #expect(deadline.seconds == 2_900)
        #expect(deadline.instant == start.advanced(by: .seconds(2_900)))
        // Asset packs plan again: their renditions add to it.
        deadline.plan(renditions: 1)
        #expect(deadline.seconds == 2_901)
        deadline.plan(renditions: 0)
        #expect(deadline.seconds == 2_901)
        #expect(deadline.message.contains("time budget of 2901 seconds (the default --timeout, 600 s plus 25 ms a rendition)"))
    }

    @Test func aGivenTimeoutIsKeptAsGiven() {
        let deadline = CompileDeadline(seconds: 5)
        deadline.plan(renditions: 92_000)
        #expect(deadline.seconds == 5)
        #expect(deadline.message.contains("time budget of 5 seconds (--timeout) and was stopped"))
        #expect(!deadline.isPast)
        #expect(CompileDeadline(seconds: 0).isPast)
    }

    /// The run's deadline, which the command's watchdog reads, is the one the compile grows.
    @Test(arguments: [nil, 300] as [Int?]) func aCompileGrowsTheDefaultBudgetOnly(timeout: Int?) throws {
        let fixture = try TemporaryCatalog()
        for index in 0..<40 {
            try fixture.addSet(
                "Image\(index).imageset",
                entries: ["1x", "2x", "3x"].map { ["idiom": "universal", "scale": .string($0), "filename": .string("image@\($0).png")] })
            for scale in 1...3 {
                let png = PNGFixture.png(width: 4 * scale, height: 4 * scale, alpha: true, color: [UInt8(index), 0, 0])
                try fixture.write(png, to: "Image\(index).imageset/image@\(scale)x.png")
            }
        }
        let arguments = try ActoolArguments(
            parsing: [fixture.path, "--compile", fixture.root + "/Build", "--platform", "iphoneos", "--minimum-deployment-target", "17.0"]
                + (timeout.map { ["--timeout", String($0)] } ?? []))
        let run = CompileRun(arguments)
        let result = run.run()
        #expect(!result.failed, "\(result.diagnostics.map(\.description))")
        // 40 sets at three scales plan 120 renditions, 3 s over the start (the file holds more:
        // the packed images are made after planning); a given budget stays as given.
        #expect(run.deadline.seconds == (timeout ?? 603))
    }
}
