/// Writing a catalog that keeps some of a compiled catalog's renditions: the thinner's last step.
///
/// The new file holds every block of the source that is not per-rendition, and the trees rebuilt:
/// - `CARHEADER` copied with its rendition count set to the renditions kept;
/// - `RENDITIONS` with only the kept (key, value) pairs, in the source's order, each key and
///   value block copied byte for byte;
/// - `FACETKEYS` with only the facets whose name identifier a kept rendition has;
/// - `BITMAPKEYS` with only the entries of those names, each mask CoreUI's model reproduces
///   recomputed from the kept renditions (`CARBitmapKeyMasks`), as Apple's thinning does;
/// - every other tree (`APPEARANCEKEYS`, `LOCALIZATIONKEYS`, ones this reader does not know)
///   whole, and every other block (`KEYFORMAT`, `EXTENDED_METADATA`, …) copied.
///
/// A kept reference into a packed image keeps that packed image (`keepingPackedImages`): its
/// pixels live there.
///
/// The new file is never larger than its source plus `thinningOverhead`: a block
/// named many times is written once (a tree two variables name, a `BITMAPKEYS` value several
/// entries share), and a file whose structures would still add up to more is refused with
/// `car.malformed` before its blocks are held in memory.
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "Assets.car")
/// let phone = catalog.renditions.indices.filter { catalog.renditions[$0].key.idiom != .pad }
/// let bytes = try catalog.writing(keeping: catalog.keepingPackedImages(Set(phone)))
/// ```
extension CompiledCatalog {
    /// What a file `writing(keeping:)` writes may hold beyond its source's bytes (64 KiB): the
    /// trees' nodes, 4096 bytes each as actool writes them. No input makes it write more.
    public static let thinningOverhead = BOMWriter.overheadBeyondSource

    /// `positions` (in `renditions`) and the packed images the references among them point into.
    public func keepingPackedImages(_ positions: Set<Int>) -> Set<Int> {
        var kept = positions
        for position in positions where renditions.indices.contains(position) && renditions[position].layout == .internalReference {
            if let (atlas, _) = packedImagePosition(referencedBy: renditions[position]) { kept.insert(atlas) }
        }
        return kept
    }

    /// The bytes of a catalog keeping the renditions at `positions` (in `renditions`; others are
    /// ignored) and nothing else per-rendition. Give `keepingPackedImages(_:)`'s answer so the
    /// kept references still find their pixels. Same input, same bytes.
    public func writing(keeping positions: Set<Int>) throws(CompiledCatalogError) -> [UInt8] {
        try writer(keeping: positions, measuring: false).bytes()
    }

    /// The length `writing(keeping:)` would give, without building the file.
    public func writtenLength(keeping positions: Set<Int>) throws(CompiledCatalogError) -> Int {
        try writer(keeping: positions, measuring: true).length
    }

    private func writer(keeping positions: Set<Int>, measuring: Bool) throws(CompiledCatalogError) -> BOMWriter {
        do {
            let kept = positions.filter { renditions.indices.contains($0) }.sorted()
            return try CompiledCatalogWriter(index, renditions: renditions, keeping: kept, measuring: measuring).writer
        } catch {
            throw path.isEmpty ? error : error.locating(path)
        }
    }
}

/// Fills a `BOMWriter` from a read catalog and the renditions it keeps.
struct CompiledCatalogWriter<Renditions: ThinnedRenditions> {
    var writer: BOMWriter
    let catalog: CompiledCatalogIndex
    let renditions: Renditions
    let store: BOMStore
    let kept: [Int]
    /// What every slice of the file reads alike, read once for many slices.
    let shared: Shared

    /// The `FACETKEYS` tree and its facets' name identifiers, and the value masks of every
    /// rendition by name when the file has `BITMAPKEYS` (nil: worked out by the writer).
    struct Shared {
        var facetTree: BOMTree?
        /// Each facet's name identifier (`CARFacet.nameIdentifier`), in the tree's order.
        var facetIdentifiers: [UInt16?]
        var allMasks: [UInt16: RenditionValueMasks]?

        init(_ catalog: CompiledCatalogIndex, renditions: Renditions) throws(CompiledCatalogError) {
            facetTree = try BOMTree(catalog.store, named: "FACETKEYS")
            facetIdentifiers = catalog.facets.map(\.nameIdentifier)
            allMasks = catalog.store.variables.contains { $0.name == "BITMAPKEYS" } ? renditions.masksByName(renditions.indices) : nil
        }
    }

    /// `kept`: positions in `renditions`, ascending, each once. A `measuring` writer gives the
    /// length alone (`BOMWriter(measuring:)`).
    init(
        _ catalog: CompiledCatalogIndex, renditions: Renditions, keeping kept: [Int], shared: Shared? = nil, measuring: Bool = false
    ) throws(CompiledCatalogError) {
        self.catalog = catalog
        self.renditions = renditions
        if let shared {
            self.shared = shared
        } else {
            self.shared = try Shared(catalog, renditions: renditions)
        }
        store = catalog.store
        writer = BOMWriter(source: store.bytes, limit: store.bytes.count + BOMWriter.overheadBeyondSource, measuring: measuring)
        self.kept = kept
        var written: Set<String> = []
        // Source block → block here, so variables that name one block name one copy of it.
        var writtenBlocks: [UInt32: UInt32] = [:]
        // Variables in the source's order, each once (the reader, too, uses a name's first).
        for variable in store.variables where written.insert(variable.name).inserted {
            let block: UInt32
            switch variable.name {
            case "CARHEADER": block = try header(variable)
            case "RENDITIONS": block = try renditionsTree()
            case "FACETKEYS": block = try facets()
            case "BITMAPKEYS": block = try bitmapKeys(variable)
            default:
                if let earlier = writtenBlocks[variable.blockIndex] {
                    block = earlier
                } else {
                    block = try copied(variable)
                    writtenBlocks[variable.blockIndex] = block
                }
            }
            writer.setVariable(variable.name, block)
        }
        // The blocks were held to the bound as they were added; the variables and the block table
        // come on top, so the whole file is held to it once more.
        let bound = store.bytes.count + BOMWriter.overheadBeyondSource
        guard writer.length <= bound else {
            throw CompiledCatalogError(
                .malformed, "the thinned file", "would be \(writer.length) bytes, past \(bound), the bound for a file of \(store.bytes.count)")
        }
    }

    /// The header, with the count of renditions the new file holds.
    private mutating func header(_ variable: BOMStore.Variable) throws(CompiledCatalogError) -> UInt32 {
        let block = try store.block(variable.blockIndex, for: "CARHEADER")
        var bytes = store.bytes.copy(offset: block.offset, length: block.length)
        let count = UInt32(kept.count)
        // The reader checked the header's 436 bytes; its rendition count is at 16, little-endian.
        for byte in 0..<4 { bytes[16 + byte] = UInt8(count >> (8 * UInt32(byte)) & 0xFF) }
        return try writer.append(bytes, for: "CARHEADER")
    }

    private mutating func renditionsTree() throws(CompiledCatalogError) -> UInt32 {
        var entries: [BOMTree.Entry] = []
        entries.reserveCapacity(kept.count)
        for position in kept {
            let blocks = renditions.treeEntry(position)
            let key = try writer.copy(block: blocks.keyBlock, from: store, for: "RENDITIONS entry \(position) key")
            let value = try writer.copy(block: blocks.valueBlock, from: store, for: "RENDITIONS entry \(position) value")
            entries.append(BOMTree.Entry(keyBlock: key, valueBlock: value))
        }
        return try writer.appendTree(entries)
    }

    /// The facets some kept rendition belongs to (`CARFacet.read` lists them in tree order).
    private mutating func facets() throws(CompiledCatalogError) -> UInt32 {
        let tree = shared.facetTree
        // Which of the 65,536 name identifiers a kept rendition has: a table, not a set to hash into.
        var named = [Bool](repeating: false, count: 1 << 16)
        for (number, position) in kept.enumerated() {
            if number + BOMStore.prefetchDistance < kept.count { renditions.prefetchKey(kept[number + BOMStore.prefetchDistance]) }
            if let identifier = renditions.nameIdentifier(position) { named[Int(identifier)] = true }
        }
        var entries: [BOMTree.Entry] = []
        for (position, entry) in (tree?.entries ?? []).enumerated() where position < shared.facetIdentifiers.count {
            guard let identifier = shared.facetIdentifiers[position], named[Int(identifier)] else { continue }
            entries.append(
                BOMTree.Entry(
                    keyBlock: try writer.copy(block: entry.keyBlock, from: store, for: "FACETKEYS entry \(position) key"),
                    valueBlock: try writer.copy(block: entry.valueBlock, from: store, for: "FACETKEYS entry \(position) value")))
        }
        return try writer.appendTree(entries)
    }

    /// The entries of the names some kept rendition has, in the source's order. A value block in
    /// the layout `CARBitmapKeyMasks` reads gets its masks rebuilt from the kept renditions; any
    /// other (a count that is not the key format's, a block shorter than it says) is copied as
    /// it is, since what it means is not known here.
    private mutating func bitmapKeys(_ variable: BOMStore.Variable) throws(CompiledCatalogError) -> UInt32 {
        guard let tree = try BOMTree(store, named: variable.name) else { return try copied(variable) }
        let attributeCount = catalog.keyFormat.attributes.count
        let all = shared.allMasks ?? renditions.masksByName(renditions.indices)
        let kept = renditions.masksByName(self.kept)
        var entries: [BOMTree.Entry] = []
        // Masks rebuilt for one name from one source block are the same bytes: written once.
        var rebuilt: [BOMTree.Entry: UInt32] = [:]
        for (position, entry) in tree.entries.enumerated() {
            // The key is the name identifier, a number.
            guard let identifier = UInt16(exactly: entry.keyBlock), let keptMasks = kept[identifier], let allMasks = all[identifier] else { continue }
            let value: UInt32
            if let earlier = rebuilt[entry] {
                value = earlier
            } else if Int(entry.valueBlock) < store.blocks.count,
                let masks = CARBitmapKeyMasks(
                    store.bytes, block: try store.block(entry.valueBlock, for: "BITMAPKEYS entry \(position) value"),
                    attributeCount: attributeCount)
            {
                value = try writer.append(masks.rebuilt(all: allMasks, kept: keptMasks).bytes, for: "BITMAPKEYS entry \(position) value")
                rebuilt[entry] = value
            } else {
                value = try field(entry.valueBlock, "BITMAPKEYS entry \(position) value")
            }
            entries.append(BOMTree.Entry(keyBlock: entry.keyBlock, valueBlock: value))
        }
        return try writer.appendTree(entries)
    }

    /// Any other variable: a tree kept whole, or a block copied.
    private mutating func copied(_ variable: BOMStore.Variable) throws(CompiledCatalogError) -> UInt32 {
        let block = try store.block(variable.blockIndex, for: "variable '\(variable.name)'")
        guard block.length >= BOMTree.headerLength, store.bytes.matches("tree", at: block.offset),
            let tree = try BOMTree(store, named: variable.name)
        else {
            return try writer.copy(block: variable.blockIndex, from: store, for: "variable '\(variable.name)'")
        }
        var entries: [BOMTree.Entry] = []
        entries.reserveCapacity(tree.entries.count)
        for (position, entry) in tree.entries.enumerated() {
            let structure = "\(variable.name) entry \(position)"
            // Both fields name blocks (a field naming no block of the file is a number, kept as it is).
            entries.append(
                BOMTree.Entry(keyBlock: try field(entry.keyBlock, structure + " key"), valueBlock: try field(entry.valueBlock, structure + " value")))
        }
        return try writer.appendTree(entries)
    }

    private mutating func field(_ index: UInt32, _ structure: String) throws(CompiledCatalogError) -> UInt32 {
        guard Int(index) < store.blocks.count, store.blocks[Int(index)].length > 0 else { return index }
        return try writer.copy(block: index, from: store, for: structure)
    }
}
