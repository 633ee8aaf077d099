import AssetCatalog

/// A set of traits describing a device's current environment, each possibly unspecified, as
/// a query to the selector.
///
/// ```swift
/// var traits = TraitCollection(userInterfaceIdiom: .phone, displayScale: 3)
/// traits.horizontalSizeClass = .compact
/// let merged = TraitCollection(mergingTraitsFrom: [deviceTraits, windowTraits])
/// merged.differingAxes(from: traits)   // [.verticalSizeClass, ...]
/// ```
public struct TraitCollection: Hashable, Sendable {
    /// Light, dark or tinted.
    public var userInterfaceStyle: UserInterfaceStyle?
    /// Normal or increased contrast.
    public var accessibilityContrast: AccessibilityContrast?
    /// A language identifier such as `fr` or `pt-BR`.
    public var locale: String?
    /// Device memory in GB.
    public var memory: Int?
    /// Watch screen width in points.
    public var screenWidth: Int?
    /// Watch case size such as `44mm`.
    public var deviceSubtype: String?
    /// The GPU families the device supports, best first: its fallback order. Set
    /// `graphicsFeatureSet` to give one family and every lower one of its kind.
    public var graphicsFeatureSets: [GraphicsFeatureSet]?
    /// 1, 2 or 3.
    public var displayScale: Int?
    /// The reading direction.
    public var layoutDirection: LayoutDirection?
    /// The display's colour gamut.
    public var displayGamut: DisplayGamut?
    /// The device kind.
    public var userInterfaceIdiom: UserInterfaceIdiom?
    /// The horizontal size class of the window.
    public var horizontalSizeClass: SizeClass?
    /// The vertical size class of the window.
    public var verticalSizeClass: SizeClass?

    /// A trait collection; every trait left out is unspecified (docs/Selection.md says how the
    /// rule reads an unspecified trait on each axis).
    public init(
        userInterfaceIdiom: UserInterfaceIdiom? = nil, screenWidth: Int? = nil,
        userInterfaceStyle: UserInterfaceStyle? = nil, accessibilityContrast: AccessibilityContrast? = nil,
        horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil,
        layoutDirection: LayoutDirection? = nil, memory: Int? = nil,
        graphicsFeatureSet: GraphicsFeatureSet? = nil, displayGamut: DisplayGamut? = nil,
        displayScale: Int? = nil, locale: String? = nil, deviceSubtype: String? = nil
    ) {
        self.userInterfaceIdiom = userInterfaceIdiom
        self.screenWidth = screenWidth
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.layoutDirection = layoutDirection
        self.memory = memory
        self.graphicsFeatureSets = graphicsFeatureSet?.fallbackList
        self.displayGamut = displayGamut
        self.displayScale = displayScale
        self.locale = locale
        self.deviceSubtype = deviceSubtype
    }

    /// A collection with no trait specified.
    public static let unspecified = TraitCollection()

    /// The best GPU family, or one family standing for itself and every lower one of its kind.
    public var graphicsFeatureSet: GraphicsFeatureSet? {
        get { graphicsFeatureSets?.first }
        set { graphicsFeatureSets = newValue?.fallbackList }
    }

    /// Combines collections as UIKit's `traitCollectionWithTraitsFromCollections:` does: each trait
    /// takes the value of the last collection that specifies it.
    public init(mergingTraitsFrom collections: [TraitCollection]) {
        self.init()
        for collection in collections {
            for trait in Trait.allCases where collection.isSpecified(trait) {
                copy(trait, from: collection)
            }
        }
    }

    /// This collection with `overrides` applied on top: what a child whose container overrides
    /// some of its traits sees.
    public func applying(_ overrides: TraitCollection) -> TraitCollection {
        TraitCollection(mergingTraitsFrom: [self, overrides])
    }

    /// Whether the query gives a value for `trait`.
    public func isSpecified(_ trait: Trait) -> Bool {
        switch trait {
        case .userInterfaceStyle: userInterfaceStyle != nil
        case .accessibilityContrast: accessibilityContrast != nil
        case .locale: locale != nil
        case .memory: memory != nil
        case .screenWidth: screenWidth != nil
        case .deviceSubtype: deviceSubtype != nil
        case .graphicsFeatureSet: graphicsFeatureSets != nil
        case .displayScale: displayScale != nil
        case .layoutDirection: layoutDirection != nil
        case .displayGamut: displayGamut != nil
        case .userInterfaceIdiom: userInterfaceIdiom != nil
        case .horizontalSizeClass: horizontalSizeClass != nil
        case .verticalSizeClass: verticalSizeClass != nil
        }
    }

    /// Whether any trait of the axis is specified.
    public func isSpecified(_ axis: TraitAxis) -> Bool { axis.traits.contains { isSpecified($0) } }

    /// The axes on which the two collections differ (specified versus unspecified counts).
    public func differingAxes(from other: TraitCollection) -> [TraitAxis] {
        TraitAxis.allCases.filter { !agrees(with: other, on: $0) }
    }

    /// Whether the two collections give every trait of `axis` the same value (or leave it
    /// unspecified alike): what `differingAxes(from:)` asks, without writing the values out.
    package func agrees(with other: TraitCollection, on axis: TraitAxis) -> Bool {
        axis.traits.allSatisfy { trait in
            switch trait {
            case .userInterfaceStyle: userInterfaceStyle == other.userInterfaceStyle
            case .accessibilityContrast: accessibilityContrast == other.accessibilityContrast
            case .locale: locale == other.locale
            case .memory: memory == other.memory
            case .screenWidth: screenWidth == other.screenWidth
            case .deviceSubtype: deviceSubtype == other.deviceSubtype
            case .graphicsFeatureSet: graphicsFeatureSets == other.graphicsFeatureSets
            case .displayScale: displayScale == other.displayScale
            case .layoutDirection: layoutDirection == other.layoutDirection
            case .displayGamut: displayGamut == other.displayGamut
            case .userInterfaceIdiom: userInterfaceIdiom == other.userInterfaceIdiom
            case .horizontalSizeClass: horizontalSizeClass == other.horizontalSizeClass
            case .verticalSizeClass: verticalSizeClass == other.verticalSizeClass
            }
        }
    }

    /// The trait's value as a query writes it, or nil when unspecified. A device's list of GPU
    /// families is written as one name when it is that family's own fallback list.
    public func value(of trait: Trait) -> JSONValue? {
        switch trait {
        case .userInterfaceStyle: userInterfaceStyle.map { .string($0.rawValue) }
        case .accessibilityContrast: accessibilityContrast.map { .string($0.rawValue) }
        case .locale: locale.map { .string($0) }
        case .memory: memory.map { .number(String($0)) }
        case .screenWidth: screenWidth.map { .number(String($0)) }
        case .deviceSubtype: deviceSubtype.map { .string($0) }
        case .graphicsFeatureSet:
            graphicsFeatureSets.map { list in
                if let first = list.first, list == first.fallbackList { return .string(first.rawValue) }
                return .array(list.map { .string($0.rawValue) })
            }
        case .displayScale: displayScale.map { .number(String($0)) }
        case .layoutDirection: layoutDirection.map { .string($0.rawValue) }
        case .displayGamut: displayGamut.map { .string($0.rawValue) }
        case .userInterfaceIdiom: userInterfaceIdiom.map { .string($0.rawValue) }
        case .horizontalSizeClass: horizontalSizeClass.map { .string($0.rawValue) }
        case .verticalSizeClass: verticalSizeClass.map { .string($0.rawValue) }
        }
    }

    private mutating func copy(_ trait: Trait, from other: TraitCollection) {
        switch trait {
        case .userInterfaceStyle: userInterfaceStyle = other.userInterfaceStyle
        case .accessibilityContrast: accessibilityContrast = other.accessibilityContrast
        case .locale: locale = other.locale
        case .memory: memory = other.memory
        case .screenWidth: screenWidth = other.screenWidth
        case .deviceSubtype: deviceSubtype = other.deviceSubtype
        case .graphicsFeatureSet: graphicsFeatureSets = other.graphicsFeatureSets
        case .displayScale: displayScale = other.displayScale
        case .layoutDirection: layoutDirection = other.layoutDirection
        case .displayGamut: displayGamut = other.displayGamut
        case .userInterfaceIdiom: userInterfaceIdiom = other.userInterfaceIdiom
        case .horizontalSizeClass: horizontalSizeClass = other.horizontalSizeClass
        case .verticalSizeClass: verticalSizeClass = other.verticalSizeClass
        }
    }

    /// This collection with every trait of the axes outside `axes` unspecified. An asset whose
    /// variants declare none of an axis is chosen the same way whatever the query says on it, so
    /// thinning and validation resolve each distinct projection once.
    public func projected(onto axes: Set<TraitAxis>) -> TraitCollection {
        var result = TraitCollection()
        for axis in axes {
            for trait in axis.traits { result.copy(trait, from: self) }
        }
        return result
    }
}

extension TraitCollection {
    /// Hashes what `==` compares, the seven enumerated traits packed into one word: thinning
    /// hashes tens of thousands of collections a run (`DeviceTraitSets`), and combining each
    /// optional trait on its own (two combines each, and every GPU family of the list) was most
    /// of that. Of the GPU families only the first and their number are hashed: a device's list
    /// is its first family's fallback list.
    public func hash(into hasher: inout Hasher) {
        var enumerated: UInt64 = Self.caseByte(userInterfaceStyle)
        enumerated = enumerated << 8 | Self.caseByte(accessibilityContrast)
        enumerated = enumerated << 8 | Self.caseByte(layoutDirection)
        enumerated = enumerated << 8 | Self.caseByte(displayGamut)
        enumerated = enumerated << 8 | Self.caseByte(userInterfaceIdiom)
        enumerated = enumerated << 8 | Self.caseByte(horizontalSizeClass)
        enumerated = enumerated << 8 | Self.caseByte(verticalSizeClass)
        enumerated = enumerated << 8 | Self.caseByte(graphicsFeatureSets?.first)
        hasher.combine(enumerated)
        hasher.combine(graphicsFeatureSets?.count ?? -1)
        hasher.combine(displayScale ?? -1)
        hasher.combine(memory ?? -1)
        hasher.combine(screenWidth ?? -1)
        hasher.combine(locale)
        hasher.combine(deviceSubtype)
    }

    /// A trait of cases without payloads, as the byte that stores it (nil is a byte of its own):
    /// equal values are equal bytes.
    private static func caseByte<Value: RawRepresentable>(_ value: Value?) -> UInt64 {
        precondition(MemoryLayout<Value?>.size == 1, "\(Value.self) is stored in more than a byte")
        return withUnsafeBytes(of: value) { UInt64($0[0]) }
    }
}

/// Where a view controller gets its traits: what its parent passes down, with what its container
/// overrides on top.
///
/// This is the rule of `setOverrideTraitCollection(_:forChild:)`: a child whose horizontal size class
/// is overridden keeps that value whenever its parent's traits change, and inherits every trait it
/// did not override, such as a new display scale.
///
/// ```swift
/// var child = TraitEnvironment(inherited: parentTraits)
/// child.overrides.horizontalSizeClass = .regular
/// child.inherited = rotatedParentTraits   // size class stays .regular, the rest follows the parent
/// child.effective
/// ```
public struct TraitEnvironment: Hashable, Sendable {
    /// The traits the parent passes down.
    public var inherited: TraitCollection
    /// The traits this level sets itself, kept when the parent's change.
    public var overrides: TraitCollection

    /// An environment under `inherited`, overriding `overrides`.
    public init(inherited: TraitCollection, overrides: TraitCollection = .unspecified) {
        self.inherited = inherited
        self.overrides = overrides
    }

    /// What this level sees: the inherited traits with the overrides applied.
    public var effective: TraitCollection { inherited.applying(overrides) }

    /// The environment of a child of this one, which inherits this one's effective traits.
    public func child(overriding overrides: TraitCollection = .unspecified) -> TraitEnvironment {
        TraitEnvironment(inherited: effective, overrides: overrides)
    }
}
