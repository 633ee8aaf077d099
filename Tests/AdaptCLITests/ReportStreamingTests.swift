import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// `adapt report` at scale keeps little in memory: the page is streamed to its file, and the size
/// section is worked out one device at a time from the plans, not from every device's manifest.
/// These hold that nothing the page says changes with that (the figures themselves are the
/// scale benchmark's, `Scripts/benchmark scale`, not asserted here).
@Suite struct ReportStreamingTests {
    static let showcase = Corpus.repositoryRoot + "/Assets/Showcase.xcassets"

    /// Sets kept or dropped whole (a brand asset, a solid image stack), a set naming one file
    /// twice, an entry whose file is missing: every way `SliceManifest` counts bytes.
    static func awkwardCatalog() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        try fixture.addBrandAssets()
        try fixture.addSolidImageStack()
        try fixture.addSet(
            "Twice.imageset",
            entries: [
                ["idiom": "universal", "scale": "2x", "filename": "t.png"],
                ["idiom": "universal", "scale": "3x", "filename": "t.png"],
                ["idiom": "iphone", "scale": "1x", "filename": "missing.png"],
            ],
            files: ["t.png"], pngBytes: PNGFixture.png(width: 3, height: 3))
        try fixture.addSet(
            "Logo.imageset",
            entries: [
                ["idiom": "universal", "scale": "2x", "filename": "l.png"],
                ["idiom": "ipad", "scale": "2x", "filename": "p.png"],
            ],
            files: ["l.png", "p.png"])
        return fixture
    }

    @Test func sizesFromPlansAreTheManifests() throws {
        let database = try DeviceDatabase.builtIn()
        let awkward = try Self.awkwardCatalog()
        let catalogs = [try CatalogReader().read(at: Self.showcase), try awkward.read()]
        for chosen in [[catalogs[0]], [catalogs[1]], catalogs] {
            let fromManifests = SizeReport(catalogs: chosen, devices: database.devices + database.devices.prefix(2))
            let fromPlans = SizeReport(
                indexes: chosen.map(AssetIndex.init), devices: database.devices + database.devices.prefix(2),
                concurrency: 3)
            #expect(fromPlans.catalogs == fromManifests.catalogs)
            #expect(fromPlans.bytesBefore == fromManifests.bytesBefore && fromPlans.bytesBefore > 0)
            #expect(fromPlans.groups == fromManifests.groups)
        }
        let none = SizeReport(indexes: catalogs.map(AssetIndex.init), devices: [])
        #expect(none.bytesBefore == 0 && none.groups.isEmpty, "as the manifests say: no device, no slice")
    }

    /// The streamed page is the rendered one, byte for byte (the Showcase's is larger than what
    /// is gathered before each write), and it replaces an earlier report through a temporary
    /// file that is gone afterwards.
    @Test func theWrittenPageIsTheRenderedPage() throws {
        var builder = ReportBuilder(database: try DeviceDatabase.builtIn())
        builder.imageChecks = .none
        builder.thumbnailer.cacheFolder = nil
        let page = HTMLReport(try builder.build(catalogsAt: [Self.showcase]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: folder + "/report.html"))
        try page.write(to: folder + "/report.html")
        let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/report.html"))
        let rendered = Array(page.render().utf8)
        #expect(rendered.count > 1 << 18)
        #expect(Array(written) == rendered)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.html"])

        #expect(throws: (any Error).self) { try page.write(to: folder + "/missing/report.html") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.html"])
    }
}
