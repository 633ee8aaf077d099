/// `--standalone-icon-behavior`: which icon sizes are also written as loose files beside the
/// `.car` (Xcode's `ASSETCATALOG_COMPILER_STANDALONE_ICON_BEHAVIOR`).
package enum ActoolStandaloneIconBehavior: String, CaseIterable, Sendable {
    /// A small subset (iOS: `AppIcon60x60@2x.png`, `AppIcon76x76@2x~ipad.png`; macOS: the `.icns`).
    case `default`
    /// iOS: every iPhone and iPad size of the primary icon as a loose file (`AppIcon20x20@2x.png`,
    /// `AppIcon83.5x83.5@2x~ipad.png`, as Xcode 9 wrote them all); macOS: the `.icns`.
    case all
    /// No loose icon and no `.icns`: the icon is only in the `.car`.
    case none
}
