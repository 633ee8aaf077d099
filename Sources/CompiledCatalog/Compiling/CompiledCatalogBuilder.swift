/// Assembles a compiled catalog from renditions made here (`CSIRendition`), in the layout of the
/// files Xcode 26's actool writes, checked against `../shared/corpus/compiled/recent`:
///
/// - variables in actool's order: `CARHEADER`, `RENDITIONS`, `FACETKEYS`, `APPEARANCEKEYS` (when
///   given), `LOCALIZATIONKEYS` (when given), `KEYFORMAT`, `EXTENDED_METADATA`, `BITMAPKEYS`;
/// - `RENDITIONS` keyed by the key format's 16-bit values, sorted by their bytes as CoreUI
///   searches them; each key block written before its value block;
/// - `FACETKEYS` by name bytes, each facet's value its hot spot (0, 0) and its attribute pairs;
/// - `BITMAPKEYS` per name identifier: the values each attribute takes among the name's renditions
///   as masks (`RenditionValueMasks`), `0xFFFFFFFF` for appearance, element, part and identifier,
///   as every real file has them;
/// - trees with Xcode 15's longer header (whether the tree is path-internal, and the key length
///   when all keys share one);
/// - no timestamp and no UUID, so the same input gives the same bytes.
///
/// ```swift
/// var builder = CompiledCatalogBuilder(keyFormat: [.appearance, .scale, .identifier], platform: "ios", platformVersion: "17.0")
/// try builder.add(facet: "Logo", attributes: [(.element, 85), (.part, 181)], rendition: [.scale: 2], value: csi)
/// let bytes = try builder.bytes()
/// ```
package struct CompiledCatalogBuilder {
    package private(set) var keyFormat: [RenditionAttribute]
    package var platform: String
    package var platformVersion: String
    package var authoringTool: String
    package var versionString: String
    /// Name → number trees (`APPEARANCEKEYS`, `LOCALIZATIONKEYS`), written when not empty.
    package var appearances: [(name: String, value: UInt16)] = []
    package var localizations: [(name: String, value: UInt16)] = []

    private var facets: [[UInt8]: (identifier: UInt16, attributes: [(RenditionAttribute, UInt16)])] = [:]
    private var identifiers: [UInt16: [UInt8]] = [:]
    private var assignedIdentifiers: [[UInt8]: UInt16] = [:]
    /// Each rendition's key, and where its value lies in `spool`.
    private var renditions: [(key: [UInt16], value: Range<Int>)] = []
    /// The renditions' values, set aside until the file is written.
    private let spool: ByteSpool
    private var keys: Set<[UInt16]> = []

    /// The storage version, CoreUI version and key semantics of the files Xcode 26 writes.
    package static let storageVersion: UInt32 = 17
    package static let coreUIVersion: UInt32 = 975
    package static let schemaVersion: UInt32 = 2
    /// 1 in the Mac files of the corpus, 2 in the iOS and tvOS ones.
    package var keySemantics: UInt32 = 1

    /// A builder whose renditions wait in `spool` (in memory unless given a file's).
    package init(
        keyFormat: [RenditionAttribute], platform: String, platformVersion: String,
        authoringTool: String = "adapt compile", versionString: String = "adapt compile", spool: ByteSpool = ByteSpool()
    ) {
        self.spool = spool
        self.keyFormat = keyFormat
        self.platform = platform
        self.platformVersion = platformVersion
        self.authoringTool = authoringTool
        self.versionString = versionString
    }

    /// Why a rendition or facet cannot be added.
    package enum Refusal: Error, Equatable {
        /// More names than 16-bit identifiers.
        case tooManyNames
        /// Two renditions with the same key.
        case duplicateKey(name: String, key: [UInt16])
        /// The spool could not hold the rendition.
        case spool(CompiledCatalogError)
    }

    /// Adds a rendition of the asset named `name` (its facet made on first use with
    /// `facetAttributes`, its identifier `CompiledName.identifier`), with the key values `key`
    /// (attributes the key format lacks are dropped; the identifier is set here).
    package mutating func add(
        name: String, facetAttributes: [(RenditionAttribute, UInt16)], key: [RenditionAttribute: UInt16],
        value: [UInt8]
    ) throws(Refusal) {
        let values = try keyValues(name: name, facetAttributes: facetAttributes, key: key)
        do {
            renditions.append((values, try spool.append(value)))
        } catch {
            throw .spool(error)
        }
    }

    /// Adds a rendition whose value is `head` followed by the `length` bytes of the file at
    /// `path` (a data set's `CSIRendition` made with a streamed file), copied into the spool a
    /// piece at a time rather than held.
    package mutating func add(
        name: String, facetAttributes: [(RenditionAttribute, UInt16)], key: [RenditionAttribute: UInt16],
        head: [UInt8], file path: String, length: Int
    ) throws(Refusal) {
        let values = try keyValues(name: name, facetAttributes: facetAttributes, key: key)
        do {
            let start = try spool.append(head).lowerBound
            renditions.append((values, start..<(try spool.append(contentsOf: path, length: length)).upperBound))
        } catch {
            throw .spool(error)
        }
    }

    /// Adds a rendition that belongs to no asset (a packed image: no facet names it), under `key`.
    package mutating func addUnnamed(key: [RenditionAttribute: UInt16], value: [UInt8]) throws(Refusal) {
        let values = keyFormat.map { key[$0] ?? 0 }
        guard keys.insert(values).inserted else { throw .duplicateKey(name: "(packed image)", key: values) }
        do {
            renditions.append((values, try spool.append(value)))
        } catch {
            throw .spool(error)
        }
    }

    /// Widens the key format with `attribute` at `position` (0 in every key added so far): a
    /// second packed image of the same traits needs `dimension1`, known only once pixels are.
    package mutating func insertKeyAttribute(_ attribute: RenditionAttribute, at position: Int) {
        guard !keyFormat.contains(attribute) else { return }
        keyFormat.insert(attribute, at: position)
        for index in renditions.indices { renditions[index].key.insert(0, at: position) }
        keys = Set(
            keys.map { key in
                var key = key
                key.insert(0, at: position)
                return key
            })
    }

    /// The key's values in key-format order, the facet made on first use; refuses a name whose
    /// identifier another name has, and a key already added.
    private mutating func keyValues(name: String, facetAttributes: [(RenditionAttribute, UInt16)], key: [RenditionAttribute: UInt16]) throws(Refusal)
        -> [UInt16]
    {
        let nameBytes = Array(name.utf8)
        guard facets[nameBytes] != nil || facets.count < Int(UInt16.max) else { throw .tooManyNames }
        let identifier: UInt16
        if let facet = facets[nameBytes] {
            identifier = facet.identifier
        } else {
            identifier = assignedIdentifiers[nameBytes] ?? freeIdentifier(from: CompiledName.identifier(of: nameBytes))
            identifiers[identifier] = nameBytes
            facets[nameBytes] = (identifier, facetAttributes)
        }
        var values = keyFormat.map { key[$0] ?? 0 }
        if let position = keyFormat.firstIndex(of: .identifier) { values[position] = identifier }
        guard keys.insert(values).inserted else { throw .duplicateKey(name: name, key: values) }
        return values
    }

    /// Gives each of `names` its identifier before any rendition is added: the name's hash
    /// (`CompiledName`), or, where two names of the catalog hash alike (16 bits: Apple's Food
    /// Truck sample has `dough/green-thumb` and `dough/plain-bg`, both 20063), the next number no
    /// other name takes, names taken in byte order so the answer does not depend on the order
    /// sets are read. CoreUI finds a name's identifier in `FACETKEYS`, so any distinct numbers
    /// serve; which one actool gives the second name is not known (no file here shows a collision).
    /// More names than the 65,535 identifiers are refused before any is given (`tooManyNames`).
    package mutating func assignIdentifiers(_ names: some Sequence<String>) throws(Refusal) {
        let sorted = Set(names.map { Array($0.utf8) }).sorted { $0.lexicographicallyPrecedes($1) }
        let newNames = sorted.count { assignedIdentifiers[$0] == nil }
        guard identifiers.count + newNames <= Int(UInt16.max) else { throw .tooManyNames }
        // Every name's own hash first, so a name whose hash is free keeps it.
        var byHash: [UInt16: [[UInt8]]] = [:]
        for name in sorted { byHash[CompiledName.identifier(of: name), default: []].append(name) }
        for (hash, names) in byHash where identifiers[hash] == nil {
            identifiers[hash] = names[0]
            assignedIdentifiers[names[0]] = hash
        }
        for name in sorted where assignedIdentifiers[name] == nil {
            let identifier = freeIdentifier(from: CompiledName.identifier(of: name))
            identifiers[identifier] = name
            assignedIdentifiers[name] = identifier
        }
    }

    /// The identifier `assignIdentifiers` gave `name`, nil for a name it was not given: what a
    /// rendition that refers to another name by its identifier (a layer stack's layers) stores.
    package func assignedIdentifier(of name: String) -> UInt16? { assignedIdentifiers[Array(name.utf8)] }

    /// `start`, or the next number after it (1 to 65,535, wrapping) that no name has.
    private func freeIdentifier(from start: UInt16) -> UInt16 {
        var candidate = start
        while identifiers[candidate] != nil {
            candidate = candidate == UInt16.max ? 1 : candidate + 1
            precondition(candidate != start, "more than 65,535 names: the catalog was checked to have fewer")
        }
        return candidate
    }

    /// The renditions added so far.
    package var renditionCount: Int { renditions.count }

    /// The identifier `name` has, or will have when added (nil for a name not numbered yet).
    package func identifier(of name: String) -> UInt16? {
        let bytes = Array(name.utf8)
        return facets[bytes]?.identifier ?? assignedIdentifiers[bytes]
    }

    /// The file.
    package func bytes() throws(CompiledCatalogError) -> [UInt8] {
        try writer().bytes(spool: spool)
    }

    /// Writes the file piece by piece to `emit`, the renditions read back from the spool as they
    /// are written: memory holds the trees and keys, never the whole file.
    package func write(_ emit: ([UInt8]) throws -> Void) throws(CompiledCatalogError) {
        try writer().write(spool: spool, emit)
    }

    private func writer() throws(CompiledCatalogError) -> BOMWriter {
        var writer = BOMWriter(source: ByteReader([]))
        let header = try writer.append(headerBlock(), for: "CARHEADER")
        // Sorted as CoreUI searches: by the key's bytes (little-endian values, in key-format order).
        let keyBytes = renditions.map { rendition in rendition.key.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        let order = renditions.indices.sorted { keyBytes[$0].lexicographicallyPrecedes(keyBytes[$1]) }
        var entries: [BOMTree.Entry] = []
        entries.reserveCapacity(order.count)
        for position in order {
            let key = try writer.append(keyBytes[position], for: "a rendition key")
            let value = try writer.appendSpooled(renditions[position].value, for: "a rendition")
            entries.append(BOMTree.Entry(keyBlock: key, valueBlock: value))
        }
        let renditionTree = try writer.appendTree(entries, style: .fixedKeys(keyFormat.count * 2))
        let facetTree = try writer.appendTree(try facetEntries(&writer), style: .keys(facets.keys.map(\.count)))
        writer.setVariable("CARHEADER", header)
        writer.setVariable("RENDITIONS", renditionTree)
        writer.setVariable("FACETKEYS", facetTree)
        for (variable, table) in [("APPEARANCEKEYS", appearances), ("LOCALIZATIONKEYS", localizations)] where !table.isEmpty {
            var named: [BOMTree.Entry] = []
            for entry in table.sorted(by: { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }) {
                let key = try writer.append(Array(entry.name.utf8), for: variable)
                let value = try writer.append([UInt8(entry.value & 0xFF), UInt8(entry.value >> 8)], for: variable)
                named.append(BOMTree.Entry(keyBlock: key, valueBlock: value))
            }
            writer.setVariable(variable, try writer.appendTree(named, style: .keys(table.map(\.name.utf8.count))))
        }
        writer.setVariable("KEYFORMAT", try writer.append(keyFormatBlock(), for: "KEYFORMAT"))
        writer.setVariable("EXTENDED_METADATA", try writer.append(metadataBlock(), for: "EXTENDED_METADATA"))
        writer.setVariable("BITMAPKEYS", try writer.appendTree(try bitmapKeyEntries(&writer), style: .pathInternal))
        return writer
    }

    private func facetEntries(_ writer: inout BOMWriter) throws(CompiledCatalogError) -> [BOMTree.Entry] {
        var entries: [BOMTree.Entry] = []
        for name in facets.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let facet = facets[name] else { continue }
            var value = ByteWriter()
            value.append16(0) // hot spot x
            value.append16(0) // hot spot y
            let attributes = facet.attributes + [(RenditionAttribute.identifier, facet.identifier)]
            value.append16(UInt16(attributes.count))
            for (attribute, number) in attributes {
                value.append16(UInt16(truncatingIfNeeded: attribute.rawValue))
                value.append16(number)
            }
            let key = try writer.append(name, for: "FACETKEYS")
            entries.append(BOMTree.Entry(keyBlock: key, valueBlock: try writer.append(value.bytes, for: "FACETKEYS")))
        }
        return entries
    }

    /// Attributes whose mask every real file leaves untracked.
    private static let untrackedInBitmapKeys: Set<RenditionAttribute> = [.appearance, .element, .part, .identifier, .previousValue]

    private func bitmapKeyEntries(_ writer: inout BOMWriter) throws(CompiledCatalogError) -> [BOMTree.Entry] {
        var masks: [UInt16: RenditionValueMasks] = [:]
        let identifierPosition = keyFormat.firstIndex(of: .identifier)
        for rendition in renditions {
            guard let identifierPosition else { break }
            masks[rendition.key[identifierPosition], default: RenditionValueMasks(attributeCount: keyFormat.count)]
                .add(RenditionKey(attributes: keyFormat, values: rendition.key))
        }
        var entries: [BOMTree.Entry] = []
        for identifier in masks.keys.sorted() {
            guard let computed = masks[identifier] else { continue }
            var value = ByteWriter()
            value.append32(1)
            value.append32(0)
            value.append32(UInt32(4 + 4 * keyFormat.count))
            value.append32(UInt32(keyFormat.count))
            for (position, attribute) in keyFormat.enumerated() {
                let mask = computed.masks[position]
                value.append32(Self.untrackedInBitmapKeys.contains(attribute) ? CARBitmapKeyMasks.untracked : mask ?? CARBitmapKeyMasks.untracked)
            }
            // The key field holds the identifier itself, not a block.
            entries.append(BOMTree.Entry(keyBlock: UInt32(identifier), valueBlock: try writer.append(value.bytes, for: "BITMAPKEYS")))
        }
        return entries
    }

    private func headerBlock() -> [UInt8] {
        var out = ByteWriter()
        out.append(Array("RATC".utf8))
        out.append32(Self.coreUIVersion)
        out.append32(Self.storageVersion)
        out.append32(0) // timestamp: left out for reproducible output
        out.append32(UInt32(renditions.count))
        out.append(Self.fixed("@(#)PROGRAM:CoreUI  PROJECT:CoreUI-\(Self.coreUIVersion) [\(authoringTool)]", 128))
        out.append(Self.fixed(versionString, 256))
        out.append([UInt8](repeating: 0, count: 16)) // UUID: none, as actool's own files of Xcode 26
        out.append32(0) // associated checksum
        out.append32(Self.schemaVersion)
        out.append32(RenditionColorSpace.sRGB.rawValue)
        out.append32(keySemantics)
        return out.bytes
    }

    private func keyFormatBlock() -> [UInt8] {
        var out = ByteWriter()
        out.append(Array("tmfk".utf8))
        out.append32(0)
        out.append32(UInt32(keyFormat.count))
        for attribute in keyFormat { out.append32(attribute.rawValue) }
        return out.bytes
    }

    private func metadataBlock() -> [UInt8] {
        var out = ByteWriter()
        out.append(Array("META".utf8))
        out.append(Self.fixed("", 256)) // thinning arguments: none, the file is whole
        out.append(Self.fixed(platformVersion, 256))
        out.append(Self.fixed(platform, 256))
        out.append(Self.fixed("@(#)PROGRAM:\(authoringTool)", 256))
        return out.bytes
    }

    /// `text`'s UTF-8 in a NUL-padded field of `length` bytes (cut to leave one NUL).
    private static func fixed(_ text: String, _ length: Int) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(length - 1))
        return bytes + [UInt8](repeating: 0, count: length - bytes.count)
    }
}
