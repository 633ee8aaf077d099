import AdaptSupport
import AssetCatalog
import AssetSelection
import AssetThinning
import CatalogFixtures
import CompiledCatalog
import DeviceProfiles
import Testing

/// Issue #20, part 5: `adapt`'s slices and answers held against what Apple's actool (Xcode 7.3)
/// compiled from the same catalog for each device family (`shared/corpus/compiled/acextract`,
/// `Images.xcassets` and `assets_<family>.car`; its Makefile has each command).
///
/// A family's compiled catalog is what the App Store starts from: it still holds every scale and
/// every memory and graphics class (the App Store thins it per device afterwards), so it is an
/// upper bound. Every file a device's slice keeps must be in its family's `.car`; before rule 2.1,
/// 238 device × set slices kept one that actool had left out (watch images on iPhones, size-class
/// and memory variants on watches and Macs). The other direction is not a loss: the `.car` holds
/// renditions for screens no single device has (1x on iPhones, 3x on iPads), which is exactly
/// what per-device thinning removes. A newer Xcode writes more keys (appearance, gamut,
/// localization), which these files from Xcode 7.3 cannot show.
@Suite struct ActoolAgreementTests {
    static let families: [(idiom: UserInterfaceIdiom, file: String)] = [
        (.phone, "assets_iphone.car"), (.pad, "assets_ipad.car"), (.tv, "assets_tv.car"), (.watch, "assets_watch.car"), (.mac, "assets_mac.car"),
    ]

    let database = try! DeviceDatabase.builtIn()

    static func source() throws -> AssetIndex {
        AssetIndex(try CatalogReader().read(at: try Corpus.root + "/compiled/acextract/Images.xcassets"))
    }

    /// Each asset's rendition names in a compiled catalog, without their extension (actool names a
    /// PDF's rasterisations after the PDF), by asset name.
    static func renditionStems(_ compiled: CompiledCatalog) -> [String: Set<String>] {
        var stems: [String: Set<String>] = [:]
        for rendition in compiled.renditions {
            guard let name = rendition.name else { continue }
            stems[name, default: []].insert(rendition.renditionName.deletingPathExtension)
        }
        return stems
    }

    @Test(arguments: families)
    func everyFileASliceKeepsIsInItsFamilysCompiledCatalog(family: (idiom: UserInterfaceIdiom, file: String)) throws {
        let index = try Self.source()
        let stems = Self.renditionStems(try CompiledCorpus.read(family.file))
        let devices = database.devices.filter { $0.idiom == family.idiom }
        #expect(!devices.isEmpty)
        var extra: [String] = []
        for device in devices {
            let plan = ThinningPlan(index: index, device: device)
            for assetPlan in plan.assets {
                let asset = index.catalog.assets[assetPlan.asset]
                for position in assetPlan.kept {
                    guard let file = asset.variants[position].filename else { continue }
                    if !(stems[asset.name]?.contains(file.deletingPathExtension) ?? false) {
                        extra.append("\(device.id) \(asset.name) \(file)")
                    }
                }
            }
        }
        #expect(extra.isEmpty, "kept by adapt, left out by actool: \(extra.prefix(20))")
    }

    /// Rule 2.1 (c), read from the compiled keys: no rendition of a platform's catalog declares an
    /// axis `PlatformAxes.lacking(on:)` says it lacks, and iOS's renditions do declare each.
    @Test func theAxesEachPlatformCompilesAreTheOnesTheRuleSays() throws {
        func declared(_ compiled: CompiledCatalog) -> PlatformAxes {
            var axes: PlatformAxes = []
            for rendition in compiled.renditions {
                if (rendition.key.memoryClass ?? 0) != 0 { axes.insert(.memory) }
                if (rendition.key.graphicsClass ?? 0) != 0 { axes.insert(.graphics) }
                if rendition.key.horizontalSizeClass != nil || rendition.key.verticalSizeClass != nil { axes.insert(.sizeClasses) }
            }
            return axes
        }
        for family in Self.families {
            let axes = declared(try CompiledCorpus.read(family.file))
            #expect(axes.isDisjoint(with: PlatformAxes.lacking(on: family.idiom.platform)), "\(family.file): \(axes.summary)")
        }
        #expect(declared(try CompiledCorpus.read("assets_iphone.car")) == [.memory, .graphics, .sizeClasses])
    }

    /// The answers the issue names: what each device shows is the rendition actool compiled for it.
    @Test func devicesShowWhatActoolCompiledForThem() throws {
        let index = try Self.source()
        func shown(_ asset: String, _ device: String) throws -> String? {
            let profile = try #require(database.profile(matching: device))
            return index.resolve(asset, for: profile.traits(in: profile.traitSets[0])).flatMap { index.variant($0).filename }
        }
        // A 4-inch iPhone prefers its `retina4` image; actool keys it with subtype 568.
        #expect(try shown("d_iphone4", "iphone-5s") == "green@2x.png")
        #expect(try shown("d_iphone4", "iphone-6") == "green@2x-1.png")
        let iphone = try CompiledCorpus.read("assets_iphone.car")
        #expect(iphone.renditions.contains { $0.name == "d_iphone4" && $0.renditionName == "green@2x.png" && $0.key.subtype == 568 })
        // A bitmap declared at a scale replaces the PDF's rasterisation there.
        #expect(try shown("v_overrides", "iphone-6") == "green@2x.png")
        #expect(try shown("v_overrides", "ipad-air-2") == "green@2x-2.png")
        #expect(try shown("v_overrides", "apple-tv-hd") == "image.png")
        #expect(try shown("v_overrides", "watch-38mm") == "cyan@2x.png")
        #expect(try shown("v_overrides", "mac-apple-silicon") == "green@2x-3.png")
    }
}
