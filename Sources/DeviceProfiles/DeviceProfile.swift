import AssetCatalog
import AssetSelection

/// A device model: the traits its hardware fixes, which thinning keeps variants for, and its
/// windows (orientation × multitasking), which `adapt matrix` shows.
///
/// ```swift
/// let database = try DeviceDatabase.builtIn()
/// let phone = database.profile(matching: "iPhone7,2")!       // or "iphone-6"
/// phone.thinningTraitSets(declaring: [.displayScale, .userInterfaceStyle], locales: ["fr"])
/// for reachable in phone.reachableTraitSets() { print(reachable.traits.summary) }   // its windows
/// ```
public struct DeviceProfile: Hashable, Sendable {
    /// The profile's id (`iphone-15-pro`): what `--device` and folder names use.
    public var id: String
    /// The marketing name (`iPhone 15 Pro`).
    public var name: String
    /// Hardware identifiers such as `iPhone7,2`.
    public var modelIdentifiers: [String]
    /// The device kind.
    public var idiom: UserInterfaceIdiom
    /// The display scales it drives, its own screen's first (a Mac also drives 1x displays).
    public var displayScales: [Int]
    /// Screen size in points, portrait.
    public var screen: Size
    /// The display's gamut.
    public var displayGamut: DisplayGamut
    /// Memory in GB (0 for less than 1 GB).
    public var memory: Int
    /// The GPU families it supports, best first (its fallback order); empty without Metal.
    public var graphicsFeatureSets: [GraphicsFeatureSet]
    /// Watch screen width in points, for `screen-width` variants.
    public var screenWidth: Int?
    /// Watch case size (`44mm`), for watch icons' `subtype`; `retina4` on 4-inch iPhones, whose
    /// images of that subtype they prefer (rule 2.1).
    public var deviceSubtype: String?
    /// Idioms whose content it shows besides its own: a phone draws CarPlay screens (`car`).
    public var hostedIdioms: [UserInterfaceIdiom]
    /// The appearances its newest OS offers (`light`, `dark` from iOS 13, `tinted` icons from iOS 18).
    public var appearances: [UserInterfaceStyle]
    /// The newest OS version it runs (its platform follows from its idiom), which a deployment
    /// target compares against; nil when unknown (then no deployment target retires it).
    public var newestOS: OSVersion?
    /// Each orientation and multitasking mode it supports, with its size classes.
    public var traitSets: [WindowTraits]

    /// A profile, as the database's JSON describes one; what is left out takes the database's defaults.
    public init(
        id: String, name: String, modelIdentifiers: [String] = [], idiom: UserInterfaceIdiom, displayScales: [Int],
        screen: Size, displayGamut: DisplayGamut = .sRGB, memory: Int = 0, graphicsFeatureSets: [GraphicsFeatureSet] = [],
        screenWidth: Int? = nil, deviceSubtype: String? = nil, hostedIdioms: [UserInterfaceIdiom] = [],
        appearances: [UserInterfaceStyle] = [.light], newestOS: OSVersion? = nil, traitSets: [WindowTraits]
    ) {
        self.id = id
        self.name = name
        self.modelIdentifiers = modelIdentifiers
        self.idiom = idiom
        self.displayScales = displayScales
        self.screen = screen
        self.displayGamut = displayGamut
        self.memory = memory
        self.graphicsFeatureSets = graphicsFeatureSets
        self.screenWidth = screenWidth
        self.deviceSubtype = deviceSubtype
        self.hostedIdioms = hostedIdioms
        self.appearances = appearances
        self.newestOS = newestOS
        self.traitSets = traitSets
    }

    /// Its own screen's scale.
    public var displayScale: Int { displayScales.first ?? 1 }

    /// Whether its newest OS shows tinted app icons (iOS 18).
    public var offersTintedIcons: Bool { appearances.contains(.tinted) }

    /// A width and height in points.
    public struct Size: Hashable, Sendable {
        /// The width in points.
        public var width: Int
        /// The height in points.
        public var height: Int
        /// A size in points.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// One orientation and multitasking mode, and the size classes and window size it gives.
    public struct WindowTraits: Hashable, Sendable {
        /// `portrait` or `landscape`.
        public var orientation: String
        /// The window mode: `fullScreen`, `splitHalf`, `splitOneThird`, `splitTwoThirds` or `slideOver`.
        public var multitasking: String
        /// The window's horizontal size class.
        public var horizontalSizeClass: SizeClass
        /// The window's vertical size class.
        public var verticalSizeClass: SizeClass
        /// The window's size in points.
        public var window: Size

        /// How matrices and manifests name the window (`portrait fullScreen`).
        public var label: String { "\(orientation) \(multitasking)" }
    }

    /// The traits the device fixes whatever it is doing, on its own screen.
    public var fixedTraits: TraitCollection {
        var traits = TraitCollection(
            userInterfaceIdiom: idiom, screenWidth: screenWidth, memory: memory,
            displayGamut: displayGamut, displayScale: displayScale, deviceSubtype: deviceSubtype)
        traits.graphicsFeatureSets = graphicsFeatureSets.isEmpty ? nil : graphicsFeatureSets
        return traits
    }

    /// The traits in one window mode, before appearance, contrast and direction are chosen.
    public func traits(in window: WindowTraits) -> TraitCollection {
        var traits = fixedTraits
        traits.horizontalSizeClass = window.horizontalSizeClass
        traits.verticalSizeClass = window.verticalSizeClass
        return traits
    }

    /// One trait set the device can be in through its windows, and which window gives it.
    public struct ReachableTraitSet: Hashable, Sendable {
        /// The window that gives the trait set.
        public var window: WindowTraits
        /// The trait set.
        public var traits: TraitCollection
    }

    /// What the device shows as it rotates or multitasks: each window mode × each appearance ×
    /// normal and high contrast × both layout directions, in that order (`adapt matrix`).
    public func reachableTraitSets() -> [ReachableTraitSet] {
        var result: [ReachableTraitSet] = []
        for window in traitSets {
            for style in appearances where style != .tinted {
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

    /// The device's fixed traits for each idiom it shows content of (its own, then hosted ones)
    /// and each display scale it drives. Hosted content is drawn for the other screen in sRGB,
    /// without a watch width or subtype, with the device's own memory and graphics, and at the
    /// device's own scales: rule 2.2, as nine of Apple's device builds for one iPhone show (each
    /// `hostedIdioms (4)`, each keeping a universal image at the phone's scale only), although
    /// CarPlay screens are 2x or 3x.
    public var fixedTraitSets: [TraitCollection] {
        var result: [TraitCollection] = []
        for scale in displayScales {
            var traits = fixedTraits
            traits.displayScale = scale
            result.append(traits)
        }
        for hosted in hostedIdioms where hosted != idiom {
            for scale in displayScales {
                var traits = fixedTraits
                traits.userInterfaceIdiom = hosted
                traits.displayScale = scale
                traits.displayGamut = .sRGB
                traits.screenWidth = nil
                traits.deviceSubtype = nil
                result.append(traits)
            }
        }
        return result
    }

    /// The device's **thinning trait sets**, as an asset that declares only `axes` sees them:
    /// its fixed traits combined with every value of each run-time trait, unspecified included
    /// (appearance, contrast, size classes, layout direction, and each of `locales`), since an
    /// app or its user can change those at run time. Axes outside `axes` are left unspecified,
    /// which gives such an asset the same answers with far fewer sets. Distinct, in a stable order.
    public func thinningTraitSets(declaring axes: Set<TraitAxis> = Set(TraitAxis.allCases), locales: [String]) -> [TraitCollection] {
        func values<T>(_ axis: TraitAxis, _ all: [T]) -> [T?] { axes.contains(axis) ? [nil] + all.map(Optional.some) : [nil] }
        let styles = values(.userInterfaceStyle, appearances.contains(.dark) ? appearances : appearances + [.dark])
        let contrasts = values(.accessibilityContrast, AccessibilityContrast.allCases)
        let horizontals = values(.horizontalSizeClass, SizeClass.allCases)
        let verticals = values(.verticalSizeClass, SizeClass.allCases)
        let directions = values(.layoutDirection, LayoutDirection.allCases)
        let localeValues = values(.locale, locales)
        var seen: Set<TraitCollection> = []
        var result: [TraitCollection] = []
        for fixed in fixedTraitSets {
            let base = fixed.projected(onto: axes)
            for style in styles {
                for contrast in contrasts {
                    for horizontal in horizontals {
                        for vertical in verticals {
                            for direction in directions {
                                for locale in localeValues {
                                    var traits = base
                                    traits.userInterfaceStyle = style
                                    traits.accessibilityContrast = contrast
                                    traits.horizontalSizeClass = horizontal
                                    traits.verticalSizeClass = vertical
                                    traits.layoutDirection = direction
                                    traits.locale = locale
                                    if seen.insert(traits).inserted { result.append(traits) }
                                }
                            }
                        }
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
