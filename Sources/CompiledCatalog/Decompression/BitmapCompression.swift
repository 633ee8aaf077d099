/// The compression a CoreUI bitmap payload (`CELM`/`MLEC`) declares, numbered as CoreUI's
/// `_CUIConvertCompressionTypeToString` lists them (numbers cross-checked between Timac's
/// "Reverse engineering the .car file format" and blacktop/ipsw's `pkg/car`; older lists without
/// HEVC put deepmap at 9, and Xcode 7 files use only 4 here).
///
/// ```swift
/// BitmapCompression(rawValue: 4)              // .lzfse
/// BitmapCompression(rawValue: 11).name        // "deepmap2"
/// BitmapCompression(rawValue: 11).isDecoded   // false: reported and skipped
/// ```
public enum BitmapCompression: Hashable, Sendable, CustomStringConvertible {
    case uncompressed, rle, zip, lzvn, lzfse, jpegLZFSE, blurred, astc, paletteImage, hevc, deepmapLZFSE, deepmap2, dxtc
    /// A number CoreUI did not use when this was written: shown raw, never guessed at.
    case unknown(UInt32)

    public init(rawValue: UInt32) {
        switch rawValue {
        case 0: self = .uncompressed
        case 1: self = .rle
        case 2: self = .zip
        case 3: self = .lzvn
        case 4: self = .lzfse
        case 5: self = .jpegLZFSE
        case 6: self = .blurred
        case 7: self = .astc
        case 8: self = .paletteImage
        case 9: self = .hevc
        case 10: self = .deepmapLZFSE
        case 11: self = .deepmap2
        case 12: self = .dxtc
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: UInt32 {
        switch self {
        case .uncompressed: 0
        case .rle: 1
        case .zip: 2
        case .lzvn: 3
        case .lzfse: 4
        case .jpegLZFSE: 5
        case .blurred: 6
        case .astc: 7
        case .paletteImage: 8
        case .hevc: 9
        case .deepmapLZFSE: 10
        case .deepmap2: 11
        case .dxtc: 12
        case .unknown(let value): value
        }
    }

    /// The name `assetutil --info` prints in `Compression` (and `unknown-N` for the rest).
    public var name: String {
        switch self {
        case .uncompressed: "uncompressed"
        case .rle: "rle"
        case .zip: "zip"
        case .lzvn: "lzvn"
        case .lzfse: "lzfse"
        case .jpegLZFSE: "jpeg-lzfse"
        case .blurred: "blurred"
        case .astc: "astc"
        case .paletteImage: "palette-img"
        case .hevc: "hevc"
        case .deepmapLZFSE: "deepmap-lzfse"
        case .deepmap2: "deepmap2"
        case .dxtc: "dxtc"
        case .unknown(let value): "unknown-\(value)"
        }
    }

    public var description: String { name }

    /// Whether this package turns the payload into pixels. The others are image codecs of
    /// their own (ASTC, HEVC, deepmap's tiles, palettes, a JPEG with an LZFSE alpha plane) that
    /// would each need a decoder, so extract names them and skips the rendition.
    public var isDecoded: Bool {
        switch self {
        case .uncompressed, .rle, .zip, .lzvn, .lzfse: true
        default: false
        }
    }
}

/// How a CoreUI bitmap's pixels are laid out, from the CSI header's pixel format (a four-char
/// code). Colour pixels are stored premultiplied, in memory order B, G, R, A.
public enum BitmapPixelFormat: String, Hashable, Sendable, CaseIterable {
    /// 8-bit premultiplied BGRA (`ARGB` read as a little-endian word).
    case argb = "ARGB"
    /// 16-bit-per-channel colour (`RGBW`), half floats in the extended colour spaces.
    case argb16 = "RGBW"
    /// 8-bit grey and premultiplied alpha.
    case grayAlpha8 = "GA8 "
    /// 16-bit grey and alpha.
    case grayAlpha16 = "GA16"
    /// 5-5-5 packed opaque colour.
    case rgb555 = "RGB5"
    /// 8-bit grey, no alpha.
    case gray8 = "GRAY"

    public var bytesPerPixel: Int {
        switch self {
        case .argb, .grayAlpha16: 4
        case .argb16: 8
        case .grayAlpha8, .rgb555: 2
        case .gray8: 1
        }
    }
}
