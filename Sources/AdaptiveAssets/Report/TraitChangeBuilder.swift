/// What changes on rotation and on entering split view or slide over, per device, from
/// `TraitMatrix.rotationChanges` and `multitaskingChanges` (the data of `adapt matrix`), with
/// devices grouped where every change is the same.
///
/// Windows differ only in size classes, so only assets whose variants declare a size class can
/// change: the matrices are built for those alone.
enum TraitChangeBuilder {
    static func changes(indexes: [AssetIndex], devices: [DeviceProfile], firstAsset: [Int],
                        assets: [ReportV1.AssetSheet]) -> [ReportV1.DeviceTraitChanges] {
        let candidates: [[Int]] = indexes.map { index in
            index.catalog.assets.indices.filter { position in
                guard index.catalog.assets[position].type.hasSelectableVariants else { return false }
                let axes = index.declaredAxes(assetAt: position)
                return axes.contains(.horizontalSizeClass) || axes.contains(.verticalSizeClass)
            }
        }
        let perDevice = Array(devices.indices).concurrentMap(concurrency: CatalogReader.coreCount) { device -> ([ReportV1.Change], [ReportV1.Change]) in
            var rotation: [ReportV1.Change] = [], multitasking: [ReportV1.Change] = []
            let appearanceCount = Set(devices[device].reachableTraitSets().map {
                [$0.traits.userInterfaceStyle?.rawValue, $0.traits.accessibilityContrast?.rawValue, $0.traits.layoutDirection?.rawValue]
            }).count
            for (catalog, index) in indexes.enumerated() where !candidates[catalog].isEmpty {
                let matrix = TraitMatrix(index: index, device: devices[device], assets: candidates[catalog])
                let positions = Dictionary(candidates[catalog].map { (index.catalog.assets[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
                func convert(_ change: TraitMatrix.Change) -> ReportV1.Change? {
                    guard let position = positions[change.asset] else { return nil }
                    let sheet = assets[firstAsset[catalog] + position]
                    return ReportV1.Change(asset: firstAsset[catalog] + position, from: change.from, to: change.to,
                                           before: choices(change.fromFile, in: sheet), after: choices(change.toFile, in: sheet),
                                           appearances: change.appearances, everyAppearance: change.appearances.count == appearanceCount)
                }
                rotation += matrix.rotationChanges.compactMap(convert)
                multitasking += matrix.multitaskingChanges.compactMap(convert)
            }
            return (rotation, multitasking)
        }
        var groups: [ReportV1.DeviceTraitChanges] = []
        var groupOf: [[[ReportV1.Change]]: Int] = [:]
        for (device, changes) in perDevice.enumerated() {
            let key = [changes.0, changes.1]
            if let existing = groupOf[key] { groups[existing].devices.append(devices[device].id); continue }
            groupOf[key] = groups.count
            groups.append(ReportV1.DeviceTraitChanges(devices: [devices[device].id], rotation: changes.0, multitasking: changes.1))
        }
        return groups
    }

    /// The variants a `TraitMatrix` cell names ("a.png", "a.png (mirrored)", or slots joined by ", ").
    static func choices(_ shown: String, in sheet: ReportV1.AssetSheet) -> [ReportV1.Choice] {
        if shown == "no match" { return [] }
        func choice(_ text: Substring) -> ReportV1.Choice? {
            let mirrored = text.hasSuffix(" (mirrored)")
            let label = mirrored ? text.dropLast(" (mirrored)".count) : text
            guard let variant = sheet.variants.firstIndex(where: { $0.label == label }) else { return nil }
            return ReportV1.Choice(variant: variant, mirrored: mirrored, slot: sheet.variants[variant].slot)
        }
        if let whole = choice(shown[...]) { return [whole] }
        return shown.split(separator: ", ").compactMap(choice)
    }
}
