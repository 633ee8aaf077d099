import AdaptSupport
import CompiledCatalog

/// An image file's pixels, decoded by adapt for the formats ImageIO reads in a catalog beyond PNG
/// (whose decode is libpng's) and the photographs stored as they are (JPEG, HEIC): premultiplied
/// B G R A, `width * 4` bytes a row, as CoreUI stores a bitmap. Each decoder checks the size its
/// header states against `--max-pixels` before it holds a pixel.
struct DecodedImage {
    /// The formats decoded here: two by the system's libraries, opened at run time
    /// (`SystemImageLibraries`), and three by adapt's own readers.
    enum Format: String, Sendable, CaseIterable {
        case webp = "WebP"
        case tiff = "TIFF"
        case gif = "GIF"
        case bmp = "BMP"
        case psd = "Photoshop"
    }

    var pixels: [UInt8]
    var width: Int
    var height: Int

    var isOpaque: Bool { stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 } }

    /// Why a file was not decoded.
    enum Failure: Error, Equatable {
        /// Its header states more pixels than `--max-pixels` allows.
        case tooLarge(width: Int, height: Int)
        /// Its bytes are not a file of its format that adapt reads; the reason says how.
        case unreadable(String)
        /// The system library that decodes the format is not installed: Debian's `package`.
        case libraryMissing(package: String)
    }

    /// Decodes `file`, whose bytes say it is `format` (`path` is where it was read, for libraries
    /// that open files themselves).
    static func decode(_ file: [UInt8], as format: Format, maxPixels: UInt64) -> Result<DecodedImage, Failure> {
        switch format {
        case .webp: SystemImageLibraries.decodeWebP(file, maxPixels: maxPixels)
        case .tiff: SystemImageLibraries.decodeTIFF(file, maxPixels: maxPixels)
        case .gif: GIFReader.decode(file, maxPixels: maxPixels)
        case .bmp: BMPReader.decode(file, maxPixels: maxPixels)
        case .psd: PSDReader.decode(file, maxPixels: maxPixels)
        }
    }

    /// The image as a PNG file (straight alpha), for what holds PNGs: an `.icns`, a loose icon.
    var pngFile: [UInt8]? {
        DecodedBitmap(width: width, height: height, rowBytes: width * 4, format: .argb, isOpaque: isOpaque, bytes: pixels).pngData()
    }

    /// The image file at `path` as a PNG: the file itself when it is one, else decoded (bounded by
    /// `maxPixels`) and written as one; nil when it cannot be read or decoded.
    static func pngFile(at path: String, maxPixels: UInt64 = 1 << 26) -> [UInt8]? {
        guard let file = try? FileSystem.readRegularFile(path, limit: 64 << 20) else { return nil }
        switch BitmapFormat.of(path: path, filename: path) {
        case .success(.png): return file
        case .success(.decoded(let format)): return try? decode(file, as: format, maxPixels: maxPixels).get().pngFile
        default: return nil
        }
    }

    /// Whether this machine decodes `format` (a system library may be missing).
    static func isAvailable(_ format: Format) -> Bool {
        switch format {
        case .webp: SystemImageLibraries.webp != nil
        case .tiff: SystemImageLibraries.tiff != nil
        case .gif, .bmp, .psd: true
        }
    }

    /// The Debian package a missing decoder is installed with.
    static func package(of format: Format) -> String? {
        switch format {
        case .webp: "libwebp7"
        case .tiff: "libtiff6"
        case .gif, .bmp, .psd: nil
        }
    }

    /// The failure for a stated size, when `maxPixels` does not allow it (or it is empty).
    static func checkSize(_ width: Int, _ height: Int, maxPixels: UInt64) -> Failure? {
        guard width > 0, height > 0 else { return .unreadable("it states an empty image (\(width) x \(height))") }
        guard width <= 1 << 20, height <= 1 << 20, UInt64(width) * UInt64(height) <= maxPixels else { return .tooLarge(width: width, height: height) }
        return nil
    }

    /// Straight-alpha B G R A pixels made premultiplied in place, rounded as the PNG decoder rounds.
    static func premultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count - 3, by: 4) {
                let alpha = UInt32(bytes[offset + 3])
                guard alpha != 255 else { continue }
                for channel in offset..<offset + 3 { bytes[channel] = UInt8((UInt32(bytes[channel]) * alpha + 127) / 255) }
            }
        }
    }
}
