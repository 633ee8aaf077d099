/// The eleven axes of SELECTION.md, in the order the rule ranks them.
public enum TraitAxis: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case idiom = 1
    case screenWidth
    case userInterfaceStyle
    case accessibilityContrast
    case horizontalSizeClass
    case verticalSizeClass
    case layoutDirection
    case memory
    case graphicsFeatureSet
    case displayGamut
    case displayScale

    /// The trait's name in a query (SELECTION.md's JSON names).
    public var traitName: String {
        switch self {
        case .idiom: "userInterfaceIdiom"
        case .screenWidth: "screenWidth"
        case .userInterfaceStyle: "userInterfaceStyle"
        case .accessibilityContrast: "accessibilityContrast"
        case .horizontalSizeClass: "horizontalSizeClass"
        case .verticalSizeClass: "verticalSizeClass"
        case .layoutDirection: "layoutDirection"
        case .memory: "memory"
        case .graphicsFeatureSet: "graphicsFeatureSet"
        case .displayGamut: "displayGamut"
        case .displayScale: "displayScale"
        }
    }

    /// The Contents.json key that declares this axis.
    public var contentsKey: String {
        switch self {
        case .idiom: "idiom"
        case .screenWidth: "screen-width"
        case .userInterfaceStyle: "appearances (luminosity)"
        case .accessibilityContrast: "appearances (contrast)"
        case .horizontalSizeClass: "width-class"
        case .verticalSizeClass: "height-class"
        case .layoutDirection: "language-direction"
        case .memory: "memory"
        case .graphicsFeatureSet: "graphics-feature-set"
        case .displayGamut: "display-gamut"
        case .displayScale: "scale"
        }
    }

    /// A short human name, used in explanations.
    public var description: String {
        switch self {
        case .idiom: "idiom"
        case .screenWidth: "screen width"
        case .userInterfaceStyle: "appearance"
        case .accessibilityContrast: "contrast"
        case .horizontalSizeClass: "horizontal size class"
        case .verticalSizeClass: "vertical size class"
        case .layoutDirection: "layout direction"
        case .memory: "memory"
        case .graphicsFeatureSet: "graphics feature set"
        case .displayGamut: "display gamut"
        case .displayScale: "display scale"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
