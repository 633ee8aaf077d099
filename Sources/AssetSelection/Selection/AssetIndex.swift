import AssetCatalog

/// A catalog prepared for selection: assets by qualified name, variants packed for the rule,
/// each set's slots (README, "Selection rule").
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
    public let catalog: Catalog
    /// Each asset's position, its packed variants' range and its slots, together, so that a
    /// query touches one table entry and then the variants (a random batch is bound by cache misses).
    private let entries: NameTable<Entry>
    /// The same entries by asset position, for callers that walk the catalog.
    private let entriesByPosition: [Entry]
    /// Packed variants, asset after asset, and within an asset slot after slot, each slot's in
    /// declaration order (the final tie-break).
    private let compiled: [CompiledVariant]
    /// The same variants, only what the fast path reads for each (`HotVariant`).
    private let hot: [HotVariant]
    /// The slots of sets that have several (app icons, launch images, brand assets).
    private let slotTable: [SlotEntry]
    /// Locales and case sizes, numbered.
    let strings: StringTable
    /// Per asset, the axes its usable variants declare (bit `axis.rawValue`).
    private let declaredAxisMasks: [UInt16]
    /// Every `locale` the catalog's variants use.
    public let locales: [String]
    /// For each interned variant locale, the positions in `locales` it answers (see
    /// `locales(relevantToAssetAt:)`); empty for a catalog without locales.
    private let localePositionsByNumber: [UInt32: [Int]]

    private struct Entry: Sendable {
        var asset: Int32
        var start: Int32
        var count: Int32
        /// Index of the first slot in `slotTable`, or -1 for a set that is one slot.
        var firstSlot: Int32
        var slotCount: Int32
        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    private struct SlotEntry: Sendable {
        var slot: Slot
        var start: Int32
        var count: Int32
        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

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

    /// The catalog's locales that can change what the asset at `position` shows: those its
    /// variants name, and for a variant with a bare language (`fr`), every catalog locale of that
    /// language. Any other catalog locale is answered as no locale at all (only unlocalized
    /// variants compete for either), so thinning and validation need not ask with it. Asking with every
    /// catalog locale made them quadratic in a catalog whose sets each add a locale of their own
    /// (3,000 such sets took `thin --all-devices` six minutes).
    ///
    /// ```swift
    /// index.locales                             // ["ar", "de", "fr", "fr-CA"]
    /// index.locales(relevantToAssetAt: banner)  // ["fr", "fr-CA"]: Banner has `fr` and a base image
    /// ```
    public func locales(relevantToAssetAt position: Int) -> [String] {
        guard !localePositionsByNumber.isEmpty else { return [] }
        var positions: Set<Int> = []
        for variant in compiled[entriesByPosition[position].range] where variant.isSelectable && variant.locale != 0 {
            positions.formUnion(localePositionsByNumber[variant.locale] ?? [])
        }
        return positions.sorted().map { locales[$0] }
    }

    /// A chosen variant: the asset's position in `catalog.assets`, the variant's in its
    /// `variants`, and whether it is shown mirrored (made for the other layout direction).
    public struct Match: Hashable, Sendable {
        public var asset: Int
        public var variant: Int
        public var mirrored: Bool

        public init(asset: Int, variant: Int, mirrored: Bool = false) {
            self.asset = asset
            self.variant = variant
            self.mirrored = mirrored
        }
    }

    /// One slot of a set and what it shows, nil when nothing in it may compete.
    public struct SlotMatch: Hashable, Sendable {
        public var slot: Slot
        public var match: Match?
    }

    public func assetPosition(named name: String) -> Int? { entries.value(for: name).map { Int($0.asset) } }

    public func variant(_ match: Match) -> Variant { catalog.assets[match.asset].variants[match.variant] }

    /// Whether the asset at `position` is a list of slots (see `Slot`).
    public func hasSlots(assetAt position: Int) -> Bool { entriesByPosition[position].firstSlot >= 0 }

    /// The slots of the asset at `position`, in order; one `.whole` slot for most sets.
    public func slots(assetAt position: Int) -> [Slot] {
        let entry = entriesByPosition[position]
        guard entry.firstSlot >= 0 else { return [.whole] }
        return slotTable[Int(entry.firstSlot)..<Int(entry.firstSlot + entry.slotCount)].map(\.slot)
    }

    /// The variant the rule chooses, without a trace: the fast path for batches and thinning.
    /// For a set of slots (an app icon set) there is no one answer: use `resolveSlots`.
    public func resolve(_ name: String, for traits: TraitCollection) -> Match? {
        // The variants start where the name's hint says, which is `entry.start`: taken from the
        // hint, their load does not wait for the entry's (`NameTable.valueAndHint`).
        guard let (entry, start) = entries.valueAndHint(for: name), entry.firstSlot < 0 else { return nil }
        assert(Int(start) == Int(entry.start))
        let variants = Int(start)..<Int(start) + Int(entry.count)
        return winner(in: variants, CompiledQuery(traits, strings: strings), asset: Int(entry.asset), isWholeSet: true)
    }

    public func resolve(assetAt asset: Int, for traits: TraitCollection) -> Match? {
        let entry = entriesByPosition[asset]
        guard entry.firstSlot < 0 else { return nil }
        return winner(in: entry.range, CompiledQuery(traits, strings: strings), asset: asset, isWholeSet: true)
    }

    /// Every slot of the asset and what it shows for `traits`; one element for a set that is one slot.
    public func resolveSlots(assetAt asset: Int, for traits: TraitCollection) -> [SlotMatch] {
        let entry = entriesByPosition[asset]
        let query = CompiledQuery(traits, strings: strings)
        guard entry.firstSlot >= 0 else {
            return [SlotMatch(slot: .whole, match: winner(in: entry.range, query, asset: asset, isWholeSet: true))]
        }
        return slotTable[Int(entry.firstSlot)..<Int(entry.firstSlot + entry.slotCount)].map { slot in
            SlotMatch(slot: slot.slot, match: winner(in: slot.range, query, asset: asset, isWholeSet: false))
        }
    }

    /// Calls `body` with the winner of each slot of the asset (of the whole set for most sets) that
    /// has one: thinning's inner loop, which allocates nothing.
    @inline(__always)
    public func forEachWinner(assetAt asset: Int, for traits: TraitCollection, _ body: (Match) -> Void) {
        let entry = entriesByPosition[asset]
        let query = CompiledQuery(traits, strings: strings)
        if entry.firstSlot < 0 {
            if let match = winner(in: entry.range, query, asset: asset, isWholeSet: true) { body(match) }
            return
        }
        for slot in Int(entry.firstSlot)..<Int(entry.firstSlot + entry.slotCount) {
            if let match = winner(in: slotTable[slot].range, query, asset: asset, isWholeSet: false) { body(match) }
        }
    }

    /// Sets `won[position]` for every variant of the asset that wins, in some slot, for one of
    /// `traitSets`: what a thinned slice keeps. The same answers as `forEachWinner` for each set,
    /// without resolving each localized trait set against every variant: a set's unlocalized
    /// variants score the same whatever the query's locale, so their best is found once for each
    /// run of trait sets that differ only in locale (`DeviceProfile.thinningTraitSets` varies the
    /// locale innermost), and then only the variants of the query's locale and language compete
    /// with it. Resolving each set in full was quadratic in a set of thousands of locales (30 s
    /// to thin 10,000 of them for every device).
    ///
    /// ```swift
    /// var won = Array(repeating: false, count: asset.variants.count)
    /// let locales = index.locales(relevantToAssetAt: position)
    /// index.markWinners(assetAt: position, for: device.thinningTraitSets(locales: locales), in: &won)
    /// ```
    public func markWinners(assetAt asset: Int, for traitSets: [TraitCollection], in won: inout [Bool]) {
        let entry = entriesByPosition[asset]
        let ranges = entry.firstSlot < 0
            ? [entry.range] : slotTable[Int(entry.firstSlot)..<Int(entry.firstSlot + entry.slotCount)].map(\.range)
        let isLocalized = declaredAxisMasks[asset] & (1 << TraitAxis.locale.rawValue) != 0
        for range in ranges {
            guard isLocalized else {
                for traits in traitSets {
                    if let match = winner(in: range, CompiledQuery(traits, strings: strings), asset: asset, isWholeSet: entry.firstSlot < 0) {
                        won[match.variant] = true
                    }
                }
                continue
            }
            var unlocalized: [Int] = []
            var localized: [UInt32: [Int]] = [:]
            for index in range where compiled[index].isSelectable {
                if compiled[index].locale == 0 { unlocalized.append(index) } else { localized[compiled[index].locale, default: []].append(index) }
            }
            var lastUnlocalizedQuery: TraitCollection?
            var unlocalizedBest: (score: UInt64, index: Int) = (0, -1)
            for traits in traitSets {
                let query = CompiledQuery(traits, strings: strings)
                var withoutLocale = traits
                withoutLocale.locale = nil
                if withoutLocale != lastUnlocalizedQuery {
                    lastUnlocalizedQuery = withoutLocale
                    unlocalizedBest = best(among: unlocalized, query)
                }
                // A variant interned as the query's language is a bare language (`fr` answers `fr-CA`).
                let ownLocale = localized[query.locale] ?? []
                let language = query.localeLanguage != query.locale ? localized[query.localeLanguage] ?? [] : []
                let overall = Self.better(unlocalizedBest, Self.better(best(among: ownLocale, query), best(among: language, query)))
                if overall.score != 0 { won[Int(compiled[overall.index].position)] = true }
            }
        }
    }

    /// The best score among the variants at `indices` (ascending) and the first index that has it.
    private func best(among indices: [Int], _ query: CompiledQuery) -> (score: UInt64, index: Int) {
        var best: (score: UInt64, index: Int) = (0, -1)
        for index in indices {
            let score = AxisRule.fastPackedScore(hot[index], query, cold: { compiled[index] })
            if score > best.score { best = (score, index) }
        }
        return best
    }

    /// The rule's order between two bests: the higher score, then the earlier declaration.
    private static func better(_ a: (score: UInt64, index: Int), _ b: (score: UInt64, index: Int)) -> (score: UInt64, index: Int) {
        if a.score != b.score { return a.score > b.score ? a : b }
        return a.index <= b.index ? a : b
    }

    /// The axes the usable variants of the asset at `position` declare: only these can change its
    /// answers, so trait sets that differ elsewhere give the same choices (`TraitCollection.projected`).
    public func declaredAxes(assetAt position: Int) -> Set<TraitAxis> {
        let mask = declaredAxisMasks[position]
        return Set(TraitAxis.allCases.filter { mask & (1 << $0.rawValue) != 0 })
    }

    private static func declaredAxisMask(_ variant: CompiledVariant) -> UInt16 {
        guard variant.isSelectable else { return 0 }
        func bit(_ axis: TraitAxis, _ declared: Bool) -> UInt16 { declared ? 1 << axis.rawValue : 0 }
        return bit(.userInterfaceStyle, variant.style != 0) | bit(.accessibilityContrast, variant.contrast != 0)
            | bit(.locale, variant.locale != 0) | bit(.memory, variant.memory != 0)
            | bit(.watchSize, variant.widthComparison != 0 || variant.subtype != 0)
            | bit(.graphicsFeatureSet, variant.graphics != 0) | bit(.displayScale, variant.scale != 0)
            | bit(.layoutDirection, variant.direction != 0) | bit(.displayGamut, variant.gamut != 1)
            | bit(.idiom, variant.idiom != 0 || variant.platform != 0)
            | bit(.horizontalSizeClass, variant.horizontal != 0) | bit(.verticalSizeClass, variant.vertical != 0)
    }

    /// Keeping the first of equal packed scores is the declaration-order tie-break. An excluded
    /// variant scores 0 and loses to anything that competes.
    /// A whole set's variants are compiled in declaration order, so the winner's position in the
    /// asset is its offset in `range`; a slot's are not, and its position is read from the cold part.
    private func winner(in range: Range<Int>, _ query: CompiledQuery, asset: Int, isWholeSet: Bool) -> Match? {
        var best: UInt64 = 0
        var winner = range.lowerBound
        hot.withUnsafeBufferPointer { variants in
            for index in range {
                let score = AxisRule.fastPackedScore(variants[index], query, cold: { compiled[index] })
                let better = score > best
                best = better ? score : best
                winner = better ? index : winner
            }
        }
        guard best != 0 else { return nil }
        let position = isWholeSet ? winner - range.lowerBound : Int(compiled[winner].position)
        return Match(asset: asset, variant: position, mirrored: AxisRule.isMirrored(hot[winner], query))
    }

    /// The packed variants of one slot (or of the whole set), with the query compiled against
    /// this catalog: what the explaining and validation paths work from.
    func compiled(assetAt position: Int, slot: Int) -> (variants: [CompiledVariant], query: (TraitCollection) -> CompiledQuery) {
        let entry = entriesByPosition[position]
        let range = entry.firstSlot < 0 ? entry.range : slotTable[Int(entry.firstSlot) + slot].range
        let strings = self.strings
        return (Array(compiled[range]), { CompiledQuery($0, strings: strings) })
    }

    /// All packed variants of the asset, whatever their slot.
    func compiledVariants(assetAt position: Int) -> ArraySlice<CompiledVariant> {
        compiled[entriesByPosition[position].range]
    }

    /// The choice with its full trace: what `resolve --explain` shows. For a set of slots, the
    /// selection holds one selection per slot in `slots`.
    public func select(_ name: String, for traits: TraitCollection) -> Selection {
        guard let asset = assetPosition(named: name) else {
            var selection = Selection(assetName: name, traits: traits, trace: SelectionTrace())
            selection.noMatchReason = "the catalog has no asset named '\(name)'."
                + NameSuggestions.didYouMean(name, among: catalog.assets.map(\.name))
            return selection
        }
        return select(assetAt: asset, for: traits)
    }

    public func select(assetAt position: Int, for traits: TraitCollection) -> Selection {
        let asset = catalog.assets[position]
        let query = CompiledQuery(traits, strings: strings)
        guard hasSlots(assetAt: position) else {
            return Explainer(asset: asset, traits: traits, variants: Array(compiledVariants(assetAt: position)), query: query).select()
        }
        var selection = Selection(assetName: asset.name, traits: traits, trace: SelectionTrace())
        selection.slots = slots(assetAt: position).indices.map { slot in
            var slotSelection = Explainer(asset: asset, traits: traits, variants: compiled(assetAt: position, slot: slot).variants,
                                          query: query).select()
            slotSelection.slot = slots(assetAt: position)[slot]
            return slotSelection
        }
        if !selection.slots.contains(where: \.isMatch) {
            selection.noMatchReason = "no slot of \(asset.type.rawValue) '\(asset.name)' has a variant for \(traits.summary)"
        }
        return selection
    }
}
