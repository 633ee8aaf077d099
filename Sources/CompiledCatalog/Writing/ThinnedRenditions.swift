/// What writing a thinned file reads of each rendition of its source: the blocks of its
/// RENDITIONS entry and its key's values. A read catalog's `[Rendition]` gives them, and so does
/// an index's records (`CompiledCatalogIndex.keys`) without a `Rendition` made for any: `adapt
/// diff` sizes every device's slice of two files that way (`writtenLength(keeping:)`).
package protocol ThinnedRenditions {
    /// The positions, `0..<count`.
    var indices: Range<Int> { get }
    /// The key and value blocks of the rendition at `position`.
    func treeEntry(_ position: Int) -> BOMTree.Entry
    /// Its key's name identifier (which facet names it), when the key format has one.
    func nameIdentifier(_ position: Int) -> UInt16?
    /// Asks for the key of the rendition at `position` (any number: past the end, nothing is
    /// asked), ahead of reading its name identifier: a hint, nothing read.
    func prefetchKey(_ position: Int)
    /// The value masks of the renditions at `positions`, by name identifier (`RenditionValueMasks.byName`).
    func masksByName(_ positions: some Sequence<Int>) -> [UInt16: RenditionValueMasks]
}

extension [Rendition]: ThinnedRenditions {
    package func treeEntry(_ position: Int) -> BOMTree.Entry {
        BOMTree.Entry(keyBlock: self[position].keyBlock, valueBlock: self[position].valueBlock)
    }

    package func nameIdentifier(_ position: Int) -> UInt16? { self[position].key.nameIdentifier }

    /// Nothing to ask for: the keys are values in memory.
    package func prefetchKey(_ position: Int) {}

    package func masksByName(_ positions: some Sequence<Int>) -> [UInt16: RenditionValueMasks] {
        let attributeCount = first?.key.attributes.count ?? 0
        return RenditionValueMasks.byName(positions.lazy.map { self[$0] }, attributeCount: attributeCount)
    }
}

extension CompiledCatalogIndex {
    /// The renditions' keys as the file stores them, read in place through the records (an
    /// index made with `checkingRenditions: false` has none).
    package var keys: RenditionKeys { RenditionKeys(index: self) }

    /// The lengths `CompiledCatalog.writtenLength(keeping:)` gives for the same file and each of
    /// `slices`, from the records alone; what every slice reads alike is read once. A slice:
    /// positions in `records`, ascending, each once, the packed images of kept references among
    /// them. The first slice that cannot be written throws.
    package func writtenLengths(keeping slices: [[Int]]) throws(CompiledCatalogError) -> [Int] {
        try sliceSizer(manySlices: slices.count > 1).lengths(keeping: slices)
    }

    /// What sizing slices of this file reads once, read before the slices are known (`adapt
    /// diff` reads it while it plans them). `manySlices` when more than one will be sized: the
    /// arithmetic (`SliceLengths`) then pays for reading every rendition once; for one slice, the
    /// writer's walk over the kept ones costs less.
    package func sliceSizer(manySlices: Bool) throws(CompiledCatalogError) -> SliceSizer {
        do {
            let keys = keys
            let shared = try CompiledCatalogWriter.Shared(self, renditions: keys)
            return SliceSizer(
                index: self, keys: keys, shared: shared, arithmetic: manySlices ? SliceLengths(self, renditions: keys, shared: shared) : nil)
        } catch {
            throw path.isEmpty ? error : error.locating(path)
        }
    }

    /// Sizes slices of one file (`sliceSizer(manySlices:)`).
    package struct SliceSizer: @unchecked Sendable {
        // Unchecked Sendable: every part is immutable, and the keys' storage keeps the bytes.
        fileprivate let index: CompiledCatalogIndex
        fileprivate let keys: RenditionKeys
        fileprivate let shared: CompiledCatalogWriter<RenditionKeys>.Shared
        fileprivate let arithmetic: SliceLengths?

        /// `writtenLengths(keeping:)` of `slices`: by arithmetic when the file allows it, the
        /// writer telling the rest.
        package func lengths(keeping slices: [[Int]]) throws(CompiledCatalogError) -> [Int] {
            do {
                var lengths: [Int] = []
                for kept in slices {
                    if let length = arithmetic?.length(keeping: kept) {
                        lengths.append(length)
                    } else {
                        lengths.append(try CompiledCatalogWriter(index, renditions: keys, keeping: kept, shared: shared, measuring: true).writer.length)
                    }
                }
                return lengths
            } catch {
                throw index.path.isEmpty ? error : error.locating(index.path)
            }
        }
    }
}

/// The keys of an index's renditions, read from the file's bytes, which the index's store keeps
/// alive as long as this value holds it.
package struct RenditionKeys: ThinnedRenditions, @unchecked Sendable {
    // Unchecked Sendable: the bytes are immutable, and `storage` owns them.
    private let storage: ByteReader.Storage
    @usableFromInline let file: UnsafeRawBufferPointer
    private let entries: [BOMTree.Entry]
    @usableFromInline let records: [RenditionRecord]
    /// The key format's attribute count, and where the name identifier is in it.
    package let keyCount: Int
    package let identifier: Int?

    init(index: CompiledCatalogIndex) {
        storage = index.store.bytes.storage
        file = index.store.bytes.bytes
        entries = index.entries
        records = index.records
        keyCount = index.keyFormat.attributes.count
        identifier = index.keyFormat.attributes.firstIndex(of: .identifier)
    }

    package var indices: Range<Int> { records.indices }

    package func treeEntry(_ position: Int) -> BOMTree.Entry { entries[position] }

    /// The key's value of attribute `attribute` (below `keyCount`). Inlinable: the diff reads
    /// every key's values this way, and a call per value cost more than the read.
    @inlinable
    package func value(_ position: Int, _ attribute: Int) -> UInt16 {
        // Safe: the record checked that the key's `keyCount` values lie inside the file, whose
        // bytes `storage` keeps mapped.
        file.loadUnaligned(fromByteOffset: records[position].keyOffset + 2 * attribute, as: UInt16.self).littleEndian
    }

    package func nameIdentifier(_ position: Int) -> UInt16? { identifier.map { value(position, $0) } }

    /// Sizing reads every kept rendition's key long after the pass that read them all, when
    /// they have left the cache: a wait for memory each, which asking a few ahead hides.
    package func prefetchKey(_ position: Int) {
        guard let identifier, position >= 0, position < records.count else { return }
        file.prefetch(offset: records[position].keyOffset + 2 * identifier, length: 2)
    }

    package func masksByName(_ positions: some Sequence<Int>) -> [UInt16: RenditionValueMasks] {
        guard let identifier else { return [:] }
        var byName: [UInt16: RenditionValueMasks] = [:]
        for position in positions {
            byName[value(position, identifier), default: RenditionValueMasks(attributeCount: keyCount)].add { value(position, $0) }
        }
        return byName
    }
}
