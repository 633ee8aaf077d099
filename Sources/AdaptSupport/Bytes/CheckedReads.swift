/// Bounds-checked reads of fixed-width integers from bytes, one home for every module: a compiled
/// catalog's BOM (big-endian) and CoreUI structures (little-endian), a PNG's chunks and ICC
/// profile (big-endian), the codecs' block headers (little-endian).
///
/// Every read states the range it needs first, so a hostile offset or length becomes a `nil`,
/// never a trap or a read outside the bytes. On a window of bytes (one structure's), the window's
/// bounds are the structure's too, so one check keeps a read both inside memory and inside its
/// structure. Each load below comes after the check that its bytes lie inside the buffer.
///
/// ```swift
/// [0x00, 0x00, 0x01, 0x02].uint32BigEndian(at: 0)     // 258
/// [0x00, 0x00, 0x01, 0x02].uint16LittleEndian(at: 2)  // 513
/// [0x00, 0x00, 0x01, 0x02].uint32BigEndian(at: 1)     // nil: past the end
/// ```
extension UnsafeRawBufferPointer {
    /// Whether `length` bytes starting at `offset` lie inside (no overflow: both are checked to
    /// be non-negative and compared by subtraction).
    @inlinable package func contains(offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    @inlinable package func uint8(at offset: Int) -> UInt8? {
        contains(offset: offset, length: 1) ? self[offset] : nil
    }

    @inlinable package func uint16BigEndian(at offset: Int) -> UInt16? {
        contains(offset: offset, length: 2) ? loadUnaligned(fromByteOffset: offset, as: UInt16.self).bigEndian : nil
    }

    @inlinable package func uint16LittleEndian(at offset: Int) -> UInt16? {
        contains(offset: offset, length: 2) ? loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian : nil
    }

    @inlinable package func uint32BigEndian(at offset: Int) -> UInt32? {
        contains(offset: offset, length: 4) ? loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian : nil
    }

    @inlinable package func uint32LittleEndian(at offset: Int) -> UInt32? {
        contains(offset: offset, length: 4) ? loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian : nil
    }

    @inlinable package func uint64LittleEndian(at offset: Int) -> UInt64? {
        contains(offset: offset, length: 8) ? loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian : nil
    }

    @inlinable package func uint64BigEndian(at offset: Int) -> UInt64? {
        contains(offset: offset, length: 8) ? loadUnaligned(fromByteOffset: offset, as: UInt64.self).bigEndian : nil
    }

    @inlinable package func float64LittleEndian(at offset: Int) -> Double? {
        uint64LittleEndian(at: offset).map(Double.init(bitPattern:))
    }

    @inlinable package func float32LittleEndian(at offset: Int) -> Float? {
        uint32LittleEndian(at: offset).map(Float.init(bitPattern:))
    }

    /// The bytes of a range, rebased to start at 0, or nil when the range does not lie inside.
    @inlinable package func window(offset: Int, length: Int) -> UnsafeRawBufferPointer? {
        contains(offset: offset, length: length) ? UnsafeRawBufferPointer(rebasing: self[offset..<(offset + length)]) : nil
    }

    /// The bytes before the first NUL (all of them when there is none): CoreUI pads names with NULs.
    package var beforeNUL: UnsafeRawBufferPointer {
        // Safe: `memchr` looks at the buffer's `count` bytes only, and the result is a prefix.
        guard let base = baseAddress, let nul = memchr(base, 0, count) else { return self }
        return UnsafeRawBufferPointer(start: base, count: UnsafeRawPointer(nul) - base)
    }
}

/// The same checked reads on typed bytes (a PNG's chunk, a codec's input), through the raw ones.
extension UnsafeBufferPointer<UInt8> {
    @inlinable package func uint16BigEndian(at offset: Int) -> UInt16? { UnsafeRawBufferPointer(self).uint16BigEndian(at: offset) }
    @inlinable package func uint16LittleEndian(at offset: Int) -> UInt16? { UnsafeRawBufferPointer(self).uint16LittleEndian(at: offset) }
    @inlinable package func uint32BigEndian(at offset: Int) -> UInt32? { UnsafeRawBufferPointer(self).uint32BigEndian(at: offset) }
    @inlinable package func uint32LittleEndian(at offset: Int) -> UInt32? { UnsafeRawBufferPointer(self).uint32LittleEndian(at: offset) }
    @inlinable package func uint64LittleEndian(at offset: Int) -> UInt64? { UnsafeRawBufferPointer(self).uint64LittleEndian(at: offset) }
}

/// The same checked reads on an array of bytes (offsets from its start), through the raw ones.
extension [UInt8] {
    @inlinable package func uint16BigEndian(at offset: Int) -> UInt16? { withUnsafeBytes { $0.uint16BigEndian(at: offset) } }
    @inlinable package func uint16LittleEndian(at offset: Int) -> UInt16? { withUnsafeBytes { $0.uint16LittleEndian(at: offset) } }
    @inlinable package func uint32BigEndian(at offset: Int) -> UInt32? { withUnsafeBytes { $0.uint32BigEndian(at: offset) } }
    @inlinable package func uint32LittleEndian(at offset: Int) -> UInt32? { withUnsafeBytes { $0.uint32LittleEndian(at: offset) } }
    @inlinable package func uint64LittleEndian(at offset: Int) -> UInt64? { withUnsafeBytes { $0.uint64LittleEndian(at: offset) } }
}
