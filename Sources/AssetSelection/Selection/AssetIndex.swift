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
        let variants = Array(compiled[entriesByPosition[position].range])
        return Explainer(asset: asset, traits: traits, variants: variants).select()
    }
}

/// The step-by-step form of the rule, recording each variant it sets aside and why.
private struct Explainer {
    let asset: Asset
    let traits: TraitCollection
    let variants: [CompiledVariant]
    let query: CompiledQuery

    init(asset: Asset, traits: TraitCollection, variants: [CompiledVariant]) {
        self.asset = asset
        self.traits = traits
        self.variants = variants
        self.query = CompiledQuery(traits)
    }

    func select() -> Selection {
        var selection = Selection(assetName: asset.name, traits: traits, trace: SelectionTrace())
        guard asset.type.hasSelectableVariants else {
            selection.noMatchReason = "\(asset.type.rawValue) assets are listed but have no variants to select"
            return selection
        }
        // Step 1: eligibility.
        var candidates: [Int] = []
        for (position, compiled) in variants.enumerated() {
            if let reason = unusableReason(asset.variants[position]) {
                selection.trace.drops.append(.init(variant: position, step: .eligibility, axis: nil, reason: reason))
                continue
            }
            if let axis = TraitAxis.allCases.first(where: { AxisRule.score($0, compiled, query) == nil }) {
                selection.trace.drops.append(.init(variant: position, step: .eligibility, axis: axis,
                                                   reason: ineligibleReason(axis, asset.variants[position])))
                continue
            }
            candidates.append(position)
        }
        guard !candidates.isEmpty else {
            selection.noMatchReason = noMatchReason(selection.trace)
            return selection
        }
        // Step 2: ranking, axis by axis.
        for axis in TraitAxis.allCases where candidates.count > 1 {
            let scores = candidates.map { AxisRule.score(axis, variants[$0], query)! }
            let best = scores.max()!
            guard let leader = zip(candidates, scores).first(where: { $0.1 == best })?.0 else { continue }
            for (candidate, score) in zip(candidates, scores) where score < best {
                let reason = "\(describe(axis, asset.variants[candidate])) loses to \(describe(axis, asset.variants[leader]))"
                    + " for \(queryDescription(axis))"
                selection.trace.drops.append(.init(variant: candidate, step: .ranking, axis: axis, reason: reason))
            }
            candidates = zip(candidates, scores).filter { $0.1 == best }.map(\.0)
        }
        if candidates.count > 1 {
            selection.trace.tiedAfterAllAxes = candidates
            for loser in candidates.dropFirst() {
                selection.trace.drops.append(.init(variant: loser, step: .declarationOrder, axis: nil,
                                                   reason: "ties on every axis with \(label(candidates[0])), which is declared first"))
            }
        }
        selection.winner = candidates[0]
        return selection
    }

    private func label(_ position: Int) -> String {
        "\(asset.type.entriesKey ?? "entries")[\(asset.variants[position].index)]"
    }

    private func unusableReason(_ variant: Variant) -> String? {
        if variant.isEmptySlot {
            return asset.type == .colorSet ? "empty slot: no colour" : "empty slot: no filename"
        }
        if let problem = variant.fileProblem { return "unusable: \(problem)" }
        if let (key, value) = variant.unrecognized.sorted(by: { $0.key < $1.key }).first {
            return "unrecognized value '\(value)' for '\(key)': where it applies is unknown, so it is never chosen"
        }
        return nil
    }

    private func queryDescription(_ axis: TraitAxis) -> String {
        guard let value = traits.value(of: axis) else { return "unspecified \(axis.traitName)" }
        return "\(axis.traitName)=\(value.string ?? JSONWriter.compact.string(for: value))"
    }

    private func ineligibleReason(_ axis: TraitAxis, _ variant: Variant) -> String {
        let value = describe(axis, variant)
        switch axis {
        case .idiom:
            if case .storeOnly = variant.idiom { return "\(value) is store-only: never selected at run time" }
        case .userInterfaceStyle where variant.userInterfaceStyle == .tinted && traits.userInterfaceStyle != .tinted:
            return "\(value) is chosen only by a tinted query, not for \(queryDescription(axis))"
        case .memory, .graphicsFeatureSet:
            if !traits.isSpecified(axis) { return "\(value) needs the query to specify \(axis.traitName)" }
            return "\(value) is more than \(queryDescription(axis))"
        default: break
        }
        return "\(value) does not fit \(queryDescription(axis))"
    }

    /// The variant's value on an axis in Contents.json terms.
    private func describe(_ axis: TraitAxis, _ variant: Variant) -> String {
        switch axis {
        case .idiom: "idiom '\(variant.idiom.contentsValue)'"
        case .screenWidth: variant.screenWidth.map { "screen-width '\($0)'" } ?? "any screen width"
        case .userInterfaceStyle: variant.userInterfaceStyle.map { "luminosity '\($0.rawValue)'" } ?? "any luminosity"
        case .accessibilityContrast: variant.accessibilityContrast.map { "contrast '\($0.rawValue)'" } ?? "any contrast"
        case .horizontalSizeClass: variant.horizontalSizeClass.map { "width-class '\($0.rawValue)'" } ?? "any width class"
        case .verticalSizeClass: variant.verticalSizeClass.map { "height-class '\($0.rawValue)'" } ?? "any height class"
        case .layoutDirection: variant.layoutDirection.map { "language-direction '\($0.contentsValue)'" } ?? "any direction"
        case .memory: variant.memory.map { "memory '\($0)GB'" } ?? "no memory requirement"
        case .graphicsFeatureSet: variant.graphicsFeatureSet.map { "graphics-feature-set '\($0.rawValue)'" } ?? "no graphics requirement"
        case .displayGamut: variant.displayGamut.map { "display-gamut '\($0.contentsValue)'" } ?? "display-gamut sRGB (unstated)"
        case .displayScale: variant.scale.map { "scale '\($0)x'" } ?? "any scale (vector)"
        }
    }

    private func noMatchReason(_ trace: SelectionTrace) -> String {
        if asset.variants.isEmpty { return "the set declares no variants" }
        if trace.drops.allSatisfy({ $0.axis == nil }) {
            return "the set has no usable variant (\(trace.drops.count) empty or broken \(trace.drops.count == 1 ? "entry" : "entries"))"
        }
        let reasons = trace.drops.filter { $0.axis != nil }.prefix(4).map { "\(label($0.variant)): \($0.reason)" }
        let more = trace.drops.count > 4 ? "; ..." : ""
        return "no variant is eligible for \(traits.summary): " + reasons.joined(separator: "; ") + more
    }
}

extension AssetIndex {
    /// An eligible variant and its score on each axis (higher is better), in axis order.
    public struct Candidate: Hashable, Sendable {
        public var variant: Int
        public var scores: [UInt8]

        /// The axes on which this candidate scores better than `other`.
        public func axes(betterThan other: Candidate) -> [TraitAxis] {
            TraitAxis.allCases.filter { scores[$0.rawValue - 1] > other.scores[$0.rawValue - 1] }
        }
    }

    /// Every variant eligible for `traits`, with its per-axis scores: what validation needs to
    /// tell whether a choice depends on the order of the axes.
    public func candidates(assetAt position: Int, for traits: TraitCollection) -> [Candidate] {
        let query = CompiledQuery(traits)
        return compiled[entriesByPosition[position].range].compactMap { variant in
            guard variant.isSelectable else { return nil }
            var scores: [UInt8] = []
            scores.reserveCapacity(TraitAxis.allCases.count)
            for axis in TraitAxis.allCases {
                guard let score = AxisRule.score(axis, variant, query) else { return nil }
                scores.append(score)
            }
            return Candidate(variant: Int(variant.position), scores: scores)
        }
    }

    /// The axes any variant of the asset declares: only these can change its answer, so trait
    /// sets that differ elsewhere give the same choice.
    public func declaredAxes(assetAt position: Int) -> Set<TraitAxis> {
        var axes: Set<TraitAxis> = []
        for variant in compiled[entriesByPosition[position].range] where variant.isSelectable {
            if variant.idiom != 0 { axes.insert(.idiom) }
            if variant.widthComparison != 0 { axes.insert(.screenWidth) }
            if variant.style != 0 { axes.insert(.userInterfaceStyle) }
            if variant.contrast != 0 { axes.insert(.accessibilityContrast) }
            if variant.horizontal != 0 { axes.insert(.horizontalSizeClass) }
            if variant.vertical != 0 { axes.insert(.verticalSizeClass) }
            if variant.direction != 0 { axes.insert(.layoutDirection) }
            if variant.memory != 0 { axes.insert(.memory) }
            if variant.graphics != 0 { axes.insert(.graphicsFeatureSet) }
            if variant.gamut != 1 { axes.insert(.displayGamut) }
            if variant.scale != 0 { axes.insert(.displayScale) }
        }
        return axes
    }
}

extension TraitCollection {
    /// This collection with every axis outside `axes` unspecified.
    public func projected(onto axes: Set<TraitAxis>) -> TraitCollection {
        var result = TraitCollection()
        if axes.contains(.idiom) { result.userInterfaceIdiom = userInterfaceIdiom }
        if axes.contains(.screenWidth) { result.screenWidth = screenWidth }
        if axes.contains(.userInterfaceStyle) { result.userInterfaceStyle = userInterfaceStyle }
        if axes.contains(.accessibilityContrast) { result.accessibilityContrast = accessibilityContrast }
        if axes.contains(.horizontalSizeClass) { result.horizontalSizeClass = horizontalSizeClass }
        if axes.contains(.verticalSizeClass) { result.verticalSizeClass = verticalSizeClass }
        if axes.contains(.layoutDirection) { result.layoutDirection = layoutDirection }
        if axes.contains(.memory) { result.memory = memory }
        if axes.contains(.graphicsFeatureSet) { result.graphicsFeatureSet = graphicsFeatureSet }
        if axes.contains(.displayGamut) { result.displayGamut = displayGamut }
        if axes.contains(.displayScale) { result.displayScale = displayScale }
        return result
    }
}
