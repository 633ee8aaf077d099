/// The value of one `BITMAPKEYS` entry: for one asset name, which values each key-format
/// attribute takes among its renditions, as a bitmask per attribute. CoreUI can then rule a
/// name's lookups in or out without walking its renditions.
///
/// The tree's entries pair a key field holding a facet's name identifier (a number, not a block:
/// 6849 is the `AppIcon` facet's identifier attribute 17) with a value block of little-endian
/// 32-bit words: `[1, 0, byteLength, count, mask_0 … mask_(count-1)]`, `count` being the number of
/// key-format attributes and `byteLength` `4 + 4 × count`. `mask_i` belongs to the key format's
/// attribute at position i: bit v is set when some rendition of the name has value v, or the
/// word is `0xFFFFFFFF` for an attribute CoreUI does not track.
///
/// Evidence: every real file that has the tree (Xcode 15.2 to 26.6: sentry-cli's two archives,
/// Grid, sudoku, Stasis, iMon; `RecentCorpusTests`). In all of them appearance (7), element (1),
/// part (2), identifier (17) and previous value (18) are `0xFFFFFFFF`, while localization,
/// scale, idiom, subtype, dimension 1 and 2, state, presentation state, layer, size, previous
/// state and display gamut are masks, each equal to the one `RenditionValueMasks` computes from
/// the name's renditions (scale 1 and 2 give 6, dimension 2 from 0 to 5 gives `0x3F`, idiom tv
/// gives 8). Apple's own thinned file (sentry-cli's Xcode 16.4 archive) has masks that match the
/// renditions it kept, so thinning rebuilds them. No file shows what CoreUI writes for a value of
/// 32 or more, which a 32-bit mask cannot hold.
///
/// ```swift
/// let block = try store.block(entry.valueBlock, for: "BITMAPKEYS value")
/// if let masks = CARBitmapKeyMasks(store.bytes, block: block, attributeCount: keyFormat.count) {
///     masks.mask(at: 2)   // 6: scale 1 and 2
/// }
/// ```
package struct CARBitmapKeyMasks: Hashable, Sendable {
    /// The whole block, as stored: what `rebuilt` does not rewrite stays byte for byte.
    package private(set) var bytes: [UInt8]
    /// The number of masks (the key format's attributes).
    package let count: Int

    /// The word of an attribute CoreUI does not track.
    package static let untracked: UInt32 = 0xFFFF_FFFF
    /// `1, 0, byteLength, count`.
    static let headerLength = 16

    /// The block's words, or nil when it is not the layout above for a key format of
    /// `attributeCount` attributes: shorter than its header says, another first word pair, a
    /// byte length that is not `4 + 4 × count`, or a count that is not the key format's. Such
    /// a block is not this type's to rewrite.
    package init?(_ reader: ByteReader, block: BOMStore.Block, attributeCount: Int) {
        guard block.length >= Self.headerLength,
            reader.uint32LittleEndian(at: block.offset) == 1, reader.uint32LittleEndian(at: block.offset + 4) == 0,
            let byteLength = reader.uint32LittleEndian(at: block.offset + 8), let count = reader.uint32LittleEndian(at: block.offset + 12),
            Int(count) == attributeCount, Int(byteLength) == 4 + 4 * attributeCount,
            Self.headerLength + 4 * attributeCount <= block.length
        else { return nil }
        let bytes = reader.copy(offset: block.offset, length: block.length)
        guard bytes.count == block.length else { return nil }
        self.bytes = bytes
        self.count = attributeCount
    }

    /// The mask of the key format's attribute at `position` (0 ..< `count`).
    package func mask(at position: Int) -> UInt32 {
        let at = Self.headerLength + 4 * position
        return (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
    }

    private mutating func setMask(_ value: UInt32, at position: Int) {
        let at = Self.headerLength + 4 * position
        for byte in 0..<4 { bytes[at + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(byte))) }
    }

    /// The block for a subset of the name's renditions: each mask that equals exactly the one
    /// computed from all the source's renditions of the name (`all`) becomes the one computed
    /// from those kept (`kept`). Any other word is copied unchanged, since this model does not
    /// reproduce it: `0xFFFFFFFF`, a mask CoreUI computed otherwise, or one of an attribute
    /// with a value of 32 or more (nil in `all`).
    package func rebuilt(all: RenditionValueMasks, kept: RenditionValueMasks) -> Self {
        var copy = self
        for position in 0..<count where position < all.masks.count && position < kept.masks.count {
            let stored = mask(at: position)
            guard stored != Self.untracked, let recomputed = all.masks[position], recomputed == stored, let subset = kept.masks[position] else { continue }
            copy.setMask(subset, at: position)
        }
        return copy
    }
}

/// For a set of renditions (one name's), the values each key-format attribute takes, as bits:
/// bit v set when a rendition's key has value v there. Nil for an attribute one of whose values
/// is 32 or more, which a 32-bit mask cannot hold (no file shows what CoreUI writes then).
///
/// ```swift
/// let byName = RenditionValueMasks.byName(catalog.renditions, attributeCount: catalog.keyFormat.attributes.count)
/// byName[6849]?.masks   // [1, 1, 6, …]: appearance 0, localization 0, scale 1 and 2
/// ```
package struct RenditionValueMasks: Hashable, Sendable {
    package private(set) var masks: [UInt32?]

    package init(attributeCount: Int) {
        masks = Array(repeating: 0, count: attributeCount)
    }

    /// Adds a key's values (a key of another length adds only its first positions).
    package mutating func add(_ key: RenditionKey) {
        let values = key.values
        add(count: values.count) { values[$0] }
    }

    /// Adds a key's values read in place: `value(position)` for each position below `count`
    /// (every attribute when nil) and below the masks' count.
    package mutating func add(count: Int? = nil, _ valueAt: (Int) -> UInt16) {
        for position in 0..<min(count ?? masks.count, masks.count) {
            let value = valueAt(position)
            masks[position] = value < 32 ? masks[position].map { $0 | 1 << UInt32(value) } : nil
        }
    }

    /// The masks of each name identifier's renditions; renditions without one are left out.
    package static func byName(_ renditions: some Sequence<Rendition>, attributeCount: Int) -> [UInt16: Self] {
        var byName: [UInt16: Self] = [:]
        for rendition in renditions {
            guard let identifier = rendition.key.nameIdentifier else { continue }
            byName[identifier, default: Self(attributeCount: attributeCount)].add(rendition.key)
        }
        return byName
    }
}
