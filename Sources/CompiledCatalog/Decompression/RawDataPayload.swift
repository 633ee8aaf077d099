/// The payload of a data-like rendition (`DATA`, `JPEG`, `HEIF`, PDF and SVG data): a 12-byte
/// `RAWD` header (stored as `DWAR`) — flags, length — and the file's own bytes, which newer
/// compilers sometimes LZFSE-compress (then they start with a block magic). A JPEG rendition's
/// bytes are the JPEG file itself. (Layout from Timac's article and blacktop/ipsw `pkg/car`.)
///
/// ```swift
/// let jpeg = try RawDataPayload.contents(of: payload, limit: .atMost(64 << 20))
/// ```
package enum RawDataPayload {
    static let signature: [UInt8] = Array("DWAR".utf8)

    /// Whether the payload starts like a `RAWD` payload.
    package static func isRawData(_ payload: ArraySlice<UInt8>) -> Bool {
        payload.count >= 4 && Array(payload.prefix(4)) == signature
    }

    /// The file bytes inside a `RAWD` payload, decompressed when they are an LZFSE stream.
    package static func contents(of payload: ArraySlice<UInt8>, limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        guard payload.count >= 12 else {
            throw DecompressionError("rawdata", .truncated, at: 0, "RAWD header needs 12 bytes, payload has \(payload.count)")
        }
        guard isRawData(payload) else { throw DecompressionError("rawdata", .corrupt, at: 0, "payload does not start with RAWD") }
        let base = payload.startIndex
        let length = (0..<4).reduce(0) { $0 | Int(payload[base + 8 + $1]) << (8 * $1) }
        guard length <= payload.count - 12 else {
            throw DecompressionError("rawdata", .truncated, at: 8, "RAWD holds \(length) bytes, payload has \(payload.count - 12) after its header")
        }
        let body = payload[(base + 12)..<(base + 12 + length)]
        if LZFSE.hasBlockMagic(body) {
            do throws(DecompressionError) {
                return try LZFSE.decode(body, limit: limit)
            } catch {
                throw error.shifted(by: 12)
            }
        }
        guard body.count <= limit.maximum else {
            throw DecompressionError("rawdata", .tooLarge, at: 12, "\(body.count) bytes is more than the \(limit.maximum) allowed")
        }
        return Array(body)
    }

    package static func contents(of payload: [UInt8], limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        try contents(of: payload[...], limit: limit)
    }
}
