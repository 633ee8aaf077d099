/// The variants of a macOS `.iconset` folder, which has no Contents.json: `iconutil` and Xcode
/// read each size and scale from the file's name, `icon_<W>x<H>.png` at 1x and
/// `icon_<W>x<H>@2x.png` at 2x (16, 32, 128, 256 and 512 points).
///
/// ```swift
/// IconSetNames.variants(files: ["icon_16x16.png", "icon_16x16@2x.png", "notes.txt"]).map(\.attributeSummary)
/// // ["idiom=mac size=16x16 scale=1x", "idiom=mac size=16x16 scale=2x"]
/// ```
enum IconSetNames {
    /// One variant per icon file, in name order; other files are left out (and reported as
    /// unassigned like any file no entry names).
    static func variants(files: [String]) -> [Variant] {
        files.sorted().compactMap(parse).enumerated().map { position, icon in
            var variant = Variant(
                index: position,
                entry: [
                    "idiom": "mac", "size": .string(icon.size), "scale": .string("\(icon.scale)x"), "filename": .string(icon.filename),
                ])
            variant.idiom = .device(.mac)
            variant.size = icon.size
            variant.scale = icon.scale
            variant.filename = icon.filename
            variant.platform = "macos"
            return variant
        }
    }

    /// `icon_32x32@2x.png` → ("32x32", 2); nil for any other name.
    static func parse(_ filename: String) -> (filename: String, size: String, scale: Int)? {
        guard filename.hasPrefix("icon_"), filename.lowercased().hasSuffix(".png") else { return nil }
        var stem = filename.dropFirst("icon_".count).dropLast(".png".count)
        var scale = 1
        if stem.hasSuffix("@2x") {
            scale = 2
            stem = stem.dropLast(3)
        }
        let sides = stem.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, sides[0] == sides[1], let points = Int(sides[0]), points > 0, points <= 1024 else { return nil }
        return (filename, String(stem), scale)
    }
}
