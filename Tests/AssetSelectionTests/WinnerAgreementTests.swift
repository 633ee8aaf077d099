import AssetCatalog
import AssetSelection
import CatalogFixtures
import Testing

/// The selection rule lives in one place. Resolve's packed fast path is the rule; validation's
/// winner (`candidates(...).winner`, from which it reports precedence and scale gaps) and
/// thinning's `markWinners` (which decides what a slice keeps, with its own path for localized
/// sets) are held to it here, on random catalogs and random trait sets.
@Suite struct WinnerAgreementTests {
    @Test func validationAndThinningChooseWhatResolveChooses() {
        var generator = SplitMix64(seed: 0xC0FFEE)
        for _ in 0..<600 {
            let count = Int.random(in: 1...10, using: &generator)
            let index = imageSet((0..<count).map { _ in randomVariant(&generator) })
            let traitSets = (0..<24).map { _ in randomQuery(&generator) }
            var resolved: Set<Int> = []
            for traits in traitSets {
                let resolve = index.resolve("A", for: traits)
                let validation = index.candidates(assetAt: 0, for: traits).winner
                #expect(validation?.variant == resolve?.variant, "\(traits.summary)")
                if let resolve { resolved.insert(resolve.variant) }
            }
            var won = Array(repeating: false, count: count)
            index.markWinners(assetAt: 0, for: traitSets, in: &won)
            #expect(Set(won.indices.filter { won[$0] }) == resolved)
        }
    }
}
