/// The twelve axes of the selection rule, in the order it ranks them (docs/Selection.md).
///
/// The order is Apple's runtime's: CoreUI compares appearance, contrast, localization, memory,
/// watch size, graphics, scale, direction and gamut before the idiom, and UIKit's size classes
/// come last.
public enum TraitAxis: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case userInterfaceStyle = 1
    case accessibilityContrast
    case locale
    case memory
    case watchSize
    case graphicsFeatureSet
    case displayScale
    case layoutDirection
    case displayGamut
    case idiom
    case horizontalSizeClass
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
    case userInterfaceStyle
    case accessibilityContrast
    case locale
    case memory
    case screenWidth
    case deviceSubtype
    case graphicsFeatureSet
    case displayScale
    case layoutDirection
    case displayGamut
    case userInterfaceIdiom
    case horizontalSizeClass
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
