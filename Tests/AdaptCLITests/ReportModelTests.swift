import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// The report's model and its thumbnails, without a browser.
@Suite struct ReportModelTests {
    static let showcase = Corpus.repositoryRoot + "/Assets/Showcase.xcassets"

    @Test func showcaseModel() throws {
        var builder = ReportBuilder(database: try DeviceDatabase.builtIn())
        builder.imageChecks = .none
        builder.thumbnailer.cacheFolder = nil
        // Showcase with the sets that draw findings (`ValidateFixtures.showcase`).
        let root = try ValidateFixtures.showcase()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Showcase.xcassets"
        let report = try builder.build(catalogsAt: [path])
        let catalog = try CatalogReader().read(at: path)
        #expect(report.assets.count == catalog.assets.count)
        #expect(report.catalogs[0].variants == catalog.assets.reduce(0) { $0 + $1.variants.count })

        let sidebar = try #require(report.assets.first { $0.name == "Sidebar" })
        #expect(sidebar.rows.contains { $0.cells.contains(.noMatch) }, "regular width shows nothing")
        let icon = try #require(report.assets.first { $0.name == "AppIcon" })
        #expect(
            icon.hasSlots
                && icon.rows.contains { row in
                    row.cells.contains { if case .shown(let choices) = $0 { choices.count > 1 && choices.allSatisfy { $0.slot != nil } } else { false } }
                }, "an app icon set shows each slot")
        // Every device appears in exactly one column of each selectable asset's grid.
        let devices = Set(try DeviceDatabase.builtIn().devices.map(\.id))
        for sheet in report.assets where !sheet.columns.isEmpty {
            #expect(Set(sheet.columns.flatMap { $0 }) == devices && sheet.columns.flatMap { $0 }.count == devices.count, "\(sheet.name)")
        }
        // Rotation: Sidebar (compact width only) appears or disappears on some iPad entering split view.
        #expect(report.traitChanges.contains { group in group.multitasking.contains { report.assets[$0.asset].name == "Sidebar" } })
        #expect(report.diagnostics.contains { $0.asset != nil })
        #expect(report.sizes.groups.reduce(0) { $0 + $1.devices.count } == devices.count)
    }

    /// The overview shows what `adapt validate` reports: a rule the catalog's `.adapt.yml` turns
    /// off is not on the page.
    @Test func theOverviewFollowsTheCatalogsConfiguration() throws {
        func page(_ config: String?) throws -> String {
            let root = try ValidateFixtures.showcase(config: config)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let run = try Adapt.run(["report", "Showcase.xcassets", "-o", "report.html", "--images", "none"], in: root)
            #expect(run.status == 0, "\(run.stderr)")
            return try String(contentsOfFile: root + "/report.html", encoding: .utf8)
        }
        #expect(try page(nil).contains("variant.unreachable"))
        #expect(try !page("disabled_rules: [variant.unreachable]\n").contains("variant.unreachable"))
    }

    @Test func thumbnailsAreBoxFilteredAndCachedByContent() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let thumbnailer = Thumbnailer(maxSide: 128, cacheFolder: cache)
        let wide = PNGFixture.png(width: 300, height: 150, color: [20, 120, 220])
        let thumbnail = try #require(thumbnailer.thumbnail(of: wide))
        #expect(thumbnail.width == 128 && thumbnail.height == 64)
        let pixels = try #require(thumbnailer.pixels(of: thumbnail.png))
        #expect(Array(pixels[0..<4]) == [20, 120, 220, 255], "a box filter keeps a flat colour")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 1)
        #expect(thumbnailer.thumbnail(of: wide) == thumbnail, "the second time comes from the cache")
        let small = try #require(thumbnailer.thumbnail(of: PNGFixture.png(width: 20, height: 30)))
        #expect(small.width == 20 && small.height == 30, "small images keep their size")
        #expect(thumbnailer.thumbnail(of: Array(wide.prefix(60))) == nil, "a truncated file has no thumbnail, and no crash")
        #expect(thumbnailer.thumbnail(of: Array("not a png".utf8)) == nil)
    }

    /// The page's policy allowed any inline script and style (`'unsafe-inline'`): it now lists the
    /// SHA-256 of its one `<script>` and one `<style>`, computed here independently from the page's
    /// text, and the page has no `style` attribute (swatch colours are classes) that the policy
    /// would block. ReportBrowserTests checks the script still runs in Chromium.
    @Test(arguments: [false, true])
    func theContentSecurityPolicyAllowsOnlyThePagesOwnScriptAndStyle(linkImages: Bool) throws {
        var builder = ReportBuilder(database: try DeviceDatabase.builtIn())
        builder.imageChecks = .none
        builder.thumbnailer.cacheFolder = nil
        builder.makeThumbnails = !linkImages
        var page = HTMLReport(try builder.build(catalogsAt: [Self.showcase]))
        page.linkImages = linkImages
        let html = page.render()
        let policy = try #require(html.firstMatch(of: /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)).1
        #expect(!policy.contains("unsafe"), "\(policy)")
        func only(_ element: String) throws -> String {
            let parts = html.components(separatedBy: "<\(element)>")
            #expect(parts.count == 2 && !html.contains("<\(element) "), "one <\(element)>")
            return try #require(parts.last?.components(separatedBy: "</\(element)>").first)
        }
        func hash(_ text: String) -> String { "'sha256-" + Data(SHA256.digest(Array(text.utf8))).base64EncodedString() + "'" }
        let script = try only("script")
        let style = try only("style")
        #expect(script.contains("deviceSelect") && style.contains(".swatch"))
        let images = linkImages ? "img-src data: file: 'self'" : "img-src data:"
        #expect(policy == "default-src 'none'; \(images); style-src \(hash(style)); script-src \(hash(script))")
        #expect(!html.contains(" style=\""), "a style attribute would be blocked")
        // The Showcase's colour set still shows its colour, as a class.
        let swatch = try #require(html.firstMatch(of: /class="big swatch (c\d+)"/)).1
        #expect(style.contains(".\(swatch){background:"))
    }

    /// A change on rotation names the entry the device shows, not the first entry with the same
    /// file: matches reach the report as values. (The report used to print the matrix's cell as
    /// "a.png" and look the file name up again, finding entry 0.)
    @Test func aChangeNamesTheEntryShownEvenWhenItSharesAFile() throws {
        let fixture = try TemporaryCatalog()
        let png = PNGFixture.png(width: 4, height: 4)
        try fixture.addSet(
            "Hero.imageset",
            entries: [
                ["idiom": "universal", "filename": "a.png"],
                ["idiom": "universal", "width-class": "compact", "filename": "c.png"],
                ["idiom": "universal", "width-class": "regular", "height-class": "compact", "filename": "a.png"],
            ], files: ["a.png", "c.png"], pngBytes: png)
        let database = DeviceDatabase(devices: try DeviceDatabase.builtIn().devices.filter { $0.id == "iphone-6-plus" })
        var builder = ReportBuilder(database: database)
        builder.imageChecks = .none
        builder.thumbnailer.cacheFolder = nil
        let report = try builder.build(catalogsAt: [fixture.path])
        let rotation = report.traitChanges.flatMap(\.rotation)
        let toLandscape = try #require(rotation.first { $0.from.hasPrefix("portrait") && $0.to.hasPrefix("landscape") }, "\(rotation)")
        #expect(toLandscape.before.map(\.variant) == [1])
        #expect(toLandscape.after.map(\.variant) == [2], "entry 2 (width regular, height compact) shows in landscape, not entry 0")
    }
}
