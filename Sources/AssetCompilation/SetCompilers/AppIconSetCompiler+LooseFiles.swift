import AssetCatalog

/// An iOS app icon's loose files: which sizes, under which names (`SideFileEncoder` resamples them).
extension AppIconSetCompiler {
    /// The loose files actool writes beside an iOS app's catalog (mcfans/actool, checked against
    /// actool): `AppIcon60x60@2x.png` for the iPhone and `AppIcon76x76@2x~ipad.png` for the iPad,
    /// from the entries of those sizes, or resampled from a single-size icon. With `every`
    /// (`--standalone-icon-behavior all`), each iPhone and iPad entry is one, named as Xcode 9
    /// named them (`AppIcon20x20@3x.png`, `AppIcon83.5x83.5@2x~ipad.png`; an app of Xcode 9.2 lists
    /// `AppIcon20x20` … `AppIcon83.5x83.5` in its `CFBundleIconFiles`); a single-size icon keeps
    /// the two of the default, since it has no entry per size.
    static func looseIcons(
        _ name: String, points: Double, scale: Int, idiom: IdiomRequirement, singleSize: Bool,
        every: Bool = false
    ) -> [(file: String, base: String, idiom: UserInterfaceIdiom, side: Int)] {
        let phone = ("\(name)60x60@2x.png", "\(name)60x60", UserInterfaceIdiom.phone, 120)
        let pad = ("\(name)76x76@2x~ipad.png", "\(name)76x76", UserInterfaceIdiom.pad, 152)
        if singleSize { return [phone, pad] }
        if every, case .device(let device) = idiom, device == .phone || device == .pad {
            let size = points == points.rounded() ? String(Int(points)) : String(points)
            let base = "\(name)\(size)x\(size)"
            let file = base + (scale > 1 ? "@\(scale)x" : "") + (device == .pad ? "~ipad" : "") + ".png"
            return [(file, base, device, Int((points * Double(scale)).rounded()))]
        }
        switch (idiom, points, scale) {
        case (.device(.phone), 60, 2): return [phone]
        case (.device(.pad), 76, 2): return [pad]
        default: return []
        }
    }
}
