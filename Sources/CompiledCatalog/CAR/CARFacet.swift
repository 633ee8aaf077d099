/// One facet of the `FACETKEYS` tree: an asset's name and the attributes every rendition of it
/// shares, among them its name identifier (`kCRThemeIdentifierName`), the link from renditions
/// to the name.
///
/// A facet is an asset: two facets are two assets even when their names are equal as Swift
/// strings (one spelled in NFC and one in NFD, names that differ after a NUL or only in invalid
/// UTF-8), so whoever groups renditions by asset groups them by facet (`CompiledCatalog.assets`),
/// and `nameBytes` tells such names apart.
///
/// ```swift
/// facet.name             // "d_iphone"
/// facet.nameIdentifier   // 43947
/// ```
package struct CARFacet: Hashable, Sendable {
    /// One attribute of the facet's key and its value.
    package struct Attribute: Hashable, Sendable {
        /// The attribute.
        package var attribute: RenditionAttribute
        /// Its value.
        package var value: UInt16

        package init(attribute: RenditionAttribute, value: UInt16) {
            self.attribute = attribute
            self.value = value
        }
    }

    /// The name as text: the stored bytes as UTF-8, an invalid sequence as U+FFFD.
    package var name: String
    /// The name as stored (any NUL padding at its end left out): what CoreUI compares.
    package var nameBytes: [UInt8]
    /// The facet's key: the attributes every rendition of the asset shares, the identifier among them.
    package var attributes: [Attribute]

    /// A facet; `nameBytes` keeps the name's bytes as stored when they are not valid UTF-8.
    package init(name: String, nameBytes: [UInt8]? = nil, attributes: [Attribute]) {
        self.name = name
        self.nameBytes = nameBytes ?? Array(name.utf8)
        self.attributes = attributes
    }

    /// The identifier that renditions' keys carry to say they belong to this asset.
    package var nameIdentifier: UInt16? { attributes.first { $0.attribute == .identifier }?.value }

    /// Every facet of the tree, in the tree's (name) order.
    package static func read(_ store: BOMStore) throws(CompiledCatalogError) -> [CARFacet] {
        guard let tree = try BOMTree(store, named: "FACETKEYS") else { return [] }
        var facets: [CARFacet] = []
        facets.reserveCapacity(tree.entries.count)
        for (number, entry) in tree.entries.enumerated() {
            let key = try store.block(entry.keyBlock, for: "FACETKEYS entry \(number) key")
            let value = try store.block(entry.valueBlock, for: "FACETKEYS entry \(number) value")
            // The whole key block: real names hold no NUL, and one that does is another name
            // than its part before the NUL.
            var nameBytes = store.bytes.copy(offset: key.offset, length: key.length)
            while nameBytes.last == 0 { nameBytes.removeLast() }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let bytes = store.bytes
            // Hot spot (two 16-bit values), then an attribute count and (attribute, value) pairs.
            guard value.length >= 6, let count = bytes.uint16LittleEndian(at: value.offset + 4), 6 + Int(count) * 4 <= value.length else {
                throw CompiledCatalogError(
                    .malformed, "FACETKEYS entry \(number) ('\(name)')", at: value.offset,
                    "has an attribute list longer than its \(value.length) bytes")
            }
            // One allocation a facet: a compactMap grew the array two or three times, for tens of
            // thousands of facets.
            var attributes: [Attribute] = []
            attributes.reserveCapacity(Int(count))
            for pair in 0..<Int(count) {
                let at = value.offset + 6 + pair * 4
                guard let attribute = bytes.uint16LittleEndian(at: at), let value = bytes.uint16LittleEndian(at: at + 2) else { continue }
                attributes.append(Attribute(attribute: RenditionAttribute(rawValue: UInt32(attribute)), value: value))
            }
            facets.append(CARFacet(name: name, nameBytes: nameBytes, attributes: attributes))
        }
        return facets
    }
}

/// A tree that maps names to small numbers: `APPEARANCEKEYS` (`UIAppearanceAny` → 0,
/// `UIAppearanceDark` → 1, …) and `LOCALIZATIONKEYS` (`en` → 1, …). A rendition key's appearance
/// or localization attribute holds the number.
package struct CARNamedValues: Hashable, Sendable {
    /// One name and its number.
    package struct Entry: Hashable, Sendable {
        /// The name (`UIAppearanceDark`, `fr`).
        package var name: String
        /// The number keys use for it.
        package var value: UInt32
    }

    /// Every entry, in the file's order.
    package var entries: [Entry]

    /// The name of `value`, when the tree has one.
    package func name(of value: UInt16) -> String? { entries.first { $0.value == UInt32(value) }?.name }

    /// Nil when the file has no such tree.
    package init?(_ store: BOMStore, tree name: String) throws(CompiledCatalogError) {
        guard let tree = try BOMTree(store, named: name) else { return nil }
        entries = []
        for (position, entry) in tree.entries.enumerated() {
            let key = try store.block(entry.keyBlock, for: "\(name) entry \(position) key")
            let value = try store.block(entry.valueBlock, for: "\(name) entry \(position) value")
            let bytes = store.bytes
            let number: UInt32? =
                switch value.length {
                case 2: bytes.uint16LittleEndian(at: value.offset).map(UInt32.init)
                case 4...: bytes.uint32LittleEndian(at: value.offset)
                default: nil
                }
            guard let number else {
                throw CompiledCatalogError(.malformed, "\(name) entry \(position)", at: value.offset, "has a \(value.length)-byte value (2 or 4 expected)")
            }
            entries.append(Entry(name: bytes.fixedString(at: key.offset, length: key.length) ?? "", value: number))
        }
    }
}

/// Which facet names each name identifier: the first facet in tree order that declares it, as
/// the reader has always taken it. A table indexed by identifier (at most 65,536 entries, as
/// identifiers are 16-bit), so looking a rendition's name up is one load, not a hash.
package struct FacetLookup: Sendable {
    /// Facet numbers by identifier; -1 where no facet declares the identifier.
    private let facets: [Int32]

    package init(_ facets: [CARFacet]) {
        let largest = facets.lazy.compactMap(\.nameIdentifier).max().map(Int.init) ?? -1
        var table = [Int32](repeating: -1, count: largest + 1)
        // Facet numbers fit: a tree holds fewer entries than its file has bytes, and files are
        // at most 4 GiB, 8 bytes an entry.
        for (number, facet) in facets.enumerated() {
            if let identifier = facet.nameIdentifier, table[Int(identifier)] < 0 { table[Int(identifier)] = Int32(number) }
        }
        self.facets = table
    }

    /// The number of the facet that names `identifier`, if any.
    package func facet(for identifier: UInt16) -> Int? {
        let index = Int(identifier)
        guard index < facets.count, facets[index] >= 0 else { return nil }
        return Int(facets[index])
    }
}
