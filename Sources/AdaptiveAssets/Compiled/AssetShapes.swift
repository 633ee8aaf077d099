import AssetCatalog
import CompiledCatalog

/// A compiled catalog's assets grouped by what the selection rule reads of them: each variant is
/// made from its rendition's key (`AdaptedCompiledCatalog.variant`: the key's values through the
/// file's appearance and localization names, whether it holds a colour, whether it is a list of
/// sizes), never from the asset's name or the name's number in the key. Assets whose renditions
/// have equal keys but for that number, in the same order, of the same kinds, are of one shape:
/// every device keeps the same variants of each, so thinning plans one asset per shape.
///
/// ```swift
/// let shapes = AssetShapes(adapted)
/// shapes.representatives.count          // a few dozen where a generated file has 20,000 assets
/// shapes.shapeOf[position]              // which representative plans asset `position`
/// ```
struct AssetShapes {
    /// Per shape, the first asset (a position in `catalog.assets`) of it, in catalog order.
    let representatives: [Int]
    /// Per asset, the position of its shape in `representatives`.
    let shapeOf: [Int]

    private struct Shape: Hashable {
        var type: AssetType
        var attributes: [[RenditionAttribute]] = []
        /// Each rendition's key values without the name's number, then its kind.
        var values: [[UInt16]] = []
        var kinds: [UInt8] = []
    }

    init(_ adapted: AdaptedCompiledCatalog) {
        var representatives: [Int] = []
        var positions: [Shape: Int] = [:]
        let renditions = adapted.compiled.renditions
        shapeOf = adapted.catalog.assets.indices.map { position in
            var shape = Shape(type: adapted.catalog.assets[position].type)
            for rendition in adapted.renditionPositions[position] {
                let key = renditions[rendition].key
                var values = key.values
                if let identifier = key.attributes.firstIndex(of: .identifier), identifier < values.count { values[identifier] = 0 }
                shape.attributes.append(key.attributes)
                shape.values.append(values)
                let kind: UInt8
                if case .color = renditions[rendition].payload {
                    kind = 1
                } else {
                    kind = renditions[rendition].layout == .multisizeImage ? 2 : 0
                }
                shape.kinds.append(kind)
            }
            if let known = positions[shape] { return known }
            positions[shape] = representatives.count
            representatives.append(position)
            return representatives.count - 1
        }
        self.representatives = representatives
    }
}
