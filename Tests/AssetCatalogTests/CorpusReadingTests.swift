import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// The real catalogs of shipped apps must read cleanly, and the reader must find exactly what
/// their files hold (counted here independently, with Foundation's JSON parser).
@Suite struct CorpusReadingTests {
    @Test func everyCorpusCatalogReadsWithoutErrors() throws {
        let paths = try Corpus.catalogPaths()
        #expect(paths.count >= 9)
        for path in paths {
            let catalog = try CatalogReader().read(at: path)
            #expect(!catalog.diagnostics.hasErrors, "\(path): \(catalog.diagnostics)")
            // Brave's "Preview Assets.xcassets" is Xcode's SwiftUI template, Contents.json only:
            // a catalog is empty exactly when its folder holds no sets.
            #expect(catalog.assets.isEmpty == (try Self.countIndependently(path).sets == 0), "\(path)")
        }
    }

    @Test func xcodeKnowsEveryKeyAndValueTheCorpusUses() throws {
        for path in try Corpus.catalogPaths() {
            let unknown = try CatalogReader().read(at: path).diagnostics.filter { $0.code.hasPrefix("contents.unknown") }
            #expect(unknown.isEmpty, "\(path): \(unknown)")
        }
    }

    @Test func corpusKindsReadAsTheirAppsUseThem() throws {
        let catalogs = try Corpus.root + "/catalogs"
        let eidolon = try CatalogReader().read(at: catalogs + "/eidolon/Kiosk/Images.xcassets")
        let launch = try #require(eidolon.assets.first { $0.type == .launchImage })
        #expect(launch.variants.allSatisfy { $0.entry["extent"]?.string == "full-screen" && $0.entry["minimum-system-version"] != nil })
        #expect(eidolon.assets.contains { $0.variants.contains { $0.resizing?["capInsets"] != nil } }, "camel-case capInsets")

        let wwdc = try CatalogReader().read(at: catalogs + "/wwdc/WWDC/Resources/Assets.xcassets")
        let dataFiles = wwdc.assets.filter { $0.type == .dataSet }.flatMap(\.variants).compactMap(\.filename)
        #expect(dataFiles.contains { $0.hasSuffix(".caar") })

        let netNewsWire = try CatalogReader().read(at: catalogs + "/netnewswire/Mac/Resources/Assets.xcassets")
        let colors = netNewsWire.assets.flatMap(\.variants).compactMap(\.color)
        #expect(colors.contains { $0.colorSpace == "gray-gamma-22" && $0.componentValue("white") != nil })
        #expect(colors.contains { $0.reference != nil })
        #expect(colors.filter { $0.reference == nil }.allSatisfy { color in color.components.keys.allSatisfy { color.componentValue($0) != nil } })
        #expect(netNewsWire.assets.contains { $0.type == .symbolSet })
    }

    @Test func setAndVariantCountsMatchTheFiles() throws {
        for path in try Corpus.catalogPaths() {
            let expected = try Self.countIndependently(path)
            let catalog = try CatalogReader().read(at: path)
            #expect(catalog.assets.count == expected.sets, "\(path)")
            #expect(catalog.assets.reduce(0) { $0 + $1.variants.count } == expected.variants, "\(path)")
            #expect(catalog.assets.reduce(0) { $0 + $1.files.count } == expected.files, "\(path)")
        }
    }

    @Test func namespacedGroupsQualifyNames() throws {
        let path = try Corpus.root + "/catalogs/food-truck/FoodTruckKit/Sources/Assets.xcassets"
        let catalog = try CatalogReader().read(at: path)
        let bottom = try #require(catalog.asset(named: "box/Bottom"))
        #expect(bottom.type == .imageSet)
        #expect(bottom.variants.map(\.scale) == [1, 2, 3])
        #expect(bottom.variants.map(\.filename) == ["BoxBottom.png", "BoxBottom@2x.png", "BoxBottom@3x.png"])
    }

    @Test func readingIsTheSameOnOneThreadAndOnMany() throws {
        for path in try Corpus.catalogPaths() {
            #expect(try CatalogReader(concurrency: 1).read(at: path) == CatalogReader(concurrency: 4).read(at: path))
        }
    }

    @Test func contentsRoundTripThroughTheWriter() throws {
        for path in try Corpus.catalogPaths() {
            for asset in try CatalogReader().read(at: path).assets {
                let contents = try #require(asset.contents)
                let original = try Self.foundationJSON(at: asset.contentsPath!)
                let rewritten = try JSONSerialization.jsonObject(with: Data(JSONWriter.xcodeStyle.bytes(for: .object(contents))))
                #expect((original as? NSDictionary) == (rewritten as? NSDictionary), "\(asset.path)")
            }
        }
    }

    /// Counts top-level sets (folders with a set extension, not inside another set), entries of
    /// their arrays, and files (not sub-folders).
    static func countIndependently(_ catalog: String) throws -> (sets: Int, variants: Int, files: Int) {
        let arrays = [
            "imageset": "images", "appiconset": "images", "launchimage": "images", "dataset": "data",
            "colorset": "colors", "symbolset": "symbols", "brandassets": "assets", "complicationset": "assets",
            "imagestack": "layers", "solidimagestack": "layers",
        ]
        var sets = 0
        var variants = 0
        var files = 0
        let enumerator = FileManager.default.enumerator(atPath: catalog)!
        while let relative = enumerator.nextObject() as? String {
            let ext = (relative as NSString).pathExtension
            guard let key = arrays[ext] else { continue }
            sets += 1
            let folder = catalog + "/" + relative
            let json = try foundationJSON(at: folder + "/Contents.json")
            variants += ((json as? [String: Any])?[key] as? [Any])?.count ?? 0
            files += try FileManager.default.contentsOfDirectory(atPath: folder).filter { name in
                var isDirectory: ObjCBool = false
                return name != "Contents.json" && FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }.count
            enumerator.skipDescendants()
        }
        return (sets, variants, files)
    }

    /// A file parsed by Foundation, which is strict: trailing commas (which Xcode accepts) are
    /// removed first.
    static func foundationJSON(at path: String) throws -> Any {
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #",(\s*[\]}])"#, with: "$1", options: .regularExpression)
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
