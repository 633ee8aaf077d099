import CatalogFixtures
import Foundation
import Testing

/// The README's picture of the report, `docs/report-showcase.png`, is a screenshot that
/// `Scripts/make-pictures` takes of the current build's report of the Showcase; it writes the
/// page's text beside it, `docs/report-showcase.txt`. A screenshot cannot be compared across
/// machines (fonts, anti-aliasing), but its words can: this fails as soon as the report this build
/// writes says something else, so the picture cannot show messages that no longer exist.
@Suite struct ReportPictureTests {
    static let docs = Corpus.repositoryRoot + "/docs"

    @Test func theReadmePictureShowsWhatTheCurrentReportShows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picture-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // As the script runs it: a relative catalog path from the repository root.
        let run = try Adapt.run(["report", "Assets/Showcase.xcassets", "-o", folder + "/report.html", "--cache", folder + "/thumbnails"])
        #expect(run.status == 0, "\(run.stderr)")
        let now = try Self.pageText(of: folder + "/report.html")
        let committed = try String(contentsOfFile: Self.docs + "/report-showcase.txt", encoding: .utf8)
        if now != committed {
            let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
            let new = now.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
            Issue.record(
                """
                docs/report-showcase.txt, the text of the README's picture of the report, is not what this build's \
                `adapt report Assets/Showcase.xcassets` shows: run Scripts/make-pictures, look at docs/report-showcase.png \
                and commit both files. First difference, line \(line + 1):
                  committed: \(line < old.count ? String(old[line]) : "(end of file)")
                  now:       \(line < new.count ? String(new[line]) : "(end of file)")
                """)
        }
        // The text holds what the picture shows, and nothing that changes from run to run.
        #expect(now.contains("Asset report: Showcase.xcassets\n") && now.contains("\nDiagnostics: "))
        #expect(!now.contains(Corpus.repositoryRoot) && !now.contains(folder) && !now.contains("base64"))
    }

    /// The picture is there, and is the script's screenshot (its window size), not a stale one.
    @Test func thePictureIsTheScriptsScreenshot() throws {
        let png = try Array(Data(contentsOf: URL(fileURLWithPath: Self.docs + "/report-showcase.png")))
        try #require(png.count > 24 && png[12..<16].elementsEqual("IHDR".utf8))
        func be32(_ offset: Int) -> Int { png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let script = try String(contentsOfFile: Corpus.repositoryRoot + "/Scripts/make-pictures", encoding: .utf8)
        let size = try #require(script.firstMatch(of: /--window-size=(\d+),(\d+)/))
        #expect(be32(16) == Int(size.1) && be32(20) == Int(size.2))
        let readme = try String(contentsOfFile: Corpus.repositoryRoot + "/README.md", encoding: .utf8)
        #expect(readme.contains("](docs/report-showcase.png)") && readme.contains("Scripts/make-pictures"))
    }

    /// `Scripts/report-text.py`, the one extraction the script and this test share.
    static func pageText(of page: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Corpus.repositoryRoot + "/Scripts/report-text.py", page]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "Scripts/report-text.py failed")
        return String(decoding: text, as: UTF8.self)
    }
}
