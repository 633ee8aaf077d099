import AssetCatalog
import CompiledCatalog
import DeviceProfiles

/// Each device's slice of a compiled side, sized as `CompiledThinning(...).sizeReport()` sizes it,
/// without the model of the whole file. The selection rule reads an asset's variants and nothing
/// of its name (`AssetShapes`), so assets whose renditions have the same keys but for the name's
/// number, layouts and kinds keep the same renditions on every device: one asset per shape is
/// adapted and thinned (by `CompiledThinning` itself), and what each device keeps of it is kept
/// of every asset of that shape. The thinned file's length then comes from the records alone
/// (`CompiledCatalogIndex.writtenLength(keeping:)`).
extension CompiledDiffSide {
    /// The devices `CompiledThinning.devices(for:in:)` gives for this file: its platform comes
    /// from its metadata, key format and the idioms of its keys, so one rendition of each idiom
    /// stands for all.
    func defaultDevices(in database: DeviceDatabase) -> [DeviceProfile] {
        var positions: [Int] = []
        if let idiom = index.keyFormat.attributes.firstIndex(of: .idiom) {
            var seen: Set<UInt16> = []
            for position in keys.indices where seen.insert(keys.value(position, idiom)).inserted { positions.append(position) }
        }
        return CompiledThinning.devices(for: CompiledCatalog(index.keeping(positions)), in: database)
    }

    /// Each device's bytes (by id): the length of its thinned `Assets.car`.
    func bytesByDevice(_ devices: [DeviceProfile]) throws(CompiledCatalogError) -> [String: Int] {
        let shapes = shapes()
        // One asset of each shape, thinned for every device.
        let sample = shapes.representatives.flatMap { members(of: $0) }.sorted()
        let adapted = AdaptedCompiledCatalog(CompiledCatalog(index.keeping(sample)))
        let thinning = CompiledThinning(adapted, devices: devices)
        let shapeOfSampled = adapted.renditionPositions.map { shapes.shapeOf[Int(assetOf[sample[$0[0]]])] }
        // Per device, what it keeps of each shape (variant positions); devices that keep the
        // same share one slice.
        var slices: [[[Int]]: Int] = [:]
        var keptByShape: [[[Int]]] = []
        var sliceOfDevice: [String: Int] = [:]
        for slice in thinning.slices {
            var kept = [[Int]](repeating: [], count: shapes.representatives.count)
            for (asset, positions) in adapted.renditionPositions.enumerated() {
                kept[shapeOfSampled[asset]] = positions.indices.filter { slice.kept.contains(positions[$0]) }
            }
            if slices[kept] == nil {
                slices[kept] = keptByShape.count
                keptByShape.append(kept)
            }
            sliceOfDevice[slice.device.id] = slices[kept]
        }
        var atlases = [Int32](repeating: -2, count: keys.indices.count)
        var lengths: [Int] = []
        for kept in keptByShape { lengths.append(try length(keeping: kept, shapeOf: shapes.shapeOf, atlases: &atlases)) }
        return sliceOfDevice.mapValues { lengths[$0] }
    }

    /// The length of the file that keeps, of each asset, the variants `kept` names for its shape,
    /// and the packed images of the references kept. `atlases` remembers each reference's
    /// packed image (-2 not yet looked up, -1 none) for the next slice.
    private func length(keeping kept: [[Int]], shapeOf: [Int], atlases: inout [Int32]) throws(CompiledCatalogError) -> Int {
        var positions: [Int] = []
        for asset in 0..<assetCount where !kept[shapeOf[asset]].isEmpty {
            let first = memberStarts[asset]
            for variant in kept[shapeOf[asset]] { positions.append(memberPositions[first + variant]) }
        }
        index.withRenditions { views in
            for position in positions where views[position].layout == .internalReference {
                if atlases[position] == -2 { atlases[position] = Int32(packedImage(referencedBy: views[position]) ?? -1) }
                if atlases[position] >= 0 { positions.append(Int(atlases[position])) }
            }
        }
        positions.sort()
        var unique = positions
        unique.removeAll(keepingCapacity: true)
        for position in positions where unique.last != position { unique.append(position) }
        return try index.writtenLength(keeping: unique)
    }

    /// Assets grouped by what the selection rule reads of them (`AssetShapes`, told apart here
    /// by each rendition's layout as well, which gives the asset's type): per shape its first
    /// asset, and per asset its shape.
    func shapes() -> (representatives: [Int], shapeOf: [Int]) {
        var representatives: [Int] = []
        var known: [[UInt16]: Int] = [:]
        let identifier = keys.identifier ?? -1
        let shapeOf = index.withRenditions { views in
            (0..<assetCount).map { asset in
                var shape: [UInt16] = []
                shape.reserveCapacity(members(of: asset).count * (keys.keyCount + 2))
                for position in members(of: asset) {
                    let view = views[position]
                    var isColor: UInt16 = 0
                    if case .color = view.payload { isColor = 1 }
                    shape.append(view.layout.rawValue)
                    shape.append(isColor)
                    for attribute in 0..<keys.keyCount { shape.append(attribute == identifier ? 0 : keys.value(position, attribute)) }
                }
                if let shape = known[shape] { return shape }
                known[shape] = representatives.count
                representatives.append(asset)
                return representatives.count - 1
            }
        }
        return (representatives, shapeOf)
    }
}
