import AssetCatalog

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
        return compiledVariants(assetAt: position).compactMap { variant in
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
        for variant in compiledVariants(assetAt: position) where variant.isSelectable {
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
