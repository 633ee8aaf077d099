/// One band of a deepmap2 variant-2 payload (see `Deepmap2`): planes that a per-row predictor
/// rebuilds into pixels. Read off real files and checked against the images they were compiled
/// from: every code of Stasis's `back.png` layers equals the one its flattened image implies.
///
/// A band of `rows` rows of `width` pixels with `channels` coded channels (3 for BGRA, 1 for
/// grey + alpha) decodes to, in order:
/// - alpha, one byte a pixel, stored as is;
/// - one predictor byte a row;
/// - the high bytes of every pixel's residuals, then their low bytes, each pixel's channels
///   together (`channels` bytes a pixel). A residual's 16 bits hold its magnitude times two,
///   and its sign in bit 0;
/// - zeros up to a multiple of 16 bytes.
///
/// A code is its residual plus a prediction from the same channel's left (`a`) and upper (`b`)
/// codes, 0 beyond the image's top and left edges:
///
/// | predictor | prediction                                                     | first column |
/// |-----------|----------------------------------------------------------------|--------------|
/// | 0         | 0                                                              | 0            |
/// | 1         | `b` if the first channel's `abs(b - c) > abs(a - c)`, else `a` (`c` up-left), for every channel | `b` |
/// | 2         | `a`                                                            | 0            |
/// | 3         | `b`                                                            | `b`          |
/// | 4         | `(a + b + 1) / 2`, rounded toward zero                        | `b`          |
///
/// Colour codes are `Y`, `u`, `v` with `u = (B - R) / 2`, `t = R + u`, `v = (G - t) / 2`
/// (rounded toward zero) and `Y = t + v`, on premultiplied values. Halving loses the low bit of
/// `B - R` and of `G - t`, so the inverse below (`R = t - u`, `B = t + u`, `G = Y + v`) is exact
/// for red and may be one low for green and blue. Grey is coded as itself.
struct Deepmap2Band {
    let width: Int
    let rows: Int
    let channels: Int

    /// The bytes a band's planes take before padding.
    static func size(width: Int, rows: Int, channels: Int) -> Int {
        width * rows * (1 + 2 * channels) + rows
    }

    /// Writes the band's pixels (BGRA, or grey then alpha) into `output` from byte `start`.
    /// `band` holds at least `size` bytes and `output` room for the band's rows (the caller
    /// sized both).
    func reconstruct(_ band: [UInt8], into output: inout [UInt8], at start: Int) throws(DecompressionError) {
        let pixels = width * rows
        let modesStart = pixels
        let highStart = modesStart + rows
        let lowStart = highStart + pixels * channels
        let stride = width * channels
        precondition(band.count >= lowStart + pixels * channels && output.count - start >= pixels * (channels == 3 ? 4 : 2))
        // Codes of the row above and of this row; the row above the first is zeros.
        var above = [Int](repeating: 0, count: stride)
        var current = [Int](repeating: 0, count: stride)
        for row in 0..<rows {
            let mode = band[modesStart + row]
            guard mode <= 4 else {
                throw DecompressionError("deepmap2", .corrupt, at: modesStart + row, "row \(row) names predictor \(mode); 0 to 4 are known")
            }
            band.withUnsafeBufferPointer { band in
                above.withUnsafeBufferPointer { up in
                    current.withUnsafeMutableBufferPointer { code in
                        // Safe: every index below is less than `stride` (codes) or, from
                        // `highStart` and `lowStart`, than `pixels * channels`, checked above.
                        let high = band.baseAddress! + highStart + row * stride
                        let low = band.baseAddress! + lowStart + row * stride
                        for index in 0..<stride {
                            let word = Int(high[index]) << 8 | Int(low[index])
                            code[index] = word & 1 == 0 ? word >> 1 : -(word >> 1)
                        }
                        // Then each code plus its prediction, one loop per predictor.
                        switch mode {
                        case 0: break
                        case 1:
                            for index in 0..<min(channels, stride) { code[index] &+= up[index] }
                            var at = channels
                            while at < stride {
                                // Channel 0's gradients choose the neighbour for every channel.
                                let fromAbove = abs(up[at] - up[at - channels]) > abs(code[at - channels] - up[at - channels])
                                for index in at..<(at + channels) { code[index] &+= fromAbove ? up[index] : code[index - channels] }
                                at += channels
                            }
                        case 2:
                            for index in channels..<max(channels, stride) { code[index] &+= code[index - channels] }
                        case 3:
                            for index in 0..<stride { code[index] &+= up[index] }
                        default:
                            for index in 0..<min(channels, stride) { code[index] &+= up[index] }
                            for index in channels..<max(channels, stride) { code[index] &+= (code[index - channels] &+ up[index] &+ 1) / 2 }
                        }
                    }
                }
            }
            writeRow(row, codes: current, alpha: band, into: &output, at: start + row * width * (channels == 3 ? 4 : 2))
            swap(&above, &current)
        }
    }

    /// One row's codes as pixels: BGRA from `Y`, `u`, `v`, or grey then alpha; clamped to 0-255.
    private func writeRow(_ row: Int, codes: [Int], alpha: [UInt8], into output: inout [UInt8], at start: Int) {
        @inline(__always) func byte(_ value: Int) -> UInt8 { UInt8(clamping: value) }
        let alphaStart = row * width
        output.withUnsafeMutableBufferPointer { out in
            codes.withUnsafeBufferPointer { codes in
                alpha.withUnsafeBufferPointer { alpha in
                    // Safe: the caller checked `output` holds the band's rows from `start`, and
                    // `codes` and `alpha` hold this row's `width` pixels.
                    let pixel = out.baseAddress! + start
                    let code = codes.baseAddress!
                    let opacity = alpha.baseAddress! + alphaStart
                    if channels == 3 {
                        for x in 0..<width {
                            let y = code[3 * x]
                            let u = code[3 * x + 1]
                            let v = code[3 * x + 2]
                            let t = y - v
                            pixel[4 * x] = byte(t + u)
                            pixel[4 * x + 1] = byte(y + v)
                            pixel[4 * x + 2] = byte(t - u)
                            pixel[4 * x + 3] = opacity[x]
                        }
                    } else {
                        for x in 0..<width {
                            pixel[2 * x] = byte(code[x])
                            pixel[2 * x + 1] = opacity[x]
                        }
                    }
                }
            }
        }
    }
}
