import CompiledCatalog
import Foundation

/// Real compiled catalogs of Xcode 10 to 26 from public repositories (their SOURCES.md says
/// which, at which commit, under which licence). Fetched files may not be committed here; the
/// shared corpus holds them (`compiled/recent`), and `Scripts/test` runs these tests on that
/// folder, refusing to start when it is missing, so they are never skipped
/// (`Scripts/test-recent-corpus [DIR]` runs them alone). Every reader fix they led to also has a
/// test of its own on bytes made here (`RecentFormatTests`; `SyntheticCatalog`'s files in
/// `CompiledSyntheticTests` and `BitmapKeysThinningTests`).
///
/// The folder: `ADAPTIVE_ASSETS_RECENT_CORPUS`, else `compiled/recent` in the shared corpus.
package enum RecentCorpus {
    /// Each file, by the folder its repository's files are kept in, with what its header says.
    package struct File: Sendable, CustomStringConvertible {
        package var path: String
        package var coreUI: UInt32
        package var storageVersion: UInt32
        package var platform: String
        package var platformVersion: String
        /// The authoring tool's string starts with this (`Xcode 26.3 (17C529)`).
        package var tool: String
        package var renditions: Int

        package var description: String { path }
    }

    package static let sentryXcode15 = File(
        path:
            "sentry-cli/apple-catalog-parsing/native/swift/AssetCatalogParser/Tests/AssetCatalogParserTests/Resources/test.xcarchive/Products/Applications/DemoApp.app/Assets.car",
        coreUI: 866, storageVersion: 17, platform: "ios", platformVersion: "16.0", tool: "Xcode 15.2 (15C500b)", renditions: 1)
    package static let sentryXcode16 = File(
        path: "sentry-cli/tests/integration/_fixtures/build/archive.xcarchive/Products/Applications/DemoApp.app/Assets.car",
        coreUI: 918, storageVersion: 17, platform: "ios", platformVersion: "15.0", tool: "Xcode 16.4 (16F6)", renditions: 2)
    package static let grid = File(
        path: "Grid/Resources/Assets.car", coreUI: 972, storageVersion: 17, platform: "macosx", platformVersion: "14.0",
        tool: "Xcode 26.3 (17C529)", renditions: 13)
    package static let sudoku = File(
        path: "sudoku/Resources/Assets.car", coreUI: 969, storageVersion: 17, platform: "macosx", platformVersion: "10.14",
        tool: "Xcode 26.0.1 (17A400)", renditions: 40)
    package static let stasis = File(
        path: "Stasis/Resources/Assets.car", coreUI: 972, storageVersion: 17, platform: "atv", platformVersion: "26.2",
        tool: "Xcode 26.2 (17C52)", renditions: 11)
    package static let fixXcodeAssets = File(
        path: "Fix_Xcode_Assets/Assets.car", coreUI: 498, storageVersion: 15, platform: "ios", platformVersion: "9.0",
        tool: "IBCocoaTouchImageCatalogTool-10.1", renditions: 0)
    package static let iMon = File(
        path: "iMon/Resources/Assets.car", coreUI: 975, storageVersion: 17, platform: "macosx", platformVersion: "13.0",
        tool: "Xcode 26.6 (17F113)", renditions: 13)

    package static let einkAssistant = File(
        path: "eink-assistant/Resources/Assets.car", coreUI: 975, storageVersion: 17, platform: "macosx", platformVersion: "14.0",
        tool: "Xcode 26.6 (17F113)", renditions: 13)

    package static let files = [sentryXcode15, sentryXcode16, grid, sudoku, stasis, fixXcodeAssets, iMon]

    package static var folder: String? {
        let environment = ProcessInfo.processInfo.environment["ADAPTIVE_ASSETS_RECENT_CORPUS"]
        guard let folder = environment ?? (try? Corpus.root).map({ $0 + "/compiled/recent" }) else { return nil }
        return FileManager.default.fileExists(atPath: folder + "/SOURCES.md") ? folder : nil
    }

    package static func path(_ relative: String) throws -> String {
        guard let folder else { throw Missing() }
        return folder + "/" + relative
    }

    package struct Missing: Error, CustomStringConvertible {
        package var description: String {
            "the recent compiled catalogs were not found: set ADAPTIVE_ASSETS_RECENT_CORPUS to their folder (shared/corpus/compiled/recent)"
        }
    }

    package static func read(_ file: File) throws -> CompiledCatalog { try CompiledCatalog(path: path(file.path)) }

    package static func bytes(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relative)))) }

    /// A source Contents.json, parsed.
    package static func contents(_ relative: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(bytes(relative))) as? [String: Any] ?? [:]
    }

    /// A PNG's pixel size, from its IHDR chunk (bytes 16-23).
    package static func pngSize(_ relative: String) throws -> (width: Int, height: Int) {
        let png = try bytes(relative)
        func be32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
        return (be32(16), be32(20))
    }
}
