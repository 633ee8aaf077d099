import AssetCatalog
import PNGInspection

/// The App Store icon (`ios-marketing`) must be opaque. Two rules, each at the one severity the
/// rule's card states for it (an emitter never picks a severity):
///
/// - `icon.alpha`, an error: a pixel is not fully opaque, in the app's primary icon set. App Store Connect rejects
///   the upload (ITMS-90717, "Invalid App Store Icon ... can't be transparent nor contain an
///   alpha channel").
/// - `icon.alpha-suspect`, a warning: the same in any other app icon set. The store validates only the icon set the
///   build setting `ASSETCATALOG_COMPILER_APPICON_NAME` names, which a catalog does not record;
///   we take Xcode's default, `AppIcon`. Other sets are extension icons (DuckDuckGo's action
///   extension), alternate icons or icons of builds that are never uploaded (Brave's
///   `AppIcon_Local`), all shipped with transparent corners; if one of them is what your build
///   setting names, the store will reject it.
/// - `icon.alpha-suspect`: the file has an alpha channel (or tRNS) but every pixel is opaque. The same check
///   has rejected such files, yet apps ship with them (Brave's store icons are all of this kind),
///   so it is not certain enough for an error. Saving the icon without alpha settles it.
///
/// Only files whose header admits transparency are decoded, one row at a time.
///
/// ```swift
/// StoreIconAlphaRule.check(appIcon, headers: reports)   // [] when the store icon has no alpha
/// ```
enum StoreIconAlphaRule {
    static func check(_ asset: Asset, headers: [String: PNGReport]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for variant in asset.variants where isStoreIcon(variant) {
            guard let filename = variant.filename else { continue }
            let path = asset.path.appendingPathComponent(filename)
            guard let header = headers[path]?.header, header.hasAlpha else { continue }
            switch PNGOpacity(file: path) {
            case .noAlphaChannel:
                break
            case .translucent(let pixel):
                let isPrimary = isPrimaryIconSet(asset)
                diagnostics.append(
                    Diagnostic(
                        isPrimary ? .iconAlpha : .iconAlphaSuspect, Message.translucent(filename, pixel, isPrimary: isPrimary),
                        subject: Diagnostic.Subject(asset: asset, variant: variant),
                        at: variant.location))
            case .opaque:
                diagnostics.append(
                    Diagnostic(
                        .iconAlphaSuspect, Message.opaqueAlphaChannel(filename),
                        subject: Diagnostic.Subject(asset: asset, variant: variant),
                        at: variant.location))
            case .unreadable(let reason):
                // The PNG checks report the damage itself; here only what it means for the store.
                diagnostics.append(
                    Diagnostic(
                        .iconAlphaSuspect, Message.unchecked(filename, reason),
                        subject: Diagnostic.Subject(asset: asset, variant: variant),
                        at: variant.location))
            }
        }
        return diagnostics
    }

    /// Whether this is the icon set Xcode uploads by default: `AppIcon.appiconset`.
    static func isPrimaryIconSet(_ asset: Asset) -> Bool {
        asset.path.lastPathComponent.deletingPathExtension == "AppIcon"
    }

    /// The iOS App Store icon slot, `ios-marketing`. Not the single-size format's universal 1024
    /// icon, which Xcode flattens into the store icon and whose dark and tinted appearances need
    /// transparency, nor `watch-marketing`: shipped apps (Home Assistant) have alpha in both.
    static func isStoreIcon(_ variant: Variant) -> Bool {
        variant.idiom == .storeOnly("ios-marketing")
    }
}

private enum Message {
    static func translucent(_ filename: String, _ pixel: PNGOpacity.Pixel, isPrimary: Bool) -> String {
        let subject = isPrimary ? "the App Store icon" : "this set's App Store icon"
        let consequence =
            isPrimary
            ? "the App Store rejects icons with transparency"
            : "the App Store rejects icons with transparency if this set is the app's icon (ASSETCATALOG_COMPILER_APPICON_NAME)"
        return "\(filename) is \(subject) and is not opaque: pixel (\(pixel.x), \(pixel.y)) has alpha "
            + "\(pixel.alpha) of \(pixel.opaqueAlpha); \(consequence)"
    }

    static func opaqueAlphaChannel(_ filename: String) -> String {
        "\(filename) is the App Store icon and has an alpha channel, although every pixel is opaque: "
            + "the App Store has rejected such files; save it without alpha"
    }

    static func unchecked(_ filename: String, _ reason: String) -> String {
        "\(filename) is the App Store icon and has an alpha channel whose pixels could not be checked (\(reason)): "
            + "the App Store rejects icons with transparency"
    }
}
