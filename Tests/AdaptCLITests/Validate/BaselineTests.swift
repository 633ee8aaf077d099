import CatalogFixtures
import Foundation
import Testing

/// `--write-baseline`, then `--baseline` (or `baseline:` in `.adapt.yml`): only new findings are
/// reported, edits that move lines change nothing, and fixed entries are named in the summary.
@Suite struct BaselineTests {
    @Test func recordsTodayAndReportsOnlyWhatIsNew() throws {
        let root = try ValidateFixtures.showcase()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let write = try Adapt.run(["validate", "--write-baseline", "baseline.json", "Showcase.xcassets"], in: root)
        #expect(write.stdout.contains("5 warnings"), "\(write.stdout)")
        let baseline = try String(contentsOfFile: root + "/baseline.json", encoding: .utf8)
        #expect(baseline.contains(#""set" : "Legacy.imageset""#) && baseline.contains(#""variant" : "legacy-pad@3x.png""#))
        #expect(!baseline.contains("line"), "keyed on stable data, never on line numbers")

        let clean = try Adapt.run(["validate", "--strict", "--baseline", "baseline.json", "Showcase.xcassets"], in: root)
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("0 errors, 0 warnings; 5 in the baseline"))

        // Lines move: every finding is still the baselined one.
        let contents = root + "/Showcase.xcassets/Legacy.imageset/Contents.json"
        let text = try String(contentsOfFile: contents, encoding: .utf8)
        try ("\n\n\n" + text).write(toFile: contents, atomically: true, encoding: .utf8)
        let moved = try Adapt.run(["validate", "--baseline", "baseline.json", "Showcase.xcassets"], in: root)
        #expect(moved.stdout.contains("0 errors, 0 warnings; 5 in the baseline"), "\(moved.stderr)")
    }

    @Test func namesWhatWasFixedAndReportsWhatIsNew() throws {
        let root = try ValidateFixtures.showcase(config: "baseline: baseline.json\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try Adapt.run(["validate", "--write-baseline", "baseline.json", "Showcase.xcassets"], in: root)
        // Fix one finding (drop the Old set) and add a new one (an orphan file).
        try FileManager.default.removeItem(atPath: root + "/Showcase.xcassets/Old.imageset")
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/Showcase.xcassets/Legacy.imageset/stray.png"))
        let run = try Adapt.run(["validate", "--format", "github", "Showcase.xcassets"], in: root)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("title=set.unassigned"), "\(run.stdout)")
        #expect(run.stderr.contains("1 fixed since the baseline"))
        #expect(run.stderr.contains("fixed since the baseline: Showcase.xcassets/Old.imageset [scale.gap] old.png"), "\(run.stderr)")
    }

    /// Two catalogs of one name (an app's and its widget's `Assets.xcassets`): a baseline of one
    /// never hides the other's findings.
    @Test func catalogsOfTheSameNameAreKeptApart() throws {
        let root = try ValidateFixtures.showcase()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in ["App", "Widget"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            try manager.copyItem(atPath: root + "/Showcase.xcassets", toPath: root + "/\(folder)/Showcase.xcassets")
        }
        _ = try Adapt.run(["validate", "--write-baseline", "baseline.json", "App/Showcase.xcassets"], in: root)
        let baseline = try String(contentsOfFile: root + "/baseline.json", encoding: .utf8)
        #expect(baseline.contains(#""catalog" : "App/Showcase.xcassets""#), "\(baseline)")
        let app = try Adapt.run(["validate", "--baseline", "baseline.json", "App/Showcase.xcassets"], in: root)
        #expect(app.stdout.contains("0 warnings; 5 in the baseline"), "\(app.stdout)")
        let widget = try Adapt.run(["validate", "--baseline", "baseline.json", "Widget/Showcase.xcassets"], in: root)
        #expect(widget.stdout.contains("5 warnings"), "the other catalog's findings are new: \(widget.stdout)")
    }

    @Test func aBrokenBaselineIsAnError() throws {
        let root = try ValidateFixtures.showcase()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "{}".write(toFile: root + "/baseline.json", atomically: true, encoding: .utf8)
        let run = try Adapt.run(["validate", "--baseline", "baseline.json", "Showcase.xcassets"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("baseline.json:1:1: error: not a baseline written by adapt validate"))
    }
}
