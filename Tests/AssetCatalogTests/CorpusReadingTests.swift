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
            #expect(!catalog.assets.isEmpty, "\(path)")
        }
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
                let original = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: asset.contentsPath!)))
                let rewritten = try JSONSerialization.jsonObject(with: Data(JSONWriter.xcodeStyle.bytes(for: .object(contents))))
                #expect((original as? NSDictionary) == (rewritten as? NSDictionary), "\(asset.path)")
            }
        }
    }

    /// Counts sets (folders with a known set extension), entries of their arrays, and files.
    static func countIndependently(_ catalog: String) throws -> (sets: Int, variants: Int, files: Int) {
        let arrays = ["imageset": "images", "appiconset": "images", "launchimage": "images", "dataset": "data",
                      "colorset": "colors", "symbolset": "symbols"]
        var sets = 0, variants = 0, files = 0
        let enumerator = FileManager.default.enumerator(atPath: catalog)!
        while let relative = enumerator.nextObject() as? String {
            let ext = (relative as NSString).pathExtension
            guard let key = arrays[ext] else { continue }
            sets += 1
            let folder = catalog + "/" + relative
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/Contents.json")))
            variants += ((json as? [String: Any])?[key] as? [Any])?.count ?? 0
            files += try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "Contents.json" }.count
            enumerator.skipDescendants()
        }
        return (sets, variants, files)
    }
}
