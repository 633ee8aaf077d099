import AdaptSupport

/// A macOS `.icns` file made of PNGs, as actool writes `AppIcon.icns` beside a Mac app's catalog:
/// `icns`, the file's length, then per image its type, its length (header included) and the PNG.
/// Types by pixel size and scale, from Apple's icon family format: 16 `icp4`, 32 `icp5`, 32 at
/// 2x `ic11`, 64 `ic12`, 128 `ic07`, 256 `ic08`, 256 at 2x `ic13`, 512 `ic09`, 512 at 2x `ic14`,
/// 1024 `ic10`.
enum ICNSWriter {
    /// The type of a PNG of `points` points at `scale`, when the format has one.
    static func type(points: Int, scale: Int) -> String? {
        switch (points, scale) {
        case (16, 1): "icp4"
        case (32, 1): "icp5"
        case (16, 2): "ic11"
        case (32, 2): "ic12"
        case (128, 1): "ic07"
        case (256, 1): "ic08"
        case (128, 2): "ic13"
        case (512, 1): "ic09"
        case (256, 2): "ic14"
        case (512, 2): "ic10"
        default: nil
        }
    }

    /// The file holding `images` (type, PNG bytes), in the order given.
    static func file(_ images: [(type: String, png: [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        for image in images {
            body += Array(image.type.utf8)
            body.appendBigEndian(UInt32(8 + image.png.count))
            body += image.png
        }
        var file = Array("icns".utf8)
        file.appendBigEndian(UInt32(8 + body.count))
        return file + body
    }
}
