import CompiledCatalog

/// Compiled catalogs built to cost whoever reads them: each is small, and its structures point
/// at the same bytes many times over, so that a reader or writer that pays per reference rather
/// than per byte of the file amplifies it (issue #26, items 3 and 4). Tests, the fuzzer's seeds
/// and `Scripts/benchmark hostile-car` build them from here.
package enum HostileCompiledCatalogs {
    /// The key format of these files: an iOS file's attributes that matter here.
    package static let keyFormat: [RenditionAttribute] = [.scale, .idiom, .subtype, .identifier, .element, .part, .dimension1]

    /// One 1×1 bitmap per name, each name a facet (`Name0`, `Name1`, …, identifiers from 1).
    static func named(_ count: Int) -> (facets: [SyntheticCatalog.Facet], renditions: [SyntheticCatalog.Rendition]) {
        let facets = (0..<count).map { SyntheticCatalog.Facet("Name\($0)", identifier: UInt16($0 + 1)) }
        let renditions = facets.map { facet in
            SyntheticCatalog.Rendition.bitmap(
                facet.name + "@2x.png", key: [.identifier: facet.identifier, .scale: 2, .idiom: 1, .element: 85, .part: 181],
                width: 1, height: 1, pixels: [0, 0, 255, 255])
        }
        return (facets, renditions)
    }

    /// `BITMAPKEYS` of `entries` entries for one name, all naming one value block of
    /// `blockLength` bytes (the masks, then zeros). A thinner that rebuilds the block per entry
    /// writes `entries × blockLength` bytes.
    package static func sharedBitmapKeys(entries: Int, blockLength: Int) throws -> [UInt8] {
        let (facets, renditions) = named(1)
        var block = SyntheticCatalog.Tree.bitmapKeysBlock(masks: keyFormat.map { _ in 0xFFFF_FFFF })
        block += [UInt8](repeating: 0, count: max(0, blockLength - block.count))
        let first: (key: SyntheticCatalog.Field, value: SyntheticCatalog.Field) = (.number(1), .block(block))
        let tree = SyntheticCatalog.Tree("BITMAPKEYS", entries: [first] + (1..<max(entries, 1)).map { _ in (.number(1), .sameBlockAs(entry: 0)) })
        return try SyntheticCatalog(keyFormat: keyFormat, facets: facets, renditions: renditions, trees: [tree]).bytes()
    }

    /// `BITMAPKEYS` entries of `names` names, all naming one value block of `blockLength` bytes:
    /// masks rebuilt per name are different bytes, so they add up to `names × blockLength`.
    package static func bitmapKeysOfManyNames(names: Int, blockLength: Int) throws -> [UInt8] {
        let (facets, renditions) = named(names)
        var block = SyntheticCatalog.Tree.bitmapKeysBlock(masks: keyFormat.map { _ in 0 })
        block += [UInt8](repeating: 0, count: max(0, blockLength - block.count))
        let entries: [(key: SyntheticCatalog.Field, value: SyntheticCatalog.Field)] = facets.enumerated().map { position, facet in
            (.number(UInt32(facet.identifier)), position == 0 ? .block(block) : .sameBlockAs(entry: 0))
        }
        return try SyntheticCatalog(
            keyFormat: keyFormat, facets: facets, renditions: renditions, trees: [SyntheticCatalog.Tree("BITMAPKEYS", entries: entries)]
        ).bytes()
    }

    /// A tree this reader does not know (`ELEMENT_INFO`) and `aliases` more variables naming it.
    /// A thinner that writes a tree per variable writes `aliases` trees of 4 KB nodes.
    package static func aliasedTrees(aliases: Int) throws -> [UInt8] {
        let (facets, renditions) = named(1)
        var catalog = SyntheticCatalog(
            keyFormat: keyFormat, facets: facets, renditions: renditions,
            trees: [SyntheticCatalog.Tree("ELEMENT_INFO", entries: [(.block([1, 2, 3, 4]), .block([5, 6, 7, 8]))])])
        catalog.aliases = (0..<aliases).map { (name: "T\($0)", sameAs: "ELEMENT_INFO") }
        return try catalog.bytes()
    }

    /// `atlases` packed images of distinct keys (dimension 1 tells them apart), and `references`
    /// 1×1 images packed into them, the n-th into atlas n mod `atlases`: the shape of a large
    /// iOS catalog of small icons, which a reader that searches every rendition for each
    /// reference's atlas reads in quadratic time.
    package static func packedReferences(references: Int, atlases: Int) throws -> [UInt8] {
        let facets = (0..<references).map { SyntheticCatalog.Facet("Icon\($0)", identifier: UInt16(truncatingIfNeeded: $0 + 1)) }
        var renditions = (0..<atlases).map { atlas in
            SyntheticCatalog.Rendition(
                "ZZZZPackedAsset-2.0.\(atlas)", key: [.scale: 2, .idiom: 1, .dimension1: UInt16(atlas), .element: 85, .part: 181],
                layout: .packedImage, pixelFormat: .argb, colorSpace: 1, width: 1, height: 1, scaleFactor: 200,
                payload: .bitmap([0, 0, 255, 255]))
        }
        for (position, facet) in facets.enumerated() {
            let atlasKey: [(RenditionAttribute, UInt16)] = [
                (.scale, 2), (.idiom, 1), (.dimension1, UInt16(position % max(atlases, 1))), (.element, 85), (.part, 181),
            ]
            var link = [UInt8]("KLNI".utf8) + [0, 0, 0, 0] + LittleEndian.words([0, 0, 1, 1]) + LittleEndian.halfWords([RenditionLayout.packedImage.rawValue])
            let key = LittleEndian.halfWords(atlasKey.flatMap { [UInt16($0.0.rawValue), $0.1] } + [0, 0])
            link += LittleEndian.words([UInt32(key.count)]) + key
            renditions.append(
                SyntheticCatalog.Rendition(
                    facet.name + "@2x.png", key: [.identifier: facet.identifier, .scale: 2, .idiom: 1, .element: 85, .part: 181],
                    layout: .internalReference, pixelFormat: .argb, colorSpace: 1, width: 1, height: 1, scaleFactor: 200,
                    properties: [.raw(type: 1010, bytes: link)], payload: .none))
        }
        return try SyntheticCatalog(keyFormat: keyFormat, facets: facets, renditions: renditions).bytes()
    }

    /// A key format of `attributes` attributes (numbers CoreUI does not define after the usual
    /// ones) and `renditions` renditions, each key holding a value for every one of them.
    package static func wideKeyFormat(attributes: Int, renditions count: Int) throws -> [UInt8] {
        let wide = keyFormat + (0..<max(0, attributes - keyFormat.count)).map { RenditionAttribute(rawValue: UInt32(1000 + $0)) }
        let (facets, renditions) = named(1)
        let copies = Array(repeating: renditions[0], count: max(count, 1))
        return try SyntheticCatalog(keyFormat: wide, facets: facets, renditions: copies).bytes()
    }

    /// Six names that are three pairs to Swift's `String` equality, and six assets to CoreUI:
    /// `Café` in NFC and in NFD, `A␀B` and `A␀C` (equal before the NUL), and `X` followed by the
    /// invalid bytes FF or FE (both read as U+FFFD). One 2x phone bitmap each, 1 to 6 by name order
    /// of `mergingNames`.
    package static let mergingNames: [[UInt8]] = [
        Array("Caf\u{E9}".utf8), Array("Cafe\u{301}".utf8), [0x41, 0, 0x42], [0x41, 0, 0x43], [0x58, 0xFF], [0x58, 0xFE],
    ]

    package static func namesThatMerge() throws -> [UInt8] {
        let facets = mergingNames.enumerated().map { SyntheticCatalog.Facet(bytes: $0.element, identifier: UInt16($0.offset + 1)) }
        let renditions = facets.map { facet in
            SyntheticCatalog.Rendition.bitmap(
                "image\(facet.identifier)@2x.png", key: [.identifier: facet.identifier, .scale: 2, .idiom: 1, .element: 85, .part: 181],
                width: 1, height: 1, pixels: [0, 0, 255, 255])
        }
        return try SyntheticCatalog(keyFormat: keyFormat, facets: facets, renditions: renditions).bytes()
    }
}
