import AssetCatalog

/// CoreUI's numbers for the traits of a rendition key, both ways, in one place: `adapt compile`
/// writes these numbers and the reader (inspect, extract, verify, thin, the assetutil document)
/// reads them back as the same traits, so what adapt writes it reads. A test maps every value to
/// its number and back, and every number to its value and back.
///
/// Where the numbers come from: the idioms are `CompiledIdiom`'s; memory and graphics classes
/// and subtypes are the Xcode 7.3 corpus's (`shared/corpus/compiled/acextract`, each `.car`
/// rendition beside its `Images.xcassets` entry); display gamut 1 is Display P3 as `CUIDisplayGamut`
/// counts (AM-MiniPlayer's wide-colour layer); directions are mcfans/actool's (no file of the corpus
/// has one); appearances are the names and numbers actool writes into `APPEARANCEKEYS`.
///
/// ```swift
/// CompiledTraitNumbers.memoryClasses.number(4)        // 3: `4GB` is memory class 3
/// CompiledTraitNumbers.graphicsClasses.trait(2)       // .metal2v2
/// ```
package enum CompiledTraitNumbers {
    /// The numbers of one trait: each value with the number CoreUI keys it by, one to one. A value
    /// without a number has no established one (adapt does not compile it); a number without a
    /// value is one the reader leaves unrecognised.
    package struct Table<Trait: Hashable & Sendable>: Sendable {
        package let pairs: [(trait: Trait, number: UInt16)]

        package init(_ pairs: [(trait: Trait, number: UInt16)]) { self.pairs = pairs }

        /// The number of `trait`, or nil when it has none.
        package func number(_ trait: Trait) -> UInt16? { pairs.first { $0.trait == trait }?.number }
        /// The value `number` names, or nil for a number not in the table.
        package func trait(_ number: UInt16) -> Trait? { pairs.first { $0.number == number }?.trait }
    }

    /// The idiom of each kind of device (`CompiledIdiom`); 0 is universal and 6 the App Store's
    /// marketing slot, which are no kind of device.
    package static let idioms = Table<UserInterfaceIdiom>([
        (.phone, CompiledIdiom.phone.rawValue), (.pad, CompiledIdiom.pad.rawValue), (.tv, CompiledIdiom.tv.rawValue),
        (.car, CompiledIdiom.car.rawValue), (.watch, CompiledIdiom.watch.rawValue), (.mac, CompiledIdiom.mac.rawValue),
        (.vision, CompiledIdiom.vision.rawValue),
    ])

    /// Horizontal and vertical size classes: 1 compact, 2 regular (0 any).
    package static let sizeClasses = Table<SizeClass>([(.compact, 1), (.regular, 2)])

    /// Display gamut 1 is Display P3. sRGB has no number: an entry written `sRGB` compiles as one
    /// without a gamut (0, any gamut, which is sRGB's), as `CUIDisplayGamut` and `UIDisplayGamut`
    /// count (sRGB 0, P3 1), and as Xcode 26.2 keyed AM-MiniPlayer's Icon Composer layer: its
    /// wide-colour `RGBW` rendition has value 1, its `ARGB` one none.
    package static let displayGamuts = Table<DisplayGamut>([(.P3, 1)])

    /// Layout directions: right to left 4, left to right 5, as mcfans/actool writes them.
    package static let directions = Table<LayoutDirection>([(.rightToLeft, 4), (.leftToRight, 5)])

    /// Memory classes by a variant's `memory` in gigabytes: `1GB`, `2GB`, `4GB` are classes 1, 2,
    /// 3 (the corpus's `m_1gb`, `m_2gb`, `m_4gb`).
    package static let memoryClasses = Table<Int>([(1, 1), (2, 2), (4, 3)])

    /// Graphics classes: `metal1v2`, `metal2v2`, `metal3v1` are 1, 2, 3 (the corpus's `g_1v2`,
    /// `g_2v2`, `g_3v1`). No file shows another family's number.
    package static let graphicsClasses = Table<GraphicsFeatureSet>([(.metal1v2, 1), (.metal2v2, 2), (.metal3v1, 3)])

    /// An iPhone's subtype: `retina4`, the 4-inch screen, is its height, 568 points (`d_iphone4`).
    package static let phoneSubtypes = Table<String>([(Variant.fourInchSubtype, 568)])

    /// A watch's subtype by `screen-width`: `<=145` is 320 and `>145` 384 (`d_watch`, `v_overrides`:
    /// the 38 mm and 42 mm cases). The numbers are not the screens' pixel widths (272, 312) nor
    /// heights (340, 390), so no other condition can be computed from them.
    package static let watchSubtypes = Table<ScreenWidthCondition>([
        (ScreenWidthCondition(.lessThanOrEqual, 145), 320), (ScreenWidthCondition(.greaterThan, 145), 384),
    ])
}

extension CompiledTraitNumbers {
    /// An appearance as `APPEARANCEKEYS` names and numbers it, with the luminosity and contrast it
    /// stands for. CoreUI finds an appearance by its name in that tree, so a file's numbers are its
    /// own; these are the ones adapt writes.
    package struct Appearance: Hashable, Sendable {
        package var name: String
        /// The luminosity, or nil for any.
        package var style: UserInterfaceStyle?
        /// Whether it is the high-contrast appearance.
        package var highContrast: Bool
        package var number: UInt16
    }

    /// UIKit's appearances: `UIAppearanceAny` 0 and `UIAppearanceDark` 1 are sentry-cli's files'
    /// and mcfans/actool's; the light and high-contrast numbers are adapt's choice (no file here
    /// shows one).
    package static let uiKitAppearances: [Appearance] = [
        Appearance(name: "UIAppearanceAny", style: nil, highContrast: false, number: 0),
        Appearance(name: "UIAppearanceDark", style: .dark, highContrast: false, number: 1),
        Appearance(name: "UIAppearanceHighContrastAny", style: nil, highContrast: true, number: 2),
        Appearance(name: "UIAppearanceHighContrastDark", style: .dark, highContrast: true, number: 3),
        Appearance(name: "UIAppearanceLight", style: .light, highContrast: false, number: 4),
        Appearance(name: "UIAppearanceHighContrastLight", style: .light, highContrast: true, number: 5),
    ]

    /// AppKit's appearances: `NSAppearanceNameSystem` 0, `NSAppearanceNameDarkAqua` 1 and
    /// `NSAppearanceNameAqua` 8 are sudoku's; the high-contrast numbers are adapt's choice.
    package static let appKitAppearances: [Appearance] = [
        Appearance(name: "NSAppearanceNameSystem", style: nil, highContrast: false, number: 0),
        Appearance(name: "NSAppearanceNameDarkAqua", style: .dark, highContrast: false, number: 1),
        Appearance(name: "NSAppearanceNameAccessibilitySystem", style: nil, highContrast: true, number: 2),
        Appearance(name: "NSAppearanceNameAccessibilityDarkAqua", style: .dark, highContrast: true, number: 3),
        Appearance(name: "NSAppearanceNameAqua", style: .light, highContrast: false, number: 8),
        Appearance(name: "NSAppearanceNameAccessibilityAqua", style: .light, highContrast: true, number: 9),
    ]

    /// The tinted appearance of an Icon Composer icon's stacks and groups (Xcode 26's files), among
    /// the Mac's numbers; no catalog set has it.
    package static let tintable = Appearance(name: "ISAppearanceTintable", style: .tinted, highContrast: false, number: 10)

    /// The appearance a set's luminosity and contrast compile to on the Mac (`appKit`) or the other
    /// platforms, or nil for one with no appearance (a tinted entry).
    package static func appearance(style: UserInterfaceStyle?, contrast: AccessibilityContrast?, appKit: Bool) -> Appearance? {
        (appKit ? appKitAppearances : uiKitAppearances).first { $0.style == style && $0.highContrast == (contrast == .high) }
    }

    /// The appearance `APPEARANCEKEYS` names `name` (UIKit's, AppKit's or the tinted icon's), or
    /// nil for a name adapt does not know.
    package static func appearance(named name: String) -> Appearance? { appearancesByName[name] }

    private static let appearancesByName = Dictionary(uniqueKeysWithValues: (uiKitAppearances + appKitAppearances + [tintable]).map { ($0.name, $0) })
}
