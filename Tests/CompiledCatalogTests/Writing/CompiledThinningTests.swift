import AdaptiveAssets
import AssetCatalog
import AssetSelection
import CatalogFixtures
import DeviceProfiles
import Foundation
import Testing

@testable import CompiledCatalog

/// `adapt thin FILE.car` and `adapt size FILE.car` as a library: which renditions each device's
/// slice keeps, the files written, and the sizes reported.
@Suite struct CompiledThinningTests {
    let database = try! DeviceDatabase.builtIn()

    func device(_ id: String) throws -> DeviceProfile { try #require(database.profile(matching: id)) }

    func names(_ catalog: CompiledCatalog, _ positions: Set<Int>) -> Set<String> {
        Set(positions.map { "\(catalog.renditions[$0].name ?? "")/\(catalog.renditions[$0].renditionName)" })
    }

    @Test func anIPhoneKeepsNoIPadRenditionAndEveryRenditionItResolvesTo() throws {
        let compiled = try CompiledCorpus.read("assets_ios.car")
        let phone = try device("iphone-6")
        let slice = try #require(CompiledThinning(compiled, devices: [phone]).slices.first)
        #expect(!slice.kept.contains { compiled.renditions[$0].key.idiom == .pad })
        #expect(slice.kept.contains { compiled.renditions[$0].key.idiom == .phone })
        // Every thinning trait set's winner over the whole catalog is kept.
        let adapted = AdaptedCompiledCatalog(compiled)
        let index = AssetIndex(adapted.catalog)
        var checked = 0
        for asset in adapted.catalog.assets.indices {
            let axes = index.declaredAxes(assetAt: asset)
            for traits in phone.thinningTraitSets(declaring: axes, locales: index.locales(relevantToAssetAt: asset)) {
                index.forEachWinner(assetAt: asset, for: traits) { match in
                    #expect(slice.kept.contains(adapted.renditionPositions[asset][match.variant]), "\(adapted.catalog.assets[asset].name)")
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
        // And the written slice, re-read and resolved, answers the same for each of them.
        let thinned = try CompiledCatalog(bytes: try CompiledThinning(compiled, devices: [phone]).bytes(of: slice))
        let thinnedIndex = AssetIndex(AdaptedCompiledCatalog(thinned).catalog)
        for asset in adapted.catalog.assets.indices {
            let name = adapted.catalog.assets[asset].name
            let axes = index.declaredAxes(assetAt: asset)
            for traits in phone.thinningTraitSets(declaring: axes, locales: index.locales(relevantToAssetAt: asset)) {
                let whole = index.resolve(name, for: traits).map { adapted.rendition(assetAt: $0.asset, variant: $0.variant) }
                let thin = thinnedIndex.resolve(name, for: traits).map {
                    thinned.renditions[AdaptedCompiledCatalog(thinned).renditionPositions[$0.asset][$0.variant]]
                }
                #expect(whole?.renditionName == thin?.renditionName && whole?.key == thin?.key, "\(name)")
            }
        }
    }

    /// Issue #21's "done": a thinned slice, written, re-read and resolved, answers every thinning
    /// trait set of its device as the whole file does, for every device and every corpus file.
    @Test(arguments: CompiledCorpus.names.filter { $0 != "assets.car" })
    func everyWrittenSliceResolvesAsTheWholeForEachOfItsDevicesTraitSets(file: String) throws {
        let compiled = try CompiledCorpus.read(file)
        let adapted = AdaptedCompiledCatalog(compiled)
        let index = AssetIndex(adapted.catalog)
        let thinning = CompiledThinning(compiled, devices: database.devices)
        var compared = 0
        for slice in thinning.slices {
            let thinned = try CompiledCatalog(bytes: try thinning.bytes(of: slice))
            #expect(thinned.renditions.count == slice.kept.count)
            let thinnedAdapted = AdaptedCompiledCatalog(thinned)
            let thinnedIndex = AssetIndex(thinnedAdapted.catalog)
            for asset in adapted.catalog.assets.indices {
                let name = adapted.catalog.assets[asset].name
                let axes = index.declaredAxes(assetAt: asset)
                for traits in slice.device.thinningTraitSets(declaring: axes, locales: index.locales(relevantToAssetAt: asset)) {
                    let whole = index.resolve(name, for: traits).map { adapted.rendition(assetAt: $0.asset, variant: $0.variant) }
                    let thin = thinnedIndex.resolve(name, for: traits).map { thinnedAdapted.rendition(assetAt: $0.asset, variant: $0.variant) }
                    #expect(
                        whole?.renditionName == thin?.renditionName && whole?.key.pairs.map(\.value) == thin?.key.pairs.map(\.value),
                        "\(file) \(slice.device.id) \(name): \(whole?.renditionName ?? "nothing") in the whole, \(thin?.renditionName ?? "nothing") in the slice"
                    )
                    compared += 1
                }
            }
        }
        #expect(thinning.slices.count == database.devices.count && compared > 1_000)
    }

    /// `--all-devices` on a `.car`: the devices of the platform it was compiled for, told from its
    /// keys when (as in Xcode 7.3's files) it has no metadata naming one.
    static let platforms: [(file: String, idioms: Set<UserInterfaceIdiom>)] = [
        ("assets_ios.car", [.phone, .pad]), ("assets_tv.car", [.tv]), ("assets_watch.car", [.watch]), ("assets_mac.car", [.mac]),
    ]

    @Test(arguments: platforms)
    func allDevicesAreThoseOfTheFilesPlatform(file: String, idioms: Set<UserInterfaceIdiom>) throws {
        let devices = CompiledThinning.devices(for: try CompiledCorpus.read(file), in: database)
        #expect(Set(devices.map(\.idiom)) == idioms)
        #expect(devices.count == database.devices.filter { idioms.contains($0.idiom) }.count)
    }

    /// Real Xcode 10–26 files name their platform `ios`, `macosx` and `atv` in their metadata
    /// (Scripts/test-recent-corpus); the metadata decides even when no rendition shows an idiom.
    static let metadataPlatforms: [(platform: String, idioms: Set<UserInterfaceIdiom>)] = [
        ("ios", [.phone, .pad]), ("atv", [.tv]), ("macosx", [.mac]), ("iphoneos", [.phone, .pad]),
    ]

    @Test(arguments: metadataPlatforms)
    func theMetadatasPlatformNamesTheDevices(platform: String, idioms: Set<UserInterfaceIdiom>) throws {
        var synthetic = SyntheticCatalog(
            keyFormat: [.scale, .idiom, .identifier, .element, .part], facets: [.init("Dot", identifier: 3)],
            renditions: [.bitmap("dot.png", key: [.identifier: 3, .scale: 2], width: 1, height: 1, pixels: [0, 0, 0, 255])])
        synthetic.platform = (platform, "18.0")
        let devices = CompiledThinning.devices(for: try CompiledCatalog(bytes: try synthetic.bytes()), in: database)
        #expect(Set(devices.map(\.idiom)) == idioms)
    }

    @Test func theFourInchSubtypeGoesToTheIPhone5sOnly() throws {
        let compiled = try CompiledCorpus.read("assets_iphone.car")
        let thinning = CompiledThinning(compiled, devices: [try device("iphone-5s"), try device("iphone-6")])
        let fourInch = compiled.renditions.indices.filter { compiled.renditions[$0].name == "d_iphone4" && compiled.renditions[$0].key.subtype == 568 }
        try #require(fourInch.count == 1)
        #expect(thinning.slices[0].kept.contains(fourInch[0]))
        #expect(!thinning.slices[1].kept.contains(fourInch[0]))
    }

    @Test func writingPutsACarAndManifestPerDeviceAndSizesMatchTheFiles() throws {
        let compiled = try CompiledCorpus.read("assets_ios.car")
        let devices = [try device("iphone-6"), try device("ipad-air-2"), try device("iphone-6")]
        let thinning = CompiledThinning(compiled, devices: devices)
        #expect(thinning.slices.count == 2)
        let output = NSTemporaryDirectory() + "car-thin-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let summaries = try thinning.write(to: output)
        let report = try thinning.sizeReport()
        for (slice, summary) in zip(thinning.slices, summaries) {
            let path = output + "/" + slice.device.id + "/Assets.car"
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            #expect(size == summary.bytesAfter)
            #expect(report.bytesByDevice[slice.device.id] == size)
            let written = try CompiledCatalog(path: path)
            #expect(written.renditions.count == slice.kept.count && Int(written.header.renditionCount) == slice.kept.count)
            #expect(names(written, Set(written.renditions.indices)) == names(compiled, slice.kept))
            #expect(FileManager.default.fileExists(atPath: output + "/" + slice.device.id + "/manifest.json"))
        }
        #expect(FileManager.default.fileExists(atPath: output + "/summary.json"))
        // A second run replaces its own earlier output, with the same bytes.
        let first = try Data(contentsOf: URL(fileURLWithPath: output + "/iphone-6/Assets.car"))
        _ = try thinning.write(to: output)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/iphone-6/Assets.car")) == first)
    }

    @Test func aFolderThinDidNotWriteIsRefused() throws {
        let compiled = try CompiledCorpus.read("assets_ios.car")
        let output = NSTemporaryDirectory() + "car-thin-foreign-\(getpid())"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: output + "/notes.txt"))
        #expect(throws: (any Error).self) { try CompiledThinning(compiled, devices: [try device("iphone-6")]).write(to: output) }
        #expect(try String(contentsOfFile: output + "/notes.txt", encoding: .utf8) == "keep me")
    }

    @Test func aTruncatedCatalogFailsWithTheReadersErrorAndWritesNothing() throws {
        let bytes = try CompiledCorpus.bytes("assets_ios.car")
        let input = NSTemporaryDirectory() + "truncated-\(getpid()).car"
        let output = NSTemporaryDirectory() + "car-thin-truncated-\(getpid())"
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        #expect(throws: CompiledCatalogError.self) { try CompiledCatalog(path: input) }
        do { _ = try CompiledCatalog(path: input) } catch { #expect(error.kind == .malformed && error.path == input) }
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
