import AdaptSupport
import AssetCatalog

/// A compiled asset catalog (`Assets.car`), read whole: every rendition, in the RENDITIONS tree's
/// order, and the asset names they belong to (`assets`). The container's own tables (header,
/// metadata, key format, facets) are read too, for the tool's inspection; they are not API.
///
/// The file is read with one bounded read, every offset is checked before use, and reading
/// stops with a `CompiledCatalogError` naming the block and offset at the first inconsistency.
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "App.app/Assets.car")
/// print(catalog.assets.count, catalog.renditions.count)
/// for rendition in catalog.renditions where rendition.name == "Logo" {
///     print(rendition.renditionName, rendition.key.idiom ?? .universal, rendition.key.scale ?? 0)
/// }
/// ```
public struct CompiledCatalog: Sendable {
    /// The file read down to where each rendition lies, which the values below come from.
    package let index: CompiledCatalogIndex
    /// Every rendition, in the RENDITIONS tree's order.
    public let renditions: [Rendition]
    /// The first packed image (`ZZZZPackedAsset…`) of each key, by its values: references find
    /// theirs in one lookup instead of a walk over every rendition (which made thinning a file of
    /// many references quadratic).
    package let packedImagePositions: [[UInt16]: Int]
    /// Where each attribute of the key format goes in a key: what a reference's pairs are read into.
    package let keyFormatSlots: KeyFormatSlots

    /// The file read, as given (empty for a catalog read from bytes).
    public var path: String { index.path }
    /// The `CARHEADER` block.
    package var header: CARHeader { index.header }
    /// Nil for files written before Xcode 8.
    package var metadata: CARExtendedMetadata? { index.metadata }
    /// The `KEYFORMAT` block: which attributes each rendition key lists.
    package var keyFormat: CARKeyFormat { index.keyFormat }
    /// The asset names (`FACETKEYS`), in the file's order.
    package var facets: [CARFacet] { index.facets }
    /// Every facet's name, in the file's order, those without renditions too (`assets` leaves
    /// them out): `FuzzCompile` holds that each names an asset. Not the library's API.
    @_spi(Compiling) public var facetNames: [String] { facets.map(\.name) }
    /// The appearance names (`APPEARANCEKEYS`), when the file has them.
    package var appearances: CARNamedValues? { index.appearances }
    /// The localization names (`LOCALIZATIONKEYS`), when the file has them.
    package var localizations: CARNamedValues? { index.localizations }
    /// The number of `BITMAPKEYS` entries, when the file has the tree.
    package var bitmapKeyCount: Int? { index.bitmapKeyCount }
    /// The BOM container, for tools that rewrite the file (the thinner).
    package var store: BOMStore { index.store }

    /// How many threads read renditions and format them: the cores online. (The package's
    /// shared core count moves between modules; this is the one place to point at it.)
    package static var concurrency: Int { Machine.coreCount }

    /// Files larger than this are refused before they are read (no real catalog comes near).
    public static let maximumFileSize = ByteReader.maximumFileSize

    /// Reads the file at `path`, refused up front when it is not a regular file or is larger
    /// than `maximumFileSize`. The file is mapped, not copied: only the pages the structures
    /// live on are read (a rendition's data is located, never touched). Like every reader of a
    /// mapped file, this assumes no one truncates the file while it is read.
    public init(path: String) throws(CompiledCatalogError) {
        self.init(try CompiledCatalogIndex(path: path))
    }

    /// Reads a catalog from its bytes; `path` is only used to name the file in errors.
    public init(bytes: [UInt8], path: String = "") throws(CompiledCatalogError) {
        self = try Self.parse(ByteReader(bytes), path: path)
    }

    /// Reads a catalog from a reader over its bytes; errors name `path` when it is not empty.
    package static func parse(_ reader: ByteReader, path: String) throws(CompiledCatalogError) -> CompiledCatalog {
        CompiledCatalog(try CompiledCatalogIndex(reader, path: path))
    }

    /// The catalog an index locates, its renditions built from their views on every core. The
    /// index checked every rendition, so building cannot fail.
    package init(_ index: CompiledCatalogIndex) {
        self.index = index
        let keyFormat = index.keyFormat.attributes
        let entries = index.entries
        let identifier = keyFormat.firstIndex(of: .identifier) ?? keyFormat.count
        renditions = index.withRenditions { views in
            [Rendition].inBatches(of: views.count, batch: CompiledCatalogIndex.batchSize, concurrency: Self.concurrency) { position in
                let view = views[position]
                return Rendition(view, entry: entries[position], keyFormat: keyFormat, name: index.facetName(view.keyValue(at: identifier)))
            }
        }
        packedImagePositions = Self.firstPackedImages(renditions.lazy.map { (layout: $0.layout, values: $0.key.values) })
        keyFormatSlots = KeyFormatSlots(keyFormat)
    }

    /// Whether `bytes` (the start of a file) look like a BOM file, so `adapt inspect` can take a
    /// `.car` by content as well as by name.
    public static func looksCompiled(_ bytes: some Collection<UInt8>) -> Bool {
        BOMStore.magic.withUTF8Buffer { bytes.starts(with: $0) }
    }

    /// The assets (facets), each with its name and renditions, in name order; renditions whose
    /// name identifier no facet declares are grouped under `nil`, last. Renditions are grouped by
    /// facet, not by name: names equal as Swift strings (NFC and NFD spellings, invalid UTF-8
    /// read as U+FFFD) are still two assets, ordered by their bytes.
    public var assets: [(name: String?, renditions: [Rendition])] {
        assetGroups.map { group in (name: group.facet.map { facets[$0].name }, renditions: group.positions.map { renditions[$0] }) }
    }

    /// The positions of each asset's renditions in `renditions`, by facet number (nil: no facet),
    /// in the order `assets` gives.
    package var assetGroups: [(facet: Int?, positions: [Int])] {
        let identifier = keyFormat.attributes.firstIndex(of: .identifier)
        var byFacet: [Int: [Int]] = [:]
        var unnamed: [Int] = []
        for (position, rendition) in renditions.enumerated() {
            if let identifier, let facet = index.facetLookup.facet(for: rendition.key.values[identifier]) {
                byFacet[facet, default: []].append(position)
            } else {
                unnamed.append(position)
            }
        }
        let ordered = byFacet.keys.sorted { index.facetOrder($0, $1) }.map { (facet: Optional($0), positions: byFacet[$0]!) }
        return unnamed.isEmpty ? ordered : ordered + [(facet: nil, positions: unnamed)]
    }

}
