import CompiledCatalog

/// The renderer's picture: premultiplied pixels as floats, resampled, halved, drawn over and
/// clipped to the icon's shape.
extension IconComposerRenderer {
    /// Premultiplied B G R A as floats, 0 to 255.
    struct Image {
        var width: Int
        var height: Int
        var pixels: [Float]

        var bytes: [UInt8] { pixels.map { UInt8(min(255, max(0, $0.rounded()))) } }

        /// Resampled to `newWidth` x `newHeight` with a triangle filter as wide as the scale step
        /// (an area average when shrinking, bilinear when growing), one axis after the other.
        func resampled(width newWidth: Int, height newHeight: Int) -> Image {
            if newWidth == width && newHeight == height { return self }
            return pixels.withUnsafeBufferPointer { Self.resample($0, width: width, height: height, to: newWidth, newHeight) { $0 } }
        }

        /// Decoded bytes (premultiplied B G R A) resampled as `resampled` does, read a byte at a
        /// time: an 8000-pixel layer is never held as floats (16 bytes a pixel, 1 GB), only the
        /// first pass's narrower result is. The same sums in the same order as converting first.
        static func resampled(bytes: [UInt8], width: Int, height: Int, to newWidth: Int, _ newHeight: Int) -> Image {
            if newWidth == width && newHeight == height { return Image(width: width, height: height, pixels: bytes.map(Float.init)) }
            return bytes.withUnsafeBufferPointer { resample($0, width: width, height: height, to: newWidth, newHeight) { Float($0) } }
        }

        private static func resample<Pixel>(
            _ pixels: UnsafeBufferPointer<Pixel>, width: Int, height: Int, to newWidth: Int, _ newHeight: Int, value: (Pixel) -> Float
        ) -> Image {
            let horizontal = Self.weights(from: width, to: newWidth)
            var wide = [Float](repeating: 0, count: newWidth * height * 4)
            for y in 0..<height {
                for x in 0..<newWidth {
                    for channel in 0..<4 {
                        var sum: Float = 0
                        for (source, weight) in horizontal[x] { sum += value(pixels[(y * width + source) * 4 + channel]) * weight }
                        wide[(y * newWidth + x) * 4 + channel] = sum
                    }
                }
            }
            let vertical = Self.weights(from: height, to: newHeight)
            var out = [Float](repeating: 0, count: newWidth * newHeight * 4)
            for y in 0..<newHeight {
                for x in 0..<newWidth {
                    for channel in 0..<4 {
                        var sum: Float = 0
                        for (source, weight) in vertical[y] { sum += wide[(source * newWidth + x) * 4 + channel] * weight }
                        out[(y * newWidth + x) * 4 + channel] = sum
                    }
                }
            }
            return Image(width: newWidth, height: newHeight, pixels: out)
        }

        /// Per output position, the source positions and their weights (summing to 1).
        static func weights(from source: Int, to target: Int) -> [[(Int, Float)]] {
            let ratio = Double(source) / Double(target)
            let support = max(1, ratio)
            return (0..<target).map { position in
                let centre = (Double(position) + 0.5) * ratio - 0.5
                let low = max(0, Int((centre - support).rounded(.down)))
                let high = min(source - 1, Int((centre + support).rounded(.up)))
                var taps: [(Int, Float)] = []
                var total = 0.0
                if low <= high {
                    for index in low...high {
                        let weight = max(0, 1 - abs(Double(index) - centre) / support)
                        if weight > 0 {
                            taps.append((index, Float(weight)))
                            total += weight
                        }
                    }
                }
                if total == 0 { return [(min(source - 1, max(0, Int(centre.rounded()))), 1)] }
                return taps.map { ($0.0, $0.1 / Float(total)) }
            }
        }

        /// Half the size, each pixel the mean of four.
        func halved() -> Image {
            let newWidth = width / 2
            let newHeight = height / 2
            var out = [Float](repeating: 0, count: newWidth * newHeight * 4)
            for y in 0..<newHeight {
                for x in 0..<newWidth {
                    for channel in 0..<4 {
                        let a = pixels[((2 * y) * width + 2 * x) * 4 + channel] + pixels[((2 * y) * width + 2 * x + 1) * 4 + channel]
                        let b = pixels[((2 * y + 1) * width + 2 * x) * 4 + channel] + pixels[((2 * y + 1) * width + 2 * x + 1) * 4 + channel]
                        out[(y * newWidth + x) * 4 + channel] = (a + b) / 4
                    }
                }
            }
            return Image(width: newWidth, height: newHeight, pixels: out)
        }

        /// Draws `source` with its top left at (`x`, `y`), its alpha times `opacity`, blended by
        /// `blendMode` (separable modes in premultiplied form; the others as normal).
        mutating func draw(_ source: Image, atX originX: Int, y originY: Int, opacity: Float, blendMode: IconBlendMode) {
            let factor = max(0, min(1, opacity))
            // The mode is chosen once, not per pixel and channel: a 200-group icon draws its
            // groups' pixels hundreds of millions of times.
            let blend: (_ s: Float, _ d: Float, _ sa: Float, _ da: Float) -> Float =
                switch blendMode.name {
                case "multiply": { s, d, sa, da in s * d + s * (1 - da) + d * (1 - sa) }
                case "screen": { s, d, _, _ in s + d - s * d }
                case "darken": { s, d, sa, da in min(s * da, d * sa) + s * (1 - da) + d * (1 - sa) }
                case "lighten": { s, d, sa, da in max(s * da, d * sa) + s * (1 - da) + d * (1 - sa) }
                default: { s, d, sa, _ in s + d * (1 - sa) }
                }
            for sy in max(0, -originY)..<max(max(0, -originY), min(source.height, height - originY)) {
                let y = originY + sy
                for sx in max(0, -originX)..<max(max(0, -originX), min(source.width, width - originX)) {
                    let x = originX + sx
                    let from = (sy * source.width + sx) * 4
                    let to = (y * width + x) * 4
                    let sa = source.pixels[from + 3] * factor / 255
                    guard sa > 0 else { continue }
                    let da = pixels[to + 3] / 255
                    for channel in 0..<3 {
                        let s = source.pixels[from + channel] * factor / 255
                        let d = pixels[to + channel] / 255
                        pixels[to + channel] = blend(s, d, sa, da) * 255
                    }
                    pixels[to + 3] = (sa + da * (1 - sa)) * 255
                }
            }
        }

        /// Keeps what lies inside the icon's shape, its edge antialiased (4 x 4 samples a pixel).
        mutating func clipToShape(box: Double) {
            let unit = Double(width) / 1024
            let centre = 512.0 * unit
            let radius = box / 2 * unit
            func measure(_ x: Double, _ y: Double) -> Double {
                let u = abs((x - centre) / radius)
                let v = abs((y - centre) / radius)
                let u2 = u * u
                let v2 = v * v
                return u2 * u2 * u + v2 * v2 * v
            }
            for y in 0..<height {
                for x in 0..<width {
                    // Only pixels near the edge are sampled: well inside is kept, well outside cleared.
                    let middle = measure(Double(x) + 0.5, Double(y) + 0.5)
                    if middle < 0.95 { continue }
                    if middle > 1.05 {
                        for channel in 0..<4 { pixels[(y * width + x) * 4 + channel] = 0 }
                        continue
                    }
                    var inside = 0
                    for sy in 0..<4 {
                        for sx in 0..<4 {
                            if measure(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) <= 1 { inside += 1 }
                        }
                    }
                    guard inside < 16 else { continue }
                    let coverage = Float(inside) / 16
                    for channel in 0..<4 { pixels[(y * width + x) * 4 + channel] *= coverage }
                }
            }
        }
    }
}
