import Synchronization

/// What each device shows of an asset in each trait context (window × appearance × contrast ×
/// direction), with devices grouped where they pick the same files and contexts grouped where
/// every group shows the same: the contact sheet's grid.
///
/// Only the axes an asset's variants declare can change its answers (`AssetIndex.declaredAxes`),
/// so devices are first grouped by their trait sets projected onto those axes, once per distinct
/// set of axes; each group then resolves each distinct projection once.
struct GridBuilder: Sendable {
    let contexts: [ReportV1.TraitContext]
    let deviceIDs: [String]
    /// `traits[device][context]`, nil where the device does not have that window.
    let traits: [[TraitCollection?]]
    private let classes = ClassCache()

    init(devices: [DeviceProfile]) {
        var windows: [String] = []
        var seenWindows: Set<String> = []
        var reachable: [[(context: ReportV1.TraitContext, traits: TraitCollection)]] = []
        for device in devices {
            reachable.append(device.reachableTraitSets().map { set in
                if seenWindows.insert(set.window.label).inserted { windows.append(set.window.label) }
                let traits = set.traits
                return (ReportV1.TraitContext(window: set.window.label, style: traits.userInterfaceStyle?.rawValue ?? "light",
                                              contrast: traits.accessibilityContrast?.rawValue ?? "normal",
                                              direction: traits.layoutDirection?.rawValue ?? "leftToRight"), traits)
            })
        }
        let windowOrder = Dictionary(uniqueKeysWithValues: windows.enumerated().map { ($1, $0) })
        func rank(_ context: ReportV1.TraitContext) -> [Int] {
            [windowOrder[context.window] ?? 0,
             UserInterfaceStyle.allCases.firstIndex { $0.rawValue == context.style } ?? 0,
             AccessibilityContrast.allCases.firstIndex { $0.rawValue == context.contrast } ?? 0,
             LayoutDirection.allCases.firstIndex { $0.rawValue == context.direction } ?? 0]
        }
        contexts = Array(Set(reachable.flatMap { $0.map(\.context) })).sorted { rank($0).lexicographicallyPrecedes(rank($1)) }
        let position = Dictionary(uniqueKeysWithValues: contexts.enumerated().map { ($1, $0) })
        deviceIDs = devices.map(\.id)
        traits = reachable.map { sets in
            var row = [TraitCollection?](repeating: nil, count: position.count)
            for set in sets { row[position[set.context]!] = set.traits }
            return row
        }
    }

    /// Devices (positions) whose trait sets, projected onto `axes`, are the same in every context.
    private struct DeviceClass: Sendable {
        var devices: [Int]
        var projected: [TraitCollection?]
    }

    private final class ClassCache: Sendable {
        private let classes = Mutex<[Set<TraitAxis>: [DeviceClass]]>([:])

        func classes(for axes: Set<TraitAxis>, _ make: () -> [DeviceClass]) -> [DeviceClass] {
            if let known = classes.withLock({ $0[axes] }) { return known }
            let made = make()
            classes.withLock { $0[axes] = made }
            return made
        }
    }

    func grid(index: AssetIndex, asset: Int) -> (columns: [[String]], rows: [ReportV1.GridRow]) {
        let axes = index.declaredAxes(assetAt: asset)
        let classes = classes.classes(for: axes) {
            var result: [DeviceClass] = []
            var byVector: [[TraitCollection?]: Int] = [:]
            for (device, row) in traits.enumerated() {
                let vector = row.map { $0?.projected(onto: axes) }
                if let existing = byVector[vector] { result[existing].devices.append(device); continue }
                byVector[vector] = result.count
                result.append(DeviceClass(devices: [device], projected: vector))
            }
            return result
        }
        let hasSlots = index.hasSlots(assetAt: asset)
        var columns: [[Int]] = []
        var columnCells: [[ReportV1.Cell]] = []
        var columnOfCells: [[ReportV1.Cell]: Int] = [:]
        for deviceClass in classes {
            var memo: [TraitCollection: ReportV1.Cell] = [:]
            let cells = deviceClass.projected.map { traits -> ReportV1.Cell in
                guard let traits else { return .notApplicable }
                if let known = memo[traits] { return known }
                let choices = index.resolveSlots(assetAt: asset, for: traits).compactMap { slotMatch in
                    slotMatch.match.map { ReportV1.Choice(variant: $0.variant, mirrored: $0.mirrored,
                                                          slot: hasSlots ? slotMatch.slot.description : nil) }
                }
                let cell: ReportV1.Cell = choices.isEmpty ? .noMatch : .shown(choices)
                memo[traits] = cell
                return cell
            }
            if let existing = columnOfCells[cells] {
                columns[existing] += deviceClass.devices
            } else {
                columnOfCells[cells] = columns.count
                columns.append(deviceClass.devices)
                columnCells.append(cells)
            }
        }
        var rows: [ReportV1.GridRow] = []
        var rowOfCells: [[ReportV1.Cell]: Int] = [:]
        for context in contexts.indices {
            let cells = columnCells.map { $0[context] }
            if let existing = rowOfCells[cells] {
                rows[existing].contexts.append(context)
            } else {
                rowOfCells[cells] = rows.count
                rows.append(ReportV1.GridRow(contexts: [context], cells: cells))
            }
        }
        return (columns.map { $0.sorted().map { deviceIDs[$0] } }, rows)
    }
}
