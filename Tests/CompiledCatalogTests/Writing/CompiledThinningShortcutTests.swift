import AdaptiveAssets
import AssetCatalog
import AssetSelection
import AssetThinning
import CatalogFixtures
import DeviceProfiles
import Testing

@testable import CompiledCatalog

/// Issue #38's shortcuts in `CompiledThinning`: one plan per device kind and per asset shape, one
/// slice per agreeing plan, `sameSliceAs` among the slices made. Each slice must be exactly what a
/// plan of that device over every asset of the catalog keeps, as thinning was before them.
@Suite struct CompiledThinningShortcutTests {
    static let files = CompiledCorpus.names.map { "acextract/" + $0 } + RecentCorpus.files.map { "recent/" + $0.path }

    static func read(_ file: String) throws -> CompiledCatalog {
        file.hasPrefix("acextract/")
            ? try CompiledCorpus.read(String(file.dropFirst("acextract/".count)))
            : try RecentCorpus.read(try #require(RecentCorpus.files.first { "recent/" + $0.path == file }))
    }

    @Test(arguments: files)
    func everySliceIsWhatAPlanOverEveryAssetKeeps(file: String) throws {
        let compiled = try Self.read(file)
        let adapted = AdaptedCompiledCatalog(compiled)
        let devices = try DeviceDatabase.builtIn().devices
        let thinning = CompiledThinning(adapted, devices: devices)
        #expect(thinning.slices.map(\.device.id) == devices.map(\.id))
        let index = AssetIndex(adapted.catalog)
        for slice in thinning.slices {
            let plan = ThinningPlan(index: index, device: slice.device)
            var kept: Set<Int> = []
            var unmatched: [String] = []
            for asset in plan.assets {
                let positions = adapted.renditionPositions[asset.asset]
                let before = kept.count
                for variant in asset.kept where variant < positions.count { kept.insert(positions[variant]) }
                if !asset.unmatched.isEmpty { unmatched.append(adapted.catalog.assets[asset.asset].name) }
                guard kept.count > before else { continue }
                for position in positions where compiled.renditions[position].layout == .multisizeImage {
                    let idiom = compiled.renditions[position].key.idiom ?? .universal
                    if idiom == .universal || idiom.requirement == .device(slice.device.idiom) { kept.insert(position) }
                }
            }
            #expect(slice.kept == compiled.keepingPackedImages(kept), "\(file): \(slice.device.id)")
            #expect(slice.assetsWithoutMatch == unmatched, "\(file): \(slice.device.id)")
        }
        var first: [[Int]: Int] = [:]
        let same = thinning.slices.indices.map { position -> Int? in
            let key = thinning.slices[position].kept.sorted()
            if let earlier = first[key] { return earlier }
            first[key] = position
            return nil
        }
        #expect(thinning.sameSliceAs == same)
    }

    /// Two profiles that differ only in their names share a slice; one more gigabyte of memory
    /// makes another kind, planned on its own.
    @Test func devicesAlikeButForTheirNamesAreOneKind() throws {
        let database = try DeviceDatabase.builtIn()
        let phone = try #require(database.profile(matching: "iphone-6"))
        var twin = phone
        twin.id = "iphone-6-twin"
        twin.name = "iPhone 6 (twin)"
        twin.modelIdentifiers = ["iPhone99,1"]
        var bigger = phone
        bigger.id = "iphone-6-bigger"
        bigger.memory += 1
        let (kinds, kindOf) = CompiledThinning.kinds(of: [phone, twin, bigger])
        #expect(kinds.map(\.id) == ["iphone-6", "iphone-6-bigger"])
        #expect(kindOf == [0, 0, 1])
        let thinning = CompiledThinning(try CompiledCorpus.read("assets_ios.car"), devices: [phone, twin])
        #expect(thinning.slices.map(\.device.id) == ["iphone-6", "iphone-6-twin"])
        #expect(thinning.slices[0].kept == thinning.slices[1].kept && thinning.sameSliceAs == [nil, 0])
    }

    /// Catalogs planned together (`planning`, as `adapt diff` plans its two sides, each device
    /// kind's trait sets made once for both) get the slices each gets planned alone: the lists
    /// one catalog's assets asked for are the same another's assets are given.
    @Test(arguments: files)
    func catalogsPlannedTogetherGetTheSlicesTheyGetAlone(file: String) throws {
        let others = ["acextract/assets_tv.car", "acextract/assets_iphone.car"].filter { $0 != file }
        let catalogs = try ([file] + others).map { AdaptedCompiledCatalog(try Self.read($0)) }
        let devices = try DeviceDatabase.builtIn().devices
        let together = CompiledThinning.planning(catalogs, devices: devices)
        #expect(together.count == catalogs.count)
        for (catalog, planned) in zip(catalogs, together) {
            let alone = CompiledThinning(catalog, devices: devices)
            #expect(planned.slices.map(\.device.id) == alone.slices.map(\.device.id))
            #expect(planned.slices.map(\.kept) == alone.slices.map(\.kept), "\(file)")
            #expect(planned.slices.map(\.assetsWithoutMatch) == alone.slices.map(\.assetsWithoutMatch), "\(file)")
            #expect(planned.sameSliceAs == alone.sameSliceAs)
        }
    }
}
