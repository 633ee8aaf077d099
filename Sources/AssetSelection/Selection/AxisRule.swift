import AssetCatalog

/// SELECTION.md's rule for one axis: whether a variant is allowed for a query (step 1), and how
/// good it is (step 2, higher is better). The fast selector and the explaining selector both call
/// these, so they cannot disagree.
enum AxisRule {
    /// `nil` when the variant is not a candidate on this axis; otherwise its score.
    @inline(__always)
    static func score(_ axis: TraitAxis, _ variant: CompiledVariant, _ query: CompiledQuery) -> UInt8? {
        switch axis {
        case .idiom: categorical(variant.idiom, query.idiom)
        case .screenWidth: screenWidth(variant.widthComparison, variant.widthPoints, query.screenWidth)
        case .userInterfaceStyle: style(variant.style, query.style)
        case .accessibilityContrast: categorical(variant.contrast, query.contrast)
        case .horizontalSizeClass: categorical(variant.horizontal, query.horizontal)
        case .verticalSizeClass: categorical(variant.vertical, query.vertical)
        case .layoutDirection: categorical(variant.direction, query.direction)
        case .memory: requirement(variant.memory, query.memory)
        case .graphicsFeatureSet: requirement(variant.graphics, query.graphics == 0 ? -1 : Int32(query.graphics))
        case .displayGamut: gamut(variant.gamut, query.gamut)
        case .displayScale: scale(variant.scale, query.scale)
        }
    }

    /// Axes 1 and 3-7. Specified query: exact (1) beats any (0), another value is not allowed.
    /// Unspecified query: any (1) beats every specific value (0).
    @inline(__always)
    static func categorical(_ variant: UInt8, _ query: UInt8) -> UInt8? {
        if variant == CompiledVariant.neverSelected { return nil }
        if query == 0 { return variant == 0 ? 1 : 0 }
        if variant == 0 { return 0 }
        return variant == query ? 1 : nil
    }

    /// Axis 3 is categorical, except that tinted variants are chosen only by a tinted query.
    @inline(__always)
    static func style(_ variant: UInt8, _ query: UInt8) -> UInt8? {
        if variant == CompiledQuery.tinted && query != CompiledQuery.tinted { return nil }
        return categorical(variant, query)
    }

    /// Axis 2: a condition such as `<=145` is the variant's value; it matches the widths it admits.
    @inline(__always)
    static func screenWidth(_ comparison: UInt8, _ points: Int16, _ width: Int32) -> UInt8? {
        if comparison == 0 { return width < 0 ? 1 : 0 }
        if width < 0 { return 0 }
        let condition = ScreenWidthCondition(ScreenWidthCondition.Comparison(code: comparison), Int(points))
        return condition.isSatisfied(byWidth: Int(width)) ? 1 : nil
    }

    /// Axes 8 and 9: a requirement must not exceed the query; the highest that fits wins; absent
    /// requirements are always allowed and rank last. An unspecified query admits only "absent".
    @inline(__always)
    static func requirement(_ required: UInt8, _ available: Int32) -> UInt8? {
        if required == 0 { return 0 }
        if available < 0 || Int32(required) > available { return nil }
        return required
    }

    /// Axis 10: every variant is allowed; the query's gamut beats the other (unspecified: sRGB first).
    @inline(__always)
    static func gamut(_ variant: UInt8, _ query: UInt8) -> UInt8? {
        variant == (query == 0 ? 1 : query) ? 1 : 0
    }

    /// Axis 11: every variant is allowed. Specified query: exact > any (vector) > the smallest
    /// scale above > the largest below. Unspecified: any > the largest scale.
    @inline(__always)
    static func scale(_ variant: UInt8, _ query: UInt8) -> UInt8? {
        if query == 0 { return variant == 0 ? 255 : variant }
        if variant == query { return 255 }
        if variant == 0 { return 254 }
        if variant > query { return 200 &- variant }
        return 100 &+ variant
    }
}
