import AssetCatalog
import DeviceProfiles

/// What one device's slice kept and dropped, per asset, with bytes before and after.
/// Written as `manifest.json` beside the slice; relative paths only, so that two runs give the
/// same bytes.
public struct SliceManifest: Sendable {
    public var device: DeviceProfile
    public var catalogName: String
    public var assets: [AssetEntry] = []

    public struct AssetEntry: Sendable {
        public var name: String
        public var type: String
        public var path: String
        public var kept: [VariantEntry] = []
        public var dropped: [VariantEntry] = []
        public var unmatched: [String] = []
        public var keptWhole = false
        public var bytesBefore = 0
        public var bytesAfter = 0
    }

    public struct VariantEntry: Sendable {
        public var index: Int
        public var payload: String
        public var attributes: String

        init(_ variant: Variant, in asset: Asset) {
            index = variant.index
            payload = variant.filename ?? variant.color?.summary ?? "(empty slot)"
            attributes = variant.declaredAttributes.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }

        var json: JSONValue { .object(["index": .number(String(index)), "file": .string(payload), "attributes": .string(attributes)]) }
    }

    public var bytesBefore: Int { assets.reduce(0) { $0 + $1.bytesBefore } }
    public var bytesAfter: Int { assets.reduce(0) { $0 + $1.bytesAfter } }
    public var keptCount: Int { assets.reduce(0) { $0 + $1.kept.count } }
    public var droppedCount: Int { assets.reduce(0) { $0 + $1.dropped.count } }
    /// Assets with no match in at least one reachable trait set.
    public var unmatchedAssets: [AssetEntry] { assets.filter { !$0.unmatched.isEmpty } }

    public var json: JSONValue {
        .object([
            "device": .string(device.id), "name": .string(device.name), "catalog": .string(catalogName),
            "bytesBefore": .number(String(bytesBefore)), "bytesAfter": .number(String(bytesAfter)),
            "assets": .array(assets.map { asset in
                var object: JSONObject = ["name": .string(asset.name), "type": .string(asset.type), "path": .string(asset.path),
                                          "bytesBefore": .number(String(asset.bytesBefore)), "bytesAfter": .number(String(asset.bytesAfter))]
                if asset.keptWhole { object["keptWhole"] = true }
                object["kept"] = .array(asset.kept.map(\.json))
                object["dropped"] = .array(asset.dropped.map(\.json))
                if !asset.unmatched.isEmpty { object["noMatch"] = .array(asset.unmatched.map(JSONValue.string)) }
                return .object(object)
            }),
        ])
    }

    /// One row per device: what the summary table and `summary.json` show.
    public static func summaryJSON(_ manifests: [SliceManifest]) -> JSONValue {
        .array(manifests.map { manifest in
            .object([
                "device": .string(manifest.device.id), "name": .string(manifest.device.name),
                "kept": .number(String(manifest.keptCount)), "dropped": .number(String(manifest.droppedCount)),
                "bytesBefore": .number(String(manifest.bytesBefore)), "bytesAfter": .number(String(manifest.bytesAfter)),
                "assetsWithoutMatch": .array(manifest.unmatchedAssets.map { .string($0.name) }),
            ])
        })
    }

    /// The terminal table.
    public static func summaryTable(_ manifests: [SliceManifest]) -> String {
        let header = ["device", "kept", "dropped", "bytes before", "bytes after", "saved", "no match"]
        let rows = manifests.map { manifest -> [String] in
            let saved = manifest.bytesBefore == 0 ? 0 : 100 - manifest.bytesAfter * 100 / manifest.bytesBefore
            return [manifest.device.id, String(manifest.keptCount), String(manifest.droppedCount), String(manifest.bytesBefore),
                    String(manifest.bytesAfter), "\(saved)%", String(manifest.unmatchedAssets.count)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == 0 ? cell + String(repeating: " ", count: widths[column] - cell.count)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
