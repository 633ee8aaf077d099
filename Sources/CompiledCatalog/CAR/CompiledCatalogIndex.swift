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
    package private(set) var entries: [BOMTree.Entry]
    /// One record per entry, in the same order (none for an index made with
    /// `checkingRenditions: false`, which `checkRenditions(visiting:)` reads instead).
    package private(set) var records: [RenditionRecord]

    /// The file at `path`, mapped (`ByteReader.mapping`).
    package init(path: String, checkingRenditions: Bool = true) throws(CompiledCatalogError) {
        try self.init(ByteReader.mapping(path), path: path, checkingRenditions: checkingRenditions)
    }

    /// A catalog's bytes; errors name `path` when it is not empty. Without `checkingRenditions`,
    /// everything but the renditions is read and checked: `checkRenditions(visiting:)` does the rest.
    package init(_ reader: ByteReader, path: String, checkingRenditions: Bool = true) throws(CompiledCatalogError) {
        self.path = path
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
            records = checkingRenditions ? try Self.check(store, entries: entries, keyCount: keyFormat.attributes.count, 0..<entries.count) : []
        } catch {
            throw path.isEmpty ? error : error.locating(path)
        }
    }

    /// The same file with only the renditions at `positions` (ascending, each once, of an index
    /// with records): a `CompiledCatalog` made from it holds those alone, in the same order, with
    /// the file's names, key format and bytes. `adapt diff` builds the model of the few assets
    /// that differ this way, not of the whole file.
    package func keeping(_ positions: [Int]) -> CompiledCatalogIndex {
        var kept = self
        kept.entries = positions.map { entries[$0] }
        kept.records = positions.map { records[$0] }
        return kept
    }

    /// How many renditions one task checks, formats or builds at a time.
    package static let batchSize = 2048

    /// About how many bytes of renditions `checkRenditions(visiting:)` reads between two
    /// releases of pages: whole batches of `batchSize` until their value blocks reach this
    /// (at least one batch; at real density, 1.2 KB a rendition, 13 batches).
    package static let residentBytes = 32 << 20

    /// Checks every rendition of an index made with `checkingRenditions: false`, on every core,
    /// keeping no records: each batch of `batchSize` is handed to `visit` (on the thread that
    /// checked it, its views' first that of rendition `positions.lowerBound`) as soon as it is
    /// checked, while its bytes are mapped and still in the cache, and the file's pages are given
    /// back every `residentBytes` or so. A pass that reads each rendition once (the text of
    /// `adapt inspect`) so stays small in memory. What `visit` returns, in tree order. The first
    /// error in tree order is the one reported; a batch after it may have been visited.
    package func checkRenditions<Visited: Sendable>(
        visiting visit: @Sendable (_ batch: RenditionViews, _ positions: Range<Int>) -> Visited
    ) throws(CompiledCatalogError) -> [Visited] {
        var visited: [Visited] = []
        do throws(CompiledCatalogError) {
            let store = store
            let entries = entries
            let keyCount = keyFormat.attributes.count
            var start = 0
            while start < entries.count {
                var starts: [Int] = []
                var end = start
                var bytes = 0
                repeat {
                    starts.append(end)
                    let batchEnd = min(end + Self.batchSize, entries.count)
                    for position in end..<batchEnd where Int(entries[position].valueBlock) < store.blocks.count {
                        bytes += store.blocks[Int(entries[position].valueBlock)].length
                    }
                    end = batchEnd
                } while end < entries.count && bytes < Self.residentBytes
                start = end
                let results = starts.concurrentMap(concurrency: CompiledCatalog.concurrency) { batchStart -> Result<Visited, CompiledCatalogError> in
                    let range = batchStart..<min(batchStart + Self.batchSize, entries.count)
                    var records: [RenditionRecord] = []
                    records.reserveCapacity(range.count)
                    for position in range {
                        if position + BOMStore.prefetchDistance < entries.count {
                            store.prefetch(block: entries[position + BOMStore.prefetchDistance].valueBlock, length: 256)
                        }
                        do throws(CompiledCatalogError) {
                            records.append(try RenditionRecord(store, entry: entries[position], position: position, keyCount: keyCount))
                        } catch {
                            return .failure(error)
                        }
                    }
                    return .success(
                        withExtendedLifetime(store.bytes.storage) {
                            visit(RenditionViews(file: store.bytes.bytes, records: records, keyCount: keyCount), range)
                        })
                }
                for result in results { visited.append(try result.get()) }
                store.bytes.storage.releaseResidentPages()
            }
        } catch {
            throw path.isEmpty ? error : error.locating(path)
        }
        return visited
    }

    /// The records of the entries in `range`, checked on every core; the first error in tree
    /// order is the one reported.
    private static func check(
        _ store: BOMStore, entries: [BOMTree.Entry], keyCount: Int,
        _ range: Range<Int>
    ) throws(CompiledCatalogError) -> [RenditionRecord] {
        try [RenditionRecord].inBatches(of: range.count, batch: batchSize, concurrency: CompiledCatalog.concurrency) {
            offset throws(CompiledCatalogError) in
            let position = range.lowerBound + offset
            // The CSI header, the property list and the start of the data of one further on.
            if position + BOMStore.prefetchDistance < entries.count {
                store.prefetch(block: entries[position + BOMStore.prefetchDistance].valueBlock, length: 256)
            }
            return try RenditionRecord(store, entry: entries[position], position: position, keyCount: keyCount)
        }
    }

    /// The order of assets (facets) in every listing: by name, then by the names' bytes (for names
    /// equal as Swift strings, such as NFC and NFD spellings), then by the facets' order.
    package func facetOrder(_ left: Int, _ right: Int) -> Bool {
        let (first, second) = (facets[left], facets[right])
        if first.name != second.name { return first.name < second.name }
        if first.nameBytes != second.nameBytes { return first.nameBytes.lexicographicallyPrecedes(second.nameBytes) }
        return left < right
    }

    /// The names the facets `listed` are listed under, in the same order: each facet's name, with
    /// its bytes in hexadecimal when another listed facet's name is the same Swift string or when
    /// it is not UTF-8, so that look-alike assets can be told apart
    /// (`Café  (name bytes 43 61 66 65 cc 81)`). Names equal as strings sit next to each other in
    /// `facetOrder` (by name first), which is how listings give them, so finding them takes one
    /// pass over their names, not a table of every name (a file of 30,000 assets spent more time
    /// hashing its names than listing them).
    package func facetLabels(_ listed: [Int]) -> [String] {
        var ordered = Array(listed.indices)
        // Already in order, as listings pass them: the sort then only checks it.
        ordered.sort { facetOrder(listed[$0], listed[$1]) }
        var ambiguous = [Bool](repeating: false, count: listed.count)
        for (first, second) in zip(ordered, ordered.dropFirst()) where facets[listed[first]].name == facets[listed[second]].name {
            ambiguous[first] = true
            ambiguous[second] = true
        }
        return listed.indices.map { slot in
            var name = facets[listed[slot]].name
            let bytes = facets[listed[slot]].nameBytes
            // Compared as contiguous bytes: the generic `elementsEqual` of a string's UTF-8 view
            // cost more than the rest of the labelling.
            let isUTF8 = name.withUTF8 { utf8 in bytes.withUnsafeBufferPointer { utf8.elementsEqual($0) } }
            guard ambiguous[slot] || !isUTF8 else { return name }
            return name + "  (name bytes " + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ") + ")"
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
    @usableFromInline let file: UnsafeRawBufferPointer
    @usableFromInline let records: [RenditionRecord]
    @usableFromInline let keyCount: Int

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

    @inlinable package subscript(position: Int) -> RenditionView {
        RenditionView(file: file, record: records[position], keyCount: keyCount)
    }
}
