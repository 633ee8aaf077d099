/// The values each trait axis can take, shared by what Contents.json declares and what a query
/// asks for. Each type knows both spellings: `contentsValue` as Contents.json writes it and
/// `rawValue` as a trait query (SELECTION.md) writes it, so the mapping lives in one place.

/// The kind of device an interface runs on (SELECTION.md axis 1).
public enum UserInterfaceIdiom: String, CaseIterable, Hashable, Sendable, Comparable {
    case phone, pad, tv, watch, mac, car, vision

    /// The Contents.json `idiom` value for this device kind.
    public var contentsValue: String {
        switch self {
        case .phone: "iphone"
        case .pad: "ipad"
        default: rawValue
        }
    }

    public init?(contentsValue: String) {
        guard let match = Self.allCases.first(where: { $0.contentsValue == contentsValue }) else { return nil }
        self = match
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }
}

/// Light, dark or tinted appearance (axis 3; Contents.json `appearances` of kind `luminosity`).
public enum UserInterfaceStyle: String, CaseIterable, Hashable, Sendable {
    case light, dark, tinted
}

/// Normal or increased contrast (axis 4; `appearances` of kind `contrast`).
public enum AccessibilityContrast: String, CaseIterable, Hashable, Sendable {
    case normal, high
}

/// A size class (axes 5 and 6; `width-class`, `height-class`).
public enum SizeClass: String, CaseIterable, Hashable, Sendable {
    case compact, regular
}

/// Reading direction (axis 7; `language-direction`).
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
    case leftToRight, rightToLeft

    public var contentsValue: String {
        switch self {
        case .leftToRight: "left-to-right"
        case .rightToLeft: "right-to-left"
        }
    }

    public init?(contentsValue: String) {
        guard let match = Self.allCases.first(where: { $0.contentsValue == contentsValue }) else { return nil }
        self = match
    }
}

/// Metal GPU families in the order SELECTION.md ranks them (axis 9). New families go at the end.
public enum GraphicsFeatureSet: String, CaseIterable, Hashable, Sendable, Comparable {
    case metal1v2, metal1v3, metal2v2, metal2v3, metal3v1, metal3v2, metal4v1

    /// 1-based rank in the published order, so that 0 can mean "no requirement".
    public var rank: Int { Int(ordinal) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// Colour gamut of a display (axis 10; `display-gamut`).
public enum DisplayGamut: String, CaseIterable, Hashable, Sendable {
    case sRGB, P3

    public var contentsValue: String {
        switch self {
        case .sRGB: "sRGB"
        case .P3: "display-P3"
        }
    }

    public init?(contentsValue: String) {
        guard let match = Self.allCases.first(where: { $0.contentsValue == contentsValue }) else { return nil }
        self = match
    }
}

/// What a variant's `idiom` says about the devices it is for.
public enum IdiomRequirement: Hashable, Sendable {
    /// `universal`, or no idiom: any device.
    case universal
    /// One kind of device.
    case device(UserInterfaceIdiom)
    /// A store-only slot such as `ios-marketing`, or another slot no run-time lookup chooses by
    /// device (`reality`, see `slotOnlyIdioms`): never selected at run time.
    case storeOnly(String)

    /// Idioms Xcode writes that are slots rather than device kinds. `reality` marks the image of a
    /// visionOS layered icon (`solidimagestack`) rendered for RealityKit content; no device
    /// reports it as its interface idiom, so, like `*-marketing`, the trait rule never picks it.
    public static let slotOnlyIdioms: Set<String> = ["reality"]

    public var contentsValue: String {
        switch self {
        case .universal: "universal"
        case .device(let idiom): idiom.contentsValue
        case .storeOnly(let name): name
        }
    }

    /// Parses a Contents.json `idiom`; nil for a value this tool does not know.
    public init?(contentsValue: String) {
        if contentsValue == "universal" {
            self = .universal
        } else if let idiom = UserInterfaceIdiom(contentsValue: contentsValue) {
            self = .device(idiom)
        } else if contentsValue.hasSuffix("-marketing") || Self.slotOnlyIdioms.contains(contentsValue) {
            self = .storeOnly(contentsValue)
        } else {
            return nil
        }
    }
}

/// A watch `screen-width` condition such as `<=145` or `>145` (axis 2).
public struct ScreenWidthCondition: Hashable, Sendable, CustomStringConvertible {
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case lessThanOrEqual = "<="
        case greaterThan = ">"
        case lessThan = "<"
        case greaterThanOrEqual = ">="
    }

    public var comparison: Comparison
    public var points: Int

    public init(_ comparison: Comparison, _ points: Int) {
        self.comparison = comparison
        self.points = points
    }

    public init?(contentsValue: String) {
        for comparison in [Comparison.lessThanOrEqual, .greaterThanOrEqual, .lessThan, .greaterThan]
        where contentsValue.hasPrefix(comparison.rawValue) {
            guard let points = Int(contentsValue.dropFirst(comparison.rawValue.count)) else { return nil }
            self.init(comparison, points)
            return
        }
        return nil
    }

    public func isSatisfied(byWidth width: Int) -> Bool {
        switch comparison {
        case .lessThanOrEqual: width <= points
        case .greaterThan: width > points
        case .lessThan: width < points
        case .greaterThanOrEqual: width >= points
        }
    }

    public var description: String { comparison.rawValue + String(points) }
}

/// A trait value's 1-based position among its type's cases, so that 0 can stand for "any" or
/// "unspecified" in packed forms. A switch, not `allCases.firstIndex`, because the selector asks
/// for it on every query and `allCases` builds an array each time.
public protocol TraitValueOrdinal {
    var ordinal: UInt8 { get }
}

extension UserInterfaceIdiom: TraitValueOrdinal {
    public var ordinal: UInt8 {
        switch self {
        case .phone: 1
        case .pad: 2
        case .tv: 3
        case .watch: 4
        case .mac: 5
        case .car: 6
        case .vision: 7
        }
    }
}

extension UserInterfaceStyle: TraitValueOrdinal {
    public var ordinal: UInt8 {
        switch self {
        case .light: 1
        case .dark: 2
        case .tinted: 3
        }
    }
}

extension AccessibilityContrast: TraitValueOrdinal {
    public var ordinal: UInt8 { self == .normal ? 1 : 2 }
}

extension SizeClass: TraitValueOrdinal {
    public var ordinal: UInt8 { self == .compact ? 1 : 2 }
}

extension LayoutDirection: TraitValueOrdinal {
    public var ordinal: UInt8 { self == .leftToRight ? 1 : 2 }
}

extension DisplayGamut: TraitValueOrdinal {
    public var ordinal: UInt8 { self == .sRGB ? 1 : 2 }
}

extension GraphicsFeatureSet: TraitValueOrdinal {
    public var ordinal: UInt8 {
        switch self {
        case .metal1v2: 1
        case .metal1v3: 2
        case .metal2v2: 3
        case .metal2v3: 4
        case .metal3v1: 5
        case .metal3v2: 6
        case .metal4v1: 7
        }
    }
}
