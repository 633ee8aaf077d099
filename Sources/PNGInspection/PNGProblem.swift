/// One thing wrong (or worth knowing) about a PNG file, with a stable code.
public struct PNGProblem: Hashable, Sendable, CustomStringConvertible {
    /// Stable identifiers, so that scripts and tests can rely on them.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        case signature = "png.signature"
        case notPNG = "png.not-png"
        case truncated = "png.truncated"
        /// The file cannot be read at all (missing, a folder, no permission): not a PNG problem.
        case unreadable = "png.unreadable"
        case crc = "png.crc"
        case chunkLength = "png.chunk-length"
        case chunkType = "png.chunk-type"
        case ihdr = "png.ihdr"
        case plte = "png.plte"
        case idat = "png.idat"
        case iend = "png.iend"
        case afterIEND = "png.after-iend"
        case unknownCritical = "png.unknown-critical"
        case cgbi = "png.cgbi"
        case tooLarge = "png.too-large"
        case decode = "png.decode"
        case imageData = "png.image-data"
        case profileConflict = "png.profile-conflict"
        case profile = "png.profile"
        case phys = "png.phys"
        case ancillary = "png.ancillary"
        case libpngWarning = "png.libpng-warning"
    }

    public enum Severity: String, Hashable, Sendable {
        case warning, error
    }

    public var code: Code
    /// The severity the code's rule states (`Code.rule`): never chosen where a problem is found,
    /// so `adapt png`, `adapt validate` and the rule's card agree.
    public var severity: Severity { code.rule.defaultSeverity == .error ? .error : .warning }
    public var message: String
    /// Byte offset in the file where the problem is, when known.
    public var offset: Int?

    public init(_ code: Code, _ message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(severity.rawValue): \(message) [\(code.rawValue)]" }
}
