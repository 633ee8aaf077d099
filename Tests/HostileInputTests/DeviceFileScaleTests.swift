import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Issue "Hostile input, round 2", item 1: a `--devices` file whose one profile lists many windows
/// (trait sets). `adapt matrix` and `adapt report` compared every window with every other: 2,500
/// windows (0.4 MB) took 12 s, and 95,000 (14.5 MB, under the 16 MiB file limit) were killed at
/// 120 s and 3.9 GB. Run under a CPU-time cap, so that quadratic work fails instead of passing slowly.
@Suite struct DeviceFileScaleTests {
    /// 10,000 windows: under the cap in well under a tenth of it when linear; quadratic, the
    /// changes alone are 10⁸ row pairs.
    static let windows = 10_000
    static let cap = "ulimit -t 30"

    /// A profile of `count` windows shaped like `Scripts/make-hostile-devices.py`: portrait and
    /// landscape alternate in three multitasking modes with every size-class pair, each window its
    /// own size. `distinct`: each window its own multitasking mode, so each is its own context
    /// (row) of the report's grid.
    static func manyWindows(_ count: Int, distinct: Bool = false) -> String {
        let modes = ["fullScreen", "splitHalf", "slideOver"]
        let windows = (0..<count).map { index in
            """
            {"orientation":"\(index % 2 == 0 ? "portrait" : "landscape")",\
            "multitasking":"\(distinct && index >= 6 ? "mode-\(index / 2)" : modes[(index / 2) % 3])",\
            "horizontalSizeClass":"\((index / 6) % 2 == 1 ? "regular" : "compact")",\
            "verticalSizeClass":"\((index / 12) % 2 == 1 ? "regular" : "compact")",\
            "window":{"width":\(100 + index),"height":100}}
            """
        }
        return """
            {"formatVersion":1,"devices":[{"id":"many-windows","name":"Many windows","modelIdentifiers":["Many1,1"],\
            "idiom":"pad","displayScales":[2],"screen":{"width":1024,"height":1366},"displayGamut":"P3","memory":8,\
            "appearances":["light","dark"],"traitSets":[\(windows.joined(separator: ","))]}]}
            """
    }

    /// One set whose file depends on the size classes, so windows differ in what they show.
    static func sizeClassCatalog(distinct: Bool = false) throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Banner.imageset",
            entries: [
                ["idiom": "universal", "scale": "2x", "filename": "any.png"],
                ["idiom": "universal", "scale": "2x", "width-class": "compact", "filename": "compact.png"],
                ["idiom": "universal", "scale": "2x", "width-class": "regular", "height-class": "regular", "filename": "regular.png"],
            ], files: ["any.png", "compact.png", "regular.png"], pngBytes: PNGFixture.png(width: 4, height: 4))
        try fixture.write(manyWindows(windows, distinct: distinct), to: "../devices.json")
        return fixture
    }

    @Test func matrixIsLinearInOneProfilesWindows() throws {
        let fixture = try Self.sizeClassCatalog()
        let run = try HostileAdapt.run(
            ["matrix", "Test.xcassets", "--device", "many-windows", "--devices", "devices.json"],
            in: fixture.root, limits: Self.cap, deadline: 180)
        try #require(!run.timedOut && run.status == 0, "killed or failed (quadratic in the windows?): \(run.stderr)")
        #expect(run.stdout.hasPrefix("Many windows (many-windows): \(Self.windows * 8) trait sets, 1 asset"))
        // Every row is listed (the matrix is windows × assets), but the changes are the distinct
        // ones, each appearance named once: a few lines, not one per pair of windows.
        let changes = run.stdout.components(separatedBy: "Changes when the device rotates:").last ?? ""
        let lines = changes.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(!lines.isEmpty && lines.count < 100, "\(lines.count) change lines")
        #expect(lines.allSatisfy { $0.hasSuffix("in every appearance") }, "\(lines.prefix(3))")
    }

    /// With every built-in device too. `distinct`: 10,000 contexts, for which the grid's table of
    /// devices × contexts held a trait set per cell (1.5 GB for 20,000 windows): now under a memory
    /// cap as well.
    @Test(arguments: [false, true])
    func reportIsLinearInOneProfilesWindows(distinct: Bool) throws {
        let fixture = try Self.sizeClassCatalog(distinct: distinct)
        let run = try HostileAdapt.run(
            ["report", "Test.xcassets", "-o", "report.html", "--devices", "devices.json", "--cache", "thumbs"],
            in: fixture.root, limits: Self.cap + "; ulimit -v 800000", deadline: 180)
        try #require(!run.timedOut && run.status == 0, "killed or failed (quadratic in the windows?): \(run.stderr)")
        let page = try String(contentsOfFile: fixture.root + "/report.html", encoding: .utf8)
        #expect(page.contains("many-windows"))
        // Repeated window modes are named once, whatever the number of windows; distinct ones
        // about once each (row labels, about 260 bytes a window), not once per pair.
        #expect(page.utf8.count < (distinct ? 400 * Self.windows : 1 << 20), "\(page.utf8.count) bytes")
    }

    /// Many small profiles instead: merging them into the built-in database scanned the database
    /// for each id (40,000 profiles, 13.7 MB: 82 s for `adapt devices`).
    @Test func manyProfilesMergeInLinearTime() throws {
        let fixture = try TemporaryCatalog()
        let profile =
            #""idiom":"phone","displayScale":2,"screen":{"width":375,"height":667},"displayGamut":"sRGB","memory":1,"appearances":["light"],"#
            + #""traitSets":[{"orientation":"portrait","multitasking":"fullScreen","horizontalSizeClass":"compact","#
            + #""verticalSizeClass":"regular","window":{"width":375,"height":667}}]"#
        let count = 30_000
        let devices = (0..<count).map { #"{"id":"p\#($0)","name":"P","modelIdentifiers":[],"# + profile + "}" }
        // One replaces a built-in profile: merging still replaces by id.
        let replaced = #"{"id":"iphone-16","name":"Replaced","modelIdentifiers":[],"# + profile + "}"
        try fixture.write(#"{"formatVersion":1,"devices":["# + (devices + [replaced]).joined(separator: ",") + "]}", to: "../devices.json")
        let run = try HostileAdapt.run(["devices", "--devices", "devices.json"], in: fixture.root, limits: "ulimit -t 20", deadline: 120)
        try #require(!run.timedOut && run.status == 0, "killed or failed (quadratic in the profiles?): \(run.stderr)")
        #expect(run.stdout.contains("p\(count - 1)") && run.stdout.contains("Replaced"))
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("iphone-16 ") }.count == 1, "one iphone-16")
    }
}
