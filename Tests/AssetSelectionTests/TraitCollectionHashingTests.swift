import AssetCatalog
import AssetSelection
import Testing

/// `TraitCollection.hash(into:)` packs the enumerated traits into one word and hashes only the
/// first of the GPU families and their number: equal collections must still hash alike however
/// they were made, and a collection that differs in any one trait must hash otherwise (else sets
/// of collections, which thinning fills by the ten thousand, would degrade to lists).
@Suite struct TraitCollectionHashingTests {
    static let full = TraitCollection(
        userInterfaceIdiom: .pad, screenWidth: 184, userInterfaceStyle: .dark, accessibilityContrast: .high,
        horizontalSizeClass: .regular, verticalSizeClass: .compact, layoutDirection: .rightToLeft, memory: 4,
        graphicsFeatureSet: .apple5, displayGamut: .P3, displayScale: 3, locale: "pt-BR", deviceSubtype: "44mm")

    @Test func equalCollectionsMadeOtherwiseHashAlike() {
        // The same traits merged from parts, projected from more, and with strings built at run time.
        let merged = TraitCollection(mergingTraitsFrom: [
            TraitCollection(userInterfaceIdiom: .pad, screenWidth: 184, userInterfaceStyle: .dark, accessibilityContrast: .high),
            TraitCollection(
                horizontalSizeClass: .regular, verticalSizeClass: .compact, layoutDirection: .rightToLeft, memory: 4,
                graphicsFeatureSet: .apple5, displayGamut: .P3, displayScale: 3),
            TraitCollection(locale: String(decoding: Array("pt-BR".utf8), as: UTF8.self), deviceSubtype: "44" + ["mm"].joined()),
        ])
        #expect(merged == Self.full)
        #expect(merged.hashValue == Self.full.hashValue)
        let projected = Self.full.projected(onto: Set(TraitAxis.allCases))
        #expect(projected.hashValue == Self.full.hashValue)
        var listed = Self.full
        listed.graphicsFeatureSets = GraphicsFeatureSet.apple5.fallbackList.map { $0 }
        #expect(listed.hashValue == Self.full.hashValue)
        #expect(TraitCollection().hashValue == TraitCollection.unspecified.hashValue)
    }

    /// One collection per trait, differing from `full` in that trait alone (another value, or
    /// none): each hashes otherwise, and all of them fill a set one each.
    @Test func aCollectionDifferingInOneTraitHashesOtherwise() {
        var changed: [(AssetSelection.Trait, TraitCollection)] = []
        func with(_ trait: AssetSelection.Trait, _ change: (inout TraitCollection) -> Void) {
            var traits = Self.full
            change(&traits)
            changed.append((trait, traits))
        }
        with(.userInterfaceStyle) { $0.userInterfaceStyle = .light }
        with(.accessibilityContrast) { $0.accessibilityContrast = nil }
        with(.locale) { $0.locale = "pt-PT" }
        with(.memory) { $0.memory = 8 }
        with(.screenWidth) { $0.screenWidth = 198 }
        with(.deviceSubtype) { $0.deviceSubtype = nil }
        with(.graphicsFeatureSet) { $0.graphicsFeatureSet = .apple4 }
        with(.displayScale) { $0.displayScale = 2 }
        with(.layoutDirection) { $0.layoutDirection = .leftToRight }
        with(.displayGamut) { $0.displayGamut = .sRGB }
        with(.userInterfaceIdiom) { $0.userInterfaceIdiom = .phone }
        with(.horizontalSizeClass) { $0.horizontalSizeClass = .compact }
        with(.verticalSizeClass) { $0.verticalSizeClass = nil }
        #expect(Set(changed.map(\.0)) == Set(AssetSelection.Trait.allCases), "every trait is changed once")
        for (trait, traits) in changed {
            #expect(traits != Self.full, "\(trait)")
            #expect(traits.hashValue != Self.full.hashValue, "\(trait) is hashed")
        }
        #expect(Set(changed.map(\.1) + [Self.full]).count == changed.count + 1)
    }
}
