import AssetCatalog
import AssetSelection
import CompiledCatalog

/// What a compile produced: the `Assets.car` bytes, the files actool writes beside it (an iOS
/// app's loose icons, a Mac app's `.icns`), what the partial Info.plist says, and every finding.
@_spi(Compiling) public struct CompileProduct {
    /// The compiled catalog, assembled: written by `writeCatalog`, or whole as `car`.
    package var catalog = CompiledCatalogBuilder(keyFormat: [], platform: "", platformVersion: "")

    /// The `Assets.car` bytes, whole in memory (tests; `writeCatalog` streams them instead).
    public var car: [UInt8] {
        get throws(CompiledCatalogError) { try catalog.bytes() }
    }

    /// Writes the `Assets.car` piece by piece to `emit`.
    package func writeCatalog(_ emit: ([UInt8]) throws -> Void) throws(CompiledCatalogError) {
        try catalog.write(emit)
    }

    /// File name → bytes, in the order written.
    package var looseFiles: [(name: String, bytes: [UInt8])] = []
    /// The app icon compiled as the primary icon (`CFBundleIconName`), if any.
    package var appIconName: String?
    /// Base names of the loose icon files per idiom (`AppIcon60x60` for iPhone), for `CFBundleIconFiles`.
    package var iconFiles: [UserInterfaceIdiom: [String]] = [:]
    package var alternateAppIcons: [String] = []
    /// The Mac app's icon file (`CFBundleIconFile`), without extension.
    package var macIconFile: String?
    package var accentColorName: String?
    package var widgetBackgroundColorName: String?
    /// `--launch-image`'s files (among `looseFiles`) and its `UILaunchImages` entries.
    package var launchImages: LaunchImages?
    /// A tvOS brand asset's top shelf images by Info.plist key (`TVTopShelfPrimaryImage`, …).
    package var topShelfImages: [String: String] = [:]
    public var diagnostics: [Diagnostic] = []
    /// How many renditions the file holds.
    public var renditionCount = 0
}

extension CompileProduct {
    /// Adds one set's plan: its findings and Info.plist keys, in the order planned (its side
    /// files are added once encoded, `Assembly.add(_:_:)`).
    mutating func add(_ plan: SetPlan) {
        diagnostics += plan.findings
        if let name = plan.appIconName { appIconName = name }
        for (idiom, bases) in plan.iconFiles {
            for base in bases where !(iconFiles[idiom] ?? []).contains(base) { iconFiles[idiom, default: []].append(base) }
        }
        if let file = plan.macIconFile { macIconFile = file }
        if let images = plan.launchImages { launchImages = images }
        topShelfImages.merge(plan.topShelfImages) { _, new in new }
    }
}

/// A compile that cannot write its output: the findings that stop it (errors among them).
@_spi(Compiling) public struct CompileFailure: Error {
    public var diagnostics: [Diagnostic]
}
