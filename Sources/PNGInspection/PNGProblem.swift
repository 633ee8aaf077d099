/// One thing wrong (or worth knowing) about a PNG file, with a stable code.
public struct PNGProblem: Hashable, Sendable, CustomStringConvertible {
    /// Stable identifiers, so that scripts and tests can rely on them.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// The file does not start with the PNG signature.
        case signature = "png.signature"
        /// The file is another format (its signature names which).
        case notPNG = "png.not-png"
        /// The file ends before its chunks do.
        case truncated = "png.truncated"
        /// The file cannot be read at all (missing, a folder, no permission): not a PNG problem.
        case unreadable = "png.unreadable"
        /// A chunk's CRC does not match its bytes.
        case crc = "png.crc"
        /// A chunk claims a length past the file's end or beyond the format's limit.
        case chunkLength = "png.chunk-length"
        /// A chunk type is not four ASCII letters.
        case chunkType = "png.chunk-type"
        /// The IHDR chunk is missing, misplaced or invalid (size, bit depth, colour type).
        case ihdr = "png.ihdr"
        /// The palette is missing where needed, or invalid.
        case plte = "png.plte"
        /// The image data chunks are missing or not consecutive.
        case idat = "png.idat"
        /// The IEND chunk is missing.
        case iend = "png.iend"
        /// Bytes follow the IEND chunk.
        case afterIEND = "png.after-iend"
        /// A critical chunk this decoder does not know: no reader can display the file.
        case unknownCritical = "png.unknown-critical"
        /// Apple's CgBI variant (Xcode's crushed PNGs): only Apple's own decoders read it.
        case cgbi = "png.cgbi"
        /// More pixels than the inspector's limit: not decoded.
        case tooLarge = "png.too-large"
        /// libpng could not decode the image.
        case decode = "png.decode"
        /// The image data does not inflate to the size the header implies.
        case imageData = "png.image-data"
        /// The file declares two colour spaces that disagree (sRGB and an ICC profile).
        case profileConflict = "png.profile-conflict"
        /// The colour profile is unreadable or unusual.
        case profile = "png.profile"
        /// The pHYs chunk gives an odd resolution.
        case phys = "png.phys"
        /// An ancillary chunk is malformed.
        case ancillary = "png.ancillary"
        /// libpng warned while decoding.
        case libpngWarning = "png.libpng-warning"
    }

    /// How much a problem matters; an error means the file is not a usable PNG.
    public enum Severity: String, Hashable, Sendable {
        /// The file works, but something about it is likely a mistake.
        case warning
        /// The file is broken or not what it claims to be.
        case error
    }

    /// What the problem is.
    public var code: Code
    /// The severity the code's rule states (`Code.rule`): never chosen where a problem is found,
    /// so `adapt png`, `adapt validate` and the rule's card agree.
    public var severity: Severity { code.rule.defaultSeverity == .error ? .error : .warning }
    /// The problem in words, for a person.
    public var message: String
    /// Byte offset in the file where the problem is, when known.
    public var offset: Int?

    /// A problem of `code`, at `offset` in the file when known.
    public init(_ code: Code, _ message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(severity.rawValue): \(message) [\(code.rawValue)]" }
}
