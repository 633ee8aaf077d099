import AssetCatalog

/// The PNG checks' rules, one per `PNGProblem.Code`: warnings for what a device still shows
/// (pHYs, profiles, ancillary chunks, libpng's warnings, CgBI), errors for what breaks decoding.
///
/// ```swift
/// PNGProblem.Code.crc.rule            // RuleID.pngCRC, an error
/// PNGProblem.Code.crc.rule.defaultSeverity
/// ```
extension RuleID {
    /// PNG check `signature`, as `adapt png` reports it.
    public static let pngSignature = RuleID(
        "png.signature", .error, .png,
        "PNG check `signature`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (starts 89 50 4E 47 0D 0A 0A 1A: a line break was converted in transfer)",
        good: "logo.png  (starts 89 50 4E 47 0D 0A 1A 0A)")
    /// PNG check `not-png`, as `adapt png` reports it.
    public static let pngNotPNG = RuleID(
        "png.not-png", .error, .png,
        "PNG check `not-png`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (a JPEG, GIF or WebP file named .png, given to adapt png)",
        good: "logo.png  (PNG bytes)")
    /// PNG check `truncated`, as `adapt png` reports it.
    public static let pngTruncated = RuleID(
        "png.truncated", .error, .png,
        "PNG check `truncated`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (cut off inside the IDAT chunk: an interrupted download)",
        good: "logo.png  (ends with its IEND chunk)")
    /// PNG check `unreadable`, as `adapt png` reports it.
    public static let pngUnreadable = RuleID(
        "png.unreadable", .error, .png,
        "PNG check `unreadable`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "adapt png missing.png  (no such file, a folder, or no read permission)",
        good: "adapt png logo.png  (a readable file)")
    /// PNG check `crc`, as `adapt png` reports it.
    public static let pngCRC = RuleID(
        "png.crc", .error, .png,
        "PNG check `crc`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (a byte of a chunk flipped after it was written: its CRC-32 no longer matches)",
        good: "logo.png  (every chunk's CRC-32 matches its type and data)")
    /// PNG check `chunk-length`, as `adapt png` reports it.
    public static let pngChunkLength = RuleID(
        "png.chunk-length", .error, .png,
        "PNG check `chunk-length`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (a chunk length of 4,000,000,000 bytes in a 10 kB file)",
        good: "logo.png  (every chunk length fits the file)")
    /// PNG check `chunk-type`, as `adapt png` reports it.
    public static let pngChunkType = RuleID(
        "png.chunk-type", .error, .png,
        "PNG check `chunk-type`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (a chunk type with a byte outside A-Z and a-z)",
        good: "logo.png  (chunk types of four ASCII letters)")
    /// PNG check `ihdr`, as `adapt png` reports it.
    public static let pngIHDR = RuleID(
        "png.ihdr", .error, .png,
        "PNG check `ihdr`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (IHDR with width 0, or bit depth 16 for a palette image)",
        good: "logo.png  (IHDR 64x64, 8-bit RGBA)")
    /// PNG check `plte`, as `adapt png` reports it.
    public static let pngPLTE = RuleID(
        "png.plte", .error, .png,
        "PNG check `plte`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (a palette image without PLTE, or a PLTE of 300 entries)",
        good: "logo.png  (a palette image with 16 PLTE entries)")
    /// PNG check `idat`, as `adapt png` reports it.
    public static let pngIDAT = RuleID(
        "png.idat", .error, .png,
        "PNG check `idat`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (no IDAT chunk, or IDAT chunks split by another chunk)",
        good: "logo.png  (consecutive IDAT chunks)")
    /// PNG check `iend`, as `adapt png` reports it.
    public static let pngIEND = RuleID(
        "png.iend", .error, .png,
        "PNG check `iend`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (the file ends without an IEND chunk)",
        good: "logo.png  (IEND last)")
    /// PNG check `after-iend`, as `adapt png` reports it.
    public static let pngAfterIEND = RuleID(
        "png.after-iend", .error, .png,
        "PNG check `after-iend`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (bytes after IEND: a second file appended)",
        good: "logo.png  (nothing after IEND)")
    /// PNG check `unknown-critical`, as `adapt png` reports it.
    public static let pngUnknownCritical = RuleID(
        "png.unknown-critical", .error, .png,
        "PNG check `unknown-critical`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (a critical chunk 'ABCD' decoders must refuse)",
        good: "logo.png  (only known critical chunks)")
    /// PNG check `cgbi`, as `adapt png` reports it.
    public static let pngCgBI = RuleID(
        "png.cgbi", .warning, .png,
        "PNG check `cgbi`, as `adapt png` reports it",
        reason: "Apple's own format: Xcode makes it, other tools cannot read it",
        details: .runAdaptPNG,
        bad: "logo.png  (a CgBI chunk: Xcode's iPhone-optimised PNG, unreadable elsewhere)",
        good: "logo.png  (a standard PNG; Xcode optimises it when building)")
    /// PNG check `too-large`, as `adapt png` reports it.
    public static let pngTooLarge = RuleID(
        "png.too-large", .error, .png,
        "PNG check `too-large`, as `adapt png` reports it",
        reason: "decoding it would exhaust memory on a device",
        details: .runAdaptPNG,
        bad: "logo.png  (IHDR 200000x200000: a decompression bomb)",
        good: "logo.png  (IHDR 1024x1024)")
    /// PNG check `decode`, as `adapt png` reports it.
    public static let pngDecode = RuleID(
        "png.decode", .error, .png,
        "PNG check `decode`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (image data that fails to inflate: invalid distance too far back)",
        good: "logo.png  (image data that inflates to its rows)")
    /// PNG check `image-data`, as `adapt png` reports it.
    public static let pngImageData = RuleID(
        "png.image-data", .error, .png,
        "PNG check `image-data`, as `adapt png` reports it",
        reason: .corruptPNG,
        details: .runAdaptPNG,
        bad: "logo.png  (too few rows, or an Adler-32 that does not match what the image data inflates to)",
        good: "logo.png  (every row present, and the stream's Adler-32 matches)")
    /// PNG check `profile-conflict`, as `adapt png` reports it.
    public static let pngProfileConflict = RuleID(
        "png.profile-conflict", .warning, .png,
        "PNG check `profile-conflict`, as `adapt png` reports it",
        reason: "the image shows, perhaps with wrong colours",
        details: .runAdaptPNG,
        bad: "logo.png  (both an sRGB chunk and an iCCP profile)",
        good: "logo.png  (an iCCP profile only)")
    /// PNG check `profile`, as `adapt png` reports it.
    public static let pngProfile = RuleID(
        "png.profile", .warning, .png,
        "PNG check `profile`, as `adapt png` reports it",
        reason: "the image shows, perhaps with wrong colours",
        details: .runAdaptPNG,
        bad: "logo.png  (an iCCP profile that does not parse)",
        good: "logo.png  (a valid Display P3 iCCP profile)")
    /// PNG check `phys`, as `adapt png` reports it.
    public static let pngPHYs = RuleID(
        "png.phys", .warning, .png,
        "PNG check `phys`, as `adapt png` reports it",
        reason: "iOS ignores it; other tools may scale the image",
        details: .runAdaptPNG,
        bad: "logo.png  (pHYs of 92 dots per inch: other tools scale it)",
        good: "logo.png  (no pHYs, or 72 dpi)")
    /// PNG check `ancillary`, as `adapt png` reports it.
    public static let pngAncillary = RuleID(
        "png.ancillary", .warning, .png,
        "PNG check `ancillary`, as `adapt png` reports it",
        reason: "a damaged optional chunk is skipped by decoders",
        details: .runAdaptPNG,
        bad: "logo.png  (a damaged tEXt chunk)",
        good: "logo.png  (intact ancillary chunks)")
    /// PNG check `libpng-warning`, as `adapt png` reports it.
    public static let pngLibpngWarning = RuleID(
        "png.libpng-warning", .warning, .png,
        "PNG check `libpng-warning`, as `adapt png` reports it",
        reason: "libpng decodes the image anyway",
        details: .runAdaptPNG,
        bad: "logo.png  (libpng warns: an iCCP profile with a wrong length)",
        good: "logo.png  (libpng reads it silently)")
}

/// The PNG checks' family: one rule per problem code, in `PNGProblem.Code` order (`adapt png`, and
/// the validator's image checks, which run them on every PNG a catalog names).
extension PNGInspector: RuleFamily {
    package static let rules: [RuleID] = PNGProblem.Code.allCases.map(\.rule)
}

extension PNGProblem.Code {
    /// The rule a problem of this code breaks; its severity is the problem's.
    public var rule: RuleID {
        switch self {
        case .signature: .pngSignature
        case .notPNG: .pngNotPNG
        case .truncated: .pngTruncated
        case .unreadable: .pngUnreadable
        case .crc: .pngCRC
        case .chunkLength: .pngChunkLength
        case .chunkType: .pngChunkType
        case .ihdr: .pngIHDR
        case .plte: .pngPLTE
        case .idat: .pngIDAT
        case .iend: .pngIEND
        case .afterIEND: .pngAfterIEND
        case .unknownCritical: .pngUnknownCritical
        case .cgbi: .pngCgBI
        case .tooLarge: .pngTooLarge
        case .decode: .pngDecode
        case .imageData: .pngImageData
        case .profileConflict: .pngProfileConflict
        case .profile: .pngProfile
        case .phys: .pngPHYs
        case .ancillary: .pngAncillary
        case .libpngWarning: .pngLibpngWarning
        }
    }
}

/// What the PNG cards share: most PNG errors have one reason, and every PNG rule points to `adapt png`.
extension String {
    fileprivate static let corruptPNG = "a corrupt PNG fails actool or shows nothing at run time"
    fileprivate static let runAdaptPNG = "Run `adapt png FILE` for the full report of one file."
}
