import CMemoryHints

/// Prefetching: a large catalog's renditions lie a kilobyte or more apart, one or two cache lines
/// of each read, so each is a wait for memory the hardware cannot foresee. The walks over them
/// ask for the lines of a rendition a few positions ahead, which then arrive while the ones
/// between are read (a tenth of the CPU time of `inspect --format json` on a 200,000-rendition
/// file). Hints only: nothing is read that the program sees.
extension UnsafeRawBufferPointer {
    /// Asks for the cache lines of the `length` bytes at `offset`, as far as they lie inside.
    package func prefetch(offset: Int, length: Int) {
        guard let base = baseAddress, offset >= 0, offset < count else { return }
        let end = offset + Swift.min(length, count - offset)
        for line in stride(from: offset, to: end, by: 64) {
            // A hint on an address inside the buffer: it never faults, and reads nothing.
            adapt_prefetch(base + line)
        }
    }
}

extension BOMStore {
    /// How far ahead of the rendition at hand a walk asks for memory.
    package static let prefetchDistance = 8

    /// Asks for the first `length` bytes of block `index`, when the table has such a block.
    package func prefetch(block index: UInt32, length: Int) {
        guard Int(index) < blocks.count else { return }
        bytes.bytes.prefetch(offset: blocks[Int(index)].offset, length: length)
    }
}
