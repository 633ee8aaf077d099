import AdaptSupport
import AssetCatalog
import CompiledCatalog
import PNGInspection

/// An image stack's flattened and radiosity images (`ImageStacks`), drawn at encoding.
extension ImageStacks {
    /// The layers drawn back to front, centred on a canvas of `width` × `height` pixels; for a
    /// radiosity image, on a canvas `radiosityMargin` points larger on every side, blurred.
    static func stackImage(
        name: String, layers: [String], width: Int, height: Int, scale: Int, radiosity: Bool, maxPixels: UInt64,
        subject: String, location: SourceLocation
    ) -> Result<[UInt8], Diagnostic> {
        let margin = radiosity ? radiosityMargin * scale : 0
        let canvasWidth = width + 2 * margin
        let canvasHeight = height + 2 * margin
        guard UInt64(canvasWidth) * UInt64(canvasHeight) <= maxPixels else {
            return .failure(
                Diagnostic(
                    .compileTooLarge, "'\(subject)' is \(canvasWidth) x \(canvasHeight) pixels at \(scale)x, more than --max-pixels allows",
                    subject: Diagnostic.Subject(asset: subject), at: location))
        }
        var canvas = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
        for path in layers {
            let file: [UInt8]
            do { file = try FileSystem.readRegularFile(path, limit: 256 << 20) } catch {
                return .failure(
                    Diagnostic(
                        .compileUnreadable, "cannot be read: \(error.reason)", subject: Diagnostic.Subject(asset: subject), at: SourceLocation(file: path)))
            }
            guard case .success(let decoded) = PremultipliedPNG.decode(file, maxPixels: maxPixels, path: path) else {
                return .failure(
                    Diagnostic(
                        .compileUnreadable, "is not a PNG libpng can decode", subject: Diagnostic.Subject(asset: subject), at: SourceLocation(file: path)))
            }
            let pixels = decoded.pixels
            let layerWidth = decoded.width
            let layerHeight = decoded.height
            let left = (canvasWidth - layerWidth) / 2
            let top = (canvasHeight - layerHeight) / 2
            let rows = max(0, -top)..<min(layerHeight, canvasHeight - top)
            let columns = max(0, -left)..<min(layerWidth, canvasWidth - left)
            canvas.withUnsafeMutableBufferPointer { canvas in
                for y in rows {
                    for x in columns {
                        let source = (y * layerWidth + x) * 4
                        let target = ((y + top) * canvasWidth + x + left) * 4
                        // Premultiplied "source over": the layer, and what is below through it.
                        let through = 255 - Int(pixels[source + 3])
                        for channel in 0..<4 {
                            canvas[target + channel] = UInt8(Int(pixels[source + channel]) + (Int(canvas[target + channel]) * through + 127) / 255)
                        }
                    }
                }
            }
        }
        if radiosity { boxBlur(&canvas, width: canvasWidth, height: canvasHeight, radius: 10 * scale, passes: 3) }
        var isOpaque = true
        for pixel in stride(from: 3, to: canvas.count, by: 4) where canvas[pixel] != 255 {
            isOpaque = false
            break
        }
        return .success(
            CSIRendition.stackImage(
                name: name, width: canvasWidth, height: canvasHeight, scale: scale, pixels: canvas, isOpaque: isOpaque,
                compress: BitmapCompression.lzfse
            ).bytes())
    }

    /// Blurs premultiplied pixels in place: `passes` box blurs of `radius`, across then down
    /// (three passes come close to a Gaussian).
    static func boxBlur(_ pixels: inout [UInt8], width: Int, height: Int, radius: Int, passes: Int) {
        guard radius > 0, width > 0, height > 0 else { return }
        var lineStorage = [Int](repeating: 0, count: max(width, height) * 4)
        pixels.withUnsafeMutableBufferPointer { pixels in
            lineStorage.withUnsafeMutableBufferPointer { line in
                func blur(count: Int, stride step: Int, start: Int) {
                    for index in 0..<count { for channel in 0..<4 { line[index * 4 + channel] = Int(pixels[start + index * step + channel]) } }
                    var sums = (0, 0, 0, 0)
                    // The window [index - radius, index + radius], edges extended.
                    for offset in -radius...radius {
                        let at = min(max(offset, 0), count - 1) * 4
                        sums.0 += line[at]
                        sums.1 += line[at + 1]
                        sums.2 += line[at + 2]
                        sums.3 += line[at + 3]
                    }
                    let window = 2 * radius + 1
                    for index in 0..<count {
                        let out = start + index * step
                        pixels[out] = UInt8((sums.0 + window / 2) / window)
                        pixels[out + 1] = UInt8((sums.1 + window / 2) / window)
                        pixels[out + 2] = UInt8((sums.2 + window / 2) / window)
                        pixels[out + 3] = UInt8((sums.3 + window / 2) / window)
                        let leaving = min(max(index - radius, 0), count - 1) * 4
                        let entering = min(index + radius + 1, count - 1) * 4
                        sums.0 += line[entering] - line[leaving]
                        sums.1 += line[entering + 1] - line[leaving + 1]
                        sums.2 += line[entering + 2] - line[leaving + 2]
                        sums.3 += line[entering + 3] - line[leaving + 3]
                    }
                }
                for _ in 0..<passes {
                    for row in 0..<height { blur(count: width, stride: 4, start: row * width * 4) }
                    for column in 0..<width { blur(count: height, stride: width * 4, start: column * 4) }
                }
            }
        }
    }
}
