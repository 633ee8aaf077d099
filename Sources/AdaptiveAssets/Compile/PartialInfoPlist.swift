import AdaptSupport
@_spi(Compiling) import AssetCompilation

/// The partial Info.plist actool writes for `--output-partial-info-plist` (Xcode's
/// `assetcatalog_generated_info.plist`, merged into the app's Info.plist): the app icon's names,
/// per platform as actool writes them, and the accent and widget colours.
///
/// ```swift
/// let plist = PartialInfoPlist(platform: .iphoneos, appIcon: "AppIcon", alternateIcons: [],
///                              accentColor: "AccentColor",
///                              iconFiles: .init(primary: ["AppIcon60x60"], pad: ["AppIcon60x60", "AppIcon76x76"]))
/// try write(plist.propertyList.xml)   // actool writes this file as xml1
/// ```
///
/// - iOS: `CFBundleIcons` and, when the app targets the iPad, `CFBundleIcons~ipad`, each with a
///   `CFBundlePrimaryIcon` of `CFBundleIconFiles` (the loose files' base names) and
///   `CFBundleIconName`, and `CFBundleAlternateIcons` (one entry per alternate icon, its
///   `CFBundleIconName` and its files where it has loose files).
/// - macOS: `CFBundleIconFile` (the `.icns` written beside the `.car`) and `CFBundleIconName`.
/// - tvOS: `CFBundleIcons` whose `CFBundlePrimaryIcon` is the icon's name as a string (a brand
///   asset's home-screen image stack), and `TVTopShelfImage` naming its top shelf image sets
///   (`TVTopShelfPrimaryImage`, `TVTopShelfPrimaryImageWide`), as tvOS apps' Info.plist files have them.
/// - watchOS and visionOS: `CFBundleIcons` with a `CFBundlePrimaryIcon` as on iOS, no `~ipad` key
///   (not confirmed against a real file of either platform).
/// - iOS with `--launch-image`: `UILaunchImages` (`LaunchImages`).
/// - Every platform: `NSAccentColorName` for `--accent-color`, `NSWidgetBackgroundColorName` for
///   `--widget-background-color`. The caller passes a colour only when it compiled (actool writes
///   no key for a colour set that compiled to nothing).
///
/// The iOS form is the one actool writes (Xcode 16 and 26 apps: `CFBundleIconFiles` `AppIcon60x60`
/// for the iPhone, `AppIcon60x60` and `AppIcon76x76` for the iPad, both with `CFBundleIconName`);
/// macOS's two keys are those build scripts read back from actool's file for a `.icon` app icon.
package struct PartialInfoPlist: Equatable, Sendable {
    /// The loose icon files written beside the `.car`, by base name without scale or extension.
    package struct IconFiles: Equatable, Sendable {
        /// iOS, watchOS, visionOS: `CFBundleIcons`' files (`AppIcon60x60`). macOS: the `.icns`, whose
        /// first name is `CFBundleIconFile` (`AppIcon`).
        package var primary: [String]
        /// iOS: `CFBundleIcons~ipad`'s files; nil when the app does not target the iPad (no key).
        package var pad: [String]?

        package init(primary: [String] = [], pad: [String]? = nil) {
            self.primary = primary
            self.pad = pad
        }
    }

    package var platform: CompilePlatform
    package var appIcon: String?
    package var alternateIcons: [String]
    package var accentColor: String?
    package var widgetBackgroundColor: String?
    package var iconFiles: IconFiles
    /// Each alternate icon's loose files, where it has any (iOS).
    package var alternateIconFiles: [String: IconFiles]
    /// `--launch-image`'s `UILaunchImages` list (iOS; `LaunchImages`), nil when none was compiled.
    package var launchImages: PropertyList?
    /// tvOS: the brand asset's top shelf image sets by `TVTopShelfImage` key.
    package var topShelfImages: [String: String] = [:]

    package init(
        platform: CompilePlatform, appIcon: String?, alternateIcons: [String] = [], accentColor: String? = nil,
        widgetBackgroundColor: String? = nil, iconFiles: IconFiles = IconFiles(),
        alternateIconFiles: [String: IconFiles] = [:], launchImages: PropertyList? = nil
    ) {
        self.platform = platform
        self.appIcon = appIcon
        self.alternateIcons = alternateIcons
        self.accentColor = accentColor
        self.widgetBackgroundColor = widgetBackgroundColor
        self.iconFiles = iconFiles
        self.alternateIconFiles = alternateIconFiles
        self.launchImages = launchImages
    }

    package var propertyList: PropertyList {
        var root: [String: PropertyList] = [:]
        if let accentColor { root["NSAccentColorName"] = .string(accentColor) }
        if let widgetBackgroundColor { root["NSWidgetBackgroundColorName"] = .string(widgetBackgroundColor) }
        if let launchImages, launchImages != .array([]) { root["UILaunchImages"] = launchImages }
        guard let appIcon else { return .dictionary(root) }
        switch platform {
        case .macosx:
            root["CFBundleIconName"] = .string(appIcon)
            if let icns = iconFiles.primary.first { root["CFBundleIconFile"] = .string(icns) }
        case .appletvos, .appletvsimulator:
            root["CFBundleIcons"] = ["CFBundlePrimaryIcon": .string(appIcon)]
            if !topShelfImages.isEmpty { root["TVTopShelfImage"] = .dictionary(topShelfImages.mapValues(PropertyList.string)) }
        case .iphoneos, .iphonesimulator:
            root["CFBundleIcons"] = icons(appIcon, files: iconFiles.primary) { $0.primary }
            if let pad = iconFiles.pad {
                root["CFBundleIcons~ipad"] = icons(appIcon, files: pad) { $0.pad ?? $0.primary }
            }
        case .watchos, .watchsimulator, .xros, .xrsimulator:
            root["CFBundleIcons"] = icons(appIcon, files: iconFiles.primary) { $0.primary }
        }
        return .dictionary(root)
    }

    /// One `CFBundleIcons` dictionary: the primary icon with `files`, the alternates with `alternateFiles` of theirs.
    private func icons(_ name: String, files: [String], alternateFiles: (IconFiles) -> [String]) -> PropertyList {
        var icons: [String: PropertyList] = ["CFBundlePrimaryIcon": Self.icon(name, files: files)]
        if !alternateIcons.isEmpty {
            icons["CFBundleAlternateIcons"] = .dictionary(
                Dictionary(
                    uniqueKeysWithValues: alternateIcons.map { alternate in
                        (alternate, Self.icon(alternate, files: alternateIconFiles[alternate].map(alternateFiles) ?? []))
                    }))
        }
        return .dictionary(icons)
    }

    private static func icon(_ name: String, files: [String]) -> PropertyList {
        var icon: [String: PropertyList] = ["CFBundleIconName": .string(name)]
        if !files.isEmpty { icon["CFBundleIconFiles"] = .array(files.map(PropertyList.string)) }
        return .dictionary(icon)
    }
}
