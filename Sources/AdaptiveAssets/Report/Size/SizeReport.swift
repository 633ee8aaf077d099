import AdaptSupport

/// What each device downloads from one or more catalogs: the bytes its slice holds, split by asset
/// type, with devices whose slices are identical grouped (`adapt size`, and the size sections of
/// `adapt report` and `adapt diff`). In the spirit of Xcode's App Thinning Size Report.
///
/// The numbers are the `bytesAfter` of each slice's `manifest.json`, computed from the same
/// `ThinningPlan`s and file sizes as `adapt thin`: the bytes of the files each slice keeps.
///
/// ```swift
/// let catalog = try CatalogReader().read(at: "App.xcassets")
/// let sizes = SizeReport(catalogs: [catalog], devices: database.devices)
/// for group in sizes.groups { print(group.devices.map(\.id), group.bytes) }
/// sizes.overBudget(50_000)      // one diagnostic per device whose slice holds more
/// ```
public struct SizeReport: Sendable {
    /// The catalogs' paths, as given.
    public var catalogs: [String]
    /// Bytes of every file the catalogs' entries name: what a device would download unthinned.
    public var bytesBefore: Int
    /// The devices grouped by identical slices, largest download first.
    public var groups: [Group]

    /// Devices whose slices are the same, and what that slice holds.
    public struct Group: Hashable, Sendable {
        /// In the order given; the first is the group's name.
        public var devices: [DeviceProfile]
        /// Bytes of the slice's files: what each device of the group downloads.
        public var bytes: Int
        /// Bytes per asset type (`imageset`, `colorset`, ...), largest first.
        public var bytesByType: [TypeBytes]
        /// How many entries the slice keeps.
        public var keptVariants: Int
        /// How many entries it drops.
        public var droppedVariants: Int
        /// Assets with no match in some window of a device of the group.
        public var assetsWithoutMatch: [String]
    }

    /// The bytes and asset count of one asset type within a slice.
    public struct TypeBytes: Hashable, Sendable {
        /// The asset type, as its folder extension (`imageset`).
        public var type: String
        /// Bytes of this type's files in the slice.
        public var bytes: Int
        /// How many assets of this type the slice holds.
        public var assets: Int
    }

    /// Plans every device's slice of every catalog. A device given twice counts once.
    public init(catalogs: [Catalog], devices: [DeviceProfile]) {
        var seen: Set<String> = []
        let devices = devices.filter { seen.insert($0.id).inserted }
        let manifests: [[SliceManifest]] = catalogs.map { catalog in
            let index = AssetIndex(catalog)
            let plans = Array(devices.indices).concurrentMap(concurrency: Machine.coreCount) {
                ThinningPlan(index: index, device: devices[$0])
            }
            return SliceManifest.planned(plans, of: catalog)
        }
        self.init(catalogs: catalogs.map(\.path), devices: devices, manifests: manifests)
    }

    /// From manifests already planned: `manifests[catalog][device]`.
    package init(catalogs: [String], devices: [DeviceProfile], manifests: [[SliceManifest]]) {
        self.catalogs = catalogs
        bytesBefore = manifests.reduce(0) { $0 + ($1.first?.summary.bytesBefore ?? 0) }
        var groups: [Group] = []
        var groupOfKey: [[[[Int]]]: Int] = [:]
        for (position, device) in devices.enumerated() {
            let slices = manifests.map { $0[position] }
            // Identical slices keep the same variants of every asset of every catalog.
            let key: [[[Int]]] = slices.map { $0.assets.map { asset in asset.kept.map(\.index) + [asset.keptWhole ? -1 : -2, asset.bytesAfter] } }
            if let existing = groupOfKey[key] {
                groups[existing].devices.append(device)
                continue
            }
            var byType: [String: (bytes: Int, assets: Int)] = [:]
            var kept = 0
            var dropped = 0
            var bytes = 0
            var unmatched: [String] = []
            for slice in slices {
                for asset in slice.assets {
                    let current = byType[asset.type] ?? (0, 0)
                    byType[asset.type] = (current.bytes + asset.bytesAfter, current.assets + (asset.kept.isEmpty && !asset.keptWhole ? 0 : 1))
                    bytes += asset.bytesAfter
                    kept += asset.kept.count
                    dropped += asset.dropped.count
                    if !asset.unmatched.isEmpty { unmatched.append(asset.name) }
                }
            }
            groupOfKey[key] = groups.count
            groups.append(
                Group(
                    devices: [device], bytes: bytes,
                    bytesByType: byType.map { TypeBytes(type: $0.key, bytes: $0.value.bytes, assets: $0.value.assets) }
                        .sorted { ($0.bytes, $1.type) > ($1.bytes, $0.type) },
                    keptVariants: kept, droppedVariants: dropped, assetsWithoutMatch: unmatched))
        }
        self.groups = groups
    }

    /// Each device's bytes, by device id.
    public var bytesByDevice: [String: Int] {
        var result: [String: Int] = [:]
        for group in groups { for device in group.devices { result[device.id] = group.bytes } }
        return result
    }

    /// One error per device whose slice holds more than `budget` bytes (`adapt size --budget`).
    public func overBudget(_ budget: Int) -> [Diagnostic] {
        groups.filter { $0.bytes > budget }.flatMap { group in
            group.devices.map { device in
                Diagnostic(
                    .sizeOverBudget, "\(device.id) downloads \(group.bytes) bytes of assets, \(group.bytes - budget) over the budget of \(budget)",
                    at: SourceLocation(file: catalogs.first ?? "."))
            }
        }
    }
}
