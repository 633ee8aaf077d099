import AdaptSupport
import CPNGSupport

/// `RGBW` bitmaps as PNG. CoreUI's `RGBW` is four little-endian half floats a pixel, R G B A, in
/// extended-range sRGB (the CSI header's colour space 4), colour premultiplied: what Xcode
/// compiles a wide-gamut (Display P3) source image to for P3 displays (`displayGamut 1`).
/// Components may pass 1 or go below 0, which no 8-bit or 16-bit sRGB PNG can hold, so the PNG
/// is 16-bit Display P3: un-premultiplied, converted through linear light, clamped to P3's gamut
/// (the gamut of the sources Xcode compiles these from; AM-MiniPlayer's P3 `Ellipse 2 2.png`
/// comes back within 0.2/255 of its own values), and tagged P3 (`cICP`, `cHRM`, `gAMA`).
extension DecodedBitmap {
    /// The pixels as straight 16-bit Display P3 RGBA, big-endian as PNG stores them; nil unless
    /// the format is `RGBW` and the rows hold the pixels.
    package func displayP3RGBA16() -> [UInt8]? {
        guard format == .argb16, width > 0, height > 0, rowBytes >= width * 8,
            rowBytes.multipliedReportingOverflow(by: height - 1).partialValue <= bytes.count - width * 8
        else { return nil }
        var out = [UInt8](repeating: 0, count: width * height * 8)
        let m = Self.sRGBToP3
        bytes.withUnsafeBytes { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        // Safe: the guard above keeps every row's `width * 8` bytes inside `bytes`.
                        let at = y * rowBytes + x * 8
                        func half(_ index: Int) -> Float {
                            Self.float(fromHalf: source.loadUnaligned(fromByteOffset: at + 2 * index, as: UInt16.self).littleEndian)
                        }
                        let alpha = isOpaque ? 1 : min(1, max(0, half(3)))
                        var linear: (Float, Float, Float) = (0, 0, 0)
                        if alpha > 0 {
                            linear = (Self.decodeSRGB(half(0) / alpha), Self.decodeSRGB(half(1) / alpha), Self.decodeSRGB(half(2) / alpha))
                        }
                        let red = m.0 * linear.0 + m.1 * linear.1 + m.2 * linear.2
                        let green = m.3 * linear.0 + m.4 * linear.1 + m.5 * linear.2
                        let blue = m.6 * linear.0 + m.7 * linear.1 + m.8 * linear.2
                        let pixel = (y * width + x) * 8
                        func store(_ value: Float, _ index: Int) {
                            let sample = UInt16(clamping: Int((min(1, max(0, value)) * 65535).rounded()))
                            target[pixel + 2 * index] = UInt8(sample >> 8)
                            target[pixel + 2 * index + 1] = UInt8(sample & 0xFF)
                        }
                        store(Self.encodeSRGB(min(1, max(0, red))), 0)
                        store(Self.encodeSRGB(min(1, max(0, green))), 1)
                        store(Self.encodeSRGB(min(1, max(0, blue))), 2)
                        store(alpha, 3)
                    }
                }
            }
        }
        return out
    }

    /// An `RGBW` bitmap as a 16-bit Display P3 PNG.
    func widePNGData() -> [UInt8]? {
        guard let pixels = displayP3RGBA16() else { return nil }
        var png: UnsafeMutablePointer<UInt8>?
        var length = 0
        let ok = pixels.withUnsafeBufferPointer { adapt_png_encode_rgba16_display_p3($0.baseAddress, UInt32(width), UInt32(height), &png, &length) }
        guard ok == 1, let png else { return nil }
        defer { adapt_png_encode_free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }

    /// Linear extended sRGB to linear Display P3 (both D65): P3's RGB-to-XYZ matrix inverted,
    /// times sRGB's, row by row.
    static let sRGBToP3: (Float, Float, Float, Float, Float, Float, Float, Float, Float) = (
        0.822_462_1, 0.177_537_9, 0,
        0.033_194_1, 0.966_805_9, 0,
        0.017_082_6, 0.072_397_4, 0.910_519_9
    )

    /// The sRGB curve to linear light, extended to negative values by symmetry (extended sRGB).
    static func decodeSRGB(_ value: Float) -> Float {
        let magnitude = abs(value)
        let linear = magnitude <= 0.040_45 ? magnitude / 12.92 : powf((magnitude + 0.055) / 1.055, 2.4)
        return value < 0 ? -linear : linear
    }

    /// Linear light in 0...1 to the sRGB curve (Display P3 uses the same curve).
    static func encodeSRGB(_ linear: Float) -> Float {
        linear <= 0.003_130_8 ? linear * 12.92 : 1.055 * powf(linear, 1 / 2.4) - 0.055
    }

    /// An IEEE half float's value (written out: `Float16` is missing on some platforms).
    static func float(fromHalf bits: UInt16) -> Float {
        let sign: Float = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int(bits >> 10 & 0x1F)
        let fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction * 0x1p-24
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }
}
