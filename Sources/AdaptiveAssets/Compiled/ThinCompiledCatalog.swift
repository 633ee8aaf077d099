import AdaptSupport
import AssetCatalog
import AssetSelection
import AssetThinning
import CompiledCatalog
import DeviceProfiles

/// Per device, the renditions of a compiled catalog its App Store slice keeps: exactly what
/// `ThinningPlan` keeps over the catalog adapted to the package's own model (each rendition a
/// variant with its traits), plus the packed images the kept references point into.
///
/// ```swift
/// let compiled = try CompiledCatalog(path: "Assets.car")
/// let thinning = CompiledThinning(compiled, devices: [database.profile(matching: "iphone-6")!])
/// thinning.slices[0].kept.count                 // renditions kept
/// try thinning.length(of: thinning.slices[0])   // bytes of the thinned Assets.car
/// ```
public struct CompiledThinning: Sendable {
    /// The compiled catalog thinned.
    public let catalog: CompiledCatalog
    /// One per device given (a device given twice counts once), in the order given.
    public let slices: [Slice]

    /// One device's slice: the renditions it keeps.
    public struct Slice: Sendable {
        /// The device.
        public var device: DeviceProfile
        /// Positions in `catalog.renditions`, packed images included.
        public var kept: Set<Int>
        /// Assets that show nothing in some window of the device.
        public var assetsWithoutMatch: [String]
    }

    /// Plans one slice per device of `devices` over `catalog`, by the selection rule on its adapted form.
    public init(_ catalog: CompiledCatalog, devices: [DeviceProfile]) {
        self.init(AdaptedCompiledCatalog(catalog), devices: devices)
    }

    /// Plans over a catalog already adapted (`CatalogSource.open`'s), without adapting it again.
    package init(_ adapted: AdaptedCompiledCatalog, devices: [DeviceProfile]) {
        var seen: Set<String> = []
        let devices = devices.filter { seen.insert($0.id).inserted }
        let catalog = adapted.compiled
        self.catalog = catalog
        // Packed images are no variant of any asset: the kept references bring theirs back below.
        let index = AssetIndex(adapted.catalog)
        slices = devices.concurrentMap(concurrency: Machine.coreCount) { device in
            let plan = ThinningPlan(index: index, device: device)
            var kept: Set<Int> = []
            var unmatched: [String] = []
            for asset in plan.assets {
                let positions = adapted.renditionPositions[asset.asset]
                let before = kept.count
                for variant in asset.kept where variant < positions.count { kept.insert(positions[variant]) }
                if !asset.unmatched.isEmpty { unmatched.append(adapted.catalog.assets[asset.asset].name) }
                // An app icon's size list is no variant a lookup chooses, but the icon is read
                // through it: a slice keeps the lists of its device kind (and universal ones)
                // beside the icon images it keeps, as Apple's thinning does (sentry-cli's
                // thinned iPhone archive keeps AppIcon's iPhone size list).
                guard kept.count > before else { continue }
                for position in positions where catalog.renditions[position].layout == .multisizeImage {
                    let idiom = catalog.renditions[position].key.idiom ?? .universal
                    if idiom == .universal || idiom.requirement == .device(device.idiom) { kept.insert(position) }
                }
            }
            return Slice(device: device, kept: catalog.keepingPackedImages(kept), assetsWithoutMatch: unmatched)
        }
    }

    /// The devices the App Store would thin `catalog` for: those of the platform it was compiled
    /// for (its metadata's, or what its keys show: `AdaptedCompiledCatalog`'s inference), or every
    /// device when that cannot be told. An `Assets.car` is built for one platform, so an iOS
    /// file's slice for an Apple TV or a watch describes nothing anyone downloads.
    ///
    /// ```swift
    /// let devices = CompiledThinning.devices(for: compiled, in: database)   // iPhones and iPads for an iOS file
    /// ```
    public static func devices(for catalog: CompiledCatalog, in database: DeviceDatabase) -> [DeviceProfile] {
        guard let platform = AdaptedCompiledCatalog.platform(of: catalog) else { return database.devices }
        return database.devices.filter { $0.idiom.platform == platform }
    }

    /// The bytes of `slice`'s thinned `Assets.car`.
    public func bytes(of slice: Slice) throws(CompiledCatalogError) -> [UInt8] { try catalog.writing(keeping: slice.kept) }

    /// Its length, without building it: what `bytes(of:)` gives, counted.
    public func length(of slice: Slice) throws(CompiledCatalogError) -> Int { try catalog.writtenLength(keeping: slice.kept) }

    /// The renditions `slice` keeps, and their bytes on disk (CSI header, properties and data).
    public func renditionBytes(of slice: Slice) -> Int { slice.kept.reduce(0) { $0 + catalog.renditions[$1].sizeOnDisk } }

    /// Devices with the same kept renditions: for each slice, the first earlier slice equal to it.
    public var sameSliceAs: [Int?] {
        var first: [[Int]: Int] = [:]
        return slices.indices.map { position in
            let key = slice(position).kept.sorted()
            if let earlier = first[key] { return earlier }
            first[key] = position
            return nil
        }
    }

    private func slice(_ position: Int) -> Slice { slices[position] }
}
