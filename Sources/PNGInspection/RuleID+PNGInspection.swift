import AssetCatalog

/// The PNG checks' rules, one per `PNGProblem.Code`: warnings for what a device still shows
/// (pHYs, profiles, ancillary chunks, libpng's warnings, CgBI), errors for what breaks decoding.
///
/// ```swift
/// PNGProblem.Code.crc.rule            // RuleID.pngCRC, an error
/// PNGProblem.Code.crc.rule.defaultSeverity
/// ```
extension RuleID {
    public static let pngSignature = RuleID("png.signature", .error, .png)
    public static let pngNotPNG = RuleID("png.not-png", .error, .png)
    public static let pngTruncated = RuleID("png.truncated", .error, .png)
    public static let pngUnreadable = RuleID("png.unreadable", .error, .png)
    public static let pngCRC = RuleID("png.crc", .error, .png)
    public static let pngChunkLength = RuleID("png.chunk-length", .error, .png)
    public static let pngChunkType = RuleID("png.chunk-type", .error, .png)
    public static let pngIHDR = RuleID("png.ihdr", .error, .png)
    public static let pngPLTE = RuleID("png.plte", .error, .png)
    public static let pngIDAT = RuleID("png.idat", .error, .png)
    public static let pngIEND = RuleID("png.iend", .error, .png)
    public static let pngAfterIEND = RuleID("png.after-iend", .error, .png)
    public static let pngUnknownCritical = RuleID("png.unknown-critical", .error, .png)
    public static let pngCgBI = RuleID("png.cgbi", .warning, .png)
    public static let pngTooLarge = RuleID("png.too-large", .error, .png)
    public static let pngDecode = RuleID("png.decode", .error, .png)
    public static let pngImageData = RuleID("png.image-data", .error, .png)
    public static let pngProfileConflict = RuleID("png.profile-conflict", .warning, .png)
    public static let pngProfile = RuleID("png.profile", .warning, .png)
    public static let pngPHYs = RuleID("png.phys", .warning, .png)
    public static let pngAncillary = RuleID("png.ancillary", .warning, .png)
    public static let pngLibpngWarning = RuleID("png.libpng-warning", .warning, .png)

    /// Every rule this module declares, in `PNGProblem.Code` order.
    public static let pngRules: [RuleID] = PNGProblem.Code.allCases.map(\.rule)
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
