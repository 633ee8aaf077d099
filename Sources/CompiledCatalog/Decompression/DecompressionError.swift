/// Why a compressed rendition payload could not be decoded: which codec, what went wrong, and
/// the byte offset in the input the codec was given (the caller adds the payload's own offset
/// in the `.car` when it reports the error).
///
/// ```swift
/// do {
///     let pixels = try LZFSE.decode(bytes, limit: .exactly(width * height * 4))
/// } catch {
///     print(error)  // lzfse: block magic 0x41414141 is not an LZFSE block, at byte 0 [truncated/corrupt/...]
/// }
/// ```
public struct DecompressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, so callers can tell a limit from damage.
    public enum Kind: String, Hashable, Sendable {
        /// The input ends before the stream does.
        case truncated
        /// The input is not a valid stream of this codec.
        case corrupt
        /// The stream would produce more than the caller's limit allows.
        case tooLarge = "too-large"
        /// The stream is valid but produced another size than the caller expected.
        case sizeMismatch = "size-mismatch"
    }

    /// `lzfse`, `lzvn`, `rle`, `zlib`, `bitmap` (the CELM/MLEC framing) or `rawdata` (RAWD).
    public let codec: String
    /// What went wrong.
    public let kind: Kind
    /// Byte offset in the codec's input where the problem was found.
    public let offset: Int
    /// What went wrong in words.
    public let message: String

    package init(_ codec: String, _ kind: Kind, at offset: Int, _ message: String) {
        self.codec = codec
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    /// The same error, located in an enclosing buffer that starts `base` bytes earlier.
    package func shifted(by base: Int) -> DecompressionError {
        DecompressionError(codec, kind, at: offset + base, message)
    }

    public var description: String { "\(codec): \(message), at byte \(offset) [\(kind.rawValue)]" }
}

/// How much output a decoder may produce. Every decoder takes one, so that a stream from an
/// untrusted file cannot claim gigabytes: `maximum` is the hard cap, and `expected` (when the
/// caller knows the size, e.g. `rowBytes * height` for a bitmap) must be met exactly.
///
/// ```swift
/// try LZVN.decode(bytes, limit: .exactly(4096))        // exactly 4096 bytes, or an error
/// try LZFSE.decode(bytes, limit: .atMost(64 << 20))    // anything up to 64 MiB
/// ```
package struct DecodeLimit: Hashable, Sendable {
    /// The size the output must have, when known.
    package var expected: Int?
    /// The most output the decoder may produce (never more than `DecodeLimit.hardCap`).
    package var maximum: Int

    /// 1 GiB: no CoreUI bitmap comes near it (16384 x 16384 x 4 is exactly this), and it keeps
    /// a hostile length field from asking for more.
    package static let hardCap = 1 << 30

    package init(expected: Int?, maximum: Int) {
        let cap = min(max(0, maximum), DecodeLimit.hardCap)
        self.expected = expected.map { max(0, $0) }
        self.maximum = expected.map { min($0, cap) } ?? cap
    }

    package static func exactly(_ size: Int) -> DecodeLimit { DecodeLimit(expected: size, maximum: size) }
    package static func atMost(_ size: Int) -> DecodeLimit { DecodeLimit(expected: nil, maximum: size) }

    /// Checks a finished output's size against `expected`.
    package func check(produced: Int, codec: String, at offset: Int) throws(DecompressionError) {
        if let expected, produced != expected {
            throw DecompressionError(
                codec, .sizeMismatch, at: offset,
                "decoded \(produced) bytes, expected \(expected)")
        }
    }
}
