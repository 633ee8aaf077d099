/// Big-endian writes, the counterpart of the checked reads beside them, one home for every
/// module: a compiled catalog's BOM, an `.icns` file's lengths, a four-character code's text.
///
/// ```swift
/// var bytes: [UInt8] = []
/// bytes.appendBigEndian(UInt32(258))  // [0x00, 0x00, 0x01, 0x02]
/// ```
extension [UInt8] {
    @inlinable package mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    @inlinable package mutating func appendBigEndian(_ value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }
}
