/// The small enumerations of a CSI header, each a raw number with the names this reader knows.
/// An unknown number keeps its value and prints as `Unknown(N)`: never guessed.

/// How a rendition is laid out (`csimetadata.layout`): an image's slicing, or a non-image kind.
///
/// ```swift
/// RenditionLayout(rawValue: 12).name            // "OnePartScale"
/// RenditionLayout(rawValue: 12).isSlicedImage   // true
/// ```
public struct RenditionLayout: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 9: a PDF or SVG kept as a vector.
    public static let vector = Self(rawValue: 9)
    /// 12: a one-part image scaled to fit, the usual bitmap.
    public static let onePartScale = Self(rawValue: 12)
    /// 1000: a data set's file, or another file kept as raw data.
    public static let data = Self(rawValue: 1000)
    /// 1002: a tvOS layered image's stack: its size and its layers (`CSIRendition.layerStack`).
    package static let layerStack = Self(rawValue: 1002)
    /// 1003: a reference to a frame of a packed image.
    public static let internalReference = Self(rawValue: 1003)
    /// 1004: a packed image: an atlas of many small images.
    public static let packedImage = Self(rawValue: 1004)
    /// 1009: a colour set's colour.
    public static let color = Self(rawValue: 1009)
    /// 1010: a multisize image (an icon's sizes, as a list of entries).
    public static let multisizeImage = Self(rawValue: 1010)
    /// 1017: one glyph of a custom symbol (a `.symbolset`), one weight at one size, its SVG
    /// compressed in `RAWD`. Seen in Apple's files (Xcode 15.3 to 26.0; `docs/SymbolSetFacts.md`);
    /// the name is the one blacktop/ipsw's `pkg/car` (MIT) gives the number.
    public static let vectorGlyph = Self(rawValue: 1017)
    /// 1019: an Icon Composer icon's stack for one appearance: its fill and groups.
    public static let iconStack = Self(rawValue: 1019)
    /// 1020: one group of an Icon Composer icon, for one appearance: its image layers.
    public static let iconGroup = Self(rawValue: 1020)
    /// 1021: a named gradient of an Icon Composer icon (`IconGradient`).
    public static let namedGradient = Self(rawValue: 1021)

    private static let names: [UInt16: String] = [
        6: "Gradient", 7: "Effect", 9: "Vector",
        10: "OnePartFixedSize", 11: "OnePartTile", 12: "OnePartScale",
        20: "ThreePartHTile", 21: "ThreePartHScale", 22: "ThreePartHUniform",
        23: "ThreePartVTile", 24: "ThreePartVScale", 25: "ThreePartVUniform",
        30: "NinePartTile", 31: "NinePartScale", 32: "NinePartHorizontalUniformVerticalScale",
        33: "NinePartHorizontalScaleVerticalUniform", 34: "NinePartEdgesOnly",
        40: "ManyPartLayoutUnknown", 50: "AnimationFilmstrip",
        1000: "Data", 1001: "ExternalLink", 1002: "LayerStack", 1003: "InternalReference", 1004: "PackedImage",
        1005: "NameList", 1006: "UnknownAddObject", 1007: "Texture", 1008: "TextureImage", 1009: "Color", 1010: "MultisizeImage",
        // CoreUI's rendition classes for these: _CUIThemeModelAssetRendition, …ModelMeshRendition,
        // _CUIRecognitionObjectRendition, _CUIThemeTextStyleRendition, …ModelSubmeshRendition.
        // 1019 to 1021: Xcode 26's Icon Composer renditions, named as assetutil names their asset
        // types (mcfans/actool's record of it: `IconImageStack`, `IconGroup`, `Named Gradient`).
        // 1018 is in no file this reader has seen (none of the corpus's Xcode 26 files): Unknown(1018).
        1011: "ModelAsset", 1012: "ModelMesh", 1014: "RecognitionObject", 1015: "TextStyle", 1016: "ModelSubmesh",
        1017: "VectorGlyph",
        1019: "IconImageStack", 1020: "IconGroup", 1021: "NamedGradient",
    ]

    /// CoreUI's name for the layout (`OnePartScale`), or `Unknown(N)`.
    public var name: String { Self.names[rawValue] ?? "Unknown(\(rawValue))" }
    public var description: String { name }

    private static let themeNames = names.mapValues { "kCoreTheme" + $0 }

    /// The name with CoreUI's prefix, as assetutil's `Image Type` shows it: `kCoreThemeOnePartScale`.
    package var themeName: String { Self.themeNames[rawValue] ?? "Unknown(\(rawValue))" }

    /// A bitmap laid out in one, three or nine parts, or a filmstrip: what CoreUI calls an image.
    public var isSlicedImage: Bool { Self.slicedImages.contains(rawValue) }

    /// The layouts that are sliced images.
    package static let slicedImages: ClosedRange<UInt16> = 10...50

    /// An Icon Composer icon's stack, group or named gradient (1019 to 1021): structure, no pixels.
    public var isIconComposerStructure: Bool { (Self.iconStack.rawValue...Self.namedGradient.rawValue).contains(rawValue) }

    /// Whether `assetType` is `Image`: a sliced image, or a reference into a packed image.
    package var isImageAssetType: Bool { isSlicedImage || self == .internalReference }

    /// A one-part image (fixed size, tiled or scaled): the layouts recent assetutil prints no
    /// `Image Type` for.
    package var isOnePartImage: Bool { (10...12).contains(rawValue) }

    /// `assetutil`'s `AssetType`: `Image`, `Vector`, `Data`, `Color`, `MultiSized Image`,
    /// `PackedImage`; a reference into a packed image is an `Image`. Others print their layout.
    package var assetType: String {
        switch rawValue {
        case _ where isImageAssetType: "Image"
        case Self.vector.rawValue: "Vector"
        case Self.data.rawValue: "Data"
        case Self.color.rawValue: "Color"
        case Self.multisizeImage.rawValue: "MultiSized Image"
        case Self.namedGradient.rawValue: "Named Gradient"
        default: name
        }
    }
}

/// The pixel format of a CSI header, a four-character code (`ARGB`, `GA8 `, `PDF `, `JPEG`, …).
public struct PixelFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    // The codes as numbers, most significant byte first, so the compiler folds them (each is
    // compared a few times per rendition).
    /// 0: no pixel format (colours, references).
    public static let none = Self(rawValue: 0)
    /// `ARGB`: 8-bit premultiplied BGRA in memory order.
    public static let argb = Self(rawValue: 0x4152_4742) // "ARGB"
    /// Grey and alpha, 8 and 16 bits (`BitmapPixelFormat.grayAlpha8`, `.grayAlpha16`); `GRAY`, grey
    /// alone, is `BitmapPixelFormat.gray8`.
    public static let grayAlpha8 = Self(rawValue: 0x4741_3820) // "GA8 "
    /// `GA16`: 16-bit grey and alpha.
    public static let grayAlpha16 = Self(rawValue: 0x4741_3136) // "GA16"
    /// `RGB5`: 5 bits per colour component.
    public static let rgb555 = Self(rawValue: 0x5247_4235) // "RGB5"
    /// `RGBW`: 16-bit extended-range colour.
    public static let rgbw = Self(rawValue: 0x5247_4257) // "RGBW"
    /// `PDF `: a vector PDF.
    public static let pdf = Self(rawValue: 0x5044_4620) // "PDF "
    /// `SVG `: a vector SVG.
    public static let svg = Self(rawValue: 0x5356_4720) // "SVG "
    /// `JPEG`: a JPEG file, kept as is.
    public static let jpeg = Self(rawValue: 0x4A50_4547) // "JPEG"
    /// `HEIF`: a HEIF file, kept as is.
    public static let heif = Self(rawValue: 0x4845_4946) // "HEIF"
    /// `DATA`: a data file.
    public static let data = Self(rawValue: 0x4441_5441) // "DATA"

    /// The formats named above: the ones whose names the assetutil document renders once.
    package static let named: [PixelFormat] = [.none, .argb, .grayAlpha8, .grayAlpha16, .rgb555, .rgbw, .pdf, .jpeg, .heif, .data]

    init(code: String) {
        self.rawValue = code.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The code without trailing spaces (`GA8`), or `none` for 0.
    public var code: String {
        rawValue == 0 ? "none" : FourCharacterCode.text(of: rawValue).replacingTrailingSpaces()
    }

    public var description: String { code }

    /// Bits per colour component, for the formats whose depth is known.
    public var bitsPerComponent: Int? {
        switch self {
        case .argb, .grayAlpha8, .jpeg, .heif: 8
        case .grayAlpha16, .rgbw: 16
        case .rgb555: 5
        default: nil
        }
    }

    /// `RGB` or `Monochrome`, for bitmap formats.
    package var colorModel: String? {
        switch self {
        case .argb, .rgbw, .rgb555, .jpeg, .heif: "RGB"
        case .grayAlpha8, .grayAlpha16: "Monochrome"
        default: nil
        }
    }

    /// `assetutil`'s `Encoding`: the code, except 16-bit grey (`GRAY-16`).
    package var encoding: String {
        switch self {
        case .argb: "ARGB"
        case .jpeg: "JPEG"
        case .grayAlpha16: "GRAY-16"
        default: code
        }
    }
}

/// How a bitmap's pixels are compressed (the `CELM` payload's compression field).
public struct RenditionCompression: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// 0: the pixels as they are.
    public static let uncompressed = Self(rawValue: 0)
    /// 1: CoreUI's run-length encoding.
    public static let rle = Self(rawValue: 1)
    /// 2: zlib.
    public static let zip = Self(rawValue: 2)
    /// 3: LZVN.
    public static let lzvn = Self(rawValue: 3)
    /// 4: LZFSE.
    public static let lzfse = Self(rawValue: 4)
    /// 5: JPEG with an LZFSE-compressed alpha channel.
    public static let jpegLZFSE = Self(rawValue: 5)
    /// 6: a blurred placeholder (not decoded here).
    public static let blurred = Self(rawValue: 6)
    /// 7: ASTC texture compression (not decoded here).
    public static let astc = Self(rawValue: 7)
    /// 8: a palette image (`palette-img`).
    public static let paletteImage = Self(rawValue: 8)
    /// 9: HEVC (not decoded here).
    public static let hevc = Self(rawValue: 9)
    /// 10: a deep map, LZFSE-compressed (not decoded here).
    public static let deepmapLZFSE = Self(rawValue: 10)
    /// 11: a deep map, second form (not decoded here).
    public static let deepmap2 = Self(rawValue: 11)

    private static let names = [
        "uncompressed", "rle", "zip", "lzvn", "lzfse", "jpeg-lzfse", "blurred", "astc", "palette-img", "hevc", "deepmap-lzfse", "deepmap2",
    ]

    /// As `assetutil` prints it: `lzfse`, `palette-img`, …, or `Unknown(N)`.
    public var name: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Unknown(\(rawValue))" }
    public var description: String { name }
}

/// The flags word of a CSI header. Bits as CoreUI lays them out: FPO hint, excluded from the
/// contrast filter, vector based, opaque, bitmap encoding (4 bits), opted out of thinning,
/// flippable, tintable, preserves its vector representation.
public struct RenditionFlags: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Bit 2: drawn from a vector.
    public var isVectorBased: Bool { rawValue & Self.vectorBasedBit != 0 }
    /// Bit 2, which actool sets on a vector and on each bitmap rasterised from one (acextract's
    /// PDFs: flags 0x4 on the vector, 0x14 on its rasterisations, template bits aside).
    package static let vectorBasedBit: UInt32 = 1 << 2
    /// Bit 11, set by adapt on the vector and the bitmaps of a set that keeps its vector.
    package static let preservesVectorBit: UInt32 = 1 << 11
    /// Bit 3: every pixel is opaque, as assetutil reads it ("Opaque"). It is also the low bit of
    /// `templateRenderingMode`: a template image with transparent pixels has it set (acextract's
    /// `r_template`), so adapt's decoders keep the stored alpha rather than trust it.
    public var isOpaque: Bool { rawValue & 1 << 3 != 0 }
    /// Bits 4 to 7: how the bitmap is encoded.
    package var bitmapEncoding: UInt32 { rawValue >> 4 & 0xF }
    /// Bit 8: kept whole by App Thinning.
    public var optsOutOfThinning: Bool { rawValue & 1 << 8 != 0 }
    /// Bit 9: may be mirrored for right-to-left layouts.
    public var isFlippable: Bool { rawValue & 1 << 9 != 0 }
    /// Bit 10: may be tinted (a template image).
    public var isTintable: Bool { rawValue & 1 << 10 != 0 }
    /// Bit 11: keeps its vector form beside the bitmaps.
    public var preservesVectorRepresentation: Bool { rawValue & Self.preservesVectorBit != 0 }

    /// The image's template rendering mode, as a number: bits 3 to 5. Established from files, not
    /// from a header: acextract's Xcode 7.3 catalog compiles its `r_default`, `r_template` and
    /// `r_original` sets (their Contents.json's `template-rendering-intent` unset, `template`,
    /// `original`) to 2, 1 and 0 here, and assetutil prints `"Template Mode" : "automatic"` for 2
    /// (timac's Xcode 10 file). These bits overlap `isOpaque` and `bitmapEncoding` as named above,
    /// which no recorded output confirms.
    package var templateRenderingMode: UInt32 { rawValue >> 3 & 7 }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
