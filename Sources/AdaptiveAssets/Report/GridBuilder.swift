import Synchronization

/// What each device shows of an asset in each trait context (window × appearance × contrast ×
/// direction), with devices grouped where they pick the same files and contexts grouped where
/// every group shows the same: the contact sheet's grid.
///
/// Only the axes an asset's variants declare can change its answers (`AssetIndex.declaredAxes`),
/// so devices are first grouped by their trait sets projected onto those axes, once per distinct
/// set of axes; each group then resolves each distinct projection once.
///
/// The table of devices × contexts holds small numbers into a list of distinct trait sets, not the
/// sets themselves: a `--devices` file may give one profile tens of thousands of windows, each its
/// own context, and a trait set per cell took gigabytes.
struct GridBuilder: Sendable {
    let contexts: [ReportV1.TraitContext]
    let deviceIDs: [String]
    /// Each distinct trait set of any device in any window, once.
    let distinctTraits: [TraitCollection]
    /// `traits[device][context]`: a position in `distinctTraits`, -1 where the device does not
    /// have that window.
    let traits: [[Int32]]
    private let classes = ClassCache()

    init(devices: [DeviceProfile]) {
        var windows: [String] = []
        var seenWindows: Set<String> = []
        var reachable: [[(context: ReportV1.TraitContext, traits: TraitCollection)]] = []
        for device in devices {
            reachable.append(
                device.reachableTraitSets().map { set in
                    if seenWindows.insert(set.window.label).inserted { windows.append(set.window.label) }
                    let traits = set.traits
                    return (
                        ReportV1.TraitContext(
                            window: set.window.label, style: traits.userInterfaceStyle?.rawValue ?? "light",
                            contrast: traits.accessibilityContrast?.rawValue ?? "normal",
                            direction: traits.layoutDirection?.rawValue ?? "leftToRight"), traits
                    )
                })
        }
        let windowOrder = Dictionary(uniqueKeysWithValues: windows.enumerated().map { ($1, $0) })
        func rank(_ context: ReportV1.TraitContext) -> [Int] {
            [
                windowOrder[context.window] ?? 0,
                UserInterfaceStyle.allCases.firstIndex { $0.rawValue == context.style } ?? 0,
                AccessibilityContrast.allCases.firstIndex { $0.rawValue == context.contrast } ?? 0,
                LayoutDirection.allCases.firstIndex { $0.rawValue == context.direction } ?? 0,
            ]
        }
        // Each context ranked once, not in every comparison of the sort.
        let unsorted = Array(Set(reachable.flatMap { $0.map(\.context) }))
        let ranks = unsorted.map(rank)
        contexts = unsorted.indices.sorted { ranks[$0].lexicographicallyPrecedes(ranks[$1]) }.map { unsorted[$0] }
        let position = Dictionary(uniqueKeysWithValues: contexts.enumerated().map { ($1, $0) })
        deviceIDs = devices.map(\.id)
        var distinct: [TraitCollection] = []
        var number: [TraitCollection: Int32] = [:]
        traits = reachable.map { sets in
            var row = [Int32](repeating: -1, count: position.count)
            for set in sets {
                let known =
                    number[set.traits]
                    ?? {
                        number[set.traits] = Int32(distinct.count)
                        distinct.append(set.traits)
                        return Int32(distinct.count - 1)
                    }()
                row[position[set.context]!] = known
            }
            return row
        }
        distinctTraits = distinct
    }

    /// Devices (positions) whose trait sets, projected onto `axes`, are the same in every context.
    private struct DeviceClass: Sendable {
        var devices: [Int]
        /// Per context: a position in `projections`, -1 where there is no window.
        var projected: [Int32]
    }

    /// The distinct projections of `distinctTraits` onto one set of axes, and the device classes.
    private struct Classes: Sendable {
        var projections: [TraitCollection]
        var classes: [DeviceClass]
    }

    private final class ClassCache: Sendable {
        private let classes = Mutex<[Set<TraitAxis>: Classes]>([:])

        func classes(for axes: Set<TraitAxis>, _ make: () -> Classes) -> Classes {
            if let known = classes.withLock({ $0[axes] }) { return known }
            let made = make()
            classes.withLock { $0[axes] = made }
            return made
        }
    }

    func grid(index: AssetIndex, asset: Int) -> (columns: [[String]], rows: [ReportV1.GridRow]) {
        let axes = index.declaredAxes(assetAt: asset)
        let known = classes.classes(for: axes) {
            // Each distinct trait set projected once; equal projections share a number.
            var projections: [TraitCollection] = []
            var number: [TraitCollection: Int32] = [:]
            let projectedNumber: [Int32] = distinctTraits.map { traits in
                let projected = traits.projected(onto: axes)
                if let known = number[projected] { return known }
                number[projected] = Int32(projections.count)
                projections.append(projected)
                return Int32(projections.count - 1)
            }
            var result: [DeviceClass] = []
            var byVector: [[Int32]: Int] = [:]
            for (device, row) in traits.enumerated() {
                let vector = row.map { $0 < 0 ? -1 : projectedNumber[Int($0)] }
                if let existing = byVector[vector] {
                    result[existing].devices.append(device)
                    continue
                }
                byVector[vector] = result.count
                result.append(DeviceClass(devices: [device], projected: vector))
            }
            return Classes(projections: projections, classes: result)
        }
        let classes = known.classes
        let hasSlots = index.hasSlots(assetAt: asset)
        var columns: [[Int]] = []
        var columnCells: [[ReportV1.Cell]] = []
        var columnOfCells: [[ReportV1.Cell]: Int] = [:]
        // Each projection resolved once for the asset, whichever class and context it appears in.
        var memo = [ReportV1.Cell?](repeating: nil, count: known.projections.count)
        for deviceClass in classes {
            let cells = deviceClass.projected.map { number -> ReportV1.Cell in
                guard number >= 0 else { return .notApplicable }
                if let cell = memo[Int(number)] { return cell }
                let choices = index.resolveSlots(assetAt: asset, for: known.projections[Int(number)]).compactMap {
                    ReportV1.Choice($0, hasSlots: hasSlots)
                }
                let cell: ReportV1.Cell = choices.isEmpty ? .noMatch : .shown(choices)
                memo[Int(number)] = cell
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
