/// CoreUI's colour-space number: the low 4 bits of a CSI header's colour-space field (a bitmap's
/// pixels) and the low 8 bits of a `COLR` payload's flags (a named colour). Both use one numbering.
///
/// ```swift
/// RenditionColorSpace(rawValue: 4).contentsName    // "extended-srgb"
/// RenditionColorSpace(rawValue: 2).isGray          // true
/// RenditionColorSpace(rawValue: 9).description     // "Unknown(9)"
/// ```
///
/// What each number means is CoreUI's own table (its colour rendition maps 2 to Gray Gamma 2.2,
/// 3 to Display P3, 4 to extended-range sRGB, 5 to extended linear sRGB, 6 to extended grey and
/// anything else to sRGB), and the real files agree: Xcode 26 compiles a colour set written as
/// `extended-srgb` to 4 with the same components, Icon Composer's `srgb:` fills to 1, its grey
/// system fills to 2 with two components; every ARGB bitmap from Xcode 7 to 26 says 1, every
/// `GA8 ` one 2. 0 and numbers above 6 are kept raw.
public struct RenditionColorSpace: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// 1: sRGB.
    public static let sRGB = Self(rawValue: 1)
    /// 2: grey, gamma 2.2.
    public static let grayGamma22 = Self(rawValue: 2)
    /// 3: Display P3.
    public static let displayP3 = Self(rawValue: 3)
    /// 4: extended-range sRGB.
    public static let extendedSRGB = Self(rawValue: 4)
    /// 5: extended-range linear sRGB.
    public static let extendedLinearSRGB = Self(rawValue: 5)
    /// 6: extended-range grey.
    public static let extendedGray = Self(rawValue: 6)

    /// The Asset Catalog Format's spelling (a colour set's `color-space`), nil for a number
    /// CoreUI does not name.
    public var contentsName: String? {
        switch rawValue {
        case 1: "srgb"
        case 2: "gray-gamma-22"
        case 3: "display-p3"
        case 4: "extended-srgb"
        case 5: "extended-linear-srgb"
        case 6: "extended-gray"
        default: nil
        }
    }

    /// Whether its colours have one grey component (`white`) rather than red, green and blue.
    public var isGray: Bool { self == .grayGamma22 || self == .extendedGray }

    /// `assetutil --info`'s `Colorspace`, for the spellings seen in its real output ("srgb",
    /// "gray gamma 22", "extended gray"); `Unknown(N)` for the others, whose meaning is known
    /// but whose spelling there is not.
    package var assetutilName: String {
        switch rawValue {
        case 1: "srgb"
        case 2: "gray gamma 22"
        case 6: "extended gray"
        default: "Unknown(\(rawValue))"
        }
    }

    /// The Asset Catalog Format's spelling, or `Unknown(N)`.
    public var description: String { contentsName ?? "Unknown(\(rawValue))" }
}

extension Rendition {
    /// The colour space of a bitmap's pixels (the header's field; see `RenditionColorSpace`).
    public var colorSpace: RenditionColorSpace { RenditionColorSpace(rawValue: colorSpaceID) }
}
