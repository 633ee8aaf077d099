import AdaptSupport
import Foundation

/// One compiled side of `adapt diff`, read only as far as the diff needs it: every rendition is
/// checked as `CompiledCatalog` checks them (a damaged file fails with the same error), and the
/// renditions are grouped into assets as `AdaptedCompiledCatalog` groups them (one per facet,
/// packed images left out), as positions, then by name and by shape: everything the diff needs
/// of one side alone, made on the thread that read it. No `Rendition` value or variant is made
/// here: the model is built (`model(keeping:)`, in AdaptiveAssets) only for the assets that
/// differ, and for one asset per shape when sizing slices (`bytesByDevice`).
///
/// ```swift
/// let side = try CompiledDiffSide(path: "Old/Assets.car")
/// side.assetCount; side.members(of: 0)          // positions in the RENDITIONS tree
/// side.assetsByName["Icon"]; side.shapes.shapeOf[0]   // an asset by name; asset 0's shape
/// ```
package struct CompiledDiffSide: Sendable {
    package let index: CompiledCatalogIndex
    package let keys: RenditionKeys
    /// Every rendition's key values but the name's number (0 in its place), `keys.keyCount` a
    /// rendition: what `UnnamedKey` compares, read once into one array.
    package let unnamedKeys: [UInt16]
    /// Per rendition, its layout, with 1 << 16 added when it holds a colour: with its unnamed key,
    /// what its variant is made from (`AssetShapes`).
    package let kinds: [UInt32]
    /// Per asset, its facet (a position in `index.facets`). Assets are in facet order, not in
    /// the model's name order: the diff matches them by name and never lists them from here.
    package let facets: [Int]
    /// Asset `a`'s renditions are `memberPositions[memberStarts[a]..<memberStarts[a + 1]]`, in
    /// tree order (the model's variant order).
    package let memberStarts: [Int]
    package let memberPositions: [Int]
    /// Per rendition, its asset, or -1 (a packed image, or no facet names it).
    package let assetOf: [Int32]
    /// Per rendition, the packed image it points into when it is a reference
    /// (`CompiledCatalog.packedImagePosition`), or -1.
    package let atlasOf: [Int32]
    /// Per asset name, its asset, or -1 when several share the name (as Swift strings: the model
    /// then matches the first, so the diff compares those through the model).
    package let assetsByName: [String: Int]
    /// The assets grouped by shape (`Shapes`), what sizing plans one asset of.
    package private(set) var shapes = Shapes.none

    package var assetCount: Int { facets.count }
    package var path: String { index.path }
    package func members(of asset: Int) -> ArraySlice<Int> { memberPositions[memberStarts[asset]..<memberStarts[asset + 1]] }

    package init(path: String) throws(CompiledCatalogError) {
        try self.init(CompiledCatalogIndex(path: path))
    }

    package init(_ index: CompiledCatalogIndex) {
        self.index = index
        keys = index.keys
        let read = Self.read(index, keys)
        unnamedKeys = read.unnamedKeys
        kinds = read.kinds
        atlasOf = read.atlasOf
        // Counting sort: the assets' members, each asset's in tree order.
        var assetOfFacet = [Int](repeating: -1, count: index.facets.count)
        var facets: [Int] = []
        var starts = [0]
        for (facet, count) in read.counts.enumerated() where count > 0 {
            assetOfFacet[facet] = facets.count
            facets.append(facet)
            starts.append(starts[starts.count - 1] + count)
        }
        var next = starts
        var members = [Int](repeating: 0, count: starts[starts.count - 1])
        var assetOf = [Int32](repeating: -1, count: read.facetOf.count)
        for (position, facet) in read.facetOf.enumerated() where facet >= 0 {
            let asset = assetOfFacet[Int(facet)]
            members[next[asset]] = position
            next[asset] += 1
            assetOf[position] = Int32(asset)
        }
        self.facets = facets
        memberStarts = starts
        memberPositions = members
        self.assetOf = assetOf
        // Made here, on the thread that read the file: the diff reads both files at once, and
        // the one read first would otherwise leave its core idle while the other is read.
        var assetsByName: [String: Int] = [:]
        assetsByName.reserveCapacity(facets.count)
        for (asset, facet) in facets.enumerated() {
            let name = index.facets[facet].name
            assetsByName[name] = assetsByName[name] == nil ? asset : -1
        }
        self.assetsByName = assetsByName
        shapes = Shapes(grouping: self)
    }

    /// One pass over the renditions: each one's key values (the name's number read, then set to
    /// 0), kind and facet (-1 for a packed image, or none), and how many each facet has; then
    /// each reference's packed image. Nothing is allocated per rendition: a key is read into one
    /// flat array, and packed images are found by a hash of their key values.
    private static func read(
        _ index: CompiledCatalogIndex, _ keys: RenditionKeys
    ) -> (unnamedKeys: [UInt16], kinds: [UInt32], facetOf: [Int32], counts: [Int], atlasOf: [Int32]) {
        // A facet whose name says packed image holds no asset (`AdaptedCompiledCatalog.isPackedImage`).
        let packedName = index.facets.map { $0.name.hasPrefix("ZZZZPackedAsset") }
        let count = keys.keyCount
        var values = [UInt16](repeating: 0, count: keys.indices.count * count)
        var kinds = [UInt32](repeating: 0, count: keys.indices.count)
        var facetOf = [Int32](repeating: -1, count: kinds.count)
        var counts = [Int](repeating: 0, count: index.facets.count)
        var atlasOf = [Int32](repeating: -1, count: kinds.count)
        // Per hash of a key's values, the first packed image of each such key.
        var packedImages: [Int: [Int]] = [:]
        var references: [Int] = []
        index.withRenditions { views in
            values.withUnsafeMutableBufferPointer { all in
                for position in views.indices {
                    // The key and header of one further on: nothing before read the keys, and
                    // waiting for each from memory was half of this pass.
                    views.prefetch(position + BOMStore.prefetchDistance)
                    let view = views[position]
                    let key = (position * count)..<((position + 1) * count)
                    // Safe: the view checked that the key's `count` values lie inside the file.
                    let keyOffset = view.record.keyOffset
                    for attribute in 0..<count {
                        all[key.lowerBound + attribute] = view.file.loadUnaligned(fromByteOffset: keyOffset + 2 * attribute, as: UInt16.self).littleEndian
                    }
                    let layout = view.layout
                    if case .color = view.payload { kinds[position] = 1 << 16 }
                    kinds[position] |= UInt32(layout.rawValue)
                    if layout == .packedImage {
                        let values = UnsafeBufferPointer(rebasing: all[key])
                        let hash = Self.hash(values)
                        let known = packedImages[hash]?.contains { first in (0..<count).allSatisfy { all[first * count + $0] == values[$0] } }
                        if known != true { packedImages[hash, default: []].append(position) }
                    } else if layout == .internalReference {
                        references.append(position)
                    }
                    guard let identifier = keys.identifier, let facet = index.facetLookup.facet(for: all[key.lowerBound + identifier]) else { continue }
                    guard layout != .packedImage, !packedName[facet] else { continue }
                    facetOf[position] = Int32(facet)
                    counts[facet] += 1
                }
                // Each reference's packed image (`CompiledCatalog.packedImageKey`), looked up once
                // for comparing and every slice, its key read into one buffer.
                let slots = KeyFormatSlots(index.keyFormat.attributes)
                var wanted = [UInt16](repeating: 0, count: count)
                wanted.withUnsafeMutableBufferPointer { wanted in
                    for position in references {
                        guard CompiledCatalog.packedImageKey(views[position], slots: slots, into: wanted) else { continue }
                        let found = packedImages[Self.hash(UnsafeBufferPointer(wanted))]?.first { atlas in
                            (0..<count).allSatisfy { all[atlas * count + $0] == wanted[$0] }
                        }
                        if let found { atlasOf[position] = Int32(found) }
                    }
                }
                if let identifier = keys.identifier {
                    for position in views.indices { all[position * count + identifier] = 0 }
                }
            }
        }
        return (values, kinds, facetOf, counts, atlasOf)
    }

    /// A hash of a key's values, alike for a packed image's key and a reference's.
    private static func hash(_ values: UnsafeBufferPointer<UInt16>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(values))
        return hasher.finalize()
    }

    /// Whether the renditions at `position` here and `otherPosition` of `other` have keys equal
    /// but for the name's number (`UnnamedKey`) and are of the same kind.
    package func sameKind(_ position: Int, as otherPosition: Int, of other: CompiledDiffSide) -> Bool {
        let count = keys.keyCount
        guard kinds[position] == other.kinds[otherPosition], count == other.keys.keyCount else { return false }
        guard count > 0 else { return true }
        // One compare of the two keys' bytes: a check per value was a quarter of comparing two assets.
        return unnamedKeys.withUnsafeBufferPointer { mine in
            other.unnamedKeys.withUnsafeBufferPointer { theirs in
                // Safe: both positions are renditions of their sides, each of `count` values.
                memcmp(mine.baseAddress! + position * count, theirs.baseAddress! + otherPosition * count, 2 * count) == 0
            }
        }
    }

    /// Whether asset `asset` here and asset `otherAsset` of `other` hold the same renditions one
    /// for one, in order: keys equal but for the name's number, the same bytes (CSI header,
    /// properties and data), and a reference's packed image the same bytes too. The model's
    /// comparison then finds no change (each variant matched to one of the same encoding:
    /// `CatalogDiff.AlikeRenditions`), so none is reported without it. Both files must have the
    /// same key format and names for appearances and localizations (`CatalogDiff.compiledAlike`).
    package func sameRenditions(
        _ asset: Int, as otherAsset: Int, of other: CompiledDiffSide, packedImages: SamePackedImages
    ) -> Bool {
        let mine = members(of: asset)
        let theirs = other.members(of: otherAsset)
        guard mine.count == theirs.count else { return false }
        let records = index.records
        let otherRecords = other.index.records
        let reference = UInt32(RenditionLayout.internalReference.rawValue)
        // Read through the records, not views: a view per rendition cost more than its bytes' compare.
        return withExtendedLifetime((index.store.bytes.storage, other.index.store.bytes.storage)) {
            let file = index.store.bytes.bytes
            let otherFile = other.index.store.bytes.bytes
            func same(_ one: Int, _ another: Int) -> Bool {
                Self.sameBytes(file, records[one].valueRange, otherFile, otherRecords[another].valueRange)
            }
            return zip(mine, theirs).allSatisfy { one, another in
                guard sameKind(one, as: another, of: other), same(one, another) else { return false }
                guard kinds[one] & 0xFFFF == reference else { return true }
                let atlas = Int(atlasOf[one])
                let otherAtlas = Int(other.atlasOf[another])
                guard atlas >= 0, otherAtlas >= 0 else { return false }
                return packedImages.same(atlas, otherAtlas) { same(atlas, otherAtlas) }
            }
        }
    }

    /// Whether two renditions' CSI headers, properties and data (their records' value ranges in
    /// the two files) are the same bytes.
    private static func sameBytes(
        _ file: UnsafeRawBufferPointer, _ range: RenditionPayload.DataRange, _ otherFile: UnsafeRawBufferPointer,
        _ otherRange: RenditionPayload.DataRange
    ) -> Bool {
        guard range.length == otherRange.length, let left = file.window(offset: range.offset, length: range.length),
            let right = otherFile.window(offset: otherRange.offset, length: otherRange.length)
        else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return left.count == 0 }
        return memcmp(leftBase, rightBase, left.count) == 0
    }
}

extension CompiledDiffSide {
    /// Assets grouped by what the selection rule reads of them (`AssetShapes`, in AssetThinning:
    /// each rendition's key but for the name's number and its kind, told apart here by its layout
    /// as well, which gives the asset's type): per shape its first asset, per asset its shape,
    /// and the shapes by `CompiledDiffSide.shapeHash`. Assets of one shape keep the same
    /// renditions on every device, so sizing thins one of each.
    package struct Shapes: Sendable {
        /// Per shape, its first asset.
        package let representatives: [Int]
        /// Per asset, its shape.
        package let shapeOf: [Int]
        /// The shapes by the hash of their assets' keys and kinds.
        package let byHash: [Int: [Int]]

        /// The assets of `side`, grouped.
        fileprivate init(grouping side: CompiledDiffSide) {
            var representatives: [Int] = []
            var byHash: [Int: [Int]] = [:]
            shapeOf = (0..<side.assetCount).map { asset in
                let hash = side.shapeHash(asset)
                if let known = byHash[hash]?.first(where: { side.sameShape(asset, as: representatives[$0], of: side) }) { return known }
                byHash[hash, default: []].append(representatives.count)
                representatives.append(asset)
                return representatives.count - 1
            }
            self.representatives = representatives
            self.byHash = byHash
        }

        private init(representatives: [Int], shapeOf: [Int], byHash: [Int: [Int]]) {
            self.representatives = representatives
            self.shapeOf = shapeOf
            self.byHash = byHash
        }

        /// No asset: what a side holds until its own are grouped.
        fileprivate static let none = Shapes(representatives: [], shapeOf: [], byHash: [:])
    }

    /// A hash of what `sameShape` compares, alike for files of one key format (in one process).
    package func shapeHash(_ asset: Int) -> Int {
        var hasher = Hasher()
        let count = keys.keyCount
        hasher.combine(memberStarts[asset + 1] - memberStarts[asset])
        unnamedKeys.withUnsafeBytes { values in
            for position in members(of: asset) {
                hasher.combine(kinds[position])
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: values[(2 * position * count)..<(2 * (position + 1) * count)]))
            }
        }
        return hasher.finalize()
    }

    /// Whether two assets (of this side and `other`'s) are of one shape: renditions of the same
    /// kinds and keys but for the name's number, one for one.
    package func sameShape(_ asset: Int, as otherAsset: Int, of other: CompiledDiffSide) -> Bool {
        let mine = members(of: asset)
        let theirs = other.members(of: otherAsset)
        return mine.count == theirs.count && zip(mine, theirs).allSatisfy { sameKind($0, as: $1, of: other) }
    }
}
