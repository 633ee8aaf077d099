/// Bytes appended to one buffer grown by doubling, for the text of `adapt inspect FILE.car`:
/// appending a few bytes at a time to an `[UInt8]` cost more than formatting them (as the
/// assetutil JSON writer found, `JSONOutput`). A value, not an owner: whoever makes one frees it
/// with `deallocate()` once, or hands it to an owner that does (`InspectionFields.Batch`).
struct InspectionBytes: @unchecked Sendable {
    // Unchecked Sendable: a buffer is written by one thread, then only read.
    private(set) var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    /// The same memory, emptied, to be written again.
    init(reusing other: InspectionBytes) {
        start = other.start
        capacity = other.capacity
    }

    func deallocate() { start.deallocate() }

    /// The bytes in `range` (of those written), valid until the buffer grows or is freed.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "inside the bytes written")
        return UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
    }

    var all: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(toHold: extra) }
    }

    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        // Safe: `reserve` left a byte free after `count`.
        (start + count).initialize(to: byte)
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        // Safe: `reserve` left `bytes.count` bytes free after `count`, and `bytes` is another
        // buffer's, or this one's from before it grew (the old memory is freed only after).
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) { append(bytes.bindMemory(to: UInt8.self)) }

    mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    /// An ASCII literal.
    mutating func append(_ text: StaticString) { text.withUTF8Buffer { append($0) } }

    /// A string's UTF-8.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        // Safe: `reserve` left `count` bytes free.
        (start + self.count).initialize(repeating: 0x20, count: count)
        self.count += count
    }

    /// A non-negative number in decimal, its digits in threes separated by commas when `grouped`.
    mutating func appendDecimal(_ number: Int, grouped: Bool = false) {
        reserve(32)
        // Right to left into a scratch of 32 bytes: at most 19 digits and 6 commas.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var value = number, position = buffer.count, digits = 0
            repeat {
                if grouped && digits > 0 && digits % 3 == 0 {
                    position -= 1
                    buffer[position] = UInt8(ascii: ",")
                }
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                digits += 1
            } while value > 0
            append(UnsafeBufferPointer(rebasing: buffer[position...]))
        }
    }
}
