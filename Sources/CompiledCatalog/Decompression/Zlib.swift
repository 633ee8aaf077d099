import CPNGSupport

/// CoreUI's "zip" compression (type 2): a deflate stream, through the system zlib (linked by
/// `CPNGSupport` already, so no new dependency). Renditions have been seen with a zlib header,
/// a gzip header and none (raw deflate); the first bytes tell which.
///
/// ```swift
/// let pixels = try Zlib.decode(payload, limit: .exactly(rowBytes * height))
/// ```
package enum Zlib {
    package static func decode(_ input: [UInt8], limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        try decode(input[...], limit: limit)
    }

    package static func decode(_ input: ArraySlice<UInt8>, limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        let windowBits = Self.windowBits(input)
        // zlib writes into a buffer it is given: size it to the limit when that is the expected
        // size, otherwise grow from a guess, since a cap (up to 1 GiB) is not a size to allocate.
        var capacity = limit.expected ?? min(limit.maximum, max(4096, input.count * 8))
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            let result = input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    adapt_inflate_bounded(source.baseAddress, source.count, windowBits, target.baseAddress, target.count)
                }
            }
            switch result.status {
            case ADAPT_INFLATE_OK:
                output.removeSubrange(Int(result.produced)...)
                try limit.check(produced: output.count, codec: "zlib", at: Int(result.consumed))
                return output
            case ADAPT_INFLATE_TOO_LARGE where capacity < limit.maximum:
                capacity = capacity > limit.maximum / 4 ? limit.maximum : capacity * 4
            case ADAPT_INFLATE_TOO_LARGE:
                throw DecompressionError("zlib", .tooLarge, at: Int(result.consumed), "output would exceed \(limit.maximum) bytes")
            case ADAPT_INFLATE_TRUNCATED:
                throw DecompressionError("zlib", .truncated, at: Int(result.consumed), "stream ends early")
            default:
                let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                throw DecompressionError("zlib", .corrupt, at: Int(result.consumed), message.isEmpty ? "corrupt deflate data" : message)
            }
        }
    }

    /// zlib's window bits for the stream's framing: 31 for gzip (1F 8B), 15 for a zlib header
    /// (method 8 and a header checksum divisible by 31), -15 for raw deflate.
    static func windowBits(_ input: ArraySlice<UInt8>) -> Int32 {
        guard input.count >= 2 else { return -15 }
        let first = input[input.startIndex]
        let second = input[input.startIndex + 1]
        if first == 0x1F, second == 0x8B { return 31 }
        if first & 0x0F == 8, (UInt16(first) << 8 | UInt16(second)) % 31 == 0 { return 15 }
        return -15
    }
}
