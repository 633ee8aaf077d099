import AssetCatalog

/// A file named for one scale (`foo@3x.png`) in an entry of another (`"scale": "2x"`) is a warning
/// (`image.scale-name`), at the entry. The catalog goes by the entry, not the name, so the app
/// shows the file as the entry says; but the two disagreeing usually means the file was dropped
/// in the wrong slot (a 3x drawing shown 1.5 times too big on 2x devices), and when it was on
/// purpose, renaming the file keeps the next reader from guessing.
///
/// Only image sets: in an app icon set the slot's pixel size is checked exactly (`icon.size`),
/// and names like `iTunesArtwork@2x.png` (1024 px, the 1x store slot) or `Icon-20@2x.png` reused
/// as the 40 pt 1x iPad icon follow the convention of another slot, not a mistake.
///
/// ```swift
/// ScaleNameRule.check(asset)                          // [warning at the entry of foo@3x.png (2x)]
/// ScaleNameRule.scale(named: "Illustration@3x 1.png")   // 3: Finder's " 1" copy suffix is allowed
/// ```
enum ScaleNameRule {
    static func check(_ asset: Asset) -> [Diagnostic] {
        asset.variants.compactMap { variant in
            guard let declared = variant.scale, let filename = variant.filename,
                let named = scale(named: filename), named != declared
            else { return nil }
            return Diagnostic(
                .imageScaleName, Message.contradiction(filename, named: named, declared: declared),
                subject: Diagnostic.Subject(asset: asset, variant: variant),
                at: variant.location)
        }
    }

    /// The `N` of `@Nx` in a file name, when the name has one: the last `@` followed by digits and
    /// `x` that is not followed by a letter or digit (so `@2x~ipad`, `@3x-1` and `@3x 1` count,
    /// `@2xl` does not).
    static func scale(named filename: String) -> Int? {
        let stem = Array(filename.deletingPathExtension.utf8)
        var index = stem.count - 1
        while index >= 0 {
            defer { index -= 1 }
            guard stem[index] == UInt8(ascii: "@") else { continue }
            var end = index + 1
            var value = 0
            while end < stem.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(stem[end]), value < 100 {
                value = value * 10 + Int(stem[end] - UInt8(ascii: "0"))
                end += 1
            }
            guard end > index + 1, end < stem.count, stem[end] == UInt8(ascii: "x") || stem[end] == UInt8(ascii: "X") else {
                continue
            }
            let next = end + 1
            if next < stem.count, isAlphanumeric(stem[next]) { continue }
            return value > 0 ? value : nil
        }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}

private enum Message {
    static func contradiction(_ filename: String, named: Int, declared: Int) -> String {
        "\(filename) is named for \(named)x but fills the \(declared)x slot: devices of scale \(declared) show it "
            + "as a \(declared)x image; if it was drawn for \(named)x, move it to that slot, otherwise rename it"
    }
}
