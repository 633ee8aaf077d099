import AdaptSupport
import AssetCatalog
import CompiledCatalog
import PNGInspection

/// The encode stage for the files beside the `.car`: each `SideFileJob`'s bytes, or the finding
/// that stops it. `CatalogCompiler` runs it on every core, as it runs `RenditionEncoder`.
enum SideFileEncoder {
    static func encode(_ job: SideFileJob, maxPixels: UInt64) -> Result<[UInt8], Diagnostic> {
        func failure(_ rule: RuleID, _ path: String, _ message: String) -> Result<[UInt8], Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: job.assetName), at: SourceLocation(file: path)))
        }
        switch job.source {
        case .launchImage(let path):
            guard let png = try? FileSystem.readRegularFile(path, limit: 64 << 20) else {
                return failure(.compileUnreadable, path, "cannot be read to write \(job.name)")
            }
            // Copied as it is, but only once it decodes as any image does: a file that is no
            // PNG would otherwise ship under a PNG's name, and the app would launch blank.
            switch PremultipliedPNG.decode(png, maxPixels: maxPixels, path: path) {
            case .success: return .success(png)
            case .failure(.tooLarge(let message)): return failure(.compileTooLarge, path, "has \(message) (--max-pixels)")
            case .failure(.unreadable(let message)): return failure(.compileUnreadable, path, "is not a PNG libpng can decode: \(message)")
            case .failure(.outOfMemory): return failure(.compileUnreadable, path, "is not a PNG libpng can decode: out of memory")
            }
        case .looseIcon(let path, let side):
            guard let png = looseIcon(path, side: side) else { return failure(.compileUnreadable, path, "cannot be decoded to write \(job.name)") }
            return .success(png)
        case .icns(let images):
            let pngs = images.compactMap { image -> (type: String, png: [UInt8])? in
                switch image.image {
                case .file(let path): DecodedImage.pngFile(at: path).map { (image.type, $0) }
                case .pixels(let side, let pixels):
                    DecodedBitmap(width: side, height: side, rowBytes: side * 4, format: .argb, isOpaque: false, bytes: pixels).pngData().map {
                        (image.type, $0)
                    }
                }
            }
            return .success(ICNSWriter.file(pngs))
        }
    }

    /// The image at `path` as a loose icon of `side` pixels: the file itself when it is a PNG of
    /// that size, else its pixels averaged down (each output pixel the mean of the source area it
    /// covers).
    static func looseIcon(_ path: String, side: Int) -> [UInt8]? {
        guard let file = DecodedImage.pngFile(at: path) else { return nil }
        guard case .success(let decoded) = PremultipliedPNG.decode(file, maxPixels: 1 << 26, path: path) else { return nil }
        let width = decoded.width
        let height = decoded.height
        if width == side && height == side { return file }
        let source = decoded.pixels
        var averaged = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            let top = y * height / side
            let bottom = max(top + 1, (y + 1) * height / side)
            for x in 0..<side {
                let left = x * width / side
                let right = max(left + 1, (x + 1) * width / side)
                var sums = (0, 0, 0, 0)
                for sy in top..<bottom {
                    for sx in left..<right {
                        let at = (sy * width + sx) * 4
                        sums.0 += Int(source[at])
                        sums.1 += Int(source[at + 1])
                        sums.2 += Int(source[at + 2])
                        sums.3 += Int(source[at + 3])
                    }
                }
                let count = (bottom - top) * (right - left)
                let out = (y * side + x) * 4
                averaged[out] = UInt8((sums.0 + count / 2) / count)
                averaged[out + 1] = UInt8((sums.1 + count / 2) / count)
                averaged[out + 2] = UInt8((sums.2 + count / 2) / count)
                averaged[out + 3] = UInt8((sums.3 + count / 2) / count)
            }
        }
        // Averaged premultiplied B G R A, written as a straight RGBA PNG.
        return withExtendedLifetime(decoded) {
            DecodedBitmap(width: side, height: side, rowBytes: side * 4, format: .argb, isOpaque: false, bytes: averaged).pngData()
        }
    }
}
