import AdaptSupport

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
package struct ByteReader: @unchecked Sendable {
    /// Owns the memory `bytes` points into (a copy of an array, or a mapping of a file) and
    /// frees it with the last reader that uses it. Immutable once made, so readers may be shared
    /// across threads.
    package final class Storage: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
        private let release: (UnsafeRawBufferPointer) -> Void
        /// For a mapping: drops its pages from the process (`releaseResidentPages`).
        private let dropPages: ((UnsafeRawBufferPointer) -> Void)?

        init(
            _ bytes: UnsafeRawBufferPointer, dropPages: ((UnsafeRawBufferPointer) -> Void)? = nil,
            release: @escaping (UnsafeRawBufferPointer) -> Void
        ) {
            self.bytes = bytes
            self.dropPages = dropPages
            self.release = release
        }

        deinit { release(bytes) }

        /// Lets the kernel take back the pages of a mapped file read so far: they stay in the
        /// page cache, and are mapped again, unchanged, when read again. A pass over a large file
        /// that calls this every few tens of megabytes stays that small in memory (peak RSS
        /// counts every mapped page touched). Nothing happens for bytes in memory.
        package func releaseResidentPages() { dropPages?(bytes) }
    }

    package let storage: Storage
    /// The file's bytes, valid as long as `storage` lives.
    package let bytes: UnsafeRawBufferPointer

    /// A reader over a copy of `array` (tests, fuzzing, catalogs already in memory).
    package init(_ array: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(array.count, 1), alignment: 16)
        array.withUnsafeBytes { memory.copyMemory(from: $0) }
        let view = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<array.count])
        self.init(Storage(view) { _ in memory.deallocate() })
    }

    package init(_ storage: Storage) {
        self.storage = storage
        self.bytes = storage.bytes
    }

    package var count: Int { bytes.count }

    /// Whether `length` bytes starting at `offset` lie inside the file (no overflow: both are
    /// checked to be non-negative and compared by subtraction).
    package func contains(offset: Int, length: Int) -> Bool { bytes.contains(offset: offset, length: length) }

    package func uint8(at offset: Int) -> UInt8? { bytes.uint8(at: offset) }
    package func uint16BigEndian(at offset: Int) -> UInt16? { bytes.uint16BigEndian(at: offset) }
    package func uint16LittleEndian(at offset: Int) -> UInt16? { bytes.uint16LittleEndian(at: offset) }
    package func uint32BigEndian(at offset: Int) -> UInt32? { bytes.uint32BigEndian(at: offset) }
    package func uint32LittleEndian(at offset: Int) -> UInt32? { bytes.uint32LittleEndian(at: offset) }
    package func float64LittleEndian(at offset: Int) -> Double? { bytes.float64LittleEndian(at: offset) }
    package func float32LittleEndian(at offset: Int) -> Float? { bytes.float32LittleEndian(at: offset) }

    /// The bytes of a range, checked to lie inside the file, or nil.
    package func slice(offset: Int, length: Int) -> Slice<UnsafeRawBufferPointer>? {
        contains(offset: offset, length: length) ? bytes[offset..<(offset + length)] : nil
    }

    /// A copy of a range's bytes (empty when it does not lie inside the file).
    package func copy(offset: Int, length: Int) -> [UInt8] {
        slice(offset: offset, length: length).map { Array($0) } ?? []
    }

    /// Whether the bytes at `offset` are `tag` (an ASCII magic such as `BOMStore`), compared in
    /// place: tags are checked once per rendition, so nothing is allocated for them.
    package func matches(_ tag: StaticString, at offset: Int) -> Bool {
        tag.withUTF8Buffer { expected in
            guard contains(offset: offset, length: expected.count) else { return false }
            for index in 0..<expected.count where bytes[offset + index] != expected[index] { return false }
            return true
        }
    }

    /// A NUL-terminated string in a fixed field of `length` bytes (CoreUI pads names with NULs);
    /// invalid UTF-8 is repaired, as the field comes from an untrusted file.
    package func fixedString(at offset: Int, length: Int) -> String? {
        bytes.window(offset: offset, length: length).map { String(decoding: $0.beforeNUL, as: UTF8.self) }
    }

    /// Four bytes as a tag, such as `ISTC` or `MLEC`, in file order; non-printable bytes as `\xNN`.
    package func tag(at offset: Int) -> String? {
        guard let field = slice(offset: offset, length: 4) else { return nil }
        return FourCharacterCode.text(of: Array(field))
    }
}

// The checked reads themselves (`contains`, `uint32BigEndian(at:)`, `window`, `beforeNUL`, …) are
// AdaptSupport's `UnsafeRawBufferPointer` extension, shared with the PNG reader and the codecs.

/// Four-character codes, which CoreUI stores as little-endian integers (so `ARGB` is `BGRA` in
/// the file).
package enum FourCharacterCode {
    /// `bytes` as text when printable ASCII, otherwise each byte as `\xNN`.
    package static func text(of bytes: [UInt8]) -> String {
        bytes.map { (0x20...0x7E).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
    }

    /// The code a little-endian integer spells, most significant byte first (`0x41524742` is `ARGB`).
    package static func text(of value: UInt32) -> String {
        var bytes: [UInt8] = []
        bytes.appendBigEndian(value)
        return text(of: bytes)
    }
}
