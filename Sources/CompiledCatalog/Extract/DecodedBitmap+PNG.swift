import CPNGSupport

extension DecodedBitmap {
    /// The bitmap as a PNG: colour as straight (un-premultiplied) RGBA, grey + alpha as straight
    /// GA (GA16 reduced to 8 bits: its high bytes), grey as grey, RGB555 widened to 8-bit RGB.
    /// CoreUI stores colour premultiplied in B G R A order, so each pixel is reordered and
    /// divided by its alpha (rounded; a zero alpha keeps zero colour). `RGBW` (half floats in
    /// extended sRGB) becomes a 16-bit Display P3 PNG (`widePNGData`). Nil for pixels shorter
    /// than their rows claim; extract reports those and skips them.
    ///
    /// ```swift
    /// if case .pixels(let bitmap)? = try catalog.decodedBitmap(of: rendition) {
    ///     try bitmap.pngData().map { try Data($0).write(to: url) }
    /// }
    /// ```
    ///
    /// `effort` `.boundedTime` (what extract asks for) compresses an image of more than
    /// `PNGEffort.boundedAbovePixels` pixels at zlib level 1: the same pixels, a file some tenths
    /// larger, and no more than a few seconds for a 4096² image whatever its pixels (at the default
    /// level, rows a hostile `.car` stores in a few kilobytes took 11 s; issue 35). Smaller images,
    /// and `.smallest`, are written as before, byte for byte.
    public func pngData(effort: PNGEffort = .smallest) -> [UInt8]? {
        if format == .argb16 { return widePNGData() }
        guard let (channels, straight) = straightPixels() else { return nil }
        var png: UnsafeMutablePointer<UInt8>?
        var length = 0
        let level: Int32 = effort == .boundedTime && width * height > PNGEffort.boundedAbovePixels ? 1 : -1
        let ok = straight.withUnsafeBufferPointer {
            adapt_png_encode_level($0.baseAddress, UInt32(width), UInt32(height), width * channels, Int32(channels), level, &png, &length)
        }
        guard ok == 1, let png else { return nil }
        defer { adapt_png_encode_free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }

    /// The PNG's channels and its tightly packed straight pixels.
    func straightPixels() -> (channels: Int, pixels: [UInt8])? {
        let pixel = format.bytesPerPixel
        // The rows must hold the pixels: a short buffer is refused here, not read past.
        guard width > 0, height > 0, width <= UInt32.max, height <= UInt32.max, rowBytes >= width * pixel,
            rowBytes.multipliedReportingOverflow(by: height - 1).partialValue <= bytes.count - width * pixel
        else { return nil }
        let channels: Int
        switch format {
        case .argb: channels = 4
        case .grayAlpha8, .grayAlpha16: channels = 2
        case .gray8: channels = 1
        case .rgb555: channels = 3
        case .argb16: return nil
        }
        if format == .argb { return (4, straightARGB()) }
        var out = [UInt8](repeating: 0, count: width * height * channels)
        var index = 0
        for y in 0..<height {
            var at = y * rowBytes
            for _ in 0..<width {
                switch format {
                case .argb:
                    let alpha = isOpaque ? 255 : Int(bytes[at + 3])
                    out[index] = Self.unpremultiply(bytes[at + 2], alpha)
                    out[index + 1] = Self.unpremultiply(bytes[at + 1], alpha)
                    out[index + 2] = Self.unpremultiply(bytes[at], alpha)
                    out[index + 3] = UInt8(alpha)
                case .grayAlpha8:
                    let alpha = isOpaque ? 255 : Int(bytes[at + 1])
                    out[index] = Self.unpremultiply(bytes[at], alpha)
                    out[index + 1] = UInt8(alpha)
                case .grayAlpha16:
                    // Little-endian 16-bit grey then alpha; the high byte of each is its 8-bit value.
                    let alpha = isOpaque ? 255 : Int(bytes[at + 3])
                    out[index] = Self.unpremultiply(bytes[at + 1], alpha)
                    out[index + 1] = UInt8(alpha)
                case .gray8:
                    out[index] = bytes[at]
                case .rgb555:
                    // A little-endian word: 1 unused bit, then 5 bits each of red, green, blue.
                    let word = Int(bytes[at]) | Int(bytes[at + 1]) << 8
                    for (offset, shift) in [10, 5, 0].enumerated() {
                        let five = word >> shift & 0x1F
                        out[index + offset] = UInt8((five * 255 + 15) / 31)
                    }
                case .argb16:
                    return nil
                }
                at += pixel
                index += channels
            }
        }
        return (channels, out)
    }

    /// `.argb` (premultiplied B G R A) as straight R G B A, tightly packed: `straightPixels`'s
    /// loop for the common format, over raw buffers (a 4096² image in a fraction of the time).
    /// The caller has checked that the rows hold the pixels.
    private func straightARGB() -> [UInt8] {
        let count = width * height * 4
        let (width, height, rowBytes, isOpaque) = (width, height, rowBytes, isOpaque)
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            bytes.withUnsafeBufferPointer { source in
                let from = source.baseAddress!
                let to = out.baseAddress!
                for y in 0..<height {
                    let row = from + y * rowBytes
                    let target = to + y * width * 4
                    for x in 0..<width {
                        let pixel = row + x * 4
                        let at = target + x * 4
                        let alpha = isOpaque ? 255 : Int(pixel[3])
                        if alpha == 255 {
                            at[0] = pixel[2]
                            at[1] = pixel[1]
                            at[2] = pixel[0]
                            at[3] = 255
                        } else {
                            at[0] = Self.unpremultiply(pixel[2], alpha)
                            at[1] = Self.unpremultiply(pixel[1], alpha)
                            at[2] = Self.unpremultiply(pixel[0], alpha)
                            at[3] = UInt8(alpha)
                        }
                    }
                }
            }
            initialized = count
        }
    }

    /// A premultiplied component back to straight: `c * 255 / alpha`, rounded, at most 255.
    @inline(__always)
    static func unpremultiply(_ component: UInt8, _ alpha: Int) -> UInt8 {
        guard alpha > 0 else { return 0 }
        guard alpha < 255 else { return component }
        return UInt8(min(255, (Int(component) * 255 + alpha / 2) / alpha))
    }
}

/// How hard `DecodedBitmap.pngData(effort:)` compresses: `.smallest`, zlib's default level (the
/// bytes compile and earlier releases wrote); `.boundedTime`, level 1 for images of more than
/// `boundedAbovePixels` pixels, whose time at the default level depends on what the pixels are.
public enum PNGEffort: Sendable, Equatable {
    /// zlib's default level for every image: the smallest file, at a time that depends on the pixels.
    case smallest
    /// zlib's level 1 above `boundedAbovePixels` pixels (a 4096² image of noise in seconds, not ten).
    case boundedTime

    /// 1024 × 1024: an app icon, and every smaller image, is written at the default level.
    public static let boundedAbovePixels = 1 << 20
}
