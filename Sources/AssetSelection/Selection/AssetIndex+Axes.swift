import AssetCatalog

/// What can change an asset's answers: the locales and the axes its variants declare, so that
/// thinning and validation ask only with trait sets that make a difference.
extension AssetIndex {
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
    package func locales(relevantToAssetAt position: Int) -> [String] {
        guard !localePositionsByNumber.isEmpty else { return [] }
        var positions: Set<Int> = []
        for variant in compiled[entriesByPosition[position].range] where variant.isSelectable && variant.locale != 0 {
            positions.formUnion(localePositionsByNumber[variant.locale] ?? [])
        }
        return positions.sorted().map { locales[$0] }
    }

    /// The axes the usable variants of the asset at `position` declare: only these can change its
    /// answers, so trait sets that differ elsewhere give the same choices (`TraitCollection.projected`).
    /// A variant declaring memory, graphics or a size class also makes the idiom count, since
    /// whether its platform has that axis at all follows from the idiom.
    public func declaredAxes(assetAt position: Int) -> Set<TraitAxis> {
        let mask = declaredAxisMasks[position]
        return Set(TraitAxis.allCases.filter { mask & (1 << $0.rawValue) != 0 })
    }

    static func declaredAxisMask(_ variant: CompiledVariant) -> UInt16 {
        guard variant.isSelectable else { return 0 }
        func bit(_ axis: TraitAxis, _ declared: Bool) -> UInt16 { declared ? 1 << axis.rawValue : 0 }
        return bit(.userInterfaceStyle, variant.style != 0) | bit(.accessibilityContrast, variant.contrast != 0)
            | bit(.locale, variant.locale != 0) | bit(.memory, variant.memory != 0)
            | bit(.watchSize, variant.widthComparison != 0 || variant.subtype != 0)
            | bit(.graphicsFeatureSet, variant.graphics != 0) | bit(.displayScale, variant.scale != 0)
            | bit(.layoutDirection, variant.direction != 0) | bit(.displayGamut, variant.gamut != 1)
            | bit(.idiom, variant.idiom != 0 || variant.platform != 0)
            // Memory, graphics and size classes depend on the platform too (rule 2.1: some
            // platforms' compiled catalogs lack them), which the query's idiom gives.
            | bit(.idiom, variant.memory != 0 || variant.graphics != 0 || variant.horizontal != 0 || variant.vertical != 0)
            | bit(.horizontalSizeClass, variant.horizontal != 0) | bit(.verticalSizeClass, variant.vertical != 0)
    }
}
