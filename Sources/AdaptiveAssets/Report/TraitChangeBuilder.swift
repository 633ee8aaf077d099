import AdaptSupport

/// What changes on rotation and on entering split view or slide over, per device, from
/// `TraitMatrix.rotationChanges` and `multitaskingChanges` (the data of `adapt matrix`), with
/// devices grouped where every change is the same. The matrix's matches become the report's
/// choices as they are (variant, slot, mirrored): nothing is named and looked up again.
///
/// Windows differ only in size classes, so only assets whose variants declare a size class can
/// change: the matrices are built for those alone.
enum TraitChangeBuilder {
    static func changes(indexes: [AssetIndex], devices: [DeviceProfile], firstAsset: [Int]) -> [ReportV1.DeviceTraitChanges] {
        let candidates: [[Int]] = indexes.map { index in
            index.catalog.assets.indices.filter { position in
                guard index.catalog.assets[position].type.hasSelectableVariants else { return false }
                let axes = index.declaredAxes(assetAt: position)
                return axes.contains(.horizontalSizeClass) || axes.contains(.verticalSizeClass)
            }
        }
        let perDevice = Array(devices.indices).concurrentMap(concurrency: Machine.coreCount) { device -> ([ReportV1.Change], [ReportV1.Change]) in
            var rotation: [ReportV1.Change] = []
            var multitasking: [ReportV1.Change] = []
            let appearanceCount = Set(
                devices[device].reachableTraitSets().map {
                    [$0.traits.userInterfaceStyle?.rawValue, $0.traits.accessibilityContrast?.rawValue, $0.traits.layoutDirection?.rawValue]
                }
            ).count
            for (catalog, index) in indexes.enumerated() where !candidates[catalog].isEmpty {
                let matrix = TraitMatrix(index: index, device: devices[device], assets: candidates[catalog])
                func convert(_ change: TraitMatrix.Change) -> ReportV1.Change {
                    let hasSlots = index.hasSlots(assetAt: change.asset)
                    return ReportV1.Change(
                        asset: firstAsset[catalog] + change.asset, from: change.from, to: change.to,
                        before: change.before.compactMap { ReportV1.Choice($0, hasSlots: hasSlots) },
                        after: change.after.compactMap { ReportV1.Choice($0, hasSlots: hasSlots) },
                        appearances: change.appearances, everyAppearance: change.appearances.count == appearanceCount)
                }
                rotation += matrix.rotationChanges.map(convert)
                multitasking += matrix.multitaskingChanges.map(convert)
            }
            return (rotation, multitasking)
        }
        var groups: [ReportV1.DeviceTraitChanges] = []
        var groupOf: [[[ReportV1.Change]]: Int] = [:]
        for (device, changes) in perDevice.enumerated() {
            let key = [changes.0, changes.1]
            if let existing = groupOf[key] {
                groups[existing].devices.append(devices[device].id)
                continue
            }
            groupOf[key] = groups.count
            groups.append(ReportV1.DeviceTraitChanges(devices: [devices[device].id], rotation: changes.0, multitasking: changes.1))
        }
        return groups
    }
}
