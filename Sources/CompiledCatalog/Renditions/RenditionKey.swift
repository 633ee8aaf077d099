import AssetCatalog

/// A rendition's key: one 16-bit value per attribute of the file's key format, read through
/// typed views of the attributes (the raw attribute list is the reader's own). An attribute the
/// key format lacks reads as nil; a value of 0 means "any" for the trait axes (universal, no size
/// class, any gamut…).
///
/// ```swift
/// rendition.key.idiom            // CompiledIdiom.phone
/// rendition.key.scale            // 2
/// rendition.key.horizontalSizeClass   // .compact, or nil for any
/// ```
public struct RenditionKey: Hashable, Sendable {
    /// The attributes, in key-format order (shared by every key of a file).
    package let attributes: [RenditionAttribute]
    /// The value of each attribute, in the same order.
    package let values: [UInt16]

    /// A key of `attributes` (the file's key format) and one value per attribute.
    package init(attributes: [RenditionAttribute], values: [UInt16]) {
        self.attributes = attributes
        self.values = values
    }

    /// The value of `attribute`, or nil when the key format does not list it.
    package func value(_ attribute: RenditionAttribute) -> UInt16? {
        attributes.firstIndex(of: attribute).map { values[$0] }
    }

    /// Every (attribute, value) pair, in key-format order.
    package var pairs: [(attribute: RenditionAttribute, value: UInt16)] {
        Array(zip(attributes, values)).map { (attribute: $0.0, value: $0.1) }
    }

    /// The facet's identifier: which asset name the rendition belongs to.
    package var nameIdentifier: UInt16? { value(.identifier) }
    /// The idiom, as CoreUI numbers it.
    public var idiom: CompiledIdiom? { value(.idiom).map(CompiledIdiom.init(rawValue:)) }
    /// The scale factor (1, 2, 3), or 0 for a scale-independent rendition such as a PDF.
    public var scale: UInt16? { value(.scale) }
    /// The subtype: a screen height (568) or a watch size, in CoreUI's numbers.
    public var subtype: UInt16? { value(.subtype) }
    /// The horizontal size class, when the key gives one.
    public var horizontalSizeClass: SizeClass? { value(.horizontalSizeClass).flatMap(CompiledTraitNumbers.sizeClasses.trait) }
    /// The vertical size class, when the key gives one.
    public var verticalSizeClass: SizeClass? { value(.verticalSizeClass).flatMap(CompiledTraitNumbers.sizeClasses.trait) }
    /// Display P3 for 1 (`CompiledTraitNumbers.displayGamuts`); nil for any gamut, which is sRGB's.
    public var displayGamut: DisplayGamut? { value(.displayGamut).flatMap(CompiledTraitNumbers.displayGamuts.trait) }
    /// The memory class, in CoreUI's numbers.
    public var memoryClass: UInt16? { value(.memoryClass) }
    /// The graphics class, in CoreUI's numbers.
    public var graphicsClass: UInt16? { value(.graphicsClass) }
    /// The appearance, an `APPEARANCEKEYS` number.
    public var appearance: UInt16? { value(.appearance) }
    /// The localization, a `LOCALIZATIONKEYS` number.
    public var localization: UInt16? { value(.localization) }
    /// The layout direction, in CoreUI's numbers.
    public var direction: UInt16? { value(.direction) }
    /// The deployment target, in CoreUI's numbers.
    public var deploymentTarget: UInt16? { value(.deploymentTarget) }
    /// The first dimension.
    public var dimension1: UInt16? { value(.dimension1) }
    /// The second dimension.
    public var dimension2: UInt16? { value(.dimension2) }
    /// The element.
    public var element: UInt16? { value(.element) }
    /// The part.
    public var part: UInt16? { value(.part) }
    /// The control state.
    public var state: RenditionState? { value(.state).map(RenditionState.init(rawValue:)) }
    /// The control value.
    public var controlValue: RenditionValue? { value(.value).map(RenditionValue.init(rawValue:)) }

    /// A symbol glyph's weight and size as an SF Symbols template names its glyph (`Regular-M`),
    /// or nil when the key gives neither. Weights 1 to 9 are Ultralight to Black and sizes 1 to 3
    /// are S, M and L: the 27 glyphs of Apple's file compiled from a public template match them
    /// one for one (`docs/SymbolSetFacts.md`). A number outside those prints as itself.
    package static func glyphName(weight: UInt16, size: UInt16) -> String? {
        guard weight != 0 || size != 0 else { return nil }
        let weightName = (1...9).contains(weight) ? glyphWeights[Int(weight) - 1] : "weight \(weight)"
        let sizeName = (1...3).contains(size) ? glyphSizes[Int(size) - 1] : "size \(size)"
        return weightName + "-" + sizeName
    }

    private static let glyphWeights = ["Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black"]
    private static let glyphSizes = ["S", "M", "L"]
}

/// The idiom attribute: universal, or a kind of device (CoreUI's numbering).
public struct CompiledIdiom: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 0: any device.
    public static let universal = Self(rawValue: 0)
    /// 1: iPhone.
    public static let phone = Self(rawValue: 1)
    /// 2: iPad.
    public static let pad = Self(rawValue: 2)
    /// 3: Apple TV.
    public static let tv = Self(rawValue: 3)
    /// 4: CarPlay.
    public static let car = Self(rawValue: 4)
    /// 5: Apple Watch.
    public static let watch = Self(rawValue: 5)
    /// 6: a marketing (App Store) image.
    public static let marketing = Self(rawValue: 6)
    /// 7: Mac.
    public static let mac = Self(rawValue: 7)
    /// 8: Apple Vision Pro.
    public static let vision = Self(rawValue: 8)

    private static let names = ["universal", "phone", "pad", "tv", "car", "watch", "marketing", "mac", "vision"]

    /// As `assetutil` prints it (`universal`, `phone`, `pad`, …), or `Unknown(N)`.
    public var name: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Unknown(\(rawValue))" }
    public var description: String { name }

    /// The same idiom in the source catalogs' terms, or nil for a number this reader does not know.
    public var requirement: IdiomRequirement? {
        switch self {
        case .universal: .universal
        case .marketing: .storeOnly("marketing")
        default: CompiledTraitNumbers.idioms.trait(rawValue).map(IdiomRequirement.device)
        }
    }
}

/// The state attribute of a control image (`Normal` for every asset-catalog image).
public struct RenditionState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    private static let names = ["Normal", "Rollover", "Pressed", "Inactive", "Disabled", "DeeplyPressed"]
    /// CoreUI's name for the state (`Normal`), or `Unknown(N)`.
    public var name: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Unknown(\(rawValue))" }
    public var description: String { name }
}

/// The value attribute of a control image: off, on or mixed.
public struct RenditionValue: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    private static let names = ["Off", "On", "Mixed"]
    /// CoreUI's name for the value (`Off`), or `Unknown(N)`.
    public var name: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Unknown(\(rawValue))" }
    public var description: String { name }
}
