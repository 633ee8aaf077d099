import AssetCatalog
import AssetSelection

/// A device model as thinning sees it: the traits it fixes, and every trait set it can be in.
///
/// ```swift
/// let database = try DeviceDatabase.builtIn()
/// let phone = database.profile(matching: "iPhone7,2")!       // or "iphone-6"
/// for reachable in phone.reachableTraitSets() { print(reachable.traits.summary) }
/// ```
public struct DeviceProfile: Hashable, Sendable {
    public var id: String
    public var name: String
    /// Hardware identifiers such as `iPhone7,2`.
    public var modelIdentifiers: [String]
    public var idiom: UserInterfaceIdiom
    public var displayScale: Int
    /// Screen size in points, portrait.
    public var screen: Size
    public var displayGamut: DisplayGamut
    /// Memory in GB (0 for less than 1 GB).
    public var memory: Int
    /// nil for devices without Metal.
    public var graphicsFeatureSet: GraphicsFeatureSet?
    /// Watch screen width in points, for `screen-width` variants.
    public var screenWidth: Int?
    /// The appearances its newest OS offers (`light`, `dark` from iOS 13, `tinted` from iOS 18).
    public var appearances: [UserInterfaceStyle]
    /// Each orientation and multitasking mode it supports, with its size classes.
    public var traitSets: [WindowTraits]

    public struct Size: Hashable, Sendable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// One orientation and multitasking mode, and the size classes and window size it gives.
    public struct WindowTraits: Hashable, Sendable {
        public var orientation: String
        public var multitasking: String
        public var horizontalSizeClass: SizeClass
        public var verticalSizeClass: SizeClass
        public var window: Size

        public var label: String { "\(orientation) \(multitasking)" }
    }

    /// The traits the device fixes whatever it is doing.
    public var fixedTraits: TraitCollection {
        TraitCollection(userInterfaceIdiom: idiom, screenWidth: screenWidth, memory: memory,
                        graphicsFeatureSet: graphicsFeatureSet, displayGamut: displayGamut, displayScale: displayScale)
    }

    /// The traits in one window mode, before appearance, contrast and direction are chosen.
    public func traits(in window: WindowTraits) -> TraitCollection {
        var traits = fixedTraits
        traits.horizontalSizeClass = window.horizontalSizeClass
        traits.verticalSizeClass = window.verticalSizeClass
        return traits
    }

    /// One trait set the device can be in, and where it comes from.
    public struct ReachableTraitSet: Hashable, Sendable {
        public var window: WindowTraits
        public var traits: TraitCollection
    }

    /// Every trait set the device can be in: each window mode × each appearance × normal and high
    /// contrast × both layout directions, in that order.
    public func reachableTraitSets() -> [ReachableTraitSet] {
        var result: [ReachableTraitSet] = []
        for window in traitSets {
            for style in appearances {
                for contrast in AccessibilityContrast.allCases {
                    for direction in LayoutDirection.allCases {
                        var traits = self.traits(in: window)
                        traits.userInterfaceStyle = style
                        traits.accessibilityContrast = contrast
                        traits.layoutDirection = direction
                        result.append(ReachableTraitSet(window: window, traits: traits))
                    }
                }
            }
        }
        return result
    }

    /// The window mode with this orientation and multitasking mode. Either may be nil: then a
    /// full-screen window is preferred, then the first listed.
    public func window(orientation: String? = nil, multitasking: String? = nil) -> WindowTraits? {
        let matches = traitSets.filter {
            (orientation == nil || $0.orientation == orientation) && (multitasking == nil || $0.multitasking == multitasking)
        }
        return matches.first { $0.multitasking == "fullScreen" } ?? matches.first
    }
}
