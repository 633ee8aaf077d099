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
    /// own size.
    static func manyWindows(_ count: Int) -> String {
        let modes = ["fullScreen", "splitHalf", "slideOver"]
        let windows = (0..<count).map { index in
            """
            {"orientation":"\(index % 2 == 0 ? "portrait" : "landscape")","multitasking":"\(modes[(index / 2) % 3])",\
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
    static func sizeClassCatalog() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Banner.imageset", entries: [
            ["idiom": "universal", "scale": "2x", "filename": "any.png"],
            ["idiom": "universal", "scale": "2x", "width-class": "compact", "filename": "compact.png"],
            ["idiom": "universal", "scale": "2x", "width-class": "regular", "height-class": "regular", "filename": "regular.png"],
        ], files: ["any.png", "compact.png", "regular.png"], pngBytes: PNGFixture.png(width: 4, height: 4))
        try fixture.write(manyWindows(windows), to: "../devices.json")
        return fixture
    }

    @Test func matrixIsLinearInOneProfilesWindows() throws {
        let fixture = try Self.sizeClassCatalog()
        let run = try HostileAdapt.run(["matrix", "Test.xcassets", "--device", "many-windows", "--devices", "devices.json"],
                                       in: fixture.root, limits: Self.cap, deadline: 180)
        #expect(!run.timedOut && run.status == 0, "killed or failed (quadratic in the windows?): \(run.stderr)")
        #expect(run.stdout.hasPrefix("Many windows (many-windows): \(Self.windows * 8) trait sets, 1 asset"))
        // Every row is listed (the matrix is windows × assets), but the changes are the distinct
        // ones, each appearance named once: a few lines, not one per pair of windows.
        let changes = run.stdout.components(separatedBy: "Changes when the device rotates:").last ?? ""
        let lines = changes.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(!lines.isEmpty && lines.count < 100, "\(lines.count) change lines")
        #expect(lines.allSatisfy { $0.hasSuffix("in every appearance") }, "\(lines.prefix(3))")
    }

    @Test func reportIsLinearInOneProfilesWindows() throws {
        let fixture = try Self.sizeClassCatalog()
        let run = try HostileAdapt.run(["report", "Test.xcassets", "-o", "report.html", "--devices", "devices.json",
                                        "--device", "many-windows", "--device", "ipad-pro-13-m4", "--cache", "thumbs"],
                                       in: fixture.root, limits: Self.cap, deadline: 180)
        #expect(!run.timedOut && run.status == 0, "killed or failed (quadratic in the windows?): \(run.stderr)")
        let page = try String(contentsOfFile: fixture.root + "/report.html", encoding: .utf8)
        #expect(page.contains("many-windows"))
        // The page names each window mode and change once, whatever the number of windows.
        #expect(page.utf8.count < 1 << 20, "\(page.utf8.count) bytes")
    }
}
