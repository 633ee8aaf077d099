import AdaptiveAssets
import ArgumentParser

/// The trait options shared by commands that take a trait set on the command line.
struct TraitOptions: ParsableArguments {
    @Option(help: "phone, pad, tv, watch, mac, car or vision.")
    var idiom: UserInterfaceIdiom?

    @Option(help: "Display scale: 1, 2 or 3.")
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

    @Option(help: "Device memory in GB.")
    var memory: Int?

    @Option(help: "Graphics feature set, such as metal3v1.")
    var graphics: GraphicsFeatureSet?

    @Option(help: "Display gamut: sRGB or P3.")
    var gamut: DisplayGamut?

    @Option(name: .customLong("screen-width"), help: ArgumentHelp("Watch screen width in points.", valueName: "points"))
    var screenWidth: Int?

    func validate() throws {
        if let scale, !(1...3).contains(scale) { throw ValidationError("--scale must be 1, 2 or 3.") }
        if let memory, memory < 1 { throw ValidationError("--memory must be at least 1 (GB).") }
        if let screenWidth, screenWidth < 1 { throw ValidationError("--screen-width must be a positive number of points.") }
    }

    var collection: TraitCollection {
        TraitCollection(userInterfaceIdiom: idiom, screenWidth: screenWidth, userInterfaceStyle: style,
                        accessibilityContrast: contrast, horizontalSizeClass: horizontal, verticalSizeClass: vertical,
                        layoutDirection: direction?.direction, memory: memory, graphicsFeatureSet: graphics,
                        displayGamut: gamut, displayScale: scale)
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
