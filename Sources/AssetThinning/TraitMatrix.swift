import AdaptSupport
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
    /// The device whose trait sets are the rows.
    public let device: DeviceProfile
    /// The index the matches point into.
    public let index: AssetIndex
    /// The assets' positions in the catalog, in column order.
    public let assets: [Int]
    /// The assets' qualified names, in column order.
    public var assetNames: [String] { assets.map { index.catalog.assets[$0].name } }
    /// One row per trait set the device can be in.
    public let rows: [Row]

    /// What one asset shows in one trait set: the match of each slot that shows something (one
    /// for a plain set), empty when nothing matches. Matches stay values (variant, slot,
    /// mirrored) until a renderer names them, so the report finds the very entry shown, even when
    /// two entries share a file.
    public typealias Shown = [AssetIndex.SlotMatch]

    /// One trait set of the device and what each asset shows in it.
    public struct Row: Hashable, Sendable {
        /// The trait set, with the window (orientation and multitasking mode) it belongs to.
        public var reachable: DeviceProfile.ReachableTraitSet
        /// Per asset, in column order.
        public var shown: [Shown]

        fileprivate var appearance: Appearance {
            Appearance(
                style: reachable.traits.userInterfaceStyle, contrast: reachable.traits.accessibilityContrast,
                direction: reachable.traits.layoutDirection)
        }

        var appearanceLabel: String {
            let traits = reachable.traits
            return
                "\(traits.userInterfaceStyle?.rawValue ?? "-") \(traits.accessibilityContrast?.rawValue ?? "-") \(traits.layoutDirection == .rightToLeft ? "rtl" : "ltr")"
        }
    }

    /// A change of file between two trait sets that differ only in orientation or window mode,
    /// with the appearances (style, contrast, direction) in which it happens.
    public struct Change: Hashable, Sendable {
        /// The asset's position in the catalog.
        public var asset: Int
        /// The windows, by label (`portrait fullScreen`).
        public var from: String
        /// The window changed to, by label.
        public var to: String
        /// What the asset shows before the change.
        public var before: Shown
        /// What the asset shows after the change.
        public var after: Shown
        /// The appearances in which the change happens (`dark high ltr`), all of them when it always does.
        public var appearances: [String]
    }

    /// The matrix of `assets` (positions in the catalog) over every trait set `device` can be in.
    public init(index: AssetIndex, device: DeviceProfile, assets: [Int]) {
        self.device = device
        self.index = index
        self.assets = assets
        // Many windows share a trait set (a window's size is not a trait): each distinct set is
        // resolved once, and its rows share the answer.
        var shownFor: [TraitCollection: [Shown]] = [:]
        self.rows = device.reachableTraitSets().map { reachable in
            if let known = shownFor[reachable.traits] { return Row(reachable: reachable, shown: known) }
            let shown = assets.map { asset in index.resolveSlots(assetAt: asset, for: reachable.traits).filter { $0.match != nil } }
            shownFor[reachable.traits] = shown
            return Row(reachable: reachable, shown: shown)
        }
    }

    /// How the text and JSON outputs name what is shown: each slot's file or colour, marked when
    /// mirrored, slots joined by ", "; nil when nothing matches.
    package func label(_ shown: Shown) -> String? {
        guard !shown.isEmpty else { return nil }
        return shown.compactMap(\.match).map { match in
            index.variant(match).payloadDescription + (match.mirrored ? " (mirrored)" : "")
        }.joined(separator: ", ")
    }

    /// Files that change when the device rotates (same window mode and appearance).
    public var rotationChanges: [Change] {
        changes(from: { $0.orientation == "portrait" }, to: { $0.orientation == "landscape" }, pairedBy: \.multitasking)
    }

    /// Files that change when the app leaves full screen for split view or slide over.
    public var multitaskingChanges: [Change] {
        changes(from: { $0.multitasking == "fullScreen" }, to: { $0.multitasking != "fullScreen" }, pairedBy: \.orientation)
    }

    /// Every change between a row `from` accepts and a row `to` accepts with the same `pairedBy`
    /// value and the same appearance, in row order, each appearance listed once.
    ///
    /// Linear in the rows, not quadratic: a device file may list tens of thousands of windows, and
    /// comparing every row with every other took minutes and gigabytes (and listed an appearance
    /// once per pair). Rows with the same window mode and traits give the same changes, so only
    /// the first of each is kept; the rows a `from` row pairs with are looked up by key, and under
    /// one key there are at most a few distinct trait sets (the size-class pairs).
    private func changes(
        from isFrom: (DeviceProfile.WindowTraits) -> Bool, to isTo: (DeviceProfile.WindowTraits) -> Bool,
        pairedBy pairing: (DeviceProfile.WindowTraits) -> String
    ) -> [Change] {
        struct Distinct: Hashable {
            var orientation: String, multitasking: String, traits: TraitCollection
        }
        struct Partner: Hashable {
            var pairing: String, appearance: Appearance
        }
        var seen: Set<Distinct> = []
        var fromRows: [Int] = []
        var toRows: [Partner: [Int]] = [:]
        for (position, row) in rows.enumerated() {
            let window = row.reachable.window
            guard seen.insert(Distinct(orientation: window.orientation, multitasking: window.multitasking, traits: row.reachable.traits)).inserted
            else { continue }
            if isFrom(window) { fromRows.append(position) }
            if isTo(window) { toRows[Partner(pairing: pairing(window), appearance: row.appearance), default: []].append(position) }
        }
        struct Key: Hashable {
            var asset: Int, from: String, to: String, before: Shown, after: Shown
        }
        var result: [Change] = []
        var positions: [Key: Int] = [:]
        for fromPosition in fromRows {
            let from = rows[fromPosition]
            let label = from.appearanceLabel
            for toPosition in toRows[Partner(pairing: pairing(from.reachable.window), appearance: from.appearance)] ?? [] {
                let to = rows[toPosition]
                for (column, asset) in assets.enumerated() where from.shown[column] != to.shown[column] {
                    let change = Change(
                        asset: asset, from: from.reachable.window.label, to: to.reachable.window.label,
                        before: from.shown[column], after: to.shown[column], appearances: [label])
                    let key = Key(asset: asset, from: change.from, to: change.to, before: change.before, after: change.after)
                    if let position = positions[key] {
                        if !result[position].appearances.contains(label) { result[position].appearances.append(label) }
                    } else {
                        positions[key] = result.count
                        result.append(change)
                    }
                }
            }
        }
        return result
    }

    /// Style, contrast and direction: rows pair only within one appearance.
    fileprivate struct Appearance: Hashable {
        var style: UserInterfaceStyle?, contrast: AccessibilityContrast?, direction: LayoutDirection?
    }

    /// Every appearance the device has (style x contrast x direction), for "in every appearance".
    private var appearanceCount: Int { Set(rows.map(\.appearanceLabel)).count }

    package var text: String {
        var lines = ["\(device.name) (\(device.id)): \(rows.count) trait sets, \(counted(assetNames.count, "asset"))"]
        let windowWidth = rows.map(\.reachable.window.label.count).max() ?? 0
        for (column, name) in assetNames.enumerated() {
            lines.append("")
            lines.append(name)
            for row in rows {
                let window = row.reachable.window.label
                lines.append("  \(window.padded(to: windowWidth))  \(row.appearanceLabel.padded(to: 17))  \(label(row.shown[column]) ?? "(no match)")")
            }
        }
        // Once, not per change: it looks at every row.
        let appearanceCount = self.appearanceCount
        func section(_ title: String, _ changes: [Change]) {
            lines.append("")
            lines.append(title + (changes.isEmpty ? " none" : ""))
            for change in changes {
                let when = change.appearances.count == appearanceCount ? "in every appearance" : change.appearances.joined(separator: ", ")
                lines.append(
                    "  \(index.catalog.assets[change.asset].name): \(label(change.before) ?? "no match") (\(change.from)) → "
                        + "\(label(change.after) ?? "no match") (\(change.to)), \(when)")
            }
        }
        section("Changes when the device rotates:", rotationChanges)
        section("Changes when entering split view or slide over:", multitaskingChanges)
        return lines.textOutput
    }

    package var json: JSONValue {
        func variants(_ shown: Shown) -> JSONValue {
            .array(shown.compactMap(\.match).map { .number(String(index.variant($0).index)) })
        }
        func changesJSON(_ changes: [Change]) -> JSONValue {
            .array(
                changes.map { change in
                    .object([
                        "asset": .string(index.catalog.assets[change.asset].name), "from": .string(change.from), "to": .string(change.to),
                        "fromFile": .string(label(change.before) ?? "no match"), "toFile": .string(label(change.after) ?? "no match"),
                        "fromVariants": variants(change.before), "toVariants": variants(change.after),
                        "appearances": .array(change.appearances.map(JSONValue.string)),
                    ])
                })
        }
        return .object([
            "device": .string(device.id),
            "rows": .array(
                rows.map { row in
                    var object: JSONObject = [
                        "orientation": .string(row.reachable.window.orientation),
                        "multitasking": .string(row.reachable.window.multitasking),
                        "traits": .object(row.reachable.traits.json),
                    ]
                    object["shown"] = .object(JSONObject(zip(assetNames, row.shown).map { .init(key: $0, value: .from(label($1))) }))
                    return .object(object)
                }),
            "rotationChanges": changesJSON(rotationChanges),
            "multitaskingChanges": changesJSON(multitaskingChanges),
        ])
    }
}
