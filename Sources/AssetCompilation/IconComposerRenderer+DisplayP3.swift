import AdaptSupport
import CompiledCatalog
import PNGInspection

/// A Display P3 PNG layer as actool stores it, read from AM-MiniPlayer's `Ellipse 2 2.png` (an
/// 8-bit PNG tagged Display P3) in Xcode 26.2's file: two renditions of the same name, each in
/// sRGB's primaries, converted through linear light with the sRGB curve at both ends.
///
/// - the 8-bit one (`ARGB`, colour space sRGB) clipped to 0...1: P3's (240, 90, 99) is stored
///   as (255, 75, 94), where storing the bytes as they are (what adapt did) gave (240, 90, 99);
/// - a second one for P3 displays (`displayGamut` 1, `RGBW`, extended sRGB), nothing clipped:
///   the same pixel is (1.0195, 0.2930, 0.3684) in half floats.
///
/// Both premultiply the converted colour by the file's alpha. An sRGB or untagged PNG (SameDesk's
/// logo) gets the 8-bit rendition alone, its bytes as they are. A PNG of 16 bits a sample that is
/// not tagged P3 is in no file read: it is stored as 8-bit sRGB alone, as before.
extension IconComposerRenderer {
    /// How a PNG's colours are stored.
    package enum PNGColors: Sendable {
        /// A layer's 8-bit rendition: a P3 file's colours in sRGB.
        case sRGB
        /// A P3 layer's second rendition, for P3 displays.
        case wideColor
        /// As the file holds them: an icon set's image beside the icon (sudoku's `App.iconset`,
        /// sRGB; a P3 one is in no file read, and is stored as before).
        case asStored
    }

    /// Whether the PNG `file` declares Display P3 (an `iCCP` profile of that name).
    static func isDisplayP3(_ file: [UInt8]) -> Bool {
        PNGInspector(headerOnly: true).inspect(bytes: file).header?.profileKind == .displayP3
    }

    /// Display P3 red, green and blue (0 to 1, the sRGB curve) in extended sRGB: decoded to
    /// linear light, P3's primaries turned into sRGB's (both D65), encoded again, the curve
    /// mirrored below 0. Nothing is clipped.
    static func extendedSRGB(fromDisplayP3 red: Float, _ green: Float, _ blue: Float) -> (Float, Float, Float) {
        func linear(_ value: Float) -> Float { value <= 0.040_45 ? value / 12.92 : powf((value + 0.055) / 1.055, 2.4) }
        func encoded(_ value: Float) -> Float {
            let magnitude = abs(value)
            let curve = magnitude <= 0.003_130_8 ? magnitude * 12.92 : 1.055 * powf(magnitude, 1 / 2.4) - 0.055
            return value < 0 ? -curve : curve
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        return (
            encoded(1.224_940_2 * r - 0.224_940_2 * g), encoded(-0.042_056_9 * r + 1.042_056_9 * g),
            encoded(-0.019_637_6 * r - 0.078_636_1 * g + 1.098_273_5 * b)
        )
    }

    /// Premultiplied B G R A pixels in Display P3, each converted (`extendedSRGB`) and handed to
    /// `store` with its index and alpha (0 to 1); a transparent pixel is not.
    private static func eachConverted(_ pixels: [UInt8], _ store: (_ index: Int, _ color: (Float, Float, Float), _ alpha: Float) -> Void) {
        for index in 0..<pixels.count / 4 {
            let alpha = Float(pixels[4 * index + 3])
            guard alpha > 0 else { continue }
            // The straight colour, back from premultiplied bytes (within half a step of the file's).
            func straight(_ channel: Int) -> Float { min(1, Float(pixels[4 * index + channel]) / alpha) }
            store(index, extendedSRGB(fromDisplayP3: straight(2), straight(1), straight(0)), alpha / 255)
        }
    }

    /// Premultiplied B G R A in Display P3 as premultiplied B G R A in sRGB, clipped.
    static func sRGB(fromDisplayP3 pixels: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count)
        eachConverted(pixels) { index, color, alpha in
            func byte(_ value: Float) -> UInt8 { UInt8(min(1, max(0, value)) * alpha * 255 + 0.5) }
            (out[4 * index], out[4 * index + 1], out[4 * index + 2]) = (byte(color.2), byte(color.1), byte(color.0))
            out[4 * index + 3] = pixels[4 * index + 3]
        }
        return out
    }

    /// Premultiplied B G R A in Display P3 as `RGBW`'s pixels: premultiplied R G B A in extended
    /// sRGB, each a little-endian half float (`CSIRendition.wideBitmap`).
    static func wideColor(fromDisplayP3 pixels: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count * 2)
        eachConverted(pixels) { index, color, alpha in
            for (channel, value) in [color.0, color.1, color.2, 1].enumerated() {
                let bits = CSIRendition.halfBits(value * alpha)
                out[8 * index + 2 * channel] = UInt8(bits & 0xFF)
                out[8 * index + 2 * channel + 1] = UInt8(bits >> 8)
            }
        }
        return out
    }

    /// A colour's sRGB red, green, blue and alpha, 0 to 1: Display P3 converted as a P3 layer's
    /// pixels are (`extendedSRGB`), extended ranges clipped, grey repeated.
    static func rgba(_ color: IconColor) -> (Float, Float, Float, Float) {
        var c = color.components.map { Float($0) }
        if color.space == .displayP3, c.count >= 3 { (c[0], c[1], c[2]) = extendedSRGB(fromDisplayP3: c[0], c[1], c[2]) }
        c = c.map { min(1, max(0, $0)) }
        return c.count == 2 ? (c[0], c[0], c[0], c[1]) : c.count >= 4 ? (c[0], c[1], c[2], c[3]) : (0, 0, 0, 1)
    }
}
