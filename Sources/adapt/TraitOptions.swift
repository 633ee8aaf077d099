import AdaptiveAssets
import ArgumentParser

/// The trait options shared by commands that take a trait set on the command line. Numbers are
/// parsed `.unconditional`ly: `--scale -1` is a bad scale (said by `validate()`), not a missing one.
struct TraitOptions: ParsableArguments {
    @Option(help: "phone, pad, tv, watch, mac, car or vision.")
    var idiom: UserInterfaceIdiom?

    @Option(parsing: .unconditional, help: "Display scale: 1, 2 or 3.")
    var scale: Int?

    @Option(help: "Horizontal size class: compact or regular.")
    var horizontal: SizeClass?

    @Option(help: "Vertical size class: compact or regular.")
    var vertical: SizeClass?

    @Option(help: "light, dark or tinted.")
    var style: UserInterfaceStyle?

    @Option(help: "normal or high.")
    var contrast: AccessibilityContrast?

    @Option(help: "Layout direction: ltr or rtl.")
    var direction: DirectionArgument?

    @Option(parsing: .unconditional, help: "Device memory in GB.")
    var memory: Int?

    @Option(help: "Graphics family, such as metal3v1 or apple7 (it and every lower one of its kind).")
    var graphics: GraphicsFeatureSet?

    @Option(help: "Display gamut: sRGB or P3.")
    var gamut: DisplayGamut?

    @Option(name: .customLong("screen-width"), parsing: .unconditional, help: ArgumentHelp("Watch screen width in points.", valueName: "points"))
    var screenWidth: Int?

    @Option(help: ArgumentHelp("Language identifier, such as fr or pt-BR.", valueName: "identifier"))
    var locale: String?

    @Option(name: .customLong("device-subtype"), help: ArgumentHelp("Watch case size, such as 45mm, or retina4 for 4-inch iPhones.", valueName: "subtype"))
    var deviceSubtype: String?

    func validate() throws {
        if let scale, !(1...3).contains(scale) { throw ValidationError("--scale must be 1, 2 or 3.") }
        if let memory, !(0...TraitCollection.largestMemory).contains(memory) {
            throw ValidationError("--memory must be a whole number of GB from 0 (less than 1 GB) to \(TraitCollection.largestMemory).")
        }
        if let screenWidth, !(1...TraitCollection.largestScreenWidth).contains(screenWidth) {
            throw ValidationError("--screen-width must be a number of points from 1 to \(TraitCollection.largestScreenWidth).")
        }
        if let locale, LocaleIdentifier.normalized(locale) == nil {
            throw ValidationError("--locale must be a language identifier such as fr or pt-BR, not '\(locale)'.")
        }
        if let deviceSubtype, TraitCollection.deviceSubtype(deviceSubtype) == nil {
            throw ValidationError("--device-subtype must be \(TraitCollection.deviceSubtypeExpected), not '\(deviceSubtype)'.")
        }
    }

    var collection: TraitCollection {
        TraitCollection(
            userInterfaceIdiom: idiom, screenWidth: screenWidth, userInterfaceStyle: style,
            accessibilityContrast: contrast, horizontalSizeClass: horizontal, verticalSizeClass: vertical,
            layoutDirection: direction?.direction, memory: memory, graphicsFeatureSet: graphics,
            displayGamut: gamut, displayScale: scale, locale: locale.flatMap(LocaleIdentifier.normalized),
            deviceSubtype: deviceSubtype)
    }

    var anySpecified: Bool { collection != .unspecified }
}

enum DirectionArgument: String, ExpressibleByArgument, CaseIterable {
    case ltr, rtl

    var direction: LayoutDirection { self == .ltr ? .leftToRight : .rightToLeft }
}

extension UserInterfaceIdiom: ExpressibleByArgument {}
extension SizeClass: ExpressibleByArgument {}
extension UserInterfaceStyle: ExpressibleByArgument {}
extension AccessibilityContrast: ExpressibleByArgument {}
extension GraphicsFeatureSet: ExpressibleByArgument {}
extension DisplayGamut: ExpressibleByArgument {}
