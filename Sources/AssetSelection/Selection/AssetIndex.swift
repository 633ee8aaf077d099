import AssetCatalog

/// A catalog prepared for selection: assets by qualified name, variants packed for the rule.
///
/// Build it once per catalog, then ask as many questions as needed; nothing is re-read per query.
///
/// ```swift
/// let index = AssetIndex(catalog)
/// let traits = TraitCollection(userInterfaceIdiom: .phone, displayScale: 3)
/// if let found = index.resolve("box/Bottom", for: traits) {
///     print(index.variant(found).filename ?? "-")           // fast path, no trace
/// }
/// let selection = index.select("box/Bottom", for: traits)   // with the full trace
/// ```
public struct AssetIndex: Sendable {
    public let catalog: Catalog
    /// Each asset's position and its packed variants' range, together, so that a query touches
    /// one dictionary entry and then the variants (a random batch is bound by cache misses).
    private let entries: NameTable<Entry>
    /// The same entries by asset position, for callers that walk the catalog.
    private let entriesByPosition: [Entry]
    private let compiled: [CompiledVariant]

    private struct Entry: Sendable {
        var asset: Int32
        var start: Int32
        var count: Int32
        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    public init(_ catalog: Catalog) {
        self.catalog = catalog
        var entries = NameTable<Entry>(capacity: catalog.assets.count)
        var byPosition: [Entry] = []
        byPosition.reserveCapacity(catalog.assets.count)
        var compiled: [CompiledVariant] = []
        for assetPosition in catalog.assets.indices {
            let asset = catalog.assets[assetPosition]
            let start = compiled.count
            for position in asset.variants.indices {
                compiled.append(CompiledVariant(asset.variants[position], position: position))
            }
            let entry = Entry(asset: Int32(assetPosition), start: Int32(start), count: Int32(compiled.count - start))
            byPosition.append(entry)
            // When names collide the first asset in folder order answers; validation reports the collision.
            entries.insert(asset.name, entry)
        }
        self.entries = entries
        self.entriesByPosition = byPosition
        self.compiled = compiled
    }

    /// A chosen variant: the asset's position in `catalog.assets` and the variant's in its `variants`.
    public struct Match: Hashable, Sendable {
        public var asset: Int
        public var variant: Int
    }

    /// The packed variants of the asset at `position`, for the explaining and validation paths.
    func compiledVariants(assetAt position: Int) -> ArraySlice<CompiledVariant> {
        compiled[entriesByPosition[position].range]
    }

    public func assetPosition(named name: String) -> Int? { entries.value(for: name).map { Int($0.asset) } }

    public func variant(_ match: Match) -> Variant { catalog.assets[match.asset].variants[match.variant] }

    /// The variant SELECTION.md chooses, without a trace: the fast path for batches and thinning.
    public func resolve(_ name: String, for traits: TraitCollection) -> Match? {
        guard let entry = entries.value(for: name) else { return nil }
        return winner(in: entry.range, CompiledQuery(traits)).map { Match(asset: Int(entry.asset), variant: $0) }
    }

    public func resolve(assetAt asset: Int, for traits: TraitCollection) -> Match? {
        winner(in: entriesByPosition[asset].range, CompiledQuery(traits)).map { Match(asset: asset, variant: $0) }
    }

    /// Ranking axis by axis and keeping the best each time is a lexicographic maximum over the
    /// per-axis scores, so one pass that packs the scores into an integer finds the same winner;
    /// keeping the first of equal scores is the declaration-order tie-break.
    private func winner(in range: Range<Int>, _ query: CompiledQuery) -> Int? {
        var bestCategorical: UInt64 = 0
        var bestRest: UInt32 = 0
        var winner: Int16 = -1
        let queryGraphics: Int32 = query.graphics == 0 ? -1 : Int32(query.graphics)
        compiled.withUnsafeBufferPointer { variants in
            for index in range {
                let variant = variants[index]
                let variantZero = CategoricalBytes.zeroBytes(variant.categorical)
                guard variant.isSelectable,
                    CategoricalBytes.eligible(variant: variant.categorical, variantZero: variantZero,
                                              query: query.categorical, queryZero: query.categoricalZero),
                    variant.style != CompiledQuery.tinted || query.style == CompiledQuery.tinted,
                    let width = AxisRule.screenWidth(variant.widthComparison, variant.widthPoints, query.screenWidth),
                    let memory = AxisRule.requirement(variant.memory, query.memory),
                    let graphics = AxisRule.requirement(variant.graphics, queryGraphics)
                else { continue }
                let gamut = AxisRule.gamut(variant.gamut, query.gamut)!
                let scale = AxisRule.scale(variant.scale, query.scale)!
                // Axes 1-7 as bits in order (the screen width's in its own byte), then memory (8 bits),
                // graphics (4), gamut (1), scale (8): comparing the pair is comparing axis by axis.
                let categorical = CategoricalBytes.scores(variantZero: variantZero, queryZero: query.categoricalZero)
                    | UInt64(width) << 55 | 1  // the 1: the worst candidate still beats "none yet"
                let rest = UInt32(memory) << 13 | UInt32(graphics) << 9 | UInt32(gamut) << 8 | UInt32(scale)
                if categorical > bestCategorical || (categorical == bestCategorical && rest > bestRest) {
                    bestCategorical = categorical
                    bestRest = rest
                    winner = variant.position
                }
            }
        }
        return winner < 0 ? nil : Int(winner)
    }

    /// The choice with its full trace: what `resolve --explain` shows.
    public func select(_ name: String, for traits: TraitCollection) -> Selection {
        guard let asset = assetPosition(named: name) else {
            var selection = Selection(assetName: name, traits: traits, trace: SelectionTrace())
            selection.noMatchReason = "the catalog has no asset named '\(name)'"
            return selection
        }
        return select(assetAt: asset, for: traits)
    }

    public func select(assetAt position: Int, for traits: TraitCollection) -> Selection {
        let asset = catalog.assets[position]
        let variants = Array(compiledVariants(assetAt: position))
        return Explainer(asset: asset, traits: traits, variants: variants).select()
    }
}
