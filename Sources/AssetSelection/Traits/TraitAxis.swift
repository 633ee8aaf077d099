/// The twelve axes of the selection rule, in the order it ranks them (docs/Selection.md).
///
/// The order is Apple's runtime's: CoreUI compares appearance, contrast, localization, memory,
/// watch size, graphics, scale, direction and gamut before the idiom, and UIKit's size classes
/// come last.
public enum TraitAxis: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1: light, dark or tinted appearance.
    case userInterfaceStyle = 1
    /// 2: normal or increased contrast.
    case accessibilityContrast
    /// 3: the localization (`locale`).
    case locale
    /// 4: the least device memory.
    case memory
    /// 5: the watch's screen width and case size.
    case watchSize
    /// 6: the GPU family.
    case graphicsFeatureSet
    /// 7: 1x, 2x or 3x.
    case displayScale
    /// 8: left to right or right to left; a variant for the other direction may be mirrored.
    case layoutDirection
    /// 9: sRGB or Display P3.
    case displayGamut
    /// 10: the device kind, with the platform.
    case idiom
    /// 11: the horizontal size class.
    case horizontalSizeClass
    /// 12: the vertical size class.
    case verticalSizeClass

    /// The query traits this axis compares (the watch-size axis has two: width and case size).
    public var traits: [Trait] {
        switch self {
        case .userInterfaceStyle: [.userInterfaceStyle]
        case .accessibilityContrast: [.accessibilityContrast]
        case .locale: [.locale]
        case .memory: [.memory]
        case .watchSize: [.screenWidth, .deviceSubtype]
        case .graphicsFeatureSet: [.graphicsFeatureSet]
        case .displayScale: [.displayScale]
        case .layoutDirection: [.layoutDirection]
        case .displayGamut: [.displayGamut]
        case .idiom: [.userInterfaceIdiom]
        case .horizontalSizeClass: [.horizontalSizeClass]
        case .verticalSizeClass: [.verticalSizeClass]
        }
    }

    /// The Contents.json keys that declare this axis.
    public var contentsKey: String {
        switch self {
        case .userInterfaceStyle: "appearances (luminosity)"
        case .accessibilityContrast: "appearances (contrast)"
        case .locale: "locale"
        case .memory: "memory"
        case .watchSize: "screen-width, subtype"
        case .graphicsFeatureSet: "graphics-feature-set"
        case .displayScale: "scale"
        case .layoutDirection: "language-direction"
        case .displayGamut: "display-gamut"
        case .idiom: "idiom, platform"
        case .horizontalSizeClass: "width-class"
        case .verticalSizeClass: "height-class"
        }
    }

    /// A short human name, used in explanations.
    public var description: String {
        switch self {
        case .userInterfaceStyle: "appearance"
        case .accessibilityContrast: "contrast"
        case .locale: "localization"
        case .memory: "memory"
        case .watchSize: "screen size"
        case .graphicsFeatureSet: "graphics feature set"
        case .displayScale: "display scale"
        case .layoutDirection: "layout direction"
        case .displayGamut: "display gamut"
        case .idiom: "idiom"
        case .horizontalSizeClass: "horizontal size class"
        case .verticalSizeClass: "vertical size class"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One trait of a query, by its JSON name (`userInterfaceStyle`, `locale`, ...), in axis order.
public enum Trait: String, CaseIterable, Hashable, Sendable {
    /// `TraitCollection.userInterfaceStyle`.
    case userInterfaceStyle
    /// `TraitCollection.accessibilityContrast`.
    case accessibilityContrast
    /// `TraitCollection.locale`.
    case locale
    /// `TraitCollection.memory`.
    case memory
    /// `TraitCollection.screenWidth` (the watch-size axis).
    case screenWidth
    /// `TraitCollection.deviceSubtype` (the watch-size axis).
    case deviceSubtype
    /// `TraitCollection.graphicsFeatureSets`, given as one family (`graphicsFeatureSet`).
    case graphicsFeatureSet
    /// `TraitCollection.displayScale`.
    case displayScale
    /// `TraitCollection.layoutDirection`.
    case layoutDirection
    /// `TraitCollection.displayGamut`.
    case displayGamut
    /// `TraitCollection.userInterfaceIdiom`.
    case userInterfaceIdiom
    /// `TraitCollection.horizontalSizeClass`.
    case horizontalSizeClass
    /// `TraitCollection.verticalSizeClass`.
    case verticalSizeClass

    /// The axis that compares this trait.
    public var axis: TraitAxis {
        switch self {
        case .userInterfaceStyle: .userInterfaceStyle
        case .accessibilityContrast: .accessibilityContrast
        case .locale: .locale
        case .memory: .memory
        case .screenWidth, .deviceSubtype: .watchSize
        case .graphicsFeatureSet: .graphicsFeatureSet
        case .displayScale: .displayScale
        case .layoutDirection: .layoutDirection
        case .displayGamut: .displayGamut
        case .userInterfaceIdiom: .idiom
        case .horizontalSizeClass: .horizontalSizeClass
        case .verticalSizeClass: .verticalSizeClass
        }
    }
}
