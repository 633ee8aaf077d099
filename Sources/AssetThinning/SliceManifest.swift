import AssetCatalog
import DeviceProfiles

/// What one device's slice kept and dropped, per asset, with bytes before and after.
/// Written as `manifest.json` beside the slice; relative paths only, so that two runs give the
/// same bytes. Built, written and dropped one device at a time: only `SliceSummary` is kept.
public struct SliceManifest: Sendable {
    public var device: DeviceProfile
    public var catalogName: String
    /// The device whose identical slice this one links to, if any.
    public var sharedWith: String?
    public var assets: [AssetEntry] = []

    public struct AssetEntry: Sendable {
        public var name: String
        public var type: String
        public var path: String
        public var kept: [VariantEntry] = []
        public var dropped: [VariantEntry] = []
        public var unmatched: [String] = []
        public var keptWhole = false
        public var droppedWhole = false
        public var bytesBefore = 0
        public var bytesAfter = 0
    }

    public struct VariantEntry: Sendable {
        public var index: Int
        public var payload: String
        public var attributes: String

        init(_ variant: Variant) {
            index = variant.index
            payload = variant.payloadDescription
            attributes = variant.attributeStrings().joined(separator: " ")
            json = .object(["index": .number(String(index)), "file": .string(payload), "attributes": .string(attributes)])
        }

        /// Built once with the entry: a manifest repeats it for every device.
        let json: JSONValue
    }

    /// Every variant's manifest entry, built once per catalog and shared by every device's manifest.
    public static func variantEntries(of catalog: Catalog) -> [[VariantEntry]] {
        catalog.assets.map { $0.variants.map(VariantEntry.init) }
    }

    init(plan: ThinningPlan, catalog: Catalog, entries: [[VariantEntry]], sizes: FileSizes, sharedWith: String?) {
        device = plan.device
        catalogName = (FileSystem.realPath(catalog.path) ?? catalog.path).lastPathComponent
        self.sharedWith = sharedWith
        for assetPlan in plan.assets {
            let asset = catalog.assets[assetPlan.asset]
            var entry = AssetEntry(name: asset.name, type: asset.type.rawValue, path: String(asset.path.dropFirst(catalog.path.count + 1)))
            if assetPlan.keptWhole || assetPlan.droppedWhole {
                let bytes = sizes.treeSize(of: asset.path)
                (entry.bytesBefore, entry.bytesAfter, entry.keptWhole) = (bytes, assetPlan.keptWhole ? bytes : 0, assetPlan.keptWhole)
                entry.droppedWhole = assetPlan.droppedWhole
            } else {
                let named = Set(asset.variants.compactMap { $0.fileProblem == nil ? $0.filename : nil })
                let kept = Set(assetPlan.kept.compactMap { asset.variants[$0].filename })
                entry.bytesBefore = named.reduce(0) { $0 + sizes.size(of: asset.path + "/" + $1) }
                entry.bytesAfter = kept.reduce(0) { $0 + sizes.size(of: asset.path + "/" + $1) }
                entry.kept = assetPlan.kept.map { entries[assetPlan.asset][$0] }
                entry.dropped = assetPlan.dropped.map { entries[assetPlan.asset][$0] }
                entry.unmatched = assetPlan.unmatched
            }
            assets.append(entry)
        }
    }

    public var summary: SliceSummary {
        SliceSummary(device: device, sharedWith: sharedWith,
                     kept: assets.reduce(0) { $0 + $1.kept.count }, dropped: assets.reduce(0) { $0 + $1.dropped.count },
                     bytesBefore: assets.reduce(0) { $0 + $1.bytesBefore }, bytesAfter: assets.reduce(0) { $0 + $1.bytesAfter },
                     assetsWithoutMatch: assets.filter { !$0.unmatched.isEmpty }.map(\.name))
    }

    public var json: JSONValue {
        var object: JSONObject = ["device": .string(device.id), "name": .string(device.name), "catalog": .string(catalogName)]
        if let sharedWith { object["sameSliceAs"] = .string(sharedWith) }
        let summary = self.summary
        object["bytesBefore"] = .number(String(summary.bytesBefore))
        object["bytesAfter"] = .number(String(summary.bytesAfter))
        object["assets"] = .array(assets.map { asset in
            var object: JSONObject = ["name": .string(asset.name), "type": .string(asset.type), "path": .string(asset.path),
                                      "bytesBefore": .number(String(asset.bytesBefore)), "bytesAfter": .number(String(asset.bytesAfter))]
            if asset.keptWhole { object["keptWhole"] = true }
            if asset.droppedWhole { object["droppedWhole"] = true }
            object["kept"] = .array(asset.kept.map(\.json))
            object["dropped"] = .array(asset.dropped.map(\.json))
            if !asset.unmatched.isEmpty { object["noMatch"] = .array(asset.unmatched.map(JSONValue.string)) }
            return .object(object)
        })
        return .object(object)
    }
}

/// One device's line in the summary: counts and bytes, and the assets without a match.
public struct SliceSummary: Sendable {
    public var device: DeviceProfile
    public var sharedWith: String?
    public var kept: Int
    public var dropped: Int
    public var bytesBefore: Int
    public var bytesAfter: Int
    /// Names of the assets with no match in some reachable trait set.
    public var assetsWithoutMatch: [String]

    public static func json(_ summaries: [SliceSummary]) -> JSONValue {
        .array(summaries.map { summary in
            var object: JSONObject = ["device": .string(summary.device.id), "name": .string(summary.device.name),
                                      "kept": .number(String(summary.kept)), "dropped": .number(String(summary.dropped)),
                                      "bytesBefore": .number(String(summary.bytesBefore)), "bytesAfter": .number(String(summary.bytesAfter))]
            if let shared = summary.sharedWith { object["sameSliceAs"] = .string(shared) }
            object["assetsWithoutMatch"] = .array(summary.assetsWithoutMatch.map(JSONValue.string))
            return .object(object)
        })
    }
}
