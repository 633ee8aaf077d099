import AssetCatalog

/// What a thinned slice keeps: every variant that wins for one of a device's trait sets, found
/// without resolving each localized trait set in full.
extension AssetIndex {
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
    package func markWinners(assetAt asset: Int, for traitSets: [TraitCollection], in won: inout [Bool]) {
        let entry = entriesByPosition[asset]
        let ranges =
            entry.firstSlot < 0
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
    func best(among indices: [Int], _ query: CompiledQuery) -> (score: UInt64, index: Int) {
        var best: (score: UInt64, index: Int) = (0, -1)
        for index in indices {
            let score = AxisRule.fastPackedScore(hot[index], query, cold: { compiled[index] })
            if score > best.score { best = (score, index) }
        }
        return best
    }

    /// The rule's order between two bests: the higher score, then the earlier declaration.
    static func better(_ a: (score: UInt64, index: Int), _ b: (score: UInt64, index: Int)) -> (score: UInt64, index: Int) {
        if a.score != b.score { return a.score > b.score ? a : b }
        return a.index <= b.index ? a : b
    }
}
