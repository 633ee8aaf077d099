import AdaptSupport
import AssetCatalog
import CPNGSupport

/// Whether a PNG's pixels are all fully opaque, decided by decoding it row by row with libpng
/// (one row of memory whatever the image size). An alpha channel, palette alpha (tRNS) and a
/// tRNS colour key all count, at 8 and 16 bits.
///
/// ```swift
/// switch PNGOpacity(file: "AppIcon.appiconset/store.png") {
/// case .noAlphaChannel: break                      // opaque by construction
/// case .opaque: print("alpha channel, but every pixel is opaque")
/// case .translucent(let pixel): print("pixel \(pixel.x),\(pixel.y) has alpha \(pixel.alpha)")
/// case .unreadable(let reason): print(reason)
/// }
/// ```
package enum PNGOpacity: Hashable, Sendable {
    /// Neither an alpha channel nor a tRNS chunk.
    case noAlphaChannel
    /// An alpha channel (or tRNS), but no pixel uses it.
    case opaque
    /// The first pixel (in file order) that is not fully opaque.
    case translucent(Pixel)
    /// The file could not be read or decoded.
    case unreadable(String)

    package struct Pixel: Hashable, Sendable {
        package var x: UInt32
        package var y: UInt32
        /// The pixel's alpha and the value of a fully opaque one (255, or 65535 at 16 bits).
        package var alpha: UInt32
        package var opaqueAlpha: UInt32

        package init(x: UInt32, y: UInt32, alpha: UInt32, opaqueAlpha: UInt32) {
            self.x = x
            self.y = y
            self.alpha = alpha
            self.opaqueAlpha = opaqueAlpha
        }
    }

    /// Decodes the file at `path`; images over `maxPixels` are not decoded.
    package init(file path: String, maxPixels: UInt64 = PNGInspector.defaultMaxPixels) {
        do {
            self = try FileSystem.withContents(of: path) { PNGOpacity(bytes: $0, maxPixels: maxPixels) }
        } catch let error as FileSystem.Failure {
            self = .unreadable("cannot read the file: \(error.reason)")
        } catch {
            self = .unreadable("cannot read the file")
        }
    }

    package init(bytes: UnsafeBufferPointer<UInt8>, maxPixels: UInt64 = PNGInspector.defaultMaxPixels) {
        var result = adapt_png_opacity(bytes.baseAddress, bytes.count, maxPixels)
        switch result.status {
        case ADAPT_OPACITY_NO_ALPHA: self = .noAlphaChannel
        case ADAPT_OPACITY_OPAQUE: self = .opaque
        case ADAPT_OPACITY_TRANSLUCENT:
            self = .translucent(Pixel(x: result.x, y: result.y, alpha: result.alpha, opaqueAlpha: result.max_alpha))
        default:
            let message = withUnsafeBytes(of: &result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            self = .unreadable(message.isEmpty ? "decoding failed" : "decoding failed: \(message)")
        }
    }

    package init(bytes: [UInt8], maxPixels: UInt64 = PNGInspector.defaultMaxPixels) {
        self = bytes.withUnsafeBufferPointer { PNGOpacity(bytes: $0, maxPixels: maxPixels) }
    }
}
