/// How a CoreUI bitmap's decoded pixels are laid out, from the CSI header's pixel format (a
/// four-character code). Colour and grey with alpha are stored premultiplied; colour in memory
/// order B, G, R, A (`ARGB` read as a little-endian word).
///
/// ```swift
/// BitmapPixelFormat(PixelFormat.argb)?.bytesPerPixel   // 4
/// BitmapPixelFormat(PixelFormat.pdf)                   // nil: not a bitmap
/// ```
public enum BitmapPixelFormat: String, Hashable, Sendable, CaseIterable {
    /// 8-bit premultiplied BGRA.
    case argb = "ARGB"
    /// 16 bits per channel (`RGBW`), half floats in the extended colour spaces.
    case argb16 = "RGBW"
    /// 8-bit grey and premultiplied alpha.
    case grayAlpha8 = "GA8 "
    /// 16-bit grey and premultiplied alpha.
    case grayAlpha16 = "GA16"
    /// 5-5-5 packed opaque colour in a 16-bit little-endian word.
    case rgb555 = "RGB5"
    /// 8-bit grey, no alpha.
    case gray8 = "GRAY"

    /// Bytes per pixel: 4 for BGRA, 2 for grey and alpha, and so on.
    public var bytesPerPixel: Int {
        switch self {
        case .argb, .grayAlpha16: 4
        case .argb16: 8
        case .grayAlpha8, .rgb555: 2
        case .gray8: 1
        }
    }

    /// The decoder's layout for a reader's pixel format, when it is a bitmap format. Matched on
    /// the four-character code as stored (`GA8 ` keeps its space).
    public init?(_ format: PixelFormat) {
        guard let match = Self.allCases.first(where: { PixelFormat(code: $0.rawValue) == format }) else { return nil }
        self = match
    }
}

extension RenditionCompression {
    /// Whether this package turns the payload into pixels (deepmap2: its planes and packed
    /// variants; `Deepmap2`). The others are image codecs of their own (ASTC, HEVC, palettes, a
    /// JPEG with an LZFSE alpha plane) that would each need a decoder, so extract names them and
    /// skips the rendition.
    public var isDecoded: Bool {
        switch self {
        case .uncompressed, .rle, .zip, .lzvn, .lzfse, .deepmap2: true
        default: false
        }
    }
}
