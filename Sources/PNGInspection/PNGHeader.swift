/// What a PNG says about itself before its image data: size, pixel format, colour information.
public struct PNGHeader: Hashable, Sendable {
    /// IHDR's colour type: which channels a pixel has.
    public enum ColorType: UInt8, Hashable, Sendable {
        /// Grey samples only.
        case grayscale = 0
        /// Red, green and blue.
        case rgb = 2
        /// Indices into a palette.
        case palette = 3
        /// Grey and alpha.
        case grayscaleAlpha = 4
        /// Red, green, blue and alpha.
        case rgba = 6

        /// The type as a person reads it (`RGBA`).
        public var name: String {
            switch self {
            case .grayscale: "grayscale"
            case .rgb: "RGB"
            case .palette: "palette"
            case .grayscaleAlpha: "grayscale+alpha"
            case .rgba: "RGBA"
            }
        }

        /// The bit depths the PNG specification allows for this colour type.
        package var allowedBitDepths: [UInt8] {
            switch self {
            case .grayscale: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .grayscaleAlpha, .rgba: [8, 16]
            }
        }
    }

    /// The width in pixels.
    public var width: UInt32 = 0
    /// The height in pixels.
    public var height: UInt32 = 0
    /// Bits per sample (or per palette index): 1, 2, 4, 8 or 16.
    public var bitDepth: UInt8 = 0
    /// How pixels are stored.
    public var colorType: ColorType = .rgb
    /// Whether the image is Adam7-interlaced.
    public var interlaced = false
    /// A tRNS chunk gives transparency to a type without an alpha channel.
    public var hasTransparencyChunk = false
    /// The sRGB chunk's rendering intent, when present.
    public var sRGBIntent: UInt8?
    /// The iCCP chunk's profile name, when present.
    public var iccProfileName: String?
    /// The profile's own description (its `desc` tag), when present: what `profileKind` reads first.
    public var iccProfileDescription: String?
    /// The gAMA chunk's value (gamma × 100,000), when present.
    public var gamma: UInt32?
    /// Whether a cHRM chunk gives the primaries.
    public var hasChromaticities = false
    /// The cICP chunk's colour primaries and transfer function, when present.
    public var codingPoints: CodingPoints?
    /// pHYs: pixels per unit on each axis, and whether the unit is the metre.
    public var physicalPixels: (x: UInt32, y: UInt32, metre: Bool)?
    /// Whether this is Apple's CgBI variant.
    public var isCgBI = false

    /// The pHYs resolution in dots per inch, when it is given in metres and equal on both axes.
    public var dotsPerInch: Int? {
        guard let physical = physicalPixels, physical.metre, physical.x == physical.y else { return nil }
        return Int((Double(physical.x) * 0.0254).rounded())
    }

    /// Whether any pixel can be transparent: an alpha channel, or a tRNS chunk.
    public var hasAlpha: Bool { colorType == .grayscaleAlpha || colorType == .rgba || hasTransparencyChunk }
    /// Width times height.
    public var pixelCount: UInt64 { UInt64(width) * UInt64(height) }

    /// A cICP chunk's code points (ITU-T H.273), which name a colour space by number rather than
    /// by profile: what `adapt extract` tags a wide-colour image with.
    public struct CodingPoints: Hashable, Sendable {
        /// The colour primaries: 1 for sRGB's (BT.709), 12 for Display P3's (P3-D65).
        public var primaries: UInt8
        /// The transfer function: 13 for the sRGB curve.
        public var transfer: UInt8

        /// The code points of a cICP chunk's first two bytes.
        public init(primaries: UInt8, transfer: UInt8) {
            self.primaries = primaries
            self.transfer = transfer
        }
    }

    /// Which colour space the file declares. A cICP chunk comes first, as the PNG specification
    /// ranks it (then iCCP, then sRGB): P3-D65 primaries with the sRGB curve are Display P3,
    /// BT.709's with it sRGB.
    public var profileKind: ProfileKind {
        if let codingPoints {
            switch (codingPoints.primaries, codingPoints.transfer) {
            case (12, 13): return .displayP3
            case (1, 13): return .sRGB
            case (let primaries, let transfer): return .other("cICP primaries \(primaries), transfer \(transfer)")
            }
        }
        if let description = iccProfileDescription ?? iccProfileName {
            let lowered = description.lowercased()
            if lowered.contains("display p3") || lowered.contains("p3") { return .displayP3 }
            if lowered.contains("srgb") { return .sRGB }
            return .other(description)
        }
        if sRGBIntent != nil { return .sRGB }
        return .unspecified
    }

    /// The colour space a file declares, as the gamut rules read it.
    public enum ProfileKind: Hashable, Sendable, CustomStringConvertible {
        /// No sRGB chunk and no ICC profile: viewers assume sRGB.
        case unspecified
        /// An sRGB chunk, or an ICC profile named sRGB.
        case sRGB
        /// An ICC profile named Display P3.
        case displayP3
        /// Another ICC profile, by its description.
        case other(String)

        public var description: String {
            switch self {
            case .unspecified: "no profile"
            case .sRGB: "sRGB"
            case .displayP3: "Display P3"
            case .other(let name): "profile '\(name)'"
            }
        }
    }

    public static func == (lhs: PNGHeader, rhs: PNGHeader) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.bitDepth == rhs.bitDepth
            && lhs.colorType == rhs.colorType && lhs.interlaced == rhs.interlaced
            && lhs.iccProfileDescription == rhs.iccProfileDescription && lhs.sRGBIntent == rhs.sRGBIntent
            && lhs.codingPoints == rhs.codingPoints
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(bitDepth)
        hasher.combine(colorType)
    }
}
