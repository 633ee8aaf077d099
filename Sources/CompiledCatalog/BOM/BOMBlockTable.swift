extension BOMStore {
    /// The block table as the file stores it, read in place: entry `i` is the big-endian
    /// (offset, length) pair at `entries + 8 i`. A large catalog has hundreds of thousands of
    /// blocks; reading the table where it lies, rather than copying it into an array first,
    /// saves the copy's time and its memory (twice the table's size) before anything else is read.
    ///
    /// ```swift
    /// let block = store.blocks[12]   // Block(offset: 1234, length: 56)
    /// ```
    package struct BlockTable: RandomAccessCollection, Sendable {
        let bytes: ByteReader
        /// Where entry 0 lies.
        let entries: Int
        package let count: Int

        /// A table of `count` entries from `entries`. `BOMStore` checked that they lie inside the
        /// file before making one.
        init(bytes: ByteReader, entries: Int, count: Int) {
            precondition(bytes.contains(offset: entries, length: 8 * count), "a block table that does not lie inside its file")
            self.bytes = bytes
            self.entries = entries
            self.count = count
        }

        package var startIndex: Int { 0 }
        package var endIndex: Int { count }

        package subscript(index: Int) -> Block {
            precondition(index >= 0 && index < count, "block \(index) of a table of \(count)")
            // Safe: the entry's 8 bytes lie inside the file, as the table's `8 * count` bytes do
            // (checked when it was made).
            let offset = bytes.bytes.loadUnaligned(fromByteOffset: entries + 8 * index, as: UInt32.self).bigEndian
            let length = bytes.bytes.loadUnaligned(fromByteOffset: entries + 8 * index + 4, as: UInt32.self).bigEndian
            return Block(offset: Int(offset), length: Int(length))
        }
    }
}
