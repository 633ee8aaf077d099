import AdaptSupport
import AssetCatalog
import AssetSelection
import DeviceProfiles

/// Every device's `ThinningPlan` for one catalog, held compactly between planning and writing:
/// per device one bit per variant (kept or not), and only the few assets that are kept or dropped
/// whole or show nothing somewhere. `thin --all-devices` needs every device's plan before it
/// writes anything (the kept images are checked first, and identical slices are found first), and
/// a full `ThinningPlan` holds an `AssetPlan` with its own `kept` array for every asset: at
/// 20,000 sets and the whole lineup, those plans were most of the run's memory. A full plan is
/// rebuilt (`plan(at:)`) only while its device's slice is written, and dropped after.
///
/// ```swift
/// let plans = ThinningPlans(index: AssetIndex(catalog), devices: database.devices)
/// let plan = plans.plan(at: 0)      // the first device's full plan, as ThinningPlan builds it
/// ```
public struct ThinningPlans: Sendable {
    /// The catalog planned.
    public let catalog: Catalog
    /// The devices, in the order given; a plan's position is its device's.
    public let devices: [DeviceProfile]
    /// Per asset, its first variant's position in the flat, catalog-wide numbering of the bits.
    private let firstVariant: [Int]
    /// How many variants the catalog has: the number of bits.
    private let variantCount: Int
    private let outlines: [Outline]

    /// One device's plan without the per-asset arrays.
    private struct Outline: Sendable {
        /// Bit `firstVariant[asset] + position` is set when that variant is kept.
        var kept: [UInt64]
        /// Assets kept whole or dropped whole (types whose variants are not selected): few.
        var keptWhole: Set<Int>
        var droppedWhole: Set<Int>
        /// The assets with windows that show nothing, in catalog order, with those windows.
        var unmatched: [Unmatched]
    }

    /// An asset that shows nothing in some of a device's windows (`ThinningPlan.AssetPlan.unmatched`).
    public struct Unmatched: Sendable {
        /// The asset's position in `catalog.assets`.
        public var asset: Int
        /// The windows in which it shows nothing.
        public var windows: [String]
    }

    /// Plans every device (on up to `concurrency` threads), keeping only the outline of each.
    public init(index: AssetIndex, devices: [DeviceProfile], concurrency: Int? = nil) {
        let (firstVariant, variantCount) = Self.firstVariants(of: index.catalog)
        self.catalog = index.catalog
        self.devices = devices
        self.firstVariant = firstVariant
        self.variantCount = variantCount
        outlines = devices.concurrentMap(concurrency: concurrency) { device in
            Self.outline(of: ThinningPlan(index: index, device: device), firstVariant: firstVariant, variantCount: variantCount)
        }
    }

    /// The outlines of plans built elsewhere (each for `catalog`).
    public init(_ plans: [ThinningPlan], of catalog: Catalog) {
        let (firstVariant, variantCount) = Self.firstVariants(of: catalog)
        self.catalog = catalog
        devices = plans.map(\.device)
        self.firstVariant = firstVariant
        self.variantCount = variantCount
        outlines = plans.map { Self.outline(of: $0, firstVariant: firstVariant, variantCount: variantCount) }
    }

    /// How many devices (and plans) there are.
    public var count: Int { devices.count }

    /// The full plan of the device at `position`, equal to the `ThinningPlan` it was built from.
    public func plan(at position: Int) -> ThinningPlan {
        let outline = outlines[position]
        var unmatched = outline.unmatched[...]
        let assets = catalog.assets.indices.map { asset in
            let count = catalog.assets[asset].variants.count
            let first = firstVariant[asset]
            var windows: [String] = []
            if unmatched.first?.asset == asset { windows = unmatched.removeFirst().windows }
            var plan = ThinningPlan.AssetPlan(
                asset: asset, kept: (0..<count).filter { Self.isSet(outline.kept, first + $0) },
                variantCount: count, unmatched: windows, keptWhole: outline.keptWhole.contains(asset))
            plan.droppedWhole = outline.droppedWhole.contains(asset)
            return plan
        }
        return ThinningPlan(device: devices[position], assets: assets)
    }

    /// A key equal for two devices exactly when their slices keep the same variants of every asset.
    /// (The kept bits: treat it as opaque.)
    package func sliceKey(at position: Int) -> [UInt64] { outlines[position].kept }

    /// The assets of the device at `position` that show nothing in some window, in catalog order.
    public func unmatched(at position: Int) -> [Unmatched] { outlines[position].unmatched }

    /// Whether any device's slice keeps the variant at `position` of the asset at `asset`.
    /// (Built once: OR of every device's bits.)
    package func keptByAnyDevice() -> (_ asset: Int, _ position: Int) -> Bool {
        var union = [UInt64](repeating: 0, count: Self.words(for: variantCount))
        for outline in outlines {
            for word in outline.kept.indices { union[word] |= outline.kept[word] }
        }
        let firstVariant = self.firstVariant
        return { asset, position in Self.isSet(union, firstVariant[asset] + position) }
    }

    private static func firstVariants(of catalog: Catalog) -> (first: [Int], total: Int) {
        var next = 0
        let first = catalog.assets.map { asset in
            defer { next += asset.variants.count }
            return next
        }
        return (first, next)
    }

    private static func words(for bits: Int) -> Int { (bits + 63) / 64 }

    private static func isSet(_ bits: [UInt64], _ bit: Int) -> Bool { bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0 }

    private static func outline(of plan: ThinningPlan, firstVariant: [Int], variantCount: Int) -> Outline {
        var outline = Outline(kept: [UInt64](repeating: 0, count: words(for: variantCount)), keptWhole: [], droppedWhole: [], unmatched: [])
        for assetPlan in plan.assets {
            let first = firstVariant[assetPlan.asset]
            for position in assetPlan.kept { outline.kept[(first + position) >> 6] |= 1 << UInt64((first + position) & 63) }
            if assetPlan.keptWhole { outline.keptWhole.insert(assetPlan.asset) }
            if assetPlan.droppedWhole { outline.droppedWhole.insert(assetPlan.asset) }
            if !assetPlan.unmatched.isEmpty { outline.unmatched.append(Unmatched(asset: assetPlan.asset, windows: assetPlan.unmatched)) }
        }
        return outline
    }
}
