import CatalogFixtures
import Testing

@testable import CompiledCatalog

/// `BITMAPKEYS` in a written slice (`CARBitmapKeyMasks`): the entries of the names kept, each
/// mask CoreUI's model reproduces rebuilt from the renditions kept, every other word and every
/// block this reader does not understand copied as it is.
@Suite struct BitmapKeysThinningTests {
    /// As Xcode 15 to 26 write it for iOS: appearance, localization, scale, idiom, subtype,
    /// identifier, element, part.
    static let keyFormat: [RenditionAttribute] = [.appearance, .localization, .scale, .idiom, .subtype, .identifier, .element, .part]
    static let untracked: UInt32 = 0xFFFF_FFFF

    /// A rendition of `identifier` for `idiom` at `scale` (and `subtype`).
    static func image(_ identifier: UInt16, idiom: UInt16, scale: UInt16, subtype: UInt16 = 0) -> SyntheticCatalog.Rendition {
        .bitmap(
            "i\(identifier)-\(idiom)-\(scale)-\(subtype).png", key: [.identifier: identifier, .idiom: idiom, .scale: scale, .subtype: subtype],
            width: 1, height: 1, pixels: [0, 0, 0, 255])
    }

    /// Masks in key-format order, the way real files have them: untracked appearance, identifier,
    /// element and part.
    static func masks(localization: UInt32 = 1, scale: UInt32, idiom: UInt32, subtype: UInt32 = 1) -> [UInt32] {
        [untracked, localization, scale, idiom, subtype, untracked, untracked, untracked]
    }

    /// `Icon` (6849) for phone and pad at 1x, 2x and 3x; `Pad` (77) for pad only.
    static func catalog(bitmapKeys: [(key: SyntheticCatalog.Field, value: SyntheticCatalog.Field)]) throws -> CompiledCatalog {
        let renditions = [1, 2].flatMap { idiom in (1...3).map { image(6849, idiom: idiom, scale: $0) } } + [image(77, idiom: 2, scale: 2)]
        let synthetic = SyntheticCatalog(
            keyFormat: keyFormat, facets: [.init("Icon", identifier: 6849), .init("Pad", identifier: 77)],
            renditions: renditions, trees: [SyntheticCatalog.Tree("BITMAPKEYS", entries: bitmapKeys)])
        return try CompiledCatalog(bytes: try synthetic.bytes())
    }

    static func entry(_ identifier: UInt16, _ block: [UInt8]) -> (key: SyntheticCatalog.Field, value: SyntheticCatalog.Field) {
        (.number(UInt32(identifier)), .block(block))
    }

    /// The source's entries as Apple writes them: Icon scale 1-3 (0xE), phone and pad (6); Pad 2x, pad.
    static let appleEntries = [
        entry(6849, SyntheticCatalog.Tree.bitmapKeysBlock(masks: masks(scale: 0xE, idiom: 6))),
        entry(77, SyntheticCatalog.Tree.bitmapKeysBlock(masks: masks(scale: 4, idiom: 4))),
    ]

    /// The written file's BITMAPKEYS entries: each key (a name identifier) and value block's bytes.
    static func bitmapKeys(_ bytes: [UInt8]) throws -> [(identifier: UInt32, value: [UInt8])] {
        let store = try BOMStore(ByteReader(bytes))
        let tree = try #require(try BOMTree(store, named: "BITMAPKEYS"))
        return try tree.entries.map { entry in
            let block = try store.block(entry.valueBlock, for: "BITMAPKEYS value")
            return (entry.keyBlock, store.bytes.copy(offset: block.offset, length: block.length))
        }
    }

    /// The positions of the renditions whose key satisfies `keep`.
    static func positions(_ catalog: CompiledCatalog, _ keep: (RenditionKey) -> Bool) -> Set<Int> {
        Set(catalog.renditions.indices.filter { keep(catalog.renditions[$0].key) })
    }

    @Test func masksAfterThinningAreThoseOfTheKeptRenditions() throws {
        let source = try Self.catalog(bitmapKeys: Self.appleEntries)
        // A phone slice at 1x and 2x: scale 1 and 2 (6), idiom phone (2).
        let phone = Self.positions(source) { $0.idiom == .phone && $0.scale != 3 }
        let written = try Self.bitmapKeys(try source.writing(keeping: phone))
        #expect(written.map(\.identifier) == [6849])
        #expect(written.first?.value == SyntheticCatalog.Tree.bitmapKeysBlock(masks: Self.masks(scale: 6, idiom: 2)))
        // A 3x slice of both idioms: scale 3 (8), phone and pad (6); Pad has no 3x, so no entry.
        let large = Self.positions(source) { $0.scale == 3 }
        let three = try Self.bitmapKeys(try source.writing(keeping: large))
        #expect(three.map(\.identifier) == [6849])
        #expect(three.first?.value == SyntheticCatalog.Tree.bitmapKeysBlock(masks: Self.masks(scale: 8, idiom: 6)))
    }

    @Test func keepingEveryRenditionKeepsEveryEntryByteForByte() throws {
        let source = try Self.catalog(bitmapKeys: Self.appleEntries)
        let written = try Self.bitmapKeys(try source.writing(keeping: Set(source.renditions.indices)))
        #expect(written.map(\.identifier) == [6849, 77])
        #expect(written.map(\.value) == Self.appleEntries.compactMap { if case .block(let bytes) = $0.value { bytes } else { nil } })
    }

    @Test func theEntryOfANameWithNoRenditionKeptIsDropped() throws {
        let source = try Self.catalog(bitmapKeys: Self.appleEntries)
        let pad = Self.positions(source) { $0.idiom == .pad }
        #expect(try Self.bitmapKeys(try source.writing(keeping: pad)).map(\.identifier) == [6849, 77])
        let noPad = Self.positions(source) { $0.idiom != .pad }
        #expect(try Self.bitmapKeys(try source.writing(keeping: noPad)).map(\.identifier) == [6849])
        // An entry whose name no rendition has at all goes too.
        let stray = try Self.catalog(
            bitmapKeys: Self.appleEntries + [Self.entry(999, SyntheticCatalog.Tree.bitmapKeysBlock(masks: Self.masks(scale: 2, idiom: 2)))])
        #expect(try Self.bitmapKeys(try stray.writing(keeping: Set(stray.renditions.indices))).map(\.identifier) == [6849, 77])
    }

    /// Words the model does not reproduce are copied: `0xFFFFFFFF` (appearance, though its
    /// renditions all have appearance 0), a mask CoreUI would not have written (scale says 4x
    /// too), and the mask of an attribute with a value of 32 or more (subtype 40, which no
    /// 32-bit mask holds: the source's word is kept whatever it says).
    @Test func wordsTheModelDoesNotReproduceAreCopied() throws {
        let unmodelled = Self.masks(scale: 0x1E, idiom: 6, subtype: 0x1234)
        var synthetic = SyntheticCatalog(
            keyFormat: Self.keyFormat, facets: [.init("Icon", identifier: 6849)],
            renditions: [
                Self.image(6849, idiom: 1, scale: 1, subtype: 40), Self.image(6849, idiom: 2, scale: 2),
                Self.image(6849, idiom: 1, scale: 3),
            ])
        synthetic.trees = [.bitmapKeys([(identifier: UInt16(6849), masks: unmodelled)])]
        let source = try CompiledCatalog(bytes: try synthetic.bytes())
        let phone = Self.positions(source) { $0.idiom == .phone }
        let written = try Self.bitmapKeys(try source.writing(keeping: phone))
        // Only the idiom mask is CoreUI's (phone and pad: 6), so only it is rebuilt (phone: 2).
        #expect(written.first?.value == SyntheticCatalog.Tree.bitmapKeysBlock(masks: Self.masks(scale: 0x1E, idiom: 2, subtype: 0x1234)))
    }

    /// Blocks not in the layout are copied as they are, never read past their end: shorter than
    /// the count says, a count that is not the key format's, another first word, a few bytes,
    /// trailing words after the masks (those are kept, the masks rebuilt).
    @Test func aBlockNotInTheLayoutIsCopiedAsItIs() throws {
        let full = SyntheticCatalog.Tree.bitmapKeysBlock(masks: Self.masks(scale: 0xE, idiom: 6))
        let cutShort = Array(full.dropLast(8))
        let sevenMasks = SyntheticCatalog.Tree.bitmapKeysBlock(masks: Array(Self.masks(scale: 0xE, idiom: 6).prefix(7)))
        let version2 = LittleEndian.words([2]) + full.dropFirst(4)
        let tiny: [UInt8] = [1, 0, 0]
        let hugeCount = LittleEndian.words([1, 0, 0xFFFF_FFF0, 0x3FFF_FFFB]) + full.dropFirst(16)
        let malformed = [cutShort, sevenMasks, version2, tiny, hugeCount]
        for block in malformed {
            let source = try Self.catalog(bitmapKeys: [Self.entry(6849, block)])
            let phone = Self.positions(source) { $0.idiom == .phone }
            let written = try Self.bitmapKeys(try source.writing(keeping: phone))
            #expect(written.map(\.identifier) == [6849] && written.first?.value == block, "\(block)")
        }
        let trailing = try Self.catalog(bitmapKeys: [Self.entry(6849, full + [9, 9, 9, 9, 7])])
        let written = try Self.bitmapKeys(try trailing.writing(keeping: Self.positions(trailing) { $0.idiom == .phone && $0.scale == 1 }))
        #expect(written.first?.value == SyntheticCatalog.Tree.bitmapKeysBlock(masks: Self.masks(scale: 2, idiom: 2)) + [9, 9, 9, 9, 7])
    }

    @Test func theModelsMasksAreTheValuesBitsAndNilFromThirtyTwo() {
        var masks = RenditionValueMasks(attributeCount: 3)
        masks.add(RenditionKey(attributes: [.scale, .dimension2, .subtype], values: [1, 0, 31]))
        masks.add(RenditionKey(attributes: [.scale, .dimension2, .subtype], values: [2, 5, 32]))
        #expect(masks.masks == [6, 0x21, nil])
    }
}

extension BitmapKeysThinningTests {
    /// `0xFFFFFFFF` marks an untracked attribute: it is copied even where the renditions take
    /// all 32 values (dimension 1 from 0 to 31) and a computed mask would be all ones too.
    @Test func anAllOnesWordIsCopiedEvenWhenThirtyTwoValuesWouldGiveIt() throws {
        let renditions = (0..<32).map { dimension in
            SyntheticCatalog.Rendition.bitmap(
                "d\(dimension).png", key: [.identifier: 5, .dimension1: UInt16(dimension), .scale: 1],
                width: 1, height: 1, pixels: [0, 0, 0, 255])
        }
        let source = try CompiledCatalog(
            bytes: try SyntheticCatalog(
                keyFormat: [.scale, .dimension1, .identifier], facets: [.init("Strip", identifier: 5)],
                renditions: renditions, trees: [.bitmapKeys([(identifier: 5, masks: [2, Self.untracked, Self.untracked])])]
            ).bytes())
        let written = try Self.bitmapKeys(try source.writing(keeping: Self.positions(source) { ($0.dimension1 ?? 0) < 4 }))
        #expect(written.first?.value == SyntheticCatalog.Tree.bitmapKeysBlock(masks: [2, Self.untracked, Self.untracked]))
    }
}
