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
        /// Each rendition's key but for the name's number, and its kind (0 an image or data,
        /// 1 a colour, 2 a list of sizes).
        var keys: [UnnamedKey] = []
        var kinds: [UInt8] = []
    }

    init(_ adapted: AdaptedCompiledCatalog) {
        var representatives: [Int] = []
        var positions: [Shape: Int] = [:]
        shapeOf = adapted.compiled.renditions.withUnsafeBufferPointer { renditions in
            adapted.catalog.assets.indices.map { position in
                var shape = Shape(type: adapted.catalog.assets[position].type)
                for rendition in adapted.renditionPositions[position] {
                    shape.keys.append(UnnamedKey(renditions[rendition].key))
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
        }
        self.representatives = representatives
    }
}
