import AdaptSupport
import AssetCatalog

/// A compiled asset catalog (`Assets.car`), read whole: its header and metadata, the key format,
/// the facets (asset names) and every rendition, in the RENDITIONS tree's order.
///
/// The file is read with one bounded read, every offset is checked before use, and reading
/// stops with a `CompiledCatalogError` naming the block and offset at the first inconsistency.
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "App.app/Assets.car")
/// print(catalog.header.storageVersion, catalog.renditions.count)
/// for rendition in catalog.renditions where rendition.name == "Logo" {
///     print(rendition.renditionName, rendition.key.idiom ?? .universal, rendition.key.scale ?? 0)
/// }
/// ```
public struct CompiledCatalog: Sendable {
    public var path: String
    public var header: CARHeader
    /// Nil for files written before Xcode 8.
    public var metadata: CARExtendedMetadata?
    public var keyFormat: CARKeyFormat
    public var facets: [CARFacet]
    public var renditions: [Rendition]
    public var appearances: CARNamedValues?
    public var localizations: CARNamedValues?
    /// The number of `BITMAPKEYS` entries, when the file has the tree.
    public var bitmapKeyCount: Int?
    /// The BOM container, for tools that rewrite the file (the thinner).
    package var store: BOMStore

    /// How many threads read renditions and format them: the cores online. (The package's
    /// shared core count moves between modules; this is the one place to point at it.)
    package static var concurrency: Int { Machine.coreCount }

    /// Files larger than this are refused before they are read (no real catalog comes near).
    public static let maximumFileSize = 4 << 30

    /// Reads the file at `path`, refused up front when it is not a regular file or is larger
    /// than `maximumFileSize`. The file is mapped, not copied: only the pages the structures
    /// live on are read (a rendition's data is located, never touched). Like every reader of a
    /// mapped file, this assumes no one truncates the file while it is read.
    public init(path: String) throws(CompiledCatalogError) {
        let reader = try Self.mapFile(path)
        self = try Self.parse(reader, path: path)
    }

    private static func mapFile(_ path: String) throws(CompiledCatalogError) -> ByteReader {
        func unreadable(_ problem: String) -> CompiledCatalogError { CompiledCatalogError(.unreadable, path: path, "the file", problem) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw unreadable("cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw unreadable("is not a regular file") }
        let size = Int(info.st_size)
        guard size <= maximumFileSize else { throw unreadable("is \(size) bytes, more than the \(maximumFileSize) this reader accepts") }
        guard size > 0 else { return ByteReader([]) }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw unreadable("cannot be mapped: \(String(cString: strerror(errno)))")
        }
        let bytes = UnsafeRawBufferPointer(start: address, count: size)
        return ByteReader(ByteReader.Storage(bytes) { munmap(UnsafeMutableRawPointer(mutating: $0.baseAddress), $0.count) })
    }

    /// Reads a catalog from its bytes; `path` is only used to name the file in errors.
    public init(bytes: [UInt8], path: String = "") throws(CompiledCatalogError) {
        self = try Self.parse(ByteReader(bytes), path: path)
    }

    /// Reads a catalog from a reader over its bytes; errors name `path` when it is not empty.
    package static func parse(_ reader: ByteReader, path: String) throws(CompiledCatalogError) -> CompiledCatalog {
        do {
            let store = try BOMStore(reader)
            let header = try CARHeader(store)
            let metadata = try CARExtendedMetadata(store)
            let keyFormat = try CARKeyFormat(store)
            let facets = try CARFacet.read(store)
            let appearances = try CARNamedValues(store, tree: "APPEARANCEKEYS")
            let localizations = try CARNamedValues(store, tree: "LOCALIZATIONKEYS")
            let bitmapKeyCount = try BOMTree(store, named: "BITMAPKEYS")?.entries.count
            let renditions = try readRenditions(store, keyFormat: keyFormat.attributes, facets: facets)
            return CompiledCatalog(path: path, header: header, metadata: metadata, keyFormat: keyFormat, facets: facets, renditions: renditions,
                                   appearances: appearances, localizations: localizations, bitmapKeyCount: bitmapKeyCount, store: store)
        } catch {
            throw path.isEmpty ? error : error.locating(path)
        }
    }

    private init(path: String, header: CARHeader, metadata: CARExtendedMetadata?, keyFormat: CARKeyFormat, facets: [CARFacet],
                 renditions: [Rendition], appearances: CARNamedValues?, localizations: CARNamedValues?, bitmapKeyCount: Int?, store: BOMStore) {
        self.path = path
        self.header = header
        self.metadata = metadata
        self.keyFormat = keyFormat
        self.facets = facets
        self.renditions = renditions
        self.appearances = appearances
        self.localizations = localizations
        self.bitmapKeyCount = bitmapKeyCount
        self.store = store
    }

    private static func readRenditions(_ store: BOMStore, keyFormat: [RenditionAttribute], facets: [CARFacet]) throws(CompiledCatalogError) -> [Rendition] {
        guard let tree = try BOMTree(store, named: "RENDITIONS") else {
            throw CompiledCatalogError(.malformed, "the file", "has a CARHEADER but no RENDITIONS tree")
        }
        var names: [UInt16: String] = [:]
        for facet in facets {
            if let identifier = facet.nameIdentifier, names[identifier] == nil { names[identifier] = facet.name }
        }
        // Renditions are independent of each other: batches are read on every core, each straight
        // into its place in the result (copying 200,000 renditions from per-batch arrays into one
        // cost a fifth of reading them), and the first error in tree order is the one reported,
        // whichever thread met it first.
        let entries = tree.entries, batch = 2048, facetNames = names
        guard !entries.isEmpty else { return [] }
        let batches = Array(stride(from: 0, to: entries.count, by: batch))
        var firstError: CompiledCatalogError?
        let renditions = [Rendition](unsafeUninitializedCapacity: entries.count) { buffer, initializedCount in
            let slots = RenditionSlots(base: buffer.baseAddress!)
            // Each batch initializes only slots start..<start + read, inside its own range: the
            // ranges are disjoint and lie inside the buffer's entries.count slots, so no slot is
            // written twice or by two threads.
            let outcomes = batches.concurrentMap(concurrency: Self.concurrency) { start -> (read: Int, error: CompiledCatalogError?) in
                var read = 0
                for position in start..<min(start + batch, entries.count) {
                    do throws(CompiledCatalogError) {
                        var rendition = try Rendition(store, entry: entries[position], position: position, keyFormat: keyFormat)
                        rendition.name = rendition.key.nameIdentifier.flatMap { facetNames[$0] }
                        (slots.base + position).initialize(to: rendition)
                        read += 1
                    } catch {
                        return (read, error)
                    }
                }
                return (read, nil)
            }
            if let failure = outcomes.first(where: { $0.error != nil }) {
                // The initialized slots are not one prefix: free each batch's, and keep none.
                for (start, outcome) in zip(batches, outcomes) { (slots.base + start).deinitialize(count: outcome.read) }
                firstError = failure.error
                initializedCount = 0
            } else {
                initializedCount = entries.count
            }
        }
        if let firstError { throw firstError }
        return renditions
    }

    /// The start of the uninitialized result the reading threads fill, each its own range.
    private struct RenditionSlots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Rendition>
    }

    /// Whether `bytes` (the start of a file) look like a BOM file, so `adapt inspect` can take a
    /// `.car` by content as well as by name.
    public static func looksCompiled(_ bytes: some Collection<UInt8>) -> Bool {
        BOMStore.magic.withUTF8Buffer { bytes.starts(with: $0) }
    }

    /// The asset names, each with its renditions, in name order; renditions whose name
    /// identifier no facet declares are grouped under `nil`.
    public var assets: [(name: String?, renditions: [Rendition])] {
        var groups: [String?: [Rendition]] = [:]
        for rendition in renditions { groups[rendition.name, default: []].append(rendition) }
        return groups.sorted { ($0.key ?? "\u{10FFFF}") < ($1.key ?? "\u{10FFFF}") }.map { (name: $0.key, renditions: $0.value) }
    }
}
