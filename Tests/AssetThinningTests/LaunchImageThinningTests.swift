import AssetCatalog
import AssetSelection
import AssetThinning
import CatalogFixtures
import DeviceProfiles
import Testing

/// Rule 2.1 (e): a device keeps only the launch images for its own screen. Their `subtype` names a
/// screen height (`retina4`, `667h`, `736h`, ...); iPhone entries without one are the 3.5-inch ones.
@Suite struct LaunchImageThinningTests {
    let database = try! DeviceDatabase.builtIn()

    @Test func eachPhoneKeepsItsOwnScreensLaunchImage() throws {
        let fixture = try TemporaryCatalog()
        func entry(_ idiom: String, _ subtype: String?, _ scale: String, _ file: String) -> JSONValue {
            var object: JSONObject = [
                "orientation": "portrait", "idiom": .string(idiom), "extent": "full-screen",
                "minimum-system-version": "7.0", "scale": .string(scale), "filename": .string(file),
            ]
            if let subtype { object["subtype"] = .string(subtype) }
            return .object(object)
        }
        let files = ["small.png", "four.png", "six.png", "plus.png", "pad.png"]
        try fixture.addSet(
            "LaunchImage.launchimage",
            entries: [
                entry("iphone", nil, "2x", "small.png"), entry("iphone", "retina4", "2x", "four.png"), entry("iphone", "667h", "2x", "six.png"),
                entry("iphone", "736h", "3x", "plus.png"), entry("ipad", nil, "2x", "pad.png"),
            ], files: files)
        let catalog = try fixture.read()
        let index = AssetIndex(catalog)
        func kept(_ device: String) throws -> [String] {
            let plan = ThinningPlan(index: index, device: try #require(database.profile(matching: device)))
            return plan.assets[0].kept.map { catalog.assets[0].variants[$0].filename ?? "" }
        }
        #expect(try kept("iphone-4s") == ["small.png"])
        #expect(try kept("iphone-5s") == ["four.png"])
        #expect(try kept("iphone-6") == ["six.png"])
        #expect(try kept("iphone-8-plus") == ["plus.png"])
        #expect(try kept("ipad-air-2") == ["pad.png"])
        #expect(try kept("iphone-16") == [], "no launch image slot is for its screen")
    }
}
