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

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        // Safe: `reserve` left `bytes.count` bytes free after `count`, and `bytes` is another
        // buffer's, or this one's from before it grew (the old memory is freed only after).
        Self.copy(source, bytes.count, to: start + count)
        count += bytes.count
    }

    /// One line of a listing: two spaces, the label, `labelPadding` spaces, the traits,
    /// `traitPadding` spaces, the payload and a line break, with one check for room.
    mutating func appendLine(
        label: UnsafeBufferPointer<UInt8>, labelPadding: Int, traits: UnsafeBufferPointer<UInt8>, traitPadding: Int,
        payload: UnsafeBufferPointer<UInt8>
    ) {
        reserve(2 + label.count + labelPadding + traits.count + traitPadding + payload.count + 1)
        // Safe: `reserve` left room for every byte written below.
        var to = start + count
        to.initialize(repeating: 0x20, count: 2)
        to += 2
        func write(_ part: UnsafeBufferPointer<UInt8>, padding: Int) {
            if let source = part.baseAddress { Self.copy(source, part.count, to: to) }
            to += part.count
            to.initialize(repeating: 0x20, count: padding)
            to += padding
        }
        write(label, padding: labelPadding)
        write(traits, padding: traitPadding)
        write(payload, padding: 0)
        to.initialize(to: UInt8(ascii: "\n"))
        count = to + 1 - start
    }

    /// Copies `length` bytes: the few bytes of a name or a field eight at a time, inline, where a
    /// call to `memcpy` for each cost more than the copy; longer runs through `memcpy`.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, _ length: Int, to destination: UnsafeMutablePointer<UInt8>) {
        guard length >= 8 && length <= 64 else {
            if length < 8 {
                for offset in 0..<length { (destination + offset).initialize(to: source[offset]) }
            } else {
                destination.initialize(from: source, count: length)
            }
            return
        }
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        var offset = 0
        while offset + 8 < length {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        // The last eight bytes, overlapping the word before when the length is not a multiple.
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self), toByteOffset: length - 8, as: UInt64.self)
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) { append(bytes.bindMemory(to: UInt8.self)) }

    mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    /// An ASCII literal: what the formatter writes most, copied from the binary with no `String`
    /// in between (a literal passed as a `String` cost a copy and a retain each time).
    @inline(__always)
    mutating func append(_ text: StaticString) { text.withUTF8Buffer { append($0) } }

    /// A string's UTF-8 (named, so that a literal takes the `StaticString` path).
    mutating func append(string text: String) {
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
        var digits = 1
        var power = 10
        while digits < 19 && number >= power {
            digits += 1
            power &*= 10
        }
        let length = grouped ? digits + (digits - 1) / 3 : digits
        reserve(length)
        // Right to left, straight into the buffer: `reserve` left `length` bytes free.
        var value = number
        var position = count + length
        var written = 0
        repeat {
            if grouped && written > 0 && written % 3 == 0 {
                position -= 1
                start[position] = UInt8(ascii: ",")
            }
            position -= 1
            start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            value /= 10
            written += 1
        } while value > 0
        count += length
    }

    /// Whether every byte is printable ASCII (0x20 to 0x7E), so that a line needs no escaping:
    /// eight bytes at a time, as nearly every line is checked.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            // A byte with its high bit set, one below 0x20, or one equal to 0x7F (the classic
            // "has a byte less than n" and "has a zero byte" tests, per byte, on the word).
            let deleted = word ^ (0x7F &* ones)
            if (word | ((word &- 0x20 &* ones) & ~word) | ((deleted &- ones) & ~deleted)) & highs != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            guard bytes[offset] >= 0x20 && bytes[offset] < 0x7F else { return false }
            offset += 1
        }
        return true
    }
}
