import AdaptSupport
import AssetCatalog
import AssetSelection
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
    /// `sameSliceAs`, worked out with the slices.
    private let sameSlices: [Int?]

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
        self = Self.planning([adapted], devices: devices)[0]
    }

    /// Plans `devices`' slices of each catalog: as `init(_:devices:)` plans one, each device kind
    /// planned once for all of them, so the trait sets it is asked in are made once
    /// (`DeviceTraitSets`): both sides of a diff are planned for the same devices.
    package static func planning(_ catalogs: [AdaptedCompiledCatalog], devices: [DeviceProfile]) -> [CompiledThinning] {
        var seen: Set<String> = []
        let devices = devices.filter { seen.insert($0.id).inserted }
        // The rule reads an asset's variants and nothing of its name: assets of one shape are
        // planned once, through an index of one asset per shape.
        let shapes = catalogs.map { AssetShapes($0) }
        let indexes = zip(catalogs, shapes).map { adapted, shapes in
            AssetIndex(Catalog(path: adapted.catalog.path, assets: shapes.representatives.map { adapted.catalog.assets[$0] }))
        }
        // Devices alike in all but their names (a phone sold under two names, its cellular
        // model) keep the same renditions: each kind is planned once, every device of it shares that slice.
        let (kinds, kindOf) = Self.kinds(of: devices)
        let plans = kinds.concurrentMap(concurrency: Machine.coreCount) { device in
            var traitSets = DeviceTraitSets(device)
            return indexes.map { index in
                let plan = ThinningPlan(index: index, traitSets: &traitSets)
                return ShapePlan(kept: plan.assets.map(\.kept), unmatched: plan.assets.map { !$0.unmatched.isEmpty }, idiom: device.idiom)
            }
        }
        return catalogs.indices.map { position in
            CompiledThinning(catalogs[position], shapes: shapes[position], devices: devices, kindOf: kindOf, plans: plans.map { $0[position] })
        }
    }

    /// The slices of `adapted`, from each device kind's plan of its shapes.
    private init(_ adapted: AdaptedCompiledCatalog, shapes: AssetShapes, devices: [DeviceProfile], kindOf: [Int], plans: [ShapePlan]) {
        let catalog = adapted.compiled
        self.catalog = catalog
        // Packed images are no variant of any asset: the kept references bring theirs back below,
        // each reference's packed image looked up once for every device.
        var references: [Int: Int] = [:]
        for (position, rendition) in catalog.renditions.enumerated() where rendition.layout == .internalReference {
            if let (atlas, _) = catalog.packedImagePosition(referencedBy: rendition) { references[position] = atlas }
        }
        let packedImageOf = references
        // Kinds whose plans agree shape by shape keep the same renditions: each such slice is made once.
        var distinct: [ShapePlan] = []
        var distinctPositions: [ShapePlan: Int] = [:]
        let distinctOfKind = plans.map { plan in
            if let known = distinctPositions[plan] { return known }
            distinctPositions[plan] = distinct.count
            distinct.append(plan)
            return distinct.count - 1
        }
        let made = distinct.concurrentMap(concurrency: Machine.coreCount) { plan in
            var kept: Set<Int> = []
            var unmatched: [String] = []
            for position in adapted.catalog.assets.indices {
                let shape = shapes.shapeOf[position]
                let positions = adapted.renditionPositions[position]
                let before = kept.count
                for variant in plan.kept[shape] where variant < positions.count { kept.insert(positions[variant]) }
                if plan.unmatched[shape] { unmatched.append(adapted.catalog.assets[position].name) }
                // An app icon's size list is no variant a lookup chooses, but the icon is read
                // through it: a slice keeps the lists of its device kind (and universal ones)
                // beside the icon images it keeps, as Apple's thinning does (sentry-cli's
                // thinned iPhone archive keeps AppIcon's iPhone size list).
                guard kept.count > before else { continue }
                for position in positions where catalog.renditions[position].layout == .multisizeImage {
                    let idiom = catalog.renditions[position].key.idiom ?? .universal
                    if idiom == .universal || idiom.requirement == .device(plan.idiom) { kept.insert(position) }
                }
            }
            // `catalog.keepingPackedImages(kept)`, from the packed images looked up above.
            var withPackedImages = kept
            for position in kept { if let atlas = packedImageOf[position] { withPackedImages.insert(atlas) } }
            return (kept: withPackedImages, unmatched: unmatched)
        }
        slices = devices.indices.map { position in
            let slice = made[distinctOfKind[kindOf[position]]]
            return Slice(device: devices[position], kept: slice.kept, assetsWithoutMatch: slice.unmatched)
        }
        // Equal slices, told apart among the few made rather than device by device.
        var firstMade: [[Int]: Int] = [:]
        let sameAsMade = made.indices.map { position in
            let key = made[position].kept.sorted()
            if let earlier = firstMade[key] { return earlier }
            firstMade[key] = position
            return position
        }
        var firstDevice: [Int: Int] = [:]
        sameSlices = devices.indices.map { position in
            let group = sameAsMade[distinctOfKind[kindOf[position]]]
            if let earlier = firstDevice[group] { return earlier }
            firstDevice[group] = position
            return nil
        }
    }

    /// What a device's plan keeps, shape by shape (`AssetShapes`), and its idiom (which size lists it keeps).
    private struct ShapePlan: Hashable, Sendable {
        var kept: [[Int]]
        var unmatched: [Bool]
        var idiom: UserInterfaceIdiom
    }

    /// The devices that differ in more than their names (the first of each), and for each device
    /// the position of its kind among them. A plan reads a profile's traits, windows and
    /// hardware, never its id, name or model identifiers.
    package static func kinds(of devices: [DeviceProfile]) -> (kinds: [DeviceProfile], kindOf: [Int]) {
        var kinds: [DeviceProfile] = []
        var positions: [DeviceProfile: Int] = [:]
        let kindOf = devices.map { device in
            var unnamed = device
            unnamed.id = ""
            unnamed.name = ""
            unnamed.modelIdentifiers = []
            if let known = positions[unnamed] { return known }
            positions[unnamed] = kinds.count
            kinds.append(device)
            return kinds.count - 1
        }
        return (kinds, kindOf)
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
    public var sameSliceAs: [Int?] { sameSlices }
}
