import AssetCatalog

/// The rules that read a set's image files against its entries.
extension RuleID {
    package static let imageScaleSize = RuleID(
        "image.scale-size", .warning, .images,
        "images of one scale family whose point sizes differ by more than pixel rounding allows",
        reason: "the app runs; the image shows at another size on some devices",
        bad:
            #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}, {"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}]}  (a@2x.png 100x100, a@3x.png 120x120: 50 pt and 40 pt)"#,
        good:
            #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}, {"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}]}  (a@2x.png 91x91, a@3x.png 136x136: 45.5 pt and 45.33 pt, the same within rounding)"#
    )
    package static let imageScaleName = RuleID(
        "image.scale-name", .warning, .images,
        "a file named `@3x` (or `@2x`, `@1x`) used for another scale",
        reason: "the catalog goes by the entry, not the name: confusing, not wrong",
        bad: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "logo@3x.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "logo@2x.png"}]}"#)
    package static let imageFormatMismatch = RuleID(
        "image.format-mismatch", .warning, .images,
        "a file whose extension does not match its contents",
        reason: "Apple platforms decode it by its bytes",
        bad: #"{"images": [{"idiom": "universal", "filename": "photo.png"}]}  (photo.png holds JPEG bytes)"#,
        good: #"{"images": [{"idiom": "universal", "filename": "photo.jpg"}]}  (photo.jpg holds JPEG bytes)"#)
    package static let imageNotAnImage = RuleID(
        "image.not-an-image", .error, .images,
        "a file named as an image that is no image format known",
        reason: "the app would find no image",
        bad: #"{"images": [{"idiom": "universal", "filename": "logo.png"}]}  (logo.png holds an HTML error page)"#,
        good: #"{"images": [{"idiom": "universal", "filename": "logo.png"}]}  (logo.png is a PNG)"#)
    /// Emitted as an error (an sRGB-tagged image in a display-P3 entry, or the reverse, shows the
    /// wrong colours); the old registry said warning until the rule ids were typed.
    package static let imageGamutProfile = RuleID(
        "image.gamut-profile", .error, .images,
        "an image whose colour profile does not fit its display-gamut entry",
        reason: "the built asset shows colours the entry does not promise: the file is in the wrong slot or has the wrong profile",
        details:
            "A file is Display P3 by an ICC profile of that name, or by a cICP chunk of P3-D65 primaries and the sRGB curve (what `adapt extract` writes); a cICP chunk counts before an ICC profile or an sRGB chunk, as the PNG specification ranks them.",
        bad: #"{"images": [{"idiom": "universal", "display-gamut": "display-P3", "filename": "p3.png"}]}  (p3.png has an sRGB profile)"#,
        good: #"{"images": [{"idiom": "universal", "display-gamut": "display-P3", "filename": "p3.png"}]}  (p3.png has a Display P3 profile)"#)

    package static let iconSize = RuleID(
        "icon.size", .error, .icons,
        "an app icon whose pixel size differs from its slot's",
        reason: "actool refuses an icon of the wrong size",
        bad: #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon.png"}]}  (icon.png: 120x120 pixels)"#,
        good: #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon.png"}]}  (icon.png: 180x180 pixels)"#)
    /// A pixel that is not opaque in the App Store icon of the primary `AppIcon`: App Store Connect rejects it.
    package static let iconAlpha = RuleID(
        "icon.alpha", .error, .icons,
        "the App Store icon of the `AppIcon` set has a pixel that is not opaque",
        reason: "the App Store rejects a translucent icon",
        bad:
            #"{"images": [{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"}]}  (store.png: rounded corners with transparent pixels)"#,
        good: #"{"images": [{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"}]}  (store.png: RGB, no alpha channel)"#)
    /// An App Store icon the store may reject for its alpha: an alpha channel whose pixels are all
    /// opaque, a translucent icon in a set other than `AppIcon`, or pixels that could not be checked.
    /// A rule of its own, so that `icon.alpha` is always the error its card states.
    package static let iconAlphaSuspect = RuleID(
        "icon.alpha-suspect", .warning, .icons,
        "an App Store icon the store may reject for its alpha: an alpha channel whose pixels are all opaque, a translucent icon in a set other than `AppIcon`, or pixels that could not be checked",
        reason: "the store may reject it (an unused alpha channel has been rejected; another set may be the one uploaded), but apps ship with it",
        details:
            "The store validates only the set `ASSETCATALOG_COMPILER_APPICON_NAME` names (Xcode's default: `AppIcon`); if your build setting names this set, treat it as `icon.alpha`.",
        bad: #"{"images": [{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"}]}  (store.png: RGBA, every pixel opaque)"#,
        good: #"{"images": [{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"}]}  (store.png: RGB, no alpha channel)"#)
}

/// The image checks' family: a catalog's image files against their entries (the checker also runs
/// the PNG checks, `PNGInspector.rules`, on every PNG).
extension CatalogImageChecker: RuleFamily {
    package static let rules: [RuleID] = [
        .iconSize, .iconAlpha, .iconAlphaSuspect,
        .imageScaleSize, .imageScaleName, .imageFormatMismatch, .imageNotAnImage, .imageGamutProfile,
    ]
}
