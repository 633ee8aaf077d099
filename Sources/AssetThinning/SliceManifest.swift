import AdaptSupport
import AssetCatalog
import DeviceProfiles

/// What one device's slice kept and dropped, per asset, with bytes before and after.
/// Written as `manifest.json` beside the slice; relative paths only, so that two runs give the
/// same bytes. Built, written and dropped one device at a time: only `SliceSummary` is kept.
package struct SliceManifest: Sendable {
    /// The device the slice is for.
    package var device: DeviceProfile
    /// The catalog's folder name (`Showcase.xcassets`).
    package var catalogName: String
    /// The device whose identical slice this one links to, if any.
    package var sharedWith: String?
    /// Every asset of the catalog, in catalog order, with what the slice did to it.
    package var assets: [AssetEntry] = []

    /// What the slice did to one asset.
    package struct AssetEntry: Sendable {
        /// The asset's qualified name.
        package var name: String
        /// The set's type, as its folder extension (`imageset`).
        package var type: String
        /// The set's folder, relative to the catalog.
        package var path: String
        /// The entries kept.
        package var kept: [VariantEntry] = []
        /// The entries dropped.
        package var dropped: [VariantEntry] = []
        /// The windows of the device in which the asset shows nothing (`portrait fullScreen`).
        package var unmatched: [String] = []
        /// Kept as it is, because the rule does not choose among its entries (a sprite atlas, a texture set).
        package var keptWhole = false
        /// Left out, because the device cannot show the asset's type (a watch complication on an iPad).
        package var droppedWhole = false
        /// The bytes of the asset's files in the source.
        package var bytesBefore = 0
        /// The bytes of the asset's files in the slice.
        package var bytesAfter = 0
    }

    /// One entry of a set, as the manifest names it.
    package struct VariantEntry: Sendable {
        /// The entry's position in the set's array.
        package var index: Int
        /// What it provides: its file, its colour, or `(empty slot)`.
        package var payload: String
        /// The traits it declares, as `inspect` prints them (`dark 3x`).
        package var attributes: String

        init(_ variant: Variant) {
            index = variant.index
            payload = variant.payloadDescription
            attributes = variant.attributeStrings().joined(separator: " ")
        }

        /// Built as it is written, not kept with the entry: kept for every variant of a 20,000-set
        /// catalog, these values were about 14 MB.
        var json: JSONValue {
            .object(["index": .number(String(index)), "file": .string(payload), "attributes": .string(attributes)])
        }
    }

    /// Every variant's manifest entry, built once per catalog and shared by every device's manifest.
    package static func variantEntries(of catalog: Catalog) -> [[VariantEntry]] {
        catalog.assets.map { $0.variants.map(VariantEntry.init) }
    }

    init(plan: ThinningPlan, catalog: Catalog, entries: [[VariantEntry]], sizes: FileSizes, sharedWith: String?) {
        device = plan.device
        catalogName = Self.catalogName(of: catalog)
        self.sharedWith = sharedWith
        assets = plan.assets.map { Self.entry(for: $0, of: catalog, entries: entries, bytes: Self.bytes(of: $0, in: catalog, sizes: sizes)) }
    }

    static func catalogName(of catalog: Catalog) -> String { (FileSystem.realPath(catalog.path) ?? catalog.path).lastPathComponent }

    /// An asset's bytes in the catalog and in the slice: every named file once, and every kept one once.
    static func bytes(of assetPlan: ThinningPlan.AssetPlan, in catalog: Catalog, sizes: FileSizes) -> (before: Int, after: Int) {
        if assetPlan.keptWhole || assetPlan.droppedWhole {
            let bytes = sizes.treeSize(of: assetPlan.asset, in: catalog)
            return (bytes, assetPlan.keptWhole ? bytes : 0)
        }
        let variants = catalog.assets[assetPlan.asset].variants
        let named = variants.indices.filter { variants[$0].fileProblem == nil }
        return (
            sizes.bytes(ofVariants: named, of: assetPlan.asset, in: catalog),
            sizes.bytes(ofVariants: assetPlan.kept, of: assetPlan.asset, in: catalog)
        )
    }

    static func entry(
        for assetPlan: ThinningPlan.AssetPlan, of catalog: Catalog, entries: [[VariantEntry]],
        bytes: (before: Int, after: Int)
    ) -> AssetEntry {
        let asset = catalog.assets[assetPlan.asset]
        var entry = AssetEntry(name: asset.name, type: asset.type.rawValue, path: String(asset.path.dropFirst(catalog.path.count + 1)))
        (entry.bytesBefore, entry.bytesAfter) = bytes
        if assetPlan.keptWhole || assetPlan.droppedWhole {
            entry.keptWhole = assetPlan.keptWhole
            entry.droppedWhole = assetPlan.droppedWhole
        } else {
            entry.kept = assetPlan.kept.map { entries[assetPlan.asset][$0] }
            entry.dropped = assetPlan.dropped.map { entries[assetPlan.asset][$0] }
            entry.unmatched = assetPlan.unmatched
        }
        return entry
    }

    /// Writes the manifest of `plan` to `path` as `json` would give it, but asset by asset: the
    /// entries of one asset at a time, the text in pieces. Built whole, a device's manifest at
    /// 20,000 sets was about 80 MB (entries, JSON values and text) per writing thread.
    /// Returns the device's summary, as `summary` gives it.
    static func write(
        plan: ThinningPlan, catalog: Catalog, entries: [[VariantEntry]], sizes: FileSizes, sharedWith: String?,
        to path: String
    ) throws -> SliceSummary {
        // The totals come before the assets in the file: a first pass over the sizes only.
        var bytes: [(before: Int, after: Int)] = []
        bytes.reserveCapacity(plan.assets.count)
        var summary = SliceSummary(
            device: plan.device, sharedWith: sharedWith, kept: 0, dropped: 0, bytesBefore: 0, bytesAfter: 0,
            assetsWithoutMatch: [])
        for assetPlan in plan.assets {
            let sizes = Self.bytes(of: assetPlan, in: catalog, sizes: sizes)
            bytes.append(sizes)
            summary.bytesBefore += sizes.before
            summary.bytesAfter += sizes.after
            guard !assetPlan.keptWhole && !assetPlan.droppedWhole else { continue }
            summary.kept += assetPlan.kept.count
            summary.dropped += assetPlan.variantCount - assetPlan.kept.count
            if !assetPlan.unmatched.isEmpty { summary.assetsWithoutMatch.append(catalog.assets[assetPlan.asset].name) }
        }
        let head = header(device: plan.device, catalogName: catalogName(of: catalog), sharedWith: sharedWith, summary: summary)
        try FileOperations.writeFile(path) { write in
            try JSONWriter.xcodeStyle.write(
                head, withArray: "assets", count: plan.assets.count,
                element: { position in
                    entry(for: plan.assets[position], of: catalog, entries: entries, bytes: bytes[position]).json
                }, flush: write)
        }
        return summary
    }

    /// The members before `assets`.
    private static func header(device: DeviceProfile, catalogName: String, sharedWith: String?, summary: SliceSummary) -> JSONObject {
        var object: JSONObject = ["device": .string(device.id), "name": .string(device.name), "catalog": .string(catalogName)]
        if let sharedWith { object["sameSliceAs"] = .string(sharedWith) }
        object["bytesBefore"] = .number(String(summary.bytesBefore))
        object["bytesAfter"] = .number(String(summary.bytesAfter))
        return object
    }

    /// The counts and bytes of this manifest, as the command's summary prints them.
    package var summary: SliceSummary {
        SliceSummary(
            device: device, sharedWith: sharedWith,
            kept: assets.reduce(0) { $0 + $1.kept.count }, dropped: assets.reduce(0) { $0 + $1.dropped.count },
            bytesBefore: assets.reduce(0) { $0 + $1.bytesBefore }, bytesAfter: assets.reduce(0) { $0 + $1.bytesAfter },
            assetsWithoutMatch: assets.filter { !$0.unmatched.isEmpty }.map(\.name))
    }

    /// The manifest as the JSON document written to `manifest.json`.
    package var json: JSONValue {
        var object = Self.header(device: device, catalogName: catalogName, sharedWith: sharedWith, summary: summary)
        object["assets"] = .array(assets.map(\.json))
        return .object(object)
    }
}

extension SliceManifest.AssetEntry {
    var json: JSONValue {
        var object: JSONObject = [
            "name": .string(name), "type": .string(type), "path": .string(path),
            "bytesBefore": .number(String(bytesBefore)), "bytesAfter": .number(String(bytesAfter)),
        ]
        if keptWhole { object["keptWhole"] = true }
        if droppedWhole { object["droppedWhole"] = true }
        object["kept"] = .array(kept.map(\.json))
        object["dropped"] = .array(dropped.map(\.json))
        if !unmatched.isEmpty { object["noMatch"] = .array(unmatched.map(JSONValue.string)) }
        return .object(object)
    }
}

/// One device's line in the summary: counts and bytes, and the assets without a match.
public struct SliceSummary: Sendable {
    /// The device.
    public var device: DeviceProfile
    /// The device whose identical slice this one links to, if any.
    public var sharedWith: String?
    /// How many entries the slice kept.
    public var kept: Int
    /// How many entries the slice dropped.
    public var dropped: Int
    /// The bytes of the catalog's files before thinning.
    public var bytesBefore: Int
    /// The bytes of the slice's files.
    public var bytesAfter: Int
    /// Names of the assets with no match in some reachable trait set.
    public var assetsWithoutMatch: [String]

    /// A summary made elsewhere (`adapt thin FILE.car`'s compiled slices).
    package init(device: DeviceProfile, sharedWith: String?, kept: Int, dropped: Int, bytesBefore: Int, bytesAfter: Int, assetsWithoutMatch: [String]) {
        self.device = device
        self.sharedWith = sharedWith
        self.kept = kept
        self.dropped = dropped
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
        self.assetsWithoutMatch = assetsWithoutMatch
    }

    package static func json(_ summaries: [SliceSummary]) -> JSONValue {
        .array(
            summaries.map { summary in
                var object: JSONObject = [
                    "device": .string(summary.device.id), "name": .string(summary.device.name),
                    "kept": .number(String(summary.kept)), "dropped": .number(String(summary.dropped)),
                    "bytesBefore": .number(String(summary.bytesBefore)), "bytesAfter": .number(String(summary.bytesAfter)),
                ]
                if let shared = summary.sharedWith { object["sameSliceAs"] = .string(shared) }
                object["assetsWithoutMatch"] = .array(summary.assetsWithoutMatch.map(JSONValue.string))
                return .object(object)
            })
    }
}
