import AdaptSupport
import AssetCatalog
import CompiledCatalog
import PNGInspection

/// An iOS app icon's loose files: which sizes, under which names, resampled when needed.
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

    /// The PNG at `path` as a loose icon of `side` pixels: the file itself when it is that size,
    /// else its pixels averaged down (each output pixel the mean of the source area it covers).
    static func loosePNG(_ path: String, side: Int) -> [UInt8]? {
        guard let file = DecodedImage.pngFile(at: path) else { return nil }
        guard case .success(let decoded) = PremultipliedPNG.decode(file, maxPixels: 1 << 26, path: path) else { return nil }
        let pixels = decoded.pixels
        let width = decoded.width
        let height = decoded.height
        if width == side && height == side { return file }
        let source = pixels
        var averaged = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            let top = y * height / side
            let bottom = max(top + 1, (y + 1) * height / side)
            for x in 0..<side {
                let left = x * width / side
                let right = max(left + 1, (x + 1) * width / side)
                var sums = (0, 0, 0, 0)
                for sy in top..<bottom {
                    for sx in left..<right {
                        let at = (sy * width + sx) * 4
                        sums.0 += Int(source[at])
                        sums.1 += Int(source[at + 1])
                        sums.2 += Int(source[at + 2])
                        sums.3 += Int(source[at + 3])
                    }
                }
                let count = (bottom - top) * (right - left)
                let out = (y * side + x) * 4
                averaged[out] = UInt8((sums.0 + count / 2) / count)
                averaged[out + 1] = UInt8((sums.1 + count / 2) / count)
                averaged[out + 2] = UInt8((sums.2 + count / 2) / count)
                averaged[out + 3] = UInt8((sums.3 + count / 2) / count)
            }
        }
        // Averaged premultiplied B G R A, written as a straight RGBA PNG.
        return DecodedBitmap(width: side, height: side, rowBytes: side * 4, format: .argb, isOpaque: false, bytes: averaged).pngData()
    }
}
