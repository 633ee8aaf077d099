/// The decoders' output: a byte buffer that grows (doubling) up to the caller's limit and no
/// further, so a decoder checks one bound before each literal or match and can copy with
/// pointers in between. Matches read back from the buffer, which is why it is not an `Array`
/// appended to byte by byte (that path was several times slower on large inputs).
final class OutputBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int
    let limit: Int

    init(limit: Int, initialCapacity: Int) {
        self.limit = limit
        capacity = max(64, min(limit, initialCapacity))
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Room for `extra` more bytes, or false when that would pass the limit.
    @inline(__always)
    func reserve(_ extra: Int) -> Bool {
        if extra <= capacity &- count { return true }
        return grow(extra)
    }

    private func grow(_ extra: Int) -> Bool {
        let (needed, overflow) = count.addingReportingOverflow(extra)
        guard !overflow, needed <= limit else { return false }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity = newCapacity > limit / 2 ? limit : newCapacity * 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
        return true
    }

    /// Appends `length` bytes from `source`; room must have been reserved.
    @inline(__always)
    func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
        (base + count).update(from: source, count: length)
        count &+= length
    }

    /// Copies `length` bytes starting `distance` bytes back; see `OutputBuffer.copyMatch`.
    @inline(__always)
    func appendMatch(distance: Int, length: Int) {
        OutputBuffer.copyMatch(base + count, distance: distance, length: length)
        count &+= length
    }

    /// Sets the count after a decoder wrote past it through `base` (within reserved room).
    @inline(__always)
    func setCount(_ newCount: Int) {
        precondition(newCount >= 0 && newCount <= capacity)
        count = newCount
    }

    /// Writes `length` bytes at `destination` copied from `distance` bytes before it, byte by
    /// byte in order when the two ranges overlap (an LZ match repeats what it is still writing).
    /// The caller has checked `1 <= distance` and that both ranges lie in the buffer.
    @inline(__always)
    static func copyMatch(_ destination: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
        let source = destination - distance
        if distance >= length {
            destination.update(from: source, count: length)
        } else if distance == 1 {
            destination.update(repeating: source.pointee, count: length)
        } else {
            // Copy in runs of `distance`: each run is whole before the next reads it.
            var done = 0
            while done < length {
                let run = min(distance, length - done)
                (destination + done).update(from: source + done, count: run)
                done += run
            }
        }
    }

    /// The bytes written so far, as an array.
    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
