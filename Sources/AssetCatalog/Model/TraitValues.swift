/// The values each trait axis can take, shared by what Contents.json declares and what a query
/// asks for. Each type knows both spellings: `contentsValue` as Contents.json writes it and
/// `rawValue` as a trait query writes it (docs/Selection.md), so the mapping lives in one place.

/// The kind of device an interface runs on (axis 10 of the rule; docs/Selection.md).
public enum UserInterfaceIdiom: String, CaseIterable, Hashable, Sendable, Comparable {
    /// iPhone and iPod touch (Contents.json `iphone`).
    case phone
    /// iPad (`ipad`).
    case pad
    /// Apple TV (`tv`).
    case tv
    /// Apple Watch (`watch`).
    case watch
    /// A Mac, for a native macOS interface (`mac`).
    case mac
    /// A CarPlay screen (`car`), served from the iOS app.
    case car
    /// Apple Vision Pro (`vision`).
    case vision

    /// The Contents.json `idiom` value for this device kind.
    public var contentsValue: String {
        switch self {
        case .phone: "iphone"
        case .pad: "ipad"
        default: rawValue
        }
    }

    /// Parses a Contents.json `idiom` that names a device kind; nil for `universal`, a store slot
    /// or an unknown value (``IdiomRequirement`` tells those apart).
    public init?(contentsValue: String) {
        guard let match = Self.allCases.first(where: { $0.contentsValue == contentsValue }) else { return nil }
        self = match
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }
}

/// Light, dark or tinted appearance (axis 1; Contents.json `appearances` of kind `luminosity`).
public enum UserInterfaceStyle: String, CaseIterable, Hashable, Sendable {
    /// The default appearance (an `appearances` list without `luminosity` also means it).
    case light
    /// Dark Mode (`luminosity` `dark`).
    case dark
    /// The tinted appearance of iOS 18 app icons (`luminosity` `tinted`).
    case tinted
}

/// Normal or increased contrast (axis 2; `appearances` of kind `contrast`).
public enum AccessibilityContrast: String, CaseIterable, Hashable, Sendable {
    /// Standard contrast (no `contrast` appearance).
    case normal
    /// Increase Contrast is on (`contrast` `high`).
    case high
}

/// A size class (axes 11 and 12; `width-class`, `height-class`).
public enum SizeClass: String, CaseIterable, Hashable, Sendable {
    /// A constrained dimension: an iPhone's width in portrait, a Slide Over window.
    case compact
    /// An expansive dimension: an iPad's full screen, either way round.
    case regular
}

/// Reading direction (axis 8; `language-direction`).
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
    /// Left to right, as English (`left-to-right`).
    case leftToRight
    /// Right to left, as Arabic and Hebrew (`right-to-left`): a variant for it is preferred, and
    /// without one a `direction` of `left-to-right` is mirrored.
    case rightToLeft

    /// The Contents.json `language-direction` value.
    public var contentsValue: String {
        switch self {
        case .leftToRight: "left-to-right"
        case .rightToLeft: "right-to-left"
        }
    }

    /// Parses a Contents.json `language-direction`; nil for any other value.
    public init?(contentsValue: String) {
        guard let match = Self.allCases.first(where: { $0.contentsValue == contentsValue }) else { return nil }
        self = match
    }
}

/// GPU families a `graphics-feature-set` can require (axis 6): the Metal feature sets in their
/// published order, then Apple's `appleN` GPU families in theirs. The two kinds are not ranked
/// against each other: a device's own list of supported families, best first, is its fallback
/// order (see `fallbackList`). New families go at the end of their kind.
public enum GraphicsFeatureSet: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Metal feature set 1, version 2.
    case metal1v2
    /// Metal feature set 1, version 3.
    case metal1v3
    /// Metal feature set 2, version 2.
    case metal2v2
    /// Metal feature set 2, version 3.
    case metal2v3
    /// Metal feature set 3, version 1.
    case metal3v1
    /// Metal feature set 3, version 2.
    case metal3v2
    /// Metal feature set 4, version 1.
    case metal4v1
    /// Apple GPU family 1.
    case apple1
    /// Apple GPU family 2.
    case apple2
    /// Apple GPU family 3.
    case apple3
    /// Apple GPU family 4.
    case apple4
    /// Apple GPU family 5.
    case apple5
    /// Apple GPU family 6.
    case apple6
    /// Apple GPU family 7.
    case apple7
    /// Apple GPU family 8.
    case apple8
    /// Apple GPU family 9.
    case apple9
    /// Apple GPU family 10.
    case apple10

    /// The two naming schemes, which are not ranked against each other.
    public enum Kind: Hashable, Sendable {
        /// The `metalNvM` feature sets.
        case metal
        /// The `appleN` GPU families.
        case apple
    }

    /// Which naming scheme this value belongs to: fallback stays within one.
    public var kind: Kind { ordinal <= GraphicsFeatureSet.metal4v1.ordinal ? .metal : .apple }

    /// 1-based rank in the published order, so that 0 can mean "no requirement".
    public var rank: Int { Int(ordinal) }

    /// What a device whose best family is this one supports, best first: this family and every
    /// lower one of the same kind. What `--graphics apple7` means when no device list is given.
    public var fallbackList: [GraphicsFeatureSet] {
        Self.allCases.filter { $0.kind == kind && $0 <= self }.reversed()
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// The platform an entry is for (Contents.json `platform`), part of the idiom axis (10).
public enum Platform: String, CaseIterable, Hashable, Sendable {
    /// iOS and iPadOS (Contents.json `ios`; `iphoneos` is read as it).
    case ios
    /// watchOS.
    case watchos
    /// tvOS.
    case tvos
    /// macOS (`macos`; `osx` is read as it).
    case macos
    /// visionOS (`visionos`; `xros` is read as it).
    case visionos

    /// Parses a Contents.json `platform`; `universal` is nil (any platform), and so is an unknown
    /// value (the reader reports it).
    public init?(contentsValue: String) {
        switch contentsValue {
        case "ios", "iphoneos": self = .ios
        case "watchos": self = .watchos
        case "tvos": self = .tvos
        case "macos", "osx": self = .macos
        case "visionos", "xros": self = .visionos
        default: return nil
        }
    }
}

extension UserInterfaceIdiom {
    /// The platform whose entries this idiom may use: CarPlay content ships in the iOS app.
    public var platform: Platform {
        switch self {
        case .phone, .pad, .car: .ios
        case .watch: .watchos
        case .tv: .tvos
        case .mac: .macos
        case .vision: .visionos
        }
    }
}

/// Colour gamut of a display (axis 9; `display-gamut`).
public enum DisplayGamut: String, CaseIterable, Hashable, Sendable {
    /// The standard gamut, and what a variant without `display-gamut` is for.
    case sRGB
    /// The wider Display P3 gamut (`display-P3`).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // Named as UIKit names it (`UIDisplayGamut.P3`), and public API.
    case P3

    /// The Contents.json `display-gamut` value.
    public var contentsValue: String {
        switch self {
        case .sRGB: "sRGB"
        case .P3: "display-P3"
        }
    }

    /// Parses a Contents.json `display-gamut`; nil for any other value.
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
    package static let slotOnlyIdioms: Set<String> = ["reality"]

    /// The Contents.json `idiom` value this requirement was read from.
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

/// A watch `screen-width` condition such as `<=145` or `>145` (axis 5, watch size).
public struct ScreenWidthCondition: Hashable, Sendable, CustomStringConvertible {
    /// How the screen's width is compared with `points`; the raw value is how Contents.json writes it.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        /// `<=`: at most `points` wide.
        case lessThanOrEqual = "<="
        /// `>`: wider than `points`.
        case greaterThan = ">"
        /// `<`: narrower than `points`.
        case lessThan = "<"
        /// `>=`: at least `points` wide.
        case greaterThanOrEqual = ">="
    }

    /// How the width is compared.
    public var comparison: Comparison
    /// The bound, in points of screen width (145 for the 38 mm and 40 mm watches' border).
    public var points: Int

    /// A condition such as `ScreenWidthCondition(.greaterThan, 145)` for `>145`.
    public init(_ comparison: Comparison, _ points: Int) {
        self.comparison = comparison
        self.points = points
    }

    /// Parses a Contents.json `screen-width` such as `<=145`; nil when it is not a comparison and a number.
    public init?(contentsValue: String) {
        for comparison in [Comparison.lessThanOrEqual, .greaterThanOrEqual, .lessThan, .greaterThan]
        where contentsValue.hasPrefix(comparison.rawValue) {
            guard let points = Int(contentsValue.dropFirst(comparison.rawValue.count)) else { return nil }
            self.init(comparison, points)
            return
        }
        return nil
    }

    /// Whether a screen `width` points wide meets the condition.
    public func isSatisfied(byWidth width: Int) -> Bool {
        switch comparison {
        case .lessThanOrEqual: width <= points
        case .greaterThan: width > points
        case .lessThan: width < points
        case .greaterThanOrEqual: width >= points
        }
    }

    /// How far a width that satisfies the condition is from its bound. The rule prefers the
    /// tightest condition that holds: for 198 points, `>183` (15) before `>161` (37), and for 136,
    /// `<=145` (9) before `<=200` (64). One measure for both directions, so a `<=` and a `>`
    /// condition that both hold are ranked too.
    package func slack(forWidth width: Int) -> Int { abs(width - points) }

    public var description: String { comparison.rawValue + String(points) }
}

/// A trait value's 1-based position among its type's cases, so that 0 can stand for "any" or
/// "unspecified" in packed forms. A switch, not `allCases.firstIndex`, because the selector asks
/// for it on every query and `allCases` builds an array each time.
package protocol TraitValueOrdinal {
    var ordinal: UInt8 { get }
}

extension UserInterfaceIdiom: TraitValueOrdinal {
    package var ordinal: UInt8 {
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
    package var ordinal: UInt8 {
        switch self {
        case .light: 1
        case .dark: 2
        case .tinted: 3
        }
    }
}

extension AccessibilityContrast: TraitValueOrdinal {
    package var ordinal: UInt8 { self == .normal ? 1 : 2 }
}

extension SizeClass: TraitValueOrdinal {
    package var ordinal: UInt8 { self == .compact ? 1 : 2 }
}

extension LayoutDirection: TraitValueOrdinal {
    package var ordinal: UInt8 { self == .leftToRight ? 1 : 2 }
}

extension DisplayGamut: TraitValueOrdinal {
    package var ordinal: UInt8 { self == .sRGB ? 1 : 2 }
}

extension GraphicsFeatureSet: TraitValueOrdinal {
    package var ordinal: UInt8 {
        switch self {
        case .metal1v2: 1
        case .metal1v3: 2
        case .metal2v2: 3
        case .metal2v3: 4
        case .metal3v1: 5
        case .metal3v2: 6
        case .metal4v1: 7
        case .apple1: 8
        case .apple2: 9
        case .apple3: 10
        case .apple4: 11
        case .apple5: 12
        case .apple6: 13
        case .apple7: 14
        case .apple8: 15
        case .apple9: 16
        case .apple10: 17
        }
    }
}
