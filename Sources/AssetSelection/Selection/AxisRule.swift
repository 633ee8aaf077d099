import AssetCatalog

/// The selection rule for one axis: whether a variant may compete for a query (step 1), and how
/// good it is (step 2, higher is better). The fast selector and the explaining selector both call
/// these, so they cannot disagree. docs/Selection.md states the rule in words.
enum AxisRule {
    /// `nil` when the variant may not compete on this axis; otherwise its score.
    @inline(__always)
    static func score(_ axis: TraitAxis, _ variant: CompiledVariant, _ query: CompiledQuery) -> UInt32? {
        switch axis {
        case .userInterfaceStyle: categorical(variant.style, query.style)
        case .accessibilityContrast: categorical(variant.contrast, query.contrast)
        case .locale: locale(variant, query)
        case .memory: memory(variant.memory, query.memory)
        case .watchSize: watchSize(variant, query)
        case .graphicsFeatureSet: graphics(variant.graphics, query)
        case .displayScale: scale(variant.scale, replaced: variant.replacedScales, query.scale)
        case .layoutDirection: direction(variant.direction, query.direction)
        case .displayGamut: gamut(variant.gamut, query.gamut)
        case .idiom: idiom(variant, query)
        case .horizontalSizeClass: categorical(variant.horizontal, query.horizontal)
        case .verticalSizeClass: categorical(variant.vertical, query.vertical)
        }
    }

    /// Set in every score `fastPackedScore` returns for a variant that may compete, above all of
    /// `packedScore`'s bits, so that 0 can mean "excluded" and the selector needs no branch to skip.
    static let competes: UInt64 = 1 << 63

    /// `packedScore | competes` by the shortest path, or 0 when some axis excludes the variant: the
    /// six categorical axes at once, and localization, memory, watch size and graphics only for the
    /// variants that declare one (read from `cold`). The common axes are combined with selects, not
    /// early returns: in a random batch whether a variant is excluded is a coin toss, which a
    /// branch would mispredict half the time. The random equivalence test checks it against the
    /// explaining path.
    @inline(__always)
    static func fastPackedScore(_ variant: HotVariant, _ query: CompiledQuery, cold: () -> CompiledVariant) -> UInt64 {
        let (categoricalScore, categoricalCompetes) = CategoricalBytes.scoreIfCompeting(variant: variant.categorical, query: query.categorical)
        var packed = categoricalScore
        if variant.flags & HotVariant.rare != 0 {
            guard let rare = rareAxesScore(cold(), query) else { return 0 }
            packed |= rare
        }
        // Direction: a variant with one competes only for a query with one; exact 2, other 1, none 0.
        let hasDirection = variant.direction != 0
        let directionCompetes = !hasDirection || query.direction != 0
        let directionScore: UInt64 = hasDirection ? (variant.direction == query.direction ? 2 : 1) : 0
        // Scale, as `scale(_:replaced:_:)`: a scale-less variant replaced at the query's scale
        // (1 to 3; its bit in the hot word) does not compete.
        let replacedHere = query.scale &- 1 < 3 && variant.replacedScales >> (query.scale &- 1) & 1 != 0
        let variantScale = UInt64(variant.scale)
        let below: UInt64 = query.scale != 0 && variant.scale < query.scale ? 128 + variantScale : 127 &- variantScale
        let scaleScore: UInt64 = variant.scale == 0 || variant.scale == query.scale ? 255 : below
        packed |= scaleScore << 7 | directionScore << 5 | (variant.gamut == query.gamut ? 1 : 0) << 4
        let competes = categoricalCompetes && directionCompetes && !replacedHere && variant.flags & HotVariant.selectable != 0
        return competes ? packed | Self.competes : 0
    }

    /// Localization, memory, watch size and graphics, packed as in `packedScore`; nil when one
    /// excludes the variant. Out of line: most variants declare none, and inlined it would crowd
    /// the selector's loop out of registers.
    @inline(never)
    static func rareAxesScore(_ variant: CompiledVariant, _ query: CompiledQuery) -> UInt64? {
        guard let locale = locale(variant, query), let memory = memory(variant.memory, query.memory),
            let watchSize = watchSize(variant, query), let graphics = graphics(variant.graphics, query)
        else { return nil }
        return UInt64(locale) << 53 | UInt64(memory) << 37 | UInt64(watchSize) << 20 | UInt64(graphics) << 15
    }

    /// Every axis at once, packed so that comparing two packed scores as integers compares them
    /// axis by axis in the rule's order (ranking axis by axis and keeping the best each time is a
    /// lexicographic maximum). Bits, high to low: appearance 1, contrast 1, localization 2,
    /// memory 16, watch size 17, graphics 5, scale 8, direction 2, gamut 1, idiom 2, horizontal 1,
    /// vertical 1. `nil` when some axis excludes the variant.
    @inline(__always)
    static func packedScore(_ variant: CompiledVariant, _ query: CompiledQuery) -> UInt64? {
        guard let style = categorical(variant.style, query.style),
            let contrast = categorical(variant.contrast, query.contrast),
            let locale = locale(variant, query),
            let memory = memory(variant.memory, query.memory),
            let watchSize = watchSize(variant, query),
            let graphics = graphics(variant.graphics, query),
            let scale = scale(variant.scale, replaced: variant.replacedScales, query.scale),
            let direction = direction(variant.direction, query.direction),
            let gamut = gamut(variant.gamut, query.gamut),
            let idiom = idiom(variant, query),
            let horizontal = categorical(variant.horizontal, query.horizontal),
            let vertical = categorical(variant.vertical, query.vertical)
        else { return nil }
        var packed = UInt64(style) << 56 | UInt64(contrast) << 55 | UInt64(locale) << 53 | UInt64(memory) << 37
        packed |= UInt64(watchSize) << 20 | UInt64(graphics) << 15 | UInt64(scale) << 7 | UInt64(direction) << 5
        packed |= UInt64(gamut) << 4 | UInt64(idiom) << 2 | UInt64(horizontal) << 1 | UInt64(vertical)
        return packed
    }

    /// Appearance, contrast and size classes: the variant's value is *any* or the query's, and an
    /// unspecified query admits only *any* (CoreUI never falls back from unspecified to a value).
    /// Exact (1) beats any (0).
    @inline(__always)
    static func categorical(_ variant: UInt8, _ query: UInt8) -> UInt32? {
        if variant == 0 { return 0 }
        return variant == query ? 1 : nil
    }

    /// Localization: the exact identifier (2) > the same language, from a bare `fr` (1) > none (0).
    @inline(__always)
    static func locale(_ variant: CompiledVariant, _ query: CompiledQuery) -> UInt32? {
        if variant.locale == 0 { return 0 }
        if variant.locale == query.locale { return 2 }
        return variant.localeIsLanguage && variant.locale == query.localeLanguage ? 1 : nil
    }

    /// Memory: a requirement must not exceed the query's; the highest that fits wins; none ranks
    /// last. An unspecified query admits only variants without a requirement.
    @inline(__always)
    static func memory(_ required: UInt16, _ available: Int32) -> UInt32? {
        if required == 0 { return 0 }
        return Int32(required) <= available ? UInt32(required) : nil
    }

    /// Watch size: a `screen-width` condition must hold and a case-size `subtype` must equal the
    /// query's. A matching case size (bit 16) beats a width condition, and the tightest condition
    /// that holds beats looser ones (65,535 minus its slack); neither scores 0.
    @inline(__always)
    static func watchSize(_ variant: CompiledVariant, _ query: CompiledQuery) -> UInt32? {
        var score: UInt32 = 0
        if variant.subtype != 0 {
            guard variant.subtype == query.subtype else { return nil }
            score = 1 << 16
        }
        if variant.widthComparison != 0 {
            guard query.screenWidth >= 0 else { return nil }
            let condition = ScreenWidthCondition(.init(code: variant.widthComparison), Int(variant.widthPoints))
            let width = Int(query.screenWidth)
            guard condition.isSatisfied(byWidth: width) else { return nil }
            score |= UInt32(65_535 - min(condition.slack(forWidth: width), 65_534))
        }
        return score
    }

    /// Graphics: the family must be in the device's list; earlier in the list is better; none is 0.
    @inline(__always)
    static func graphics(_ family: UInt8, _ query: CompiledQuery) -> UInt32? {
        if family == 0 { return 0 }
        let score = query.graphicsScores[Int(family)]
        return score == 0 ? nil : UInt32(score)
    }

    /// Specified query: exact or scale-less (255) > lower scales, nearest first (128 + scale) >
    /// higher scales, nearest first (127 - scale). Unspecified: scale-less, then the smallest scale.
    /// The one exclusion (rule 2.1): a scale-less variant does not compete at a scale that an entry
    /// with the same attributes declares (`replaced`, bit `scale - 1`), because actool compiles
    /// that entry in its place there.
    @inline(__always)
    static func scale(_ variant: UInt8, replaced: UInt8, _ query: UInt8) -> UInt32? {
        if variant == 0, query &- 1 < 3, replaced >> (query &- 1) & 1 != 0 { return nil }
        if variant == 0 || variant == query { return 255 }
        if query != 0 && variant < query { return 128 + UInt32(variant) }
        return 127 - UInt32(variant)
    }

    /// Layout direction: a specified query admits every variant; exact (2) > the other direction,
    /// shown mirrored (1) > none (0). An unspecified query admits only variants without one.
    @inline(__always)
    static func direction(_ variant: UInt8, _ query: UInt8) -> UInt32? {
        if variant == 0 { return 0 }
        if query == 0 { return nil }
        return variant == query ? 2 : 1
    }

    /// Gamut never excludes: the query's gamut (unspecified counts as sRGB) beats the other.
    @inline(__always)
    static func gamut(_ variant: UInt8, _ query: UInt8) -> UInt32? {
        variant == query ? 1 : 0
    }

    /// Idiom: the variant's idiom is universal or the query's, and its platform universal or the
    /// query idiom's platform; an unspecified query admits only universal ones. An exact idiom
    /// (2) beats universal, and then an exact platform (1) beats universal.
    @inline(__always)
    static func idiom(_ variant: CompiledVariant, _ query: CompiledQuery) -> UInt32? {
        guard let idiomScore = categorical(variant.idiom, query.idiom),
            let platformScore = categorical(variant.platform, query.platform)
        else { return nil }
        return idiomScore << 1 | platformScore
    }

    /// Whether the winner is shown mirrored: it was made for the other layout direction.
    @inline(__always)
    static func isMirrored(_ variant: HotVariant, _ query: CompiledQuery) -> Bool {
        variant.direction != 0 && query.direction != 0 && variant.direction != query.direction
    }

    @inline(__always)
    static func isMirrored(_ variant: CompiledVariant, _ query: CompiledQuery) -> Bool {
        variant.direction != 0 && query.direction != 0 && variant.direction != query.direction
    }
}
