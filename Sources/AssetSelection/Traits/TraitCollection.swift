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
    public var userInterfaceIdiom: UserInterfaceIdiom?
    /// Watch screen width in points.
    public var screenWidth: Int?
    public var userInterfaceStyle: UserInterfaceStyle?
    public var accessibilityContrast: AccessibilityContrast?
    public var horizontalSizeClass: SizeClass?
    public var verticalSizeClass: SizeClass?
    public var layoutDirection: LayoutDirection?
    /// Device memory in GB.
    public var memory: Int?
    public var graphicsFeatureSet: GraphicsFeatureSet?
    public var displayGamut: DisplayGamut?
    /// 1, 2 or 3.
    public var displayScale: Int?

    public init(userInterfaceIdiom: UserInterfaceIdiom? = nil, screenWidth: Int? = nil,
                userInterfaceStyle: UserInterfaceStyle? = nil, accessibilityContrast: AccessibilityContrast? = nil,
                horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil,
                layoutDirection: LayoutDirection? = nil, memory: Int? = nil,
                graphicsFeatureSet: GraphicsFeatureSet? = nil, displayGamut: DisplayGamut? = nil,
                displayScale: Int? = nil) {
        self.userInterfaceIdiom = userInterfaceIdiom
        self.screenWidth = screenWidth
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.layoutDirection = layoutDirection
        self.memory = memory
        self.graphicsFeatureSet = graphicsFeatureSet
        self.displayGamut = displayGamut
        self.displayScale = displayScale
    }

    /// A collection with no trait specified.
    public static let unspecified = TraitCollection()

    /// Combines collections as UIKit's `traitCollectionWithTraitsFromCollections:` does: each trait
    /// takes the value of the last collection that specifies it.
    public init(mergingTraitsFrom collections: [TraitCollection]) {
        self.init()
        for collection in collections {
            for axis in TraitAxis.allCases where collection.isSpecified(axis) {
                copy(axis, from: collection)
            }
        }
    }

    /// This collection with `overrides` applied on top: what a child whose container overrides
    /// some of its traits sees.
    public func applying(_ overrides: TraitCollection) -> TraitCollection {
        TraitCollection(mergingTraitsFrom: [self, overrides])
    }

    public func isSpecified(_ axis: TraitAxis) -> Bool {
        switch axis {
        case .idiom: userInterfaceIdiom != nil
        case .screenWidth: screenWidth != nil
        case .userInterfaceStyle: userInterfaceStyle != nil
        case .accessibilityContrast: accessibilityContrast != nil
        case .horizontalSizeClass: horizontalSizeClass != nil
        case .verticalSizeClass: verticalSizeClass != nil
        case .layoutDirection: layoutDirection != nil
        case .memory: memory != nil
        case .graphicsFeatureSet: graphicsFeatureSet != nil
        case .displayGamut: displayGamut != nil
        case .displayScale: displayScale != nil
        }
    }

    /// The axes whose values differ between the two collections (specified versus unspecified counts).
    public func differingAxes(from other: TraitCollection) -> [TraitAxis] {
        TraitAxis.allCases.filter { value(of: $0) != other.value(of: $0) }
    }

    /// The trait's value as a query writes it, or nil when unspecified.
    public func value(of axis: TraitAxis) -> JSONValue? {
        switch axis {
        case .idiom: userInterfaceIdiom.map { .string($0.rawValue) }
        case .screenWidth: screenWidth.map { .number(String($0)) }
        case .userInterfaceStyle: userInterfaceStyle.map { .string($0.rawValue) }
        case .accessibilityContrast: accessibilityContrast.map { .string($0.rawValue) }
        case .horizontalSizeClass: horizontalSizeClass.map { .string($0.rawValue) }
        case .verticalSizeClass: verticalSizeClass.map { .string($0.rawValue) }
        case .layoutDirection: layoutDirection.map { .string($0.rawValue) }
        case .memory: memory.map { .number(String($0)) }
        case .graphicsFeatureSet: graphicsFeatureSet.map { .string($0.rawValue) }
        case .displayGamut: displayGamut.map { .string($0.rawValue) }
        case .displayScale: displayScale.map { .number(String($0)) }
        }
    }

    private mutating func copy(_ axis: TraitAxis, from other: TraitCollection) {
        switch axis {
        case .idiom: userInterfaceIdiom = other.userInterfaceIdiom
        case .screenWidth: screenWidth = other.screenWidth
        case .userInterfaceStyle: userInterfaceStyle = other.userInterfaceStyle
        case .accessibilityContrast: accessibilityContrast = other.accessibilityContrast
        case .horizontalSizeClass: horizontalSizeClass = other.horizontalSizeClass
        case .verticalSizeClass: verticalSizeClass = other.verticalSizeClass
        case .layoutDirection: layoutDirection = other.layoutDirection
        case .memory: memory = other.memory
        case .graphicsFeatureSet: graphicsFeatureSet = other.graphicsFeatureSet
        case .displayGamut: displayGamut = other.displayGamut
        case .displayScale: displayScale = other.displayScale
        }
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
    public var inherited: TraitCollection
    public var overrides: TraitCollection

    public init(inherited: TraitCollection, overrides: TraitCollection = .unspecified) {
        self.inherited = inherited
        self.overrides = overrides
    }

    public var effective: TraitCollection { inherited.applying(overrides) }

    /// The environment of a child of this one, which inherits this one's effective traits.
    public func child(overriding overrides: TraitCollection = .unspecified) -> TraitEnvironment {
        TraitEnvironment(inherited: effective, overrides: overrides)
    }
}
