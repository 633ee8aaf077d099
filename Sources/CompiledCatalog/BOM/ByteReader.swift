/// Bounds-checked reads of fixed-width integers and strings from a file's bytes.
///
/// Every read states the range it needs first, so a hostile offset or length becomes a `nil`
/// (which callers turn into a `CompiledCatalogError` naming the block), never a trap. BOM
/// structures are big-endian and CoreUI's are little-endian, so each read names its order.
///
/// ```swift
/// let bytes = ByteReader([0x00, 0x00, 0x01, 0x02])
/// bytes.uint32BigEndian(at: 0)      // 258
/// bytes.uint16LittleEndian(at: 2)   // 513
/// ```
package struct ByteReader: Sendable {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var count: Int { bytes.count }

    /// Whether `length` bytes starting at `offset` lie inside the file (no overflow: both are
    /// checked to be non-negative and compared by subtraction).
    package func contains(offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    package func uint8(at offset: Int) -> UInt8? {
        contains(offset: offset, length: 1) ? bytes[offset] : nil
    }

    package func uint16BigEndian(at offset: Int) -> UInt16? {
        guard contains(offset: offset, length: 2) else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    package func uint16LittleEndian(at offset: Int) -> UInt16? {
        guard contains(offset: offset, length: 2) else { return nil }
        return UInt16(bytes[offset + 1]) << 8 | UInt16(bytes[offset])
    }

    package func uint32BigEndian(at offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 4) else { return nil }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    package func uint32LittleEndian(at offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 4) else { return nil }
        return UInt32(bytes[offset + 3]) << 24 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset])
    }

    package func float64LittleEndian(at offset: Int) -> Double? {
        guard contains(offset: offset, length: 8) else { return nil }
        var bits: UInt64 = 0
        for index in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[offset + index]) }
        return Double(bitPattern: bits)
    }

    package func float32LittleEndian(at offset: Int) -> Float? {
        uint32LittleEndian(at: offset).map(Float.init(bitPattern:))
    }

    /// The bytes of a range already checked with `contains`, or nil.
    package func slice(offset: Int, length: Int) -> ArraySlice<UInt8>? {
        contains(offset: offset, length: length) ? bytes[offset..<(offset + length)] : nil
    }

    /// Whether the bytes at `offset` are `tag` (an ASCII magic such as `BOMStore`).
    package func matches(_ tag: String, at offset: Int) -> Bool {
        let expected = Array(tag.utf8)
        guard contains(offset: offset, length: expected.count) else { return false }
        return bytes[offset..<(offset + expected.count)].elementsEqual(expected)
    }

    /// A NUL-terminated string in a fixed field of `length` bytes (CoreUI pads names with NULs);
    /// invalid UTF-8 is repaired, as the field comes from an untrusted file.
    package func fixedString(at offset: Int, length: Int) -> String? {
        guard let field = slice(offset: offset, length: length) else { return nil }
        let end = field.firstIndex(of: 0) ?? field.endIndex
        return String(decoding: field[field.startIndex..<end], as: UTF8.self)
    }

    /// Four bytes as a tag, such as `ISTC` or `MLEC`, in file order; non-printable bytes as `\xNN`.
    package func tag(at offset: Int) -> String? {
        guard let field = slice(offset: offset, length: 4) else { return nil }
        return FourCharacterCode.text(of: Array(field))
    }
}

/// Four-character codes, which CoreUI stores as little-endian integers (so `ARGB` is `BGRA` in
/// the file).
package enum FourCharacterCode {
    /// `bytes` as text when printable ASCII, otherwise each byte as `\xNN`.
    package static func text(of bytes: [UInt8]) -> String {
        bytes.map { (0x20...0x7E).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
    }

    /// The code a little-endian integer spells, most significant byte first (`0x41524742` is `ARGB`).
    package static func text(of value: UInt32) -> String {
        text(of: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
