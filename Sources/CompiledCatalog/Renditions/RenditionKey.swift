import AssetCatalog

/// A rendition's key: one 16-bit value per attribute of the file's key format, in its order,
/// with typed views of the attributes the selection rule uses. An attribute the key format
/// lacks reads as nil; a value of 0 means "any" for the trait axes (universal, no size class,
/// any gamut…).
///
/// ```swift
/// rendition.key.nameIdentifier   // 43947
/// rendition.key.idiom            // CompiledIdiom.phone
/// rendition.key.scale            // 2
/// rendition.key.horizontalSizeClass   // .compact, or nil for any
/// ```
public struct RenditionKey: Hashable, Sendable {
    /// The attributes, in key-format order (shared by every key of a file).
    public let attributes: [RenditionAttribute]
    /// The value of each attribute, in the same order.
    public let values: [UInt16]

    public init(attributes: [RenditionAttribute], values: [UInt16]) {
        self.attributes = attributes
        self.values = values
    }

    /// The value of `attribute`, or nil when the key format does not list it.
    public func value(_ attribute: RenditionAttribute) -> UInt16? {
        attributes.firstIndex(of: attribute).map { values[$0] }
    }

    /// Every (attribute, value) pair, in key-format order.
    public var pairs: [(attribute: RenditionAttribute, value: UInt16)] {
        Array(zip(attributes, values)).map { (attribute: $0.0, value: $0.1) }
    }

    public var nameIdentifier: UInt16? { value(.identifier) }
    public var idiom: CompiledIdiom? { value(.idiom).map(CompiledIdiom.init(rawValue:)) }
    /// The scale factor (1, 2, 3), or 0 for a scale-independent rendition such as a PDF.
    public var scale: UInt16? { value(.scale) }
    public var subtype: UInt16? { value(.subtype) }
    public var horizontalSizeClass: SizeClass? { value(.horizontalSizeClass).flatMap(Self.sizeClass) }
    public var verticalSizeClass: SizeClass? { value(.verticalSizeClass).flatMap(Self.sizeClass) }
    /// 1 sRGB, 2 P3; nil for any.
    public var displayGamut: DisplayGamut? { value(.displayGamut).flatMap(Self.displayGamut) }
    public var memoryClass: UInt16? { value(.memoryClass) }
    public var graphicsClass: UInt16? { value(.graphicsClass) }
    public var appearance: UInt16? { value(.appearance) }
    public var localization: UInt16? { value(.localization) }
    public var direction: UInt16? { value(.direction) }
    public var deploymentTarget: UInt16? { value(.deploymentTarget) }
    public var dimension1: UInt16? { value(.dimension1) }
    public var dimension2: UInt16? { value(.dimension2) }
    public var element: UInt16? { value(.element) }
    public var part: UInt16? { value(.part) }
    public var state: RenditionState? { value(.state).map(RenditionState.init(rawValue:)) }
    public var controlValue: RenditionValue? { value(.value).map(RenditionValue.init(rawValue:)) }

    /// The gamut a display-gamut value names (1 sRGB, 2 P3), or nil for any.
    package static func displayGamut(_ value: UInt16) -> DisplayGamut? {
        switch value {
        case 1: .sRGB
        case 2: .P3
        default: nil
        }
    }

    /// The layout direction a direction value names, and the value of a direction: right to left
    /// 4, left to right 5, as mcfans/actool writes them. No file of the corpus has a direction to
    /// check the numbers against; reader and compiler share them, so what adapt writes it reads.
    package static func layoutDirection(_ value: UInt16) -> LayoutDirection? {
        switch value {
        case 4: .rightToLeft
        case 5: .leftToRight
        default: nil
        }
    }

    package static func directionValue(_ direction: LayoutDirection) -> UInt16 {
        switch direction {
        case .rightToLeft: 4
        case .leftToRight: 5
        }
    }

    /// The size class a size-class value names (1 compact, 2 regular), or nil for any.
    package static func sizeClass(_ value: UInt16) -> SizeClass? {
        switch value {
        case 1: .compact
        case 2: .regular
        default: nil
        }
    }
}

/// The idiom attribute: universal, or a kind of device (CoreUI's numbering).
public struct CompiledIdiom: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let universal = Self(rawValue: 0)
    public static let phone = Self(rawValue: 1)
    public static let pad = Self(rawValue: 2)
    public static let tv = Self(rawValue: 3)
    public static let car = Self(rawValue: 4)
    public static let watch = Self(rawValue: 5)
    public static let marketing = Self(rawValue: 6)
    public static let mac = Self(rawValue: 7)
    public static let vision = Self(rawValue: 8)

    private static let names = ["universal", "phone", "pad", "tv", "car", "watch", "marketing", "mac", "vision"]

    /// As `assetutil` prints it (`universal`, `phone`, `pad`, …), or `Unknown(N)`.
    public var name: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Unknown(\(rawValue))" }
    public var description: String { name }

    /// The same idiom in the source catalogs' terms, or nil for a number this reader does not know.
    public var requirement: IdiomRequirement? {
        switch self {
        case .universal: .universal
        case .phone: .device(.phone)
        case .pad: .device(.pad)
        case .tv: .device(.tv)
        case .car: .device(.car)
        case .watch: .device(.watch)
        case .mac: .device(.mac)
        case .vision: .device(.vision)
        case .marketing: .storeOnly("marketing")
        default: nil
        }
    }
}

/// The state attribute of a control image (`Normal` for every asset-catalog image).
public struct RenditionState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    private static let names = ["Normal", "Rollover", "Pressed", "Inactive", "Disabled", "DeeplyPressed"]
    public var name: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Unknown(\(rawValue))" }
    public var description: String { name }
}

/// The value attribute of a control image: off, on or mixed.
public struct RenditionValue: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    private static let names = ["Off", "On", "Mixed"]
    public var name: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Unknown(\(rawValue))" }
    public var description: String { name }
}
