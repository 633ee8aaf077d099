import AdaptSupport

/// A compiled catalog read down to where each rendition lies: the header, metadata, key format,
/// facets and named values, and one checked `RenditionRecord` per RENDITIONS entry, in tree
/// order. Everything `CompiledCatalog` holds but the `Rendition` values, which it builds from
/// this; the assetutil JSON is written from this alone, rendition by rendition in place.
///
/// Reading it checks the whole file, in the order errors have always been reported: the BOM
/// structures, the header, metadata, key format, facets, named values, the trees, then every
/// rendition (the first broken one in tree order is reported, whichever thread found it).
///
/// ```swift
/// let index = try CompiledCatalogIndex(path: "Assets.car")
/// index.withRenditions { renditions in print(renditions.count, renditions.first?.layout ?? .onePartScale) }
/// ```
package struct CompiledCatalogIndex: Sendable {
    package let path: String
    /// The BOM container and the bytes every record points into.
    package let store: BOMStore
    package let header: CARHeader
    package let metadata: CARExtendedMetadata?
    package let keyFormat: CARKeyFormat
    package let facets: [CARFacet]
    package let facetLookup: FacetLookup
    package let appearances: CARNamedValues?
    package let localizations: CARNamedValues?
    package let bitmapKeyCount: Int?
    /// The RENDITIONS tree's entries, in order.
    package let entries: [BOMTree.Entry]
    /// One record per entry, in the same order.
    package let records: [RenditionRecord]

    /// The file at `path`, mapped (`ByteReader.mapping`).
    package init(path: String) throws(CompiledCatalogError) {
        try self.init(ByteReader.mapping(path), path: path)
    }

    /// A catalog's bytes; errors name `path` when it is not empty.
    package init(_ reader: ByteReader, path: String) throws(CompiledCatalogError) {
        do throws(CompiledCatalogError) {
            let store = try BOMStore(reader)
            self.store = store
            header = try CARHeader(store)
            metadata = try CARExtendedMetadata(store)
            keyFormat = try CARKeyFormat(store)
            facets = try CARFacet.read(store)
            facetLookup = FacetLookup(facets)
            appearances = try CARNamedValues(store, tree: "APPEARANCEKEYS")
            localizations = try CARNamedValues(store, tree: "LOCALIZATIONKEYS")
            bitmapKeyCount = try BOMTree(store, named: "BITMAPKEYS")?.entries.count
            guard let tree = try BOMTree(store, named: "RENDITIONS") else {
                throw CompiledCatalogError(.malformed, "the file", "has a CARHEADER but no RENDITIONS tree")
            }
            entries = tree.entries
            records = try Self.checkRenditions(store, entries: entries, keyCount: keyFormat.attributes.count)
        } catch {
            throw path.isEmpty ? error : error.locating(path)
        }
        self.path = path
    }

    /// How many renditions one task checks, formats or builds at a time.
    package static let batchSize = 2048

    /// The records of every entry, checked on every core; the first error in tree order is the
    /// one reported.
    private static func checkRenditions(_ store: BOMStore, entries: [BOMTree.Entry], keyCount: Int) throws(CompiledCatalogError) -> [RenditionRecord] {
        try [RenditionRecord].inBatches(of: entries.count, batch: batchSize, concurrency: CompiledCatalog.concurrency) { position throws(CompiledCatalogError) in
            // The CSI header, the property list and the start of the data of one further on.
            if position + BOMStore.prefetchDistance < entries.count {
                store.prefetch(block: entries[position + BOMStore.prefetchDistance].valueBlock, length: 256)
            }
            return try RenditionRecord(store, entry: entries[position], position: position, keyCount: keyCount)
        }
    }

    /// The name of the facet that names `identifier`, if any.
    package func facetName(_ identifier: UInt16?) -> String? {
        identifier.flatMap(facetLookup.facet(for:)).map { facets[$0].name }
    }

    /// Lends `body` the renditions as views over the file's bytes, which stay alive until it
    /// returns (a view must not outlive the call).
    package func withRenditions<Result>(_ body: (RenditionViews) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(store.bytes.storage) {
            try body(RenditionViews(file: store.bytes.bytes, records: records, keyCount: keyFormat.attributes.count))
        }
    }
}

/// The renditions of an index, as views, in tree order.
package struct RenditionViews: RandomAccessCollection, @unchecked Sendable {
    // Unchecked Sendable: the bytes are immutable while the index that lends the views lives.
    let file: UnsafeRawBufferPointer
    let records: [RenditionRecord]
    let keyCount: Int

    package var startIndex: Int { 0 }
    package var endIndex: Int { records.count }

    /// Asks for what a writer reads of rendition `position` (its header's first two cache lines,
    /// where the fields and name are, and its key), ahead of reading it.
    package func prefetch(_ position: Int) {
        guard position < records.count else { return }
        let record = records[position]
        file.prefetch(offset: record.valueOffset, length: 128)
        file.prefetch(offset: record.keyOffset, length: 2 * keyCount)
    }

    package subscript(position: Int) -> RenditionView {
        RenditionView(file: file, record: records[position], keyCount: keyCount)
    }
}
