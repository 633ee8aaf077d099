import AdaptSupport
import AssetCatalog
import AssetSelection
import AssetThinning
import CatalogFixtures
import DeviceProfiles
import Foundation
import Testing

/// `adapt thin` holds every device's plan in outline and writes each manifest asset by asset, to
/// keep its memory bounded at scale; neither may change what it writes.
@Suite struct ThinningPlansTests {
    let database = try! DeviceDatabase.builtIn()

    /// A catalog with a type kept whole (tvOS brand assets) besides the showcase's sets.
    static func catalogs() throws -> [Catalog] {
        let fixture = try TemporaryCatalog()
        try fixture.addBrandAssets()
        try fixture.addSet("Logo.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "l.png"]], files: ["l.png"])
        return [try fixture.read(), try CatalogReader().read(at: Corpus.repositoryRoot + "/Assets/Showcase.xcassets")]
    }

    /// An outline gives back exactly the plan it was made from, whichever way it was built.
    @Test(arguments: try catalogs())
    func outlinesGiveBackThePlans(_ catalog: Catalog) throws {
        let index = AssetIndex(catalog)
        let plans = database.devices.map { ThinningPlan(index: index, device: $0) }
        let planned = ThinningPlans(index: index, devices: database.devices, concurrency: 2)
        let given = ThinningPlans(plans, of: catalog)
        for position in plans.indices {
            #expect(planned.plan(at: position).assets == plans[position].assets, "\(plans[position].device.id)")
            #expect(given.plan(at: position).assets == plans[position].assets)
            #expect(planned.sliceKey(at: position) == given.sliceKey(at: position))
            #expect(planned.unmatched(at: position).map(\.asset) == plans[position].assets.filter { !$0.unmatched.isEmpty }.map(\.asset))
        }
    }

    /// The manifest written as it goes has the bytes of the whole manifest value, and the summary
    /// the same counts.
    @Test func streamedManifestsEqualTheWholeValue() throws {
        let path = Corpus.repositoryRoot + "/Assets/Showcase.xcassets"
        let catalog = try CatalogReader().read(at: path)
        let index = AssetIndex(catalog)
        let plans = database.devices.prefix(12).map { ThinningPlan(index: index, device: $0) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("thin-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let summaries = try SliceWriter(concurrency: 2).write(plans, of: catalog, to: output)
        let manifests = SliceManifest.planned(plans, of: catalog)
        for (manifest, summary) in zip(manifests, summaries) {
            let written = try FileSystem.readFile(output + "/" + manifest.device.id + "/manifest.json")
            #expect(written == JSONWriter.xcodeStyle.bytes(for: manifest.json), "\(manifest.device.id)")
            #expect(summary.kept == manifest.summary.kept && summary.dropped == manifest.summary.dropped)
            #expect(summary.bytesAfter == manifest.summary.bytesAfter && summary.assetsWithoutMatch == manifest.summary.assetsWithoutMatch)
        }
    }
}
