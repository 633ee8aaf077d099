/// The wide-colour bitmap Xcode 26 stores beside the 8-bit one of a Display P3 image, for P3
/// displays (AM-MiniPlayer's Icon Composer layer `Ellipse 2 2.png`, Xcode 26.2): pixel format
/// `RGBW`, colour space 4 (extended sRGB), key `displayGamut` 1, `width * 8` bytes a row, the
/// same properties as the 8-bit bitmap. Its pixels are what `DecodedBitmap.displayP3RGBA16`
/// reads back: four little-endian half floats, R G B A, the colour premultiplied and free to
/// pass 1 or go below 0 (P3's red is 1.02 in extended sRGB).
extension CSIRendition {
    /// A `RGBW` bitmap of `halfFloats` (premultiplied R G B A, two bytes each), chunked and
    /// compressed as an 8-bit bitmap is (`chunkedPayload`). Apple compresses it with deepmap2;
    /// LZFSE is what this package writes, which CoreUI reads alike.
    package static func wideBitmap(
        name: String, width: Int, height: Int, scale: Int, halfFloats: [UInt8], isOpaque: Bool, compress: (UnsafeRawBufferPointer) -> [UInt8]
    ) -> CSIRendition {
        precondition(halfFloats.count == width * height * 8, "a wide bitmap's pixels are width × height × 8 bytes")
        var rendition = CSIRendition(name: name, layout: .onePartScale)
        rendition.width = UInt32(width)
        rendition.height = UInt32(height)
        rendition.scaleFactor = UInt32(scale * 100)
        rendition.pixelFormat = .rgbw
        rendition.colorSpace = .extendedSRGB
        rendition.data = halfFloats.withUnsafeBytes { chunkedPayload($0, rowBytes: width * 8, height: height, isOpaque: isOpaque, compress: compress) }
        rendition.properties =
            sliceAndMetrics(width: UInt32(width), height: UInt32(height)) + blendAndOrientation + [(1007, words([UInt32(width * 8)]))]
        return rendition
    }

    /// `value` as an IEEE half float's bits, rounded to nearest, ties to even (written out:
    /// `Float16` is missing on some platforms). Past the half's range is infinity.
    package static func halfBits(_ value: Float) -> UInt16 {
        let bits = value.bitPattern
        let sign = UInt16(truncatingIfNeeded: bits >> 16) & 0x8000
        if value.isNaN { return sign | 0x7E00 }
        let exponent = Int(bits >> 23 & 0xFF) - 127 + 15
        let mantissa = bits & 0x7F_FFFF
        if exponent >= 31 { return sign | 0x7C00 }
        func rounded(_ significand: UInt32, dropping shift: UInt32) -> UInt32 {
            let kept = significand >> shift
            let rest = significand & (1 << shift - 1)
            let half = UInt32(1) << (shift - 1)
            return rest > half || (rest == half && kept & 1 == 1) ? kept + 1 : kept
        }
        if exponent <= 0 {
            // A subnormal half: the implicit 1 made explicit, shifted into the 10 bits.
            guard exponent >= -10 else { return sign }
            return sign | UInt16(rounded(mantissa | 0x80_0000, dropping: UInt32(14 - exponent)))
        }
        // A carry out of the mantissa rightly steps the exponent (to infinity at the top).
        return sign | UInt16(rounded(UInt32(exponent) << 23 | mantissa, dropping: 13))
    }
}
