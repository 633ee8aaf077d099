import AssetCatalog
import AssetSelection
import DeviceProfiles

/// For each trait set a device can be in, which variant each asset shows, and which assets
/// change file when the device rotates or enters split view or slide over: what a designer
/// wants to know before shipping.
///
/// ```swift
/// let matrix = TraitMatrix(index: index, device: ipad, assets: [index.assetPosition(named: "Header")!])
/// matrix.rotationChanges      // assets whose file changes between portrait and landscape
/// ```
public struct TraitMatrix: Sendable {
    public let device: DeviceProfile
    public let assetNames: [String]
    public let rows: [Row]

    public struct Row: Hashable, Sendable {
        public var reachable: DeviceProfile.ReachableTraitSet
        /// Per asset (in `assetNames` order): the file or colour shown, nil when nothing matches.
        public var shown: [String?]

        var appearanceLabel: String {
            let traits = reachable.traits
            return "\(traits.userInterfaceStyle?.rawValue ?? "-") \(traits.accessibilityContrast?.rawValue ?? "-") \(traits.layoutDirection == .rightToLeft ? "rtl" : "ltr")"
        }
    }

    /// A change of file between two trait sets that differ only in orientation or window mode,
    /// with the appearances (style, contrast, direction) in which it happens.
    public struct Change: Hashable, Sendable {
        public var asset: String
        public var from: String
        public var to: String
        public var fromFile: String
        public var toFile: String
        public var appearances: [String]
    }

    public init(index: AssetIndex, device: DeviceProfile, assets: [Int]) {
        self.device = device
        self.assetNames = assets.map { index.catalog.assets[$0].name }
        self.rows = device.reachableTraitSets().map { reachable in
            Row(reachable: reachable, shown: assets.map { Self.shown(index, $0, reachable.traits) })
        }
    }

    /// The file or colour shown, marked when mirrored; for a set of slots, each slot's file.
    static func shown(_ index: AssetIndex, _ asset: Int, _ traits: TraitCollection) -> String? {
        let files = index.resolveSlots(assetAt: asset, for: traits).compactMap(\.match).map { match in
            let variant = index.variant(match)
            return (variant.filename ?? variant.color?.summary ?? "?") + (match.mirrored ? " (mirrored)" : "")
        }
        return files.isEmpty ? nil : files.joined(separator: ", ")
    }

    /// Files that change when the device rotates (same window mode and appearance).
    public var rotationChanges: [Change] {
        changes { $0.window.multitasking == $1.window.multitasking && $0.window.orientation == "portrait" && $1.window.orientation == "landscape" }
    }

    /// Files that change when the app leaves full screen for split view or slide over.
    public var multitaskingChanges: [Change] {
        changes { $0.window.orientation == $1.window.orientation && $0.window.multitasking == "fullScreen" && $1.window.multitasking != "fullScreen" }
    }

    private func changes(_ pairs: (DeviceProfile.ReachableTraitSet, DeviceProfile.ReachableTraitSet) -> Bool) -> [Change] {
        var result: [Change] = []
        var positions: [[String]: Int] = [:]
        for from in rows {
            for to in rows where pairs(from.reachable, to.reachable) && sameAppearance(from, to) {
                for (column, name) in assetNames.enumerated() where from.shown[column] != to.shown[column] {
                    let change = Change(asset: name, from: from.reachable.window.label, to: to.reachable.window.label,
                                        fromFile: from.shown[column] ?? "no match", toFile: to.shown[column] ?? "no match",
                                        appearances: [from.appearanceLabel])
                    let key = [change.asset, change.from, change.to, change.fromFile, change.toFile]
                    if let position = positions[key] {
                        result[position].appearances.append(from.appearanceLabel)
                    } else {
                        positions[key] = result.count
                        result.append(change)
                    }
                }
            }
        }
        return result
    }

    /// Every appearance the device has (style x contrast x direction), for "in every appearance".
    private var appearanceCount: Int { Set(rows.map(\.appearanceLabel)).count }

    private func sameAppearance(_ a: Row, _ b: Row) -> Bool {
        let x = a.reachable.traits, y = b.reachable.traits
        return x.userInterfaceStyle == y.userInterfaceStyle && x.accessibilityContrast == y.accessibilityContrast
            && x.layoutDirection == y.layoutDirection
    }

    public var text: String {
        var lines = ["\(device.name) (\(device.id)): \(rows.count) trait sets, \(assetNames.count) asset\(assetNames.count == 1 ? "" : "s")"]
        let windowWidth = rows.map(\.reachable.window.label.count).max() ?? 0
        for (column, name) in assetNames.enumerated() {
            lines.append("")
            lines.append(name)
            for row in rows {
                let window = row.reachable.window.label
                lines.append("  \(window)\(String(repeating: " ", count: windowWidth - window.count))  \(row.appearanceLabel.padding(17))  \(row.shown[column] ?? "(no match)")")
            }
        }
        func section(_ title: String, _ changes: [Change]) {
            lines.append("")
            lines.append(title + (changes.isEmpty ? " none" : ""))
            for change in changes {
                let when = change.appearances.count == appearanceCount ? "in every appearance" : change.appearances.joined(separator: ", ")
                lines.append("  \(change.asset): \(change.fromFile) (\(change.from)) → \(change.toFile) (\(change.to)), \(when)")
            }
        }
        section("Changes when the device rotates:", rotationChanges)
        section("Changes when entering split view or slide over:", multitaskingChanges)
        return lines.textOutput
    }

    public var json: JSONValue {
        func changesJSON(_ changes: [Change]) -> JSONValue {
            .array(changes.map { .object(["asset": .string($0.asset), "from": .string($0.from), "to": .string($0.to),
                                          "fromFile": .string($0.fromFile), "toFile": .string($0.toFile),
                                          "appearances": .array($0.appearances.map(JSONValue.string))]) })
        }
        return .object([
            "device": .string(device.id),
            "rows": .array(rows.map { row in
                var object: JSONObject = ["orientation": .string(row.reachable.window.orientation),
                                          "multitasking": .string(row.reachable.window.multitasking),
                                          "traits": .object(row.reachable.traits.json)]
                object["shown"] = .object(JSONObject(zip(assetNames, row.shown).map { .init(key: $0, value: .from($1)) }))
                return .object(object)
            }),
            "rotationChanges": changesJSON(rotationChanges),
            "multitaskingChanges": changesJSON(multitaskingChanges),
        ])
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
