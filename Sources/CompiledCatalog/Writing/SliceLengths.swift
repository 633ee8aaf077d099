/// The lengths of many slices of one file, by arithmetic rather than by a writer walking every
/// kept rendition and facet per slice (`adapt diff` sizes a slice per device and side).
///
/// A slice's file is the file of no renditions (written once, by `CompiledCatalogWriter`
/// itself) plus, for each kept rendition, its key and value blocks and two entries of the
/// block table, plus the same of each facet a kept rendition names, plus the nodes the two
/// trees grow by. That holds when no block is copied twice: each rendition's and facet's blocks
/// are numbered once in the whole file and copied by nothing else, and the file has no
/// `BITMAPKEYS` (whose rebuilt masks are shared between names). `init` checks this and
/// returns nil otherwise; a slice past the writer's bounds is measured by the writer, so it
/// throws exactly as the writer does.
struct SliceLengths {
    /// The length of the file keeping no rendition.
    private let emptyLength: Int
    /// Per rendition, its key and value blocks' bytes.
    private let renditionBytes: [Int]
    /// Per name identifier, its facets' key and value blocks' bytes, and how many facets.
    private let facetBytes: [Int]
    private let facetCount: [Int32]
    private let identifiers: [UInt16]
    /// The writer's bounds: the source's length (copies) and the file's (`limit`).
    private let sourceLength: Int
    private let limit: Int
    /// Bytes the empty file copies, and its blocks' bytes and count.
    private let emptyCopied: Int
    private let emptyBlocksLength: Int
    private let emptyBlockCount: Int

    init?<Renditions: ThinnedRenditions>(
        _ catalog: CompiledCatalogIndex, renditions: Renditions, shared: CompiledCatalogWriter<Renditions>.Shared
    ) {
        let store = catalog.store
        guard !store.variables.contains(where: { $0.name == "BITMAPKEYS" }),
            let empty = try? CompiledCatalogWriter(catalog, renditions: renditions, keeping: [], shared: shared, measuring: true).writer
        else { return nil }
        // Each block the slices copy per rendition or facet: numbered once, copied by nothing else.
        var used = [Bool](repeating: false, count: store.blocks.count)
        func claim(_ index: UInt32) -> Int? {
            guard index != 0, Int(index) < used.count, !used[Int(index)], !empty.hasCopied(index),
                let block = try? store.block(index, for: "")
            else { return nil }
            used[Int(index)] = true
            return block.length
        }
        var renditionBytes = [Int](repeating: 0, count: renditions.indices.count)
        var identifiers = [UInt16](repeating: 0, count: renditions.indices.count)
        for position in renditions.indices {
            renditions.prefetchKey(position + BOMStore.prefetchDistance)
            let entry = renditions.treeEntry(position)
            guard let identifier = renditions.nameIdentifier(position), let key = claim(entry.keyBlock), let value = claim(entry.valueBlock)
            else { return nil }
            renditionBytes[position] = key + value
            identifiers[position] = identifier
        }
        // As long as the largest identifier a facet has, not all 65,536: one slice of a small
        // file should not pay for zeroing a megabyte.
        let identifierCount = Int(shared.facetIdentifiers.lazy.compactMap { $0 }.max() ?? 0) + 1
        var facetBytes = [Int](repeating: 0, count: identifierCount)
        var facetCount = [Int32](repeating: 0, count: identifierCount)
        for (position, entry) in (shared.facetTree?.entries ?? []).enumerated() where position < shared.facetIdentifiers.count {
            guard let identifier = shared.facetIdentifiers[position] else { continue }
            guard let key = claim(entry.keyBlock), let value = claim(entry.valueBlock) else { return nil }
            facetBytes[Int(identifier)] += key + value
            facetCount[Int(identifier)] += 1
        }
        emptyLength = empty.length
        self.renditionBytes = renditionBytes
        self.facetBytes = facetBytes
        self.facetCount = facetCount
        self.identifiers = identifiers
        sourceLength = store.bytes.count
        limit = store.bytes.count + BOMWriter.overheadBeyondSource
        emptyCopied = empty.copiedLength
        emptyBlocksLength = empty.blocksLength
        emptyBlockCount = empty.blockCount
    }

    /// The length of the slice keeping `kept` (ascending, each once), or nil when the writer
    /// must tell (a bound passed: it then throws).
    func length(keeping kept: [Int]) -> Int? {
        var copied = 0
        var blocks = 0
        var named = [Bool](repeating: false, count: facetBytes.count)
        var facets = 0
        for position in kept {
            copied += renditionBytes[position]
            // An identifier past every facet's names none.
            let identifier = Int(identifiers[position])
            if identifier < named.count, !named[identifier] {
                named[identifier] = true
                copied += facetBytes[identifier]
                facets += Int(facetCount[identifier])
            }
        }
        blocks = 2 * (kept.count + facets)
        let nodes = Self.nodes(kept.count) - Self.nodes(0) + Self.nodes(facets) - Self.nodes(0)
        let blocksLength = emptyBlocksLength + copied + nodes * BOMWriter.nodeSize
        let blockCount = emptyBlockCount + blocks + nodes
        // The writer's checks, each of a total that only grows as blocks are added, so the final
        // totals pass them when every step did.
        guard emptyCopied + copied <= sourceLength, BOMWriter.firstBlockOffset + blocksLength + 8 * blockCount <= limit else { return nil }
        let length = emptyLength + copied + nodes * BOMWriter.nodeSize + 8 * (blocks + nodes)
        return length <= limit ? length : nil
    }

    /// The nodes of a tree of `count` entries as `BOMWriter.appendTree` lays it out: leaves
    /// (one when empty), then index levels up to a single root.
    static func nodes(_ count: Int) -> Int {
        var level = max(1, (count + BOMWriter.entriesPerNode - 1) / BOMWriter.entriesPerNode)
        var total = level
        while level > 1 {
            level = (level + BOMWriter.entriesPerNode - 1) / BOMWriter.entriesPerNode
            total += level
        }
        return total
    }
}
