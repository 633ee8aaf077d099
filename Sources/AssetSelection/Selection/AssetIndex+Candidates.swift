import AssetCatalog

extension AssetIndex {
    /// A variant that may compete for a query, and its score on each axis (higher is better), in
    /// axis order.
    package struct Candidate: Hashable, Sendable {
        /// Position in the asset's `variants`.
        package var variant: Int
        /// The score on each axis, in `TraitAxis` order; compared axis by axis, the first difference decides.
        package var scores: [UInt32]

        /// The axes on which this candidate scores better than `other`.
        package func axes(betterThan other: Candidate) -> [TraitAxis] {
            TraitAxis.allCases.filter { scores[$0.rawValue - 1] > other.scores[$0.rawValue - 1] }
        }
    }

    /// Every variant of one slot that may compete for `traits`, with its per-axis scores: what
    /// validation needs to tell whether a choice depends on the order of the axes.
    package func candidates(assetAt position: Int, slot: Int = 0, for traits: TraitCollection) -> [Candidate] {
        let (variants, compile) = compiled(assetAt: position, slot: slot)
        let query = compile(traits)
        return variants.compactMap { variant in
            guard variant.isSelectable else { return nil }
            var scores: [UInt32] = []
            scores.reserveCapacity(TraitAxis.allCases.count)
            for axis in TraitAxis.allCases {
                guard let score = AxisRule.score(axis, variant, query) else { return nil }
                scores.append(score)
            }
            return Candidate(variant: Int(variant.position), scores: scores)
        }
    }
}

extension [AssetIndex.Candidate] {
    /// The candidate the rule chooses: the best scores axis by axis in the rule's order, and
    /// among equals the first declared. Resolve's packed fast path makes the same choice (a random
    /// test holds the two together, `WinnerAgreementTests`); validation uses this one because it
    /// also needs every loser's scores, to say why each lost.
    ///
    /// ```swift
    /// let winner = index.candidates(assetAt: position, for: traits).winner   // == index.resolve(name, for: traits)
    /// ```
    package var winner: AssetIndex.Candidate? {
        guard let best = self.max(by: { $0.scores.lexicographicallyPrecedes($1.scores) }) else { return nil }
        return first { $0.scores == best.scores }
    }
}
