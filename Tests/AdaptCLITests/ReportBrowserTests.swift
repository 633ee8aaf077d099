import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// `adapt report` checked in a real browser: headless Chromium loads the page from disk, and the
/// test reads the DOM after the page's own script ran. No skipping: `.ci/run` installs chromium.
@Suite(.serialized) struct ReportBrowserTests {
    /// Where CI keeps the Showcase report and its screenshot (docs/Commands.md, "adapt report").
    static let artefacts = Corpus.repositoryRoot + "/.build/report-artefacts"

    static func foodTruck() throws -> String {
        try Corpus.root + "/catalogs/food-truck/App/Assets.xcassets"
    }

    /// A compiled catalog of Xcode 7.3 (issue #38): its small images are packed into atlases, so
    /// every thumbnail of them is a cut-out.
    static func compiledIOS() throws -> String {
        try Corpus.root + "/compiled/acextract/acextractTests/data/assets_ios.car"
    }

    @Test(arguments: ["showcase", "food-truck", "assets-ios-car"])
    func theReportLoadsInChromium(_ which: String) throws {
        let catalog =
            switch which {
            case "showcase": Corpus.repositoryRoot + "/Assets/Showcase.xcassets"
            case "food-truck": try Self.foodTruck()
            default: try Self.compiledIOS()
            }
        try FileManager.default.createDirectory(atPath: Self.artefacts, withIntermediateDirectories: true)
        let page = Self.artefacts + "/\(which)-report.html"
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let run = try Adapt.run(["report", catalog, "-o", page, "--cache", cache])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("http:") && !html.contains("https:"), "nothing in the page may point at the network")
        #expect(html.contains("default-src 'none'; img-src data:;"))

        let browser = try Browser.find()
        let dump = try browser.run(["--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", "file://" + page])
        #expect(dump.status == 0)
        for marker in ["Uncaught", "ERROR:CONSOLE", "Refused to"] {
            #expect(!dump.stderr.contains(marker), "console: \(dump.stderr.split(separator: "\n").filter { $0.contains(marker) })")
        }
        #expect(dump.stdout.contains("data-images-ok=\"true\""), "every <img> decodes")
        let count = dump.stdout.firstMatch(of: /data-images-count="(\d+)"/).flatMap { Int($0.1) } ?? 0
        #expect(count > 0)
        #expect(!dump.stdout.contains("<form id=\"filters\" hidden"), "the script ran and showed the filters")

        // Every asset and every device group is on the page.
        let opened = try CatalogSource.open(catalog)
        let source = opened.catalog
        for position in source.assets.indices {
            #expect(dump.stdout.contains("id=\"asset-0-\(position)\""), "asset \(source.assets[position].name)")
        }
        let database = try DeviceDatabase.builtIn()
        let sizes =
            try opened.compiled.map { try CompiledThinning($0, devices: CompiledThinning.devices(for: $0.compiled, in: database)).sizeReport() }
            ?? SizeReport(catalogs: [source], devices: database.devices)
        for group in sizes.groups {
            #expect(
                dump.stdout.contains("<tr class=\"devicegroup\" data-devices=\"\(group.devices.map(\.id).joined(separator: " "))\""),
                "device group \(group.devices[0].id)")
        }

        let screenshot = Self.artefacts + "/\(which)-report.png"
        try? FileManager.default.removeItem(atPath: screenshot)
        let shot = try browser.run(["--hide-scrollbars", "--screenshot=" + screenshot, "--window-size=1280,2000", "file://" + page])
        #expect(shot.status == 0, "\(shot.stderr)")
        // Decoded with the package's own PNG code: a blank page has one colour.
        let thumbnail = try #require(Thumbnailer(maxSide: 256, cacheFolder: nil).thumbnail(ofFileAt: screenshot), "the screenshot is a PNG")
        let pixels = try #require(Thumbnailer(maxSide: 256, cacheFolder: nil).pixels(of: thumbnail.png))
        var colours: Set<UInt32> = []
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            colours.insert(UInt32(pixels[offset]) << 16 | UInt32(pixels[offset + 1]) << 8 | UInt32(pixels[offset + 2]))
        }
        #expect(colours.count > 50, "the screenshot is not blank (\(colours.count) colours)")
    }

    /// `--link-images`: only files a browser shows are linked (the Showcase has a data set's JSON
    /// and a vector PDF), so every `<img>` on the page decodes from the original file.
    @Test func linkedImagesAllDecode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linked-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/report.html"
        let run = try Adapt.run(["report", Corpus.repositoryRoot + "/Assets/Showcase.xcassets", "-o", page, "--link-images"])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains(".json\"") && !html.contains(".pdf\""), "a data file or a PDF is never an <img>")
        let dump = try Browser.find().run(["--virtual-time-budget=5000", "--allow-file-access-from-files", "--dump-dom", "file://" + page])
        #expect(
            dump.stdout.contains("data-images-ok=\"true\""),
            "every linked <img> decodes: \(dump.stdout.firstMatch(of: /data-images-broken="\d+"/).map { String($0.0) } ?? "")")
    }

    @Test func filtersWorkWithAKeyboardAndThePageReadsWithoutScript() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: page) }
        #expect(try Adapt.run(["report", "Assets/Showcase.xcassets", "-o", page, "--images", "none"]).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<form id=\"filters\" hidden"), "without script, the filters are hidden and everything is shown")
        #expect(html.contains("<label>Asset name <input type=\"search\""), "labelled native controls: keyboard-usable")
        #expect(html.contains("prefers-color-scheme:dark"))
        #expect(!html.contains("<img src=\"data:image/png;base64,\" "), "every <img> has data")
        #expect(html.components(separatedBy: "<img ").count == html.components(separatedBy: " alt=\"").count, "every <img> has alt text")
        #expect(html.contains("class=\"t i") && html.contains(" mirrored\""), "Arrow is shown mirrored in right-to-left contexts")
        #expect(html.contains("<td class=\"nomatch\">"), "Sidebar has no match on regular width")
    }
}

/// Headless Chromium, found on PATH.
struct Browser {
    var path: String

    static func find() throws -> Browser {
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return Browser(path: folder + "/" + name)
            }
        }
        throw Missing()
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "chromium was not found on PATH: `.ci/run` installs it (apt-get install -y chromium)" }
    }

    func run(_ arguments: [String]) throws -> AdaptRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes while the browser runs, so neither fills and stalls it.
        let errorData = LockedData()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.done { usleep(10_000) }
        return AdaptRun(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: errorData.value, as: UTF8.self))
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false
    func set(_ value: Data) {
        lock.lock()
        data = value
        finished = true
        lock.unlock()
    }
    var done: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }
    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
