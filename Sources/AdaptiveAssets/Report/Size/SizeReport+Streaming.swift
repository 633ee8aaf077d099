import AdaptSupport
import CompiledCatalog

/// What `SizeReport(catalogs:devices:manifests:)` reads from the manifests, worked out from each
/// device's `ThinningPlan` as it is made, the plan dropped at once: `adapt report` of 20,000 sets
/// held every device's plan and manifest of every asset at the same time (hundreds of megabytes),
/// to keep a few numbers per device. The numbers are the manifests' (`SliceManifest` counts the
/// same files the same way), which `SizeReportTests` holds.
extension SizeReport {
    /// Plans every device's slice of every catalog, `concurrency` devices at a time. A device given
    /// twice counts once.
    public init(indexes: [AssetIndex], devices: [DeviceProfile], concurrency: Int? = nil) {
        self.init(indexes: indexes, devices: devices, files: indexes.map(CatalogFiles.init), concurrency: concurrency ?? Machine.coreCount)
    }

    init(indexes: [AssetIndex], devices: [DeviceProfile], files: [CatalogFiles], concurrency: Int) {
        var seen: Set<String> = []
        let devices = devices.filter { seen.insert($0.id).inserted }
        catalogs = indexes.map(\.catalog.path)
        // As the manifests count it: the first device's, so none without devices.
        bytesBefore = devices.isEmpty ? 0 : files.reduce(0) { $0 + $1.bytesBefore }
        var groups: [Group] = []
        var groupOfKey: [[[Int]]: Int] = [:]
        let batch = max(1, concurrency)
        for start in stride(from: 0, to: devices.count, by: batch) {
            let slices = Array(start..<min(start + batch, devices.count)).concurrentMap(concurrency: concurrency) { position in
                DeviceSlice(device: devices[position], indexes: indexes, files: files)
            }
            for (offset, slice) in slices.enumerated() {
                let device = devices[start + offset]
                if let existing = groupOfKey[slice.key] {
                    groups[existing].devices.append(device)
                    continue
                }
                groupOfKey[slice.key] = groups.count
                groups.append(
                    Group(
                        devices: [device], bytes: slice.bytes,
                        bytesByType: slice.byType.map { TypeBytes(type: $0.key, bytes: $0.value.bytes, assets: $0.value.assets) }
                            .sorted { ($0.bytes, $1.type) > ($1.bytes, $0.type) },
                        keptVariants: slice.kept, droppedVariants: slice.dropped, assetsWithoutMatch: slice.unmatched))
            }
        }
        self.groups = groups
    }

    /// A catalog's file sizes, each measured once for every device: per asset, the size of each
    /// variant's file, or of the whole folder for a type kept whole.
    struct CatalogFiles: Sendable {
        /// `variantBytes[asset][variant]`: 0 for a variant without a file.
        var variantBytes: [[Int]] = []
        /// The folder's bytes, for types kept or dropped whole (0 for the others).
        var wholeBytes: [Int] = []
        var bytesBefore = 0

        /// A compiled catalog's: each variant's rendition's bytes on disk, the file's bytes before.
        init(compiled: AdaptedCompiledCatalog) {
            variantBytes = compiled.renditionPositions.map { positions in positions.map { compiled.compiled.renditions[$0].sizeOnDisk } }
            wholeBytes = variantBytes.map { _ in 0 }
            bytesBefore = compiled.compiled.store.bytes.count
        }

        init(_ index: AssetIndex) {
            var sizes: [String: Int] = [:]
            for asset in index.catalog.assets {
                if !asset.type.hasSelectableVariants {
                    let bytes = FileOperations.treeSize(asset.path)
                    wholeBytes.append(bytes)
                    variantBytes.append([])
                    bytesBefore += bytes
                    continue
                }
                wholeBytes.append(0)
                variantBytes.append(
                    asset.variants.map { variant in
                        guard let name = variant.filename else { return 0 }
                        let path = asset.path + "/" + name
                        if let known = sizes[path] { return known }
                        let size = FileSystem.fileSize(path) ?? 0
                        sizes[path] = size
                        return size
                    })
                let named = Set(asset.variants.compactMap { $0.fileProblem == nil ? $0.filename : nil })
                bytesBefore += named.reduce(0) { $0 + (sizes[asset.path + "/" + $1] ?? 0) }
            }
        }
    }

    /// One device's numbers, and the key that tells identical slices: per catalog, per asset,
    /// the kept variants' indices, -1 (kept whole) or -2, and the bytes kept.
    struct DeviceSlice: Sendable {
        var key: [[Int]] = []
        var bytes = 0, kept = 0, dropped = 0
        var byType: [String: (bytes: Int, assets: Int)] = [:]
        var unmatched: [String] = []

        init(device: DeviceProfile, indexes: [AssetIndex], files: [CatalogFiles]) {
            for (catalog, index) in indexes.enumerated() {
                let plan = ThinningPlan(index: index, device: device)
                var key: [Int] = []
                for assetPlan in plan.assets {
                    let asset = index.catalog.assets[assetPlan.asset]
                    let whole = assetPlan.keptWhole || assetPlan.droppedWhole
                    var after = 0
                    if whole {
                        after = assetPlan.keptWhole ? files[catalog].wholeBytes[assetPlan.asset] : 0
                    } else {
                        let sizes = files[catalog].variantBytes[assetPlan.asset]
                        // Each file once, as a slice holds it, though two entries may name it.
                        for (offset, position) in assetPlan.kept.enumerated() {
                            guard let name = asset.variants[position].filename else { continue }
                            if !assetPlan.kept[..<offset].contains(where: { asset.variants[$0].filename == name }) { after += sizes[position] }
                        }
                        key += assetPlan.kept.map { asset.variants[$0].index }
                        kept += assetPlan.kept.count
                        dropped += assetPlan.variantCount - assetPlan.kept.count
                        if !assetPlan.unmatched.isEmpty { unmatched.append(asset.name) }
                    }
                    key += [assetPlan.keptWhole ? -1 : -2, after]
                    let type = asset.type.rawValue
                    let current = byType[type] ?? (0, 0)
                    byType[type] = (current.bytes + after, current.assets + ((whole ? assetPlan.keptWhole : !assetPlan.kept.isEmpty) ? 1 : 0))
                    bytes += after
                }
                self.key.append(key)
            }
        }
    }
}
