import AdaptSupport
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
    package func defaultDevices(in database: DeviceDatabase) -> [DeviceProfile] {
        var positions: [Int] = []
        if let idiom = index.keyFormat.attributes.firstIndex(of: .idiom) {
            // From the keys read into memory, not the file's: one pass in order, no page touched.
            let count = keys.keyCount
            var seen: Set<UInt16> = []
            for position in kinds.indices where seen.insert(unnamedKeys[position * count + idiom]).inserted { positions.append(position) }
        }
        return CompiledThinning.devices(for: CompiledCatalog(index.keeping(positions)), in: database)
    }

    /// Each device's bytes (by id) on both sides: the length of its thinned `Assets.car`. Both
    /// files read keys alike (`CatalogDiff.compiledAlike`), so a shape of both is planned once,
    /// on the old side; the new side plans only its own.
    package static func bytesByDevice(
        _ old: CompiledDiffSide, _ new: CompiledDiffSide, _ devices: [DeviceProfile]
    ) throws(CompiledCatalogError) -> (before: [String: Int], after: [String: Int]) {
        // What sizing each side's slices reads once is read while the slices are planned: it
        // needs no plan, and after them it was the last quarter of sizing every device.
        let manySlices = devices.count > 1
        let (planned, sizers) = alongside(
            { () -> (plans: [[String: [[Int]]]], oldShapeOf: [Int?], ownShapes: [Int]) in
                let (oldShapes, newShapes) = (old.shapes, new.shapes)
                // Each new shape's old one, if the old side has it.
                let oldShapeOf = newShapes.representatives.map { asset in
                    oldShapes.byHash[new.shapeHash(asset)]?.first { new.sameShape(asset, as: oldShapes.representatives[$0], of: old) }
                }
                let ownShapes = oldShapeOf.indices.filter { oldShapeOf[$0] == nil }
                let plans = plans(of: [(old, oldShapes.representatives), (new, ownShapes.map { newShapes.representatives[$0] })], devices)
                return (plans, oldShapeOf, ownShapes)
            },
            {
                [old, new].concurrentMap(concurrency: 2) { side in
                    Result { () throws(CompiledCatalogError) in try side.index.sliceSizer(manySlices: manySlices) }
                }
            })
        let (oldPlans, ownPlans) = (planned.plans[0], planned.plans[1])
        let (oldShapeOf, ownShapes) = (planned.oldShapeOf, planned.ownShapes)
        var ownPosition: [Int: Int] = [:]
        for (position, shape) in ownShapes.enumerated() { ownPosition[shape] = position }
        var newPlans: [String: [[Int]]] = [:]
        for (device, own) in ownPlans {
            newPlans[device] = oldShapeOf.indices.map { shape in
                // A shape of both sides takes the old side's plan for the same device.
                if let oldShape = oldShapeOf[shape], let plan = oldPlans[device] { return plan[oldShape] }
                return own[ownPosition[shape] ?? 0]
            }
        }
        let sides = [
            (side: old, shapeOf: old.shapes.shapeOf, plans: oldPlans, sizer: sizers[0]),
            (side: new, shapeOf: new.shapes.shapeOf, plans: newPlans, sizer: sizers[1]),
        ]
        let bytes = sides.concurrentMap(concurrency: 2) { entry in
            Result { () throws(CompiledCatalogError) -> [String: Int] in
                try entry.side.lengths(entry.plans, shapeOf: entry.shapeOf, devices: devices, sizer: try entry.sizer.get())
            }
        }
        return (try bytes[0].get(), try bytes[1].get())
    }

    /// For each side, per device id, what it keeps of an asset of each of the side's shapes
    /// (its variant positions): the shapes' `representatives` adapted and thinned by
    /// `CompiledThinning` itself, the sides planned together (each device kind's trait sets made
    /// once for both).
    private static func plans(of sides: [(side: CompiledDiffSide, representatives: [Int])], _ devices: [DeviceProfile]) -> [[String: [[Int]]]] {
        // No shape, nothing to keep: what thinning an empty sample gives every device, without
        // planning every device kind over it (a new side whose shapes the old side all has).
        let sampled = sides.indices.filter { !sides[$0].representatives.isEmpty }
        let samples = sampled.map { sides[$0].side.sample(sides[$0].representatives) }
        let thinnings = CompiledThinning.planning(samples.map(\.adapted), devices: devices)
        var plans = [[String: [[Int]]]](repeating: Dictionary(devices.map { ($0.id, []) }, uniquingKeysWith: { first, _ in first }), count: sides.count)
        for (position, side) in sampled.enumerated() {
            plans[side] = sides[side].side.plans(of: sides[side].representatives, samples[position], thinnings[position])
        }
        return plans
    }

    /// The assets `representatives` name, as a compiled catalog of their renditions alone, and
    /// for each of its assets the shape it stands for.
    private func sample(_ representatives: [Int]) -> (adapted: AdaptedCompiledCatalog, shapeOfAsset: [Int]) {
        let sample = representatives.flatMap { members(of: $0) }.sorted()
        let adapted = AdaptedCompiledCatalog(CompiledCatalog(index.keeping(sample)))
        var shapeOfRepresentative: [Int: Int] = [:]
        for (shape, asset) in representatives.enumerated() { shapeOfRepresentative[asset] = shape }
        return (adapted, adapted.renditionPositions.map { shapeOfRepresentative[Int(assetOf[sample[$0[0]]])]! })
    }

    /// Per device id, what it keeps of an asset of each shape, from the thinning of the shapes' sample.
    private func plans(
        of representatives: [Int], _ sample: (adapted: AdaptedCompiledCatalog, shapeOfAsset: [Int]), _ thinning: CompiledThinning
    ) -> [String: [[Int]]] {
        var plans: [String: [[Int]]] = [:]
        for slice in thinning.slices {
            var kept = [[Int]](repeating: [], count: representatives.count)
            for (asset, positions) in sample.adapted.renditionPositions.enumerated() {
                kept[sample.shapeOfAsset[asset]] = positions.indices.filter { slice.kept.contains(positions[$0]) }
            }
            plans[slice.device.id] = kept
        }
        return plans
    }

    /// Each device's length, from what it keeps of each shape; devices that keep the same share
    /// one slice, sized once. Sized in the devices' order, so a slice that cannot be written is
    /// reported for the first device, as `CompiledThinning.sizeReport` reports it.
    private func lengths(
        _ plans: [String: [[Int]]], shapeOf: [Int], devices: [DeviceProfile], sizer: CompiledCatalogIndex.SliceSizer
    ) throws(CompiledCatalogError) -> [String: Int] {
        var distinct: [[[Int]]: Int] = [:]
        var slices: [[Int]] = []
        var sliceOf: [String: Int] = [:]
        for device in devices.map(\.id) where sliceOf[device] == nil {
            guard let kept = plans[device] else { continue }
            if distinct[kept] == nil {
                distinct[kept] = slices.count
                slices.append(positions(keeping: kept, shapeOf: shapeOf))
            }
            sliceOf[device] = distinct[kept]
        }
        let lengths = try sizer.lengths(keeping: slices)
        return sliceOf.mapValues { lengths[$0] }
    }

    /// The renditions of the file that keeps, of each asset, the variants `kept` names for its
    /// shape, and the packed images of the references kept: ascending, each once. Marked in a
    /// table and read in order, rather than sorted: a slice keeps thousands.
    private func positions(keeping kept: [[Int]], shapeOf: [Int]) -> [Int] {
        var marked = [Bool](repeating: false, count: kinds.count)
        var count = 0
        func mark(_ position: Int) {
            if !marked[position] {
                marked[position] = true
                count += 1
            }
        }
        for asset in 0..<assetCount where !kept[shapeOf[asset]].isEmpty {
            let first = memberStarts[asset]
            for variant in kept[shapeOf[asset]] {
                let position = memberPositions[first + variant]
                mark(position)
                if atlasOf[position] >= 0 { mark(Int(atlasOf[position])) }
            }
        }
        var positions: [Int] = []
        positions.reserveCapacity(count)
        for position in marked.indices where marked[position] { positions.append(position) }
        return positions
    }
}
