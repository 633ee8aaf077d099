#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Files larger than this are refused before they are read (no real catalog comes near).
    public static let maximumFileSize = 4 << 30

    /// Reads the file at `path`: one read of exactly its size into memory, refused up front for a
    /// file that is not a regular file or is larger than `maximumFileSize`.
    public init(path: String) throws(CompiledCatalogError) {
        let bytes = try Self.readFile(path)
        do {
            try self.init(bytes: bytes, path: path)
        } catch {
            throw error.locating(path)
        }
    }

    private static func readFile(_ path: String) throws(CompiledCatalogError) -> [UInt8] {
        func unreadable(_ problem: String) -> CompiledCatalogError { CompiledCatalogError(.unreadable, path: path, "the file", problem) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw unreadable("cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw unreadable("is not a regular file") }
        let size = Int(info.st_size)
        guard size <= maximumFileSize else { throw unreadable("is \(size) bytes, more than the \(maximumFileSize) this reader accepts") }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                count += got
            }
        }
        guard failure == 0 else { throw unreadable("cannot be read: \(String(cString: strerror(failure)))") }
        // A file that shrank while it was read is read as the bytes it still had.
        return bytes
    }

    /// Reads a catalog from its bytes; `path` is only used to name the file in errors.
    public init(bytes: [UInt8], path: String = "") throws(CompiledCatalogError) {
        do {
            let store = try BOMStore(ByteReader(bytes))
            self.path = path
            self.store = store
            header = try CARHeader(store)
            metadata = try CARExtendedMetadata(store)
            keyFormat = try CARKeyFormat(store)
            facets = try CARFacet.read(store)
            appearances = try CARNamedValues(store, tree: "APPEARANCEKEYS")
            localizations = try CARNamedValues(store, tree: "LOCALIZATIONKEYS")
            bitmapKeyCount = try BOMTree(store, named: "BITMAPKEYS")?.entries.count
            renditions = try Self.readRenditions(store, keyFormat: keyFormat.attributes, facets: facets)
        } catch {
            throw path.isEmpty ? error : error.locating(path)
        }
    }

    private static func readRenditions(_ store: BOMStore, keyFormat: [RenditionAttribute], facets: [CARFacet]) throws(CompiledCatalogError) -> [Rendition] {
        guard let tree = try BOMTree(store, named: "RENDITIONS") else {
            throw CompiledCatalogError(.malformed, "the file", "has a CARHEADER but no RENDITIONS tree")
        }
        var names: [UInt16: String] = [:]
        for facet in facets {
            if let identifier = facet.nameIdentifier, names[identifier] == nil { names[identifier] = facet.name }
        }
        var renditions: [Rendition] = []
        renditions.reserveCapacity(tree.entries.count)
        for (position, entry) in tree.entries.enumerated() {
            var rendition = try Rendition(store, entry: entry, position: position, keyFormat: keyFormat)
            rendition.name = rendition.key.nameIdentifier.flatMap { names[$0] }
            renditions.append(rendition)
        }
        return renditions
    }

    /// Whether `bytes` (the start of a file) look like a BOM file, so `adapt inspect` can take a
    /// `.car` by content as well as by name.
    public static func looksCompiled(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: Array(BOMStore.magic.utf8))
    }

    /// The asset names, each with its renditions, in name order; renditions whose name
    /// identifier no facet declares are grouped under `nil`.
    public var assets: [(name: String?, renditions: [Rendition])] {
        var groups: [String?: [Rendition]] = [:]
        for rendition in renditions { groups[rendition.name, default: []].append(rendition) }
        return groups.sorted { ($0.key ?? "\u{10FFFF}") < ($1.key ?? "\u{10FFFF}") }.map { (name: $0.key, renditions: $0.value) }
    }
}
