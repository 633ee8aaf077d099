import AssetCatalog

/// The rules that read a set's image files against its entries.
extension RuleID {
    package static let imageScaleSize = RuleID("image.scale-size", .warning, .images)
    package static let imageScaleName = RuleID("image.scale-name", .warning, .images)
    package static let imageFormatMismatch = RuleID("image.format-mismatch", .warning, .images)
    package static let imageNotAnImage = RuleID("image.not-an-image", .error, .images)
    /// Emitted as an error (an sRGB-tagged image in a display-P3 entry, or the reverse, shows the
    /// wrong colours); the registry said warning until the rule ids were typed.
    package static let imageGamutProfile = RuleID("image.gamut-profile", .error, .images)

    package static let iconSize = RuleID("icon.size", .error, .icons)
    /// A pixel that is not opaque in the App Store icon of the primary `AppIcon`: App Store Connect rejects it.
    package static let iconAlpha = RuleID("icon.alpha", .error, .icons)
    /// An App Store icon the store may reject for its alpha: an alpha channel whose pixels are all
    /// opaque, a translucent icon in a set other than `AppIcon`, or pixels that could not be checked.
    /// A rule of its own, so that `icon.alpha` is always the error the registry states.
    package static let iconAlphaSuspect = RuleID("icon.alpha-suspect", .warning, .icons)

    /// Every rule this module declares.
    package static let imageRules: [RuleID] = [
        .imageScaleSize, .imageScaleName, .imageFormatMismatch, .imageNotAnImage, .imageGamutProfile,
        .iconSize, .iconAlpha, .iconAlphaSuspect,
    ]
}
