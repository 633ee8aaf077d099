import AdaptSupport
import CPNGSupport

/// A PNG decoded by libpng to premultiplied B G R A (`width * 4` bytes a row), as CoreUI stores a
/// bitmap: the package's one call of that decode, bounded by a pixel limit, its buffer freed in one
/// place (when the value goes). Compile, its icons and stacks, and diff's pixel comparison read
/// PNGs through it.
///
/// ```swift
/// switch PremultipliedPNG.decode(file, maxPixels: 1 << 26, path: path) {
/// case .success(let png): use(png.pixels, png.width, png.height)
/// case .failure(let failure): report(failure)
/// }
/// ```
package final class PremultipliedPNG {
    package let width: Int
    package let height: Int
    /// Whether every pixel is opaque.
    package let isOpaque: Bool
    /// The decoder's own buffer, valid while this value lives.
    package let pixels: UnsafeBufferPointer<UInt8>

    /// Why a PNG was not decoded.
    package enum Failure: Error, Equatable {
        /// Larger than the pixel limit: libpng's words, with the size.
        case tooLarge(String)
        /// libpng refuses it: its words.
        case unreadable(String)
        /// The machine had no memory for it (noted as the environment's fault, `FileSystem.noteEnvironmentFailure`).
        case outOfMemory
    }

    private init(width: Int, height: Int, isOpaque: Bool, pixels: UnsafeBufferPointer<UInt8>) {
        (self.width, self.height, self.isOpaque, self.pixels) = (width, height, isOpaque, pixels)
    }

    deinit { adapt_png_decoded_free(UnsafeMutablePointer(mutating: pixels.baseAddress)) }

    /// Decodes `file` (read from `path`, named when the machine runs out of memory; nil for bytes
    /// of no file, whose caller says what ran short).
    package static func decode(_ file: [UInt8], maxPixels: UInt64, path: String?) -> Result<PremultipliedPNG, Failure> {
        let decoded = file.withUnsafeBufferPointer { adapt_png_decode_premultiplied_bgra($0.baseAddress, $0.count, maxPixels) }
        guard decoded.status == 0, let pixels = decoded.pixels else {
            adapt_png_decoded_free(decoded.pixels)
            let message = withUnsafeBytes(of: decoded.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            switch decoded.status {
            case 2: return .failure(.tooLarge(message))
            case 3:
                if let path { FileSystem.noteEnvironmentFailure(ENOMEM, path: path) } // the machine's fault, not the file's
                return .failure(.outOfMemory)
            default: return .failure(.unreadable(message))
            }
        }
        let width = Int(decoded.width)
        let height = Int(decoded.height)
        return .success(
            PremultipliedPNG(
                width: width, height: height, isOpaque: decoded.is_opaque != 0, pixels: UnsafeBufferPointer(start: pixels, count: width * height * 4)))
    }
}
