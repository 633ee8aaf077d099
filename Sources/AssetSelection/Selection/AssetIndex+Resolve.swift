import AssetCatalog

/// The fast path: the variant the rule chooses for a query, with no trace. Resolve, batches,
/// thinning, the matrix and the report all ask here, so there is one answer to a query.
extension AssetIndex {
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

    /// `resolve(_:for:)` for the asset at position `asset` in `catalog.assets`, without a name lookup.
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
    package func forEachWinner(assetAt asset: Int, for traits: TraitCollection, _ body: (Match) -> Void) {
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

    /// Keeping the first of equal packed scores is the declaration-order tie-break. An excluded
    /// variant scores 0 and loses to anything that competes.
    /// A whole set's variants are compiled in declaration order, so the winner's position in the
    /// asset is its offset in `range`; a slot's are not, and its position is read from the cold part.
    func winner(in range: Range<Int>, _ query: CompiledQuery, asset: Int, isWholeSet: Bool) -> Match? {
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
}
