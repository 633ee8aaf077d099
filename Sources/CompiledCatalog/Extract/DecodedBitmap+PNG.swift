import CPNGSupport

extension DecodedBitmap {
    /// The bitmap as a PNG: colour as straight (un-premultiplied) RGBA, grey + alpha as straight
    /// GA, grey as grey. CoreUI stores colour premultiplied in B G R A order, so each pixel is
    /// reordered and divided by its alpha (rounded; a zero alpha keeps zero colour). Nil for the
    /// formats not converted yet (16-bit and 5-5-5), which extract reports and skips.
    ///
    /// ```swift
    /// if case .pixels(let bitmap)? = try catalog.decodedBitmap(of: rendition) {
    ///     try bitmap.pngData().map { try Data($0).write(to: url) }
    /// }
    /// ```
    public func pngData() -> [UInt8]? {
        guard width > 0, height > 0 else { return nil }
        let channels: Int
        var straight: [UInt8]
        switch format {
        case .argb:
            channels = 4
            straight = [UInt8](repeating: 0, count: width * height * 4)
            bytes.withUnsafeBufferPointer { source in
                straight.withUnsafeMutableBufferPointer { target in
                    for y in 0..<height {
                        let row = source.baseAddress! + y * rowBytes
                        let out = target.baseAddress! + y * width * 4
                        for x in 0..<width {
                            let pixel = row + 4 * x
                            let alpha = isOpaque ? 255 : Int(pixel[3])
                            out[4 * x] = Self.unpremultiply(pixel[2], alpha)
                            out[4 * x + 1] = Self.unpremultiply(pixel[1], alpha)
                            out[4 * x + 2] = Self.unpremultiply(pixel[0], alpha)
                            out[4 * x + 3] = UInt8(alpha)
                        }
                    }
                }
            }
        case .grayAlpha8:
            channels = 2
            straight = [UInt8](repeating: 0, count: width * height * 2)
            for y in 0..<height {
                for x in 0..<width {
                    let at = y * rowBytes + 2 * x
                    let alpha = isOpaque ? 255 : Int(bytes[at + 1])
                    straight[(y * width + x) * 2] = Self.unpremultiply(bytes[at], alpha)
                    straight[(y * width + x) * 2 + 1] = UInt8(alpha)
                }
            }
        case .gray8:
            channels = 1
            straight = (0..<height).flatMap { bytes[($0 * rowBytes)..<($0 * rowBytes + width)] }
        default:
            return nil
        }
        var png: UnsafeMutablePointer<UInt8>?
        var length = 0
        let ok = straight.withUnsafeBufferPointer {
            adapt_png_encode($0.baseAddress, UInt32(width), UInt32(height), width * channels, Int32(channels), &png, &length)
        }
        guard ok == 1, let png else { return nil }
        defer { adapt_png_encode_free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }

    /// A premultiplied component back to straight: `c * 255 / alpha`, rounded, at most 255.
    @inline(__always)
    static func unpremultiply(_ component: UInt8, _ alpha: Int) -> UInt8 {
        guard alpha > 0 else { return 0 }
        guard alpha < 255 else { return component }
        return UInt8(min(255, (Int(component) * 255 + alpha / 2) / alpha))
    }
}
