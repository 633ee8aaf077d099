import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import DeviceProfiles
import Testing

/// Issue #21's oracle: what Xcode 7.3's actool compiled for one device family
/// (`assets_iphone.car`, `assets_ipad.car`) held against `adapt thin` of the iOS file that holds
/// both families (`assets_ios.car`), from the same `Images.xcassets` (the corpus's Makefile has
/// each command).
///
/// The two inputs differ in one way, which decides what the slices can share: compiling for
/// iPhone and iPad together, actool leaves out a universal entry wherever the asset has both an
/// iPhone and an iPad entry (`v_overrides`' `blue.png` and `blue@2x.png`, `v_device`'s
/// universal PDF), and it keeps them when compiling for one family. So a device's slice of the
/// iOS file is its slice of its family's file less those, and where the iOS file lacks the
/// universal rendition CarPlay shows at a phone's scale (rule 2.2: CarPlay at the phone's own
/// scale), the universal rendition of the same asset that the iOS file holds at another scale.
@Suite struct ActoolFamilyThinningTests {
    static let families: [(idiom: UserInterfaceIdiom, file: String)] = [(.phone, "assets_iphone.car"), (.pad, "assets_ipad.car")]

    let database = try! DeviceDatabase.builtIn()

    /// A rendition by what a device can tell apart: its asset, file and every trait its key
    /// holds; nil for a packed atlas, whose packing differs from one file to the next (the images
    /// packed in it are renditions of their own, and compared as such).
    static func identity(_ rendition: Rendition) -> String? {
        guard let name = rendition.name, rendition.layout != .packedImage else { return nil }
        let key = rendition.key
        let traits: [String] = [
            key.idiom?.name ?? "universal", "scale \(rendition.scaleFactor)", "subtype \(key.subtype ?? 0)",
            "w \(key.horizontalSizeClass.map { "\($0)" } ?? "any")", "h \(key.verticalSizeClass.map { "\($0)" } ?? "any")",
            "memory \(key.memoryClass ?? 0)", "graphics \(key.graphicsClass ?? 0)", "direction \(key.direction ?? 0)",
        ]
        return "\(name)/\(rendition.renditionName) " + traits.joined(separator: " ")
    }

    static func identities(_ catalog: CompiledCatalog, _ positions: some Sequence<Int>) -> Set<String> {
        Set(positions.compactMap { identity(catalog.renditions[$0]) })
    }

    func devices(_ idiom: UserInterfaceIdiom) -> [DeviceProfile] {
        database.devices.filter { $0.idiom == idiom }
    }

    @Test(arguments: families)
    func eachDevicesSliceOfTheIOSFileIsItsSliceOfItsFamilysFileLessWhatActoolLeftOut(family: (idiom: UserInterfaceIdiom, file: String)) throws {
        let ios = try CompiledCorpus.read("assets_ios.car")
        let actool = try CompiledCorpus.read(family.file)
        let leftOut = Self.identities(actool, actool.renditions.indices).subtracting(Self.identities(ios, ios.renditions.indices))
        // What the two-family file lacks: universal renditions of assets with an entry for each family.
        #expect(!leftOut.isEmpty)
        for identity in leftOut {
            let asset = String(identity.prefix { $0 != "/" })
            let idioms = Set(ios.renditions.filter { $0.name == asset }.compactMap(\.key.idiom))
            #expect(identity.contains(" universal ") && idioms.isSuperset(of: [.phone, .pad]), "\(identity)")
        }
        let devices = devices(family.idiom)
        try #require(devices.count > 5)
        let fromIOS = CompiledThinning(ios, devices: devices)
        let fromFamily = CompiledThinning(actool, devices: devices)
        for (mine, theirs) in zip(fromIOS.slices, fromFamily.slices) {
            let kept = Self.identities(ios, mine.kept)
            let expected = Self.identities(actool, theirs.kept)
            #expect(!kept.isEmpty)
            #expect(
                expected.subtracting(leftOut).isSubset(of: kept),
                "\(mine.device.id): only from \(family.file) \(expected.subtracting(kept).subtracting(leftOut).sorted().prefix(5))")
            let leftOutAssets = Set(leftOut.map { String($0.prefix { $0 != "/" }) })
            let standIns = kept.subtracting(expected)
            #expect(
                standIns.allSatisfy { $0.contains(" universal ") && leftOutAssets.contains(String($0.prefix { $0 != "/" })) },
                "\(mine.device.id): only from assets_ios.car, and not in place of a left-out universal rendition: \(standIns.sorted().prefix(5))")
        }
    }

    /// The family file holds more than its devices show, and each extra is of a kind the App
    /// Store's per-device thinning removes: a scale no device of the family has (1x iPhones,
    /// 3x iPads), a PDF's vector original (actool 7.3 rasterises it at each scale, and the
    /// runtime shows a rasterisation), or a universal rendition that every device of the family
    /// passes over for one of its own idiom, memory or graphics class, or one that needs more
    /// memory or a newer GPU than every device of the family at its scale has (the 1x iPads).
    @Test(arguments: families)
    func whatTheFamilyFileHoldsThatNoDeviceOfItShows(family: (idiom: UserInterfaceIdiom, file: String)) throws {
        let actool = try CompiledCorpus.read(family.file)
        let devices = devices(family.idiom)
        let thinning = CompiledThinning(actool, devices: devices)
        let kept = thinning.slices.reduce(into: Set<Int>()) { $0.formUnion($1.kept) }
        let scales = Set(devices.flatMap(\.displayScales).map { UInt32($0) * 100 })
        var unexplained: [String] = []
        var extras = 0
        for position in actool.renditions.indices where !kept.contains(position) {
            let rendition = actool.renditions[position]
            guard Self.identity(rendition) != nil else { continue }
            extras += 1
            if rendition.scaleFactor == 0 || rendition.layout == .vector { continue }
            if !scales.contains(rendition.scaleFactor) { continue }
            if rendition.key.subtype == 568 && rendition.scaleFactor != 200 { continue }
            // Otherwise a rendition of a scale the family has: some other rendition of the same
            // asset at that scale must be kept, and be more specific than this one.
            let rivals = kept.map { actool.renditions[$0] }.filter { $0.name == rendition.name && $0.scaleFactor == rendition.scaleFactor }
            let moreSpecific = rivals.contains { rival in
                (rival.key.idiom != .universal && rendition.key.idiom == .universal)
                    || (rival.key.memoryClass ?? 0) > (rendition.key.memoryClass ?? 0)
                    || (rival.key.graphicsClass ?? 0) > (rendition.key.graphicsClass ?? 0)
            }
            // Or it asks more than every device of the family at its scale has. The classes are
            // the source's: `m_1gb` compiles to memory class 1, `g_1v2` to graphics class 1.
            let atItsScale = devices.filter { $0.displayScales.contains(Int(rendition.scaleFactor / 100)) }
            let memory: [UInt16: Int] = [1: 1, 2: 2, 3: 4]
            let graphics: [UInt16: GraphicsFeatureSet] = [1: .metal1v2, 2: .metal2v2, 3: .metal3v1]
            let outOfReach = atItsScale.allSatisfy { device in
                memory[rendition.key.memoryClass ?? 0].map { device.memory < $0 } ?? false
                    || graphics[rendition.key.graphicsClass ?? 0].map { needed in !device.graphicsFeatureSets.contains { $0 >= needed } } ?? false
            }
            if !moreSpecific && !outOfReach { unexplained.append(Self.identity(rendition)!) }
        }
        #expect(extras > 0, "a family file holds every scale, so something is left out")
        #expect(unexplained.isEmpty, "\(family.file) holds, and no device of the family keeps: \(unexplained.prefix(10))")
    }
}
