import AdaptSupport
import AssetCatalog
import AssetSelection
import AssetThinning
import CatalogFixtures
import DeviceProfiles
import Foundation
import Testing

@Suite struct ThinningTests {
    let database = try! DeviceDatabase.builtIn()

    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("thin-\(UUID().uuidString)").path
    }

    /// Every file below `root`, by relative path, with its bytes.
    static func tree(_ root: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)!
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
            result[relative] = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative))
        }
        return result
    }

    /// What each slot of an asset shows, by slot, for comparing a slice with its catalog.
    static func shown(_ index: AssetIndex, _ position: Int, _ traits: TraitCollection) -> [Slot: String] {
        var result: [Slot: String] = [:]
        for slot in index.resolveSlots(assetAt: position, for: traits) {
            guard let match = slot.match else { continue }
            let variant = index.variant(match)
            result[slot.slot] = (variant.filename ?? variant.color?.summary ?? "?") + (match.mirrored ? " mirrored" : "")
        }
        return result
    }

    /// Writes every device's slice, reads each back, and checks it is lossless (each thinning
    /// trait set resolves to the same file, slot by slot, as in the whole catalog) and minimal
    /// (each kept variant wins for some thinning trait set). `everyAxis` resolves each asset with
    /// the device's full thinning trait sets, not only those projected onto the axes the asset
    /// declares, so the plan's projection is checked too (small catalogs only: that is thousands
    /// of trait sets per device).
    func checkLosslessAndMinimal(_ catalogPath: String, everyAxis: Bool = false) throws {
        let catalog = try CatalogReader().read(at: catalogPath)
        let full = AssetIndex(catalog)
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let plans = database.devices.map { ThinningPlan(index: full, device: $0) }
        _ = try SliceWriter().write(plans, of: catalog, to: output)
        let allSets = Dictionary(
            uniqueKeysWithValues: database.devices.map {
                ($0.id, everyAxis ? $0.thinningTraitSets(locales: full.locales) : [])
            })
        for device in database.devices {
            let slicePath = output + "/" + device.id + "/" + catalogPath.lastPathComponent
            let slice = AssetIndex(try CatalogReader().read(at: slicePath))
            #expect(!slice.catalog.diagnostics.hasErrors, "\(device.id): \(slice.catalog.diagnostics)")
            #expect(slice.catalog.assets.map(\.name) == catalog.assets.map(\.name))
            for (position, asset) in catalog.assets.enumerated() where asset.type.hasSelectableVariants {
                let sets = everyAxis ? allSets[device.id]! : device.thinningTraitSets(declaring: full.declaredAxes(assetAt: position), locales: full.locales)
                var winners: Set<Int> = []
                for traits in sets {
                    let expected = Self.shown(full, position, traits)
                    let actual = Self.shown(slice, position, traits)
                    if expected != actual {
                        Issue.record("\(device.id) \(asset.name) \(traits.summary): \(expected) in the catalog, \(actual) in the slice")
                        break
                    }
                    slice.forEachWinner(assetAt: position, for: traits) { winners.insert($0.variant) }
                }
                let sliceAsset = slice.catalog.assets[position]
                #expect(Set(sliceAsset.variants.indices) == winners, "\(device.id) \(asset.name): kept a variant that never wins")
                let keptFiles = Set(sliceAsset.variants.compactMap(\.filename))
                #expect(Set(sliceAsset.files) == keptFiles, "\(device.id) \(asset.name): files other than the kept ones")
            }
        }
    }

    @Test func showcaseSlicesAreLosslessAndMinimalForEveryDevice() throws {
        try checkLosslessAndMinimal(Corpus.repositoryRoot + "/Assets/Showcase.xcassets", everyAxis: true)
    }

    /// Each set is thinned with only the catalog locales that can change its answers; every
    /// other locale must be answered as no locale at all. The lossless check asks with every
    /// catalog locale (`everyAxis`), so it fails if any ignored locale would have shown something else.
    @Test func setsAreThinnedWithTheLocalesTheyAnswerAndLoseNothing() throws {
        let fixture = try TemporaryCatalog()
        let png = PNGFixture.png(width: 2, height: 2)
        func entry(_ file: String, _ locale: String?) -> JSONValue {
            var object: JSONObject = ["idiom": "universal", "filename": .string(file)]
            if let locale { object["locale"] = .string(locale) }
            return .object(object)
        }
        try fixture.addSet("French.imageset", entries: [entry("base.png", nil), entry("fr.png", "fr")], files: ["base.png", "fr.png"], pngBytes: png)
        try fixture.addSet(
            "Canada.imageset", entries: [entry("base.png", nil), entry("ca.png", "fr-CA"), entry("de.png", "de")],
            files: ["base.png", "ca.png", "de.png"], pngBytes: png)
        try fixture.addSet("Arabic.imageset", entries: [entry("ar.png", "ar")], files: ["ar.png"], pngBytes: png)
        try fixture.addSet("Plain.imageset", entries: [entry("base.png", nil)], files: ["base.png"], pngBytes: png)
        let index = AssetIndex(try CatalogReader().read(at: fixture.path))
        func relevant(_ name: String) throws -> [String] { index.locales(relevantToAssetAt: try #require(index.assetPosition(named: name))) }
        #expect(index.locales == ["ar", "de", "fr", "fr-CA"])
        #expect(try relevant("French") == ["fr", "fr-CA"], "a bare language answers its regional locales")
        #expect(try relevant("Canada") == ["de", "fr-CA"])
        #expect(try relevant("Arabic") == ["ar"])
        #expect(try relevant("Plain") == [])
        try checkLosslessAndMinimal(fixture.path, everyAxis: true)
    }

    /// A device's trait-set lists, made for one catalog's assets, serve the next catalog planned
    /// for it (`DeviceTraitSets`, as both sides of a diff are planned): lists asked for other
    /// locales are made anew, so each plan is what it is planned alone.
    @Test func traitSetsMadeForOneCatalogServeTheNext() throws {
        let png = PNGFixture.png(width: 2, height: 2)
        func catalog(_ locale: String) throws -> AssetIndex {
            let fixture = try TemporaryCatalog()
            try fixture.addSet(
                "Flag.imageset",
                entries: [
                    .object(["idiom": "universal", "filename": "base.png"]),
                    .object(["idiom": "universal", "filename": "local.png", "locale": .string(locale)]),
                ],
                files: ["base.png", "local.png"], pngBytes: png)
            return AssetIndex(try CatalogReader().read(at: fixture.path))
        }
        let indexes = [try catalog("fr"), try catalog("de"), try catalog("fr")]
        for device in database.devices {
            var traitSets = DeviceTraitSets(device)
            for index in indexes {
                let shared = ThinningPlan(index: index, traitSets: &traitSets)
                let alone = ThinningPlan(index: index, device: device)
                #expect(shared.assets == alone.assets, "\(device.id)")
                #expect(shared.assets[0].kept == [0, 1], "\(device.id): the localized image is kept")
            }
        }
    }

    /// A device's windows as an asset declaring some axes sees them: each distinct projection of
    /// its reachable trait sets, first seen first, whether the axes are ones its windows and
    /// appearances differ on (every projection compared) or not (the first stands for all).
    @Test func windowSetsAreTheDistinctProjectionsOfTheReachableSets() {
        let declared: [Set<TraitAxis>] =
            [[], Set(TraitAxis.allCases)] + TraitAxis.allCases.map { [$0] } + TraitAxis.allCases.map { [.displayScale, .idiom, $0] }
        for device in database.devices {
            var traitSets = DeviceTraitSets(device)
            for axes in declared {
                var distinct: [TraitCollection] = []
                for set in device.reachableTraitSets() where !distinct.contains(set.traits.projected(onto: axes)) {
                    distinct.append(set.traits.projected(onto: axes))
                }
                #expect(traitSets.windowSets(projectedOnto: axes).map(\.traits) == distinct, "\(device.id): \(axes.sorted())")
            }
        }
    }

    @Test func realCatalogSlicesAreLosslessAndMinimalForEveryDevice() throws {
        for path in try Corpus.catalogPaths() { try checkLosslessAndMinimal(path) }
    }

    @Test func slicesKeepWhatTheDeviceCanShowAndNothingElse() throws {
        let catalog = try CatalogReader().read(at: Corpus.repositoryRoot + "/Assets/Showcase.xcassets")
        let index = AssetIndex(catalog)
        func kept(_ device: String, _ asset: String) throws -> [String] {
            let plan = ThinningPlan(index: index, device: try #require(database.profile(matching: device)))
            let position = try #require(index.assetPosition(named: asset))
            return plan.assets[position].kept.map { catalog.assets[position].variants[$0].filename ?? "" }
        }
        #expect(
            try kept("ipad-air-2", "Logo") == ["logo@2x.png", "logo-dark@2x.png", "logo-high@2x.png", "logo-dark-high@2x.png"],
            "appearance and contrast are run-time traits: not thinned; the scale is")
        #expect(
            try kept("iPhone7,2", "Logo") == ["logo@2x.png", "logo-dark@2x.png", "logo-high@2x.png", "logo-dark-high@2x.png"],
            "a phone keeps a universal image at its own scale only, CarPlay's included (rule 2.2: Apple's device builds), even on iOS 12")
        #expect(try kept("iphone-16", "Logo") == ["logo@3x.png", "logo-dark@3x.png", "logo-high@3x.png", "logo-dark-high@3x.png"])
        #expect(
            try kept("iPhone7,1", "Banner") == ["banner-phone@3x.png", "banner-car@3x.png"],
            "a phone hosts CarPlay at its own scale, and no watch content (rule 2.2)")
        #expect(try kept("iPhone7,2", "Banner") == ["banner-phone@2x.png", "banner-car@2x.png"])
        #expect(try kept("ipad-air-2", "Banner") == ["banner-pad@2x.png"])
        #expect(try kept("ipad-pro-11-m4", "Photo") == ["photo-p3@2x.png"], "the gamut is fixed by the hardware")
        #expect(try kept("ipad-air-2", "Photo") == ["photo@2x.png"])
        #expect(try kept("iphone-16", "Photo") == ["photo@3x.png", "photo-p3@3x.png"], "P3 on its own screen, sRGB on CarPlay's")
        #expect(try kept("iPhone7,2", "Photo") == ["photo@2x.png"])
        #expect(try kept("ipad-air-2", "Arrow") == ["arrow@2x.png", "arrow-rtl@2x.png"])
        #expect(try kept("watch-38mm", "Complication") == ["complication-small@2x.png"])
        #expect(try kept("iphone-16", "Complication") == [], "a phone keeps no watch content")
        #expect(try kept("watch-series-7-45mm", "WatchFace") == ["face-183@2x.png"], "198 points: the tightest threshold")
        #expect(try kept("watch-series-7-41mm", "WatchFace") == ["face-161@2x.png"])
        #expect(try kept("watch-42mm", "WatchFace") == ["face-145@2x.png"])
        #expect(try kept("watch-38mm", "WatchFace") == ["face-small@2x.png"])
        #expect(try kept("iphone-16", "WatchFace") == [])
        #expect(try kept("ipad-pro-11-m4", "Sidebar") == ["sidebar-compact@2x.png"], "size classes are run-time traits")
        #expect(try kept("ipad-pro-11-m4", "Header") == ["header@2x.png", "header-regular@2x.png"])
        #expect(try kept("iPhone7,2", "Level") == ["level-base.json"], "1 GB, metal2v2")
        #expect(try kept("iphone-16", "Level") == ["level-4gb-metal4.json"])
        #expect(try kept("iphone-6s", "Level") == ["level-2gb-metal3.json"])
        #expect(
            try kept("ipad-air-2", "Welcome") == ["welcome@2x.png", "welcome-en@2x.png", "welcome-fr@2x.png", "welcome-ar@2x.png"],
            "every locale the catalog uses")
        #expect(
            try kept("iphone-16", "AppIcon") == ["icon-iphone-60.png", "icon-iphone-87.png", "icon-iphone-120.png", "icon-iphone-180.png"],
            "every iPhone slot at the phone's scale, nothing for iPad, not the store icon")
        #expect(try kept("iPhone7,2", "AppIcon") == ["icon-iphone-40.png", "icon-iphone-58.png", "icon-iphone-80.png", "icon-iphone-120.png"])
        #expect(try kept("ipad-air-2", "AppIcon") == ["icon-ipad-40.png", "icon-ipad-58.png", "icon-ipad-80.png", "icon-ipad-152.png", "icon-ipad-167.png"])
        #expect(try kept("iphone-16", "AppIconSingle") == ["single-icon-1024.png", "single-dark-1024.png", "single-tinted-1024.png"])
        #expect(try kept("iPhone7,2", "AppIconSingle") == ["single-icon-1024.png", "single-dark-1024.png"], "no tinted icons before iOS 18")
        #expect(try kept("watch-series-7-45mm", "AppIconSingle") == [], "an iOS icon is not a watch icon")
    }

    /// A device on an older OS than its newest (`actool --filter-for-device-os-version`) offers only
    /// that OS's appearances: an iPhone 16 on iOS 17 has no tinted icons, so its slice keeps none;
    /// dark stays, because appearance is a run-time trait the App Store does not thin by (rule 2.1).
    @Test func aDeviceOnAnOlderOSKeepsWhatThatOSShows() throws {
        let catalog = try CatalogReader().read(at: Corpus.repositoryRoot + "/Assets/Showcase.xcassets")
        let index = AssetIndex(catalog)
        let iPhone16 = try #require(database.profile(matching: "iphone-16"))
        func kept(_ device: DeviceProfile, _ asset: String) throws -> [String] {
            let position = try #require(index.assetPosition(named: asset))
            return ThinningPlan(index: index, device: device).assets[position].kept.map { catalog.assets[position].variants[$0].filename ?? "" }
        }
        #expect(try kept(iPhone16.running(OSVersion(major: 17)), "AppIconSingle") == ["single-icon-1024.png", "single-dark-1024.png"])
        #expect(
            try kept(iPhone16.running(OSVersion(major: 18)), "AppIconSingle") == ["single-icon-1024.png", "single-dark-1024.png", "single-tinted-1024.png"])
        let iPhoneX = try #require(database.profile(matching: "iPhone10,3"))
        #expect(iPhoneX.running(OSVersion(major: 12, minor: 4)).appearances == [.light])
        #expect(iPhoneX.running(OSVersion(major: 13)).appearances == [.light, .dark])
        #expect(iPhoneX.running(OSVersion(major: 13)).newestOS == OSVersion(major: 13))
    }

    @Test func layeredSetsGoToTheDevicesThatShowThem() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addBrandAssets()
        try fixture.addSolidImageStack()
        try fixture.addSet("Logo.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "l.png"]], files: ["l.png"])
        let catalog = try fixture.read()
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let devices = try ["apple-tv-4k-3", "iphone-16", "apple-vision-pro"].map { try #require(database.profile(matching: $0)) }
        _ = try SliceWriter().write(devices.map { ThinningPlan(index: AssetIndex(catalog), device: $0) }, of: catalog, to: output)
        func names(_ device: String) throws -> [String] {
            try CatalogReader().read(at: "\(output)/\(device)/Test.xcassets").assets.map(\.name).sorted()
        }
        #expect(try names("apple-tv-4k-3") == ["Brand", "Logo"], "a tvOS device keeps its brand assets")
        #expect(try names("iphone-16") == ["Logo"], "a phone keeps neither tvOS nor visionOS icons")
        #expect(try names("apple-vision-pro") == ["Logo", "Vision"])
        #expect(
            FileManager.default.fileExists(
                atPath: "\(output)/apple-tv-4k-3/Test.xcassets/Brand.brandassets/Icon.imagestack/Front.imagestacklayer/Content.imageset/f.png"))
    }

    @Test func contentsKeepUnknownKeysAndOrderAndTheSourceIsUntouched() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write(
            """
            {"zeta" : 1, "images" : [
              {"filename" : "a.png", "scale" : "1x", "idiom" : "universal", "custom-key" : {"x" : [1, 2]}},
              {"filename" : "b.png", "scale" : "2x", "idiom" : "universal"}
            ], "info" : {"version" : 1, "author" : "xcode"}, "alpha" : true}
            """, to: "A.imageset/Contents.json")
        try fixture.write(PNGFixture.png(width: 2, height: 2), to: "A.imageset/a.png")
        try fixture.write(PNGFixture.png(width: 4, height: 4), to: "A.imageset/b.png")
        let before = try Self.tree(fixture.path)
        let catalog = try fixture.read()
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let device = try #require(database.profile(matching: "iphone-4s"))
        var writer = SliceWriter()
        writer.placement = .hardLink
        _ = try writer.write([ThinningPlan(index: AssetIndex(catalog), device: device)], of: catalog, to: output)
        let rewritten = try JSONParser.parse(FileSystem.readFile(output + "/iphone-4s/Test.xcassets/A.imageset/Contents.json"))
        #expect(rewritten.object?.keys == ["zeta", "images", "info", "alpha"])
        #expect(rewritten["images"]?.array?.count == 1)
        #expect(rewritten["images"]?.array?.first?.object?.keys == ["filename", "scale", "idiom"])
        #expect(rewritten["info"]?.object?.keys == ["version", "author"])
        #expect(try Self.tree(fixture.path) == before, "the source catalog must not change")
        var info = stat()
        stat(output + "/iphone-4s/Test.xcassets/A.imageset/b.png", &info)
        #expect(info.st_nlink == 2, "with .hardLink, kept files are hard links on the same file system")
    }

    @Test func aFailureHalfWayLeavesTheOldOutputAsItWas() throws {
        let catalog = try CatalogReader().read(at: Corpus.repositoryRoot + "/Assets/Showcase.xcassets")
        let plans = ["iphone-16", "ipad-air-2"].map { ThinningPlan(index: AssetIndex(catalog), device: database.profile(matching: $0)!) }
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = try SliceWriter().write(Array(plans.prefix(1)), of: catalog, to: output)
        let before = try Self.tree(output)
        #expect(!before.isEmpty)

        struct Interrupted: Error {}
        let written = Counter()
        var failing = SliceWriter()
        failing.beforeEachFile = { _ in if written.increment() > 25 { throw Interrupted() } }
        #expect(throws: Interrupted.self) { try failing.write(plans, of: catalog, to: output) }
        #expect(try Self.tree(output) == before, "the previous output is intact")
        let parent = (output as NSString).deletingLastPathComponent
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parent).allSatisfy { !$0.contains(output.lastPathComponent + ".partial") },
            "no partial output is left behind")
    }

    @Test func outputIsByteIdenticalWhateverTheThreadCount() throws {
        let catalog = try CatalogReader().read(at: Corpus.root + "/catalogs/food-truck/FoodTruckKit/Sources/Assets.xcassets")
        let index = AssetIndex(catalog)
        let plans = database.devices.prefix(20).map { ThinningPlan(index: index, device: $0) }
        let one = Self.temporaryFolder()
        let four = Self.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: one)
            try? FileManager.default.removeItem(atPath: four)
        }
        _ = try SliceWriter(concurrency: 1).write(Array(plans), of: catalog, to: one)
        _ = try SliceWriter(concurrency: 4).write(Array(plans), of: catalog, to: four)
        let first = try Self.tree(one)
        let second = try Self.tree(four)
        #expect(first.count > 100)
        #expect(first == second)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
