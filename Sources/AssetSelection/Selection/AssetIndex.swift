import AssetCatalog

/// A catalog prepared for selection: assets by qualified name, variants packed for the rule,
/// each set's slots (docs/Selection.md).
///
/// Build it once per catalog, then ask as many questions as needed; nothing is re-read per query.
///
/// ```swift
/// let index = AssetIndex(catalog)
/// let traits = TraitCollection(userInterfaceIdiom: .phone, displayScale: 3)
/// if let found = index.resolve("box/Bottom", for: traits) {
///     print(index.variant(found).filename ?? "-", found.mirrored)   // fast path, no trace
/// }
/// let selection = index.select("box/Bottom", for: traits)           // with the full trace
/// for slot in index.resolveSlots(assetAt: 0, for: traits) { ... }   // an app icon set, slot by slot
/// ```
public struct AssetIndex: Sendable {
    /// The catalog indexed, as read; positions in a `Match` are positions in it.
    public let catalog: Catalog
    /// Each asset's position, its packed variants' range and its slots, together, so that a
    /// query touches one table entry and then the variants (a random batch is bound by cache misses).
    let entries: NameTable<Entry>
    /// The same entries by asset position, for callers that walk the catalog.
    let entriesByPosition: [Entry]
    /// Packed variants, asset after asset, and within an asset slot after slot, each slot's in
    /// declaration order (the final tie-break).
    let compiled: [CompiledVariant]
    /// The same variants, only what the fast path reads for each (`HotVariant`).
    let hot: [HotVariant]
    /// The slots of sets that have several (app icons, launch images, brand assets).
    let slotTable: [SlotEntry]
    /// Locales and case sizes, numbered.
    let strings: StringTable
    /// Per asset, the axes its usable variants declare (bit `axis.rawValue`).
    let declaredAxisMasks: [UInt16]
    /// Every `locale` the catalog's variants use.
    public let locales: [String]
    /// For each interned variant locale, the positions in `locales` it answers (see
    /// `locales(relevantToAssetAt:)`); empty for a catalog without locales.
    let localePositionsByNumber: [UInt32: [Int]]

    struct Entry: Sendable {
        var asset: Int32
        var start: Int32
        var count: Int32
        /// Index of the first slot in `slotTable`, or -1 for a set that is one slot.
        var firstSlot: Int32
        var slotCount: Int32
        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    struct SlotEntry: Sendable {
        var slot: Slot
        var start: Int32
        var count: Int32
        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    /// Indexes `catalog`: one pass over its assets, after which every query reads only the index.
    public init(_ catalog: Catalog) {
        self.catalog = catalog
        var strings = StringTable()
        var byPosition: [Entry] = []
        byPosition.reserveCapacity(catalog.assets.count)
        var compiled: [CompiledVariant] = []
        var slotTable: [SlotEntry] = []
        for assetPosition in catalog.assets.indices {
            let asset = catalog.assets[assetPosition]
            let start = compiled.count
            var entry = Entry(asset: Int32(assetPosition), start: Int32(start), count: 0, firstSlot: -1, slotCount: 1)
            if asset.type.hasSlots {
                let slots = asset.variantsBySlot()
                entry.firstSlot = Int32(slotTable.count)
                entry.slotCount = Int32(slots.count)
                for (slot, positions) in slots {
                    let slotStart = compiled.count
                    for position in positions {
                        compiled.append(CompiledVariant(asset.variants[position], position: position, strings: &strings))
                    }
                    slotTable.append(SlotEntry(slot: slot, start: Int32(slotStart), count: Int32(compiled.count - slotStart)))
                }
            } else {
                for position in asset.variants.indices {
                    compiled.append(CompiledVariant(asset.variants[position], position: position, strings: &strings))
                }
            }
            entry.count = Int32(compiled.count - start)
            Self.markReplacedScales(&compiled[start...], of: asset)
            byPosition.append(entry)
        }
        // When names are shared, a symbol set answers before an image set (as `UIImage(named:)`
        // does); otherwise the first asset in folder order. Validation reports what is shared.
        var entries = NameTable<Entry>(capacity: catalog.assets.count)
        for entry in byPosition where catalog.assets[Int(entry.asset)].type == .symbolSet {
            entries.insert(catalog.assets[Int(entry.asset)].name, entry, hint: UInt32(entry.start))
        }
        for entry in byPosition where catalog.assets[Int(entry.asset)].type != .symbolSet {
            entries.insert(catalog.assets[Int(entry.asset)].name, entry, hint: UInt32(entry.start))
        }
        self.entries = entries
        self.entriesByPosition = byPosition
        self.compiled = compiled
        self.hot = compiled.map(HotVariant.init)
        self.slotTable = slotTable
        self.strings = strings
        self.declaredAxisMasks = byPosition.map { entry in
            compiled[entry.range].reduce(0) { $0 | Self.declaredAxisMask($1) }
        }
        var seenLocales: Set<String> = []
        var locales: [String] = []
        for asset in catalog.assets {
            for variant in asset.variants {
                if let locale = variant.locale, seenLocales.insert(LocaleIdentifier.comparisonKey(locale)).inserted {
                    locales.append(locale)
                }
            }
        }
        self.locales = locales.sorted()
        var localePositionsByNumber: [UInt32: [Int]] = [:]
        for (position, locale) in self.locales.enumerated() {
            // The variant with this very locale, and a variant with its bare language (`fr` answers `fr-CA`).
            let exact = strings.lookup(LocaleIdentifier.comparisonKey(locale))
            let language = strings.lookup(LocaleIdentifier.language(of: locale))
            for number in Set([exact, language]) where number != StringTable.absent {
                localePositionsByNumber[number, default: []].append(position)
            }
        }
        self.localePositionsByNumber = localePositionsByNumber
    }

    /// A chosen variant: the asset's position in `catalog.assets`, the variant's in its
    /// `variants`, and whether it is shown mirrored (made for the other layout direction).
    public struct Match: Hashable, Sendable {
        /// The asset's position in `catalog.assets`.
        public var asset: Int
        /// The variant's position in the asset's `variants`.
        public var variant: Int
        /// Whether the variant is drawn mirrored: made for left to right, shown right to left.
        public var mirrored: Bool

        /// A match, as the selector makes it.
        public init(asset: Int, variant: Int, mirrored: Bool = false) {
            self.asset = asset
            self.variant = variant
            self.mirrored = mirrored
        }
    }

    /// One slot of a set and what it shows, nil when nothing in it may compete.
    public struct SlotMatch: Hashable, Sendable {
        /// The slot.
        public var slot: Slot
        /// The variant the slot shows, nil when none may compete.
        public var match: Match?
    }

    /// The position in `catalog.assets` of the asset code loads as `name`, nil when there is none.
    public func assetPosition(named name: String) -> Int? { entries.value(for: name).map { Int($0.asset) } }

    /// The variant a match chose.
    public func variant(_ match: Match) -> Variant { catalog.assets[match.asset].variants[match.variant] }

    /// Whether the asset at `position` is a list of slots (see `Slot`).
    public func hasSlots(assetAt position: Int) -> Bool { entriesByPosition[position].firstSlot >= 0 }

    /// The slots of the asset at `position`, in order; one `.whole` slot for most sets.
    public func slots(assetAt position: Int) -> [Slot] {
        let entry = entriesByPosition[position]
        guard entry.firstSlot >= 0 else { return [.whole] }
        return slotTable[Int(entry.firstSlot)..<Int(entry.firstSlot + entry.slotCount)].map(\.slot)
    }

    /// The packed variants of one slot (or of the whole set), with the query compiled against
    /// this catalog: what the explaining and validation paths work from.
    func compiled(assetAt position: Int, slot: Int) -> (variants: [CompiledVariant], query: (TraitCollection) -> CompiledQuery) {
        let entry = entriesByPosition[position]
        let range = entry.firstSlot < 0 ? entry.range : slotTable[Int(entry.firstSlot) + slot].range
        let strings = self.strings
        return (Array(compiled[range]), { CompiledQuery($0, strings: strings) })
    }

    /// Rule 2.1, step 2: a scale-less entry stands for every scale except those at which an entry
    /// with the same attributes (scale and file aside) declares a file. Most sets have no
    /// scale-less entry beside scaled ones, and pay one pass over their variants.
    static func markReplacedScales(_ variants: inout ArraySlice<CompiledVariant>, of asset: Asset) {
        let selectable = variants.indices.filter { variants[$0].isSelectable }
        guard selectable.contains(where: { variants[$0].scale == 0 }),
            selectable.contains(where: { (1...3).contains(variants[$0].scale) })
        else { return }
        // An unstated gamut is sRGB (the rule's table), so `display-gamut: sRGB` is no
        // attribute of its own here: a 2x entry replaces a scale-less sRGB one at 2x.
        func key(_ index: Int) -> [String] {
            asset.variants[Int(variants[index].position)].attributeStrings(excluding: ["scale"]).filter { $0 != "display-gamut=sRGB" }
        }
        var declaredScales: [[String]: UInt8] = [:]
        for index in selectable where (1...3).contains(variants[index].scale) {
            declaredScales[key(index), default: 0] |= 1 << (variants[index].scale - 1)
        }
        for index in selectable where variants[index].scale == 0 {
            variants[index].replacedScales = declaredScales[key(index)] ?? 0
        }
    }

    /// All packed variants of the asset, whatever their slot.
    func compiledVariants(assetAt position: Int) -> ArraySlice<CompiledVariant> {
        compiled[entriesByPosition[position].range]
    }
}
