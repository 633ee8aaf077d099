import AdaptSupport
import AssetCatalog
import CompiledCatalog
import Foundation

/// One compiled side of `adapt diff`, read only as far as the diff needs it: every rendition is
/// checked as `CompiledCatalog` checks them (a damaged file fails with the same error), and the
/// renditions are grouped into assets as `AdaptedCompiledCatalog` groups them (one per facet,
/// packed images left out), as positions. No `Rendition` value or variant is made here: the
/// model is built (`model(keeping:)`) only for the assets that differ, and for one asset per
/// shape when sizing slices (`bytesByDevice`).
///
/// ```swift
/// let side = try CompiledDiffSide(path: "Old/Assets.car")
/// side.assetCount; side.name(of: 0); side.members(of: 0)   // positions in the RENDITIONS tree
/// ```
struct CompiledDiffSide: Sendable {
    let index: CompiledCatalogIndex
    let keys: RenditionKeys
    /// Per asset, its facet (a position in `index.facets`). Assets are in facet order, not in
    /// the model's name order: the diff matches them by name and never lists them from here.
    let facets: [Int]
    /// Asset `a`'s renditions are `memberPositions[memberStarts[a]..<memberStarts[a + 1]]`, in
    /// tree order (the model's variant order).
    let memberStarts: [Int]
    let memberPositions: [Int]
    /// Per rendition, its asset, or -1 (a packed image, or no facet names it).
    let assetOf: [Int32]
    /// The first packed image (layout `PackedImage`) of each key: what references point into.
    let packedImageOfKey: [[UInt16]: Int]
    /// Every packed image's position, in tree order.
    let packedImages: [Int]

    var assetCount: Int { facets.count }
    var path: String { index.path }
    func name(of asset: Int) -> String { index.facets[facets[asset]].name }
    func members(of asset: Int) -> ArraySlice<Int> { memberPositions[memberStarts[asset]..<memberStarts[asset + 1]] }

    init(path: String) throws(CompiledCatalogError) {
        try self.init(CompiledCatalogIndex(path: path))
    }

    init(_ index: CompiledCatalogIndex) {
        self.index = index
        let keys = index.keys
        self.keys = keys
        // A facet whose name says packed image holds no asset (`AdaptedCompiledCatalog.isPackedImage`).
        let packedName = index.facets.map { $0.name.hasPrefix("ZZZZPackedAsset") }
        var facetOf = [Int32](repeating: -1, count: keys.indices.count)
        var counts = [Int](repeating: 0, count: index.facets.count)
        var packed: [Int] = []
        var firstPacked: [[UInt16]: Int] = [:]
        index.withRenditions { views in
            for position in views.indices {
                let layout = views[position].layout
                if layout == .packedImage {
                    packed.append(position)
                    let values = (0..<keys.keyCount).map { keys.value(position, $0) }
                    if firstPacked[values] == nil { firstPacked[values] = position }
                }
                guard let name = keys.nameIdentifier(position), let facet = index.facetLookup.facet(for: name) else { continue }
                guard layout != .packedImage, !packedName[facet] else { continue }
                facetOf[position] = Int32(facet)
                counts[facet] += 1
            }
        }
        // Counting sort: the assets' members, each asset's in tree order.
        var assetOfFacet = [Int](repeating: -1, count: counts.count)
        var facets: [Int] = []
        var starts = [0]
        for (facet, count) in counts.enumerated() where count > 0 {
            assetOfFacet[facet] = facets.count
            facets.append(facet)
            starts.append(starts[starts.count - 1] + count)
        }
        var next = starts
        var members = [Int](repeating: 0, count: starts[starts.count - 1])
        var assetOf = [Int32](repeating: -1, count: facetOf.count)
        for (position, facet) in facetOf.enumerated() where facet >= 0 {
            let asset = assetOfFacet[Int(facet)]
            members[next[asset]] = position
            next[asset] += 1
            assetOf[position] = Int32(asset)
        }
        self.facets = facets
        memberStarts = starts
        memberPositions = members
        self.assetOf = assetOf
        packedImages = packed
        packedImageOfKey = firstPacked
    }

    /// The model (`OpenedCatalog`) of the assets at `assets` alone, with every packed image (so
    /// each reference finds its own): their assets and variants are those of the whole file's
    /// model, in the same order, as each is made from its own renditions and the file's names.
    func model(keeping assets: some Sequence<Int>) -> OpenedCatalog {
        var positions = packedImages
        for asset in assets { positions += members(of: asset) }
        positions.sort()
        return OpenedCatalog(CompiledCatalog(index.keeping(positions)))
    }

    /// Where the packed image a reference points into lies (`CompiledCatalog.packedImagePosition`).
    func packedImage(referencedBy view: RenditionView) -> Int? {
        CompiledCatalog.packedImageKey(view.properties.lazy.map(RenditionProperty.init), keyFormat: index.keyFormat.attributes)
            .flatMap { packedImageOfKey[$0.values] }
    }

    /// Whether asset `asset` here and asset `otherAsset` of `other` hold the same renditions one
    /// for one, in order: keys equal but for the name's number, the same bytes (CSI header,
    /// properties and data), and a reference's packed image the same bytes too. The model's
    /// comparison then finds no change (each variant matched to one of the same encoding:
    /// `CatalogDiff.AlikeRenditions`), so none is reported without it. Both files must have the
    /// same key format and names for appearances and localizations (`CatalogDiff.compiledAlike`).
    func sameRenditions(
        _ asset: Int, as otherAsset: Int, of other: CompiledDiffSide, packedImages: VariantContent.SamePackedImages
    ) -> Bool {
        let mine = members(of: asset)
        let theirs = other.members(of: otherAsset)
        guard mine.count == theirs.count else { return false }
        return index.withRenditions { views in
            other.index.withRenditions { otherViews in
                zip(mine, theirs).allSatisfy { one, another in
                    guard keys.sameUnnamedKey(one, as: another, of: other.keys) else { return false }
                    let view = views[one]
                    let otherView = otherViews[another]
                    guard Self.sameBytes(view, otherView) else { return false }
                    guard view.layout == .internalReference else { return true }
                    guard let atlas = packedImage(referencedBy: view), let otherAtlas = other.packedImage(referencedBy: otherView) else { return false }
                    return packedImages.same(atlas, otherAtlas) { Self.sameBytes(views[atlas], otherViews[otherAtlas]) }
                }
            }
        }
    }

    /// Whether two renditions' CSI headers, properties and data are the same bytes.
    private static func sameBytes(_ one: RenditionView, _ other: RenditionView) -> Bool {
        guard let left = one.valueBytes, let right = other.valueBytes, left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return left.count == 0 }
        return memcmp(leftBase, rightBase, left.count) == 0
    }
}

extension RenditionKeys {
    /// Whether the keys at `position` here and `otherPosition` of `other` are equal but for the
    /// name's number (`UnnamedKey`), in files of the same key format.
    func sameUnnamedKey(_ position: Int, as otherPosition: Int, of other: RenditionKeys) -> Bool {
        guard keyCount == other.keyCount else { return false }
        for attribute in 0..<keyCount where attribute != identifier && value(position, attribute) != other.value(otherPosition, attribute) {
            return false
        }
        return true
    }
}
