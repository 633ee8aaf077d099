import AssetCatalog
import CDigest

/// Xcode-style JSON (two-space indent, `"key" : value`) for the assetutil document, whose
/// objects sit one level inside the top array. Strings that need escaping go through the
/// package's `JSONWriter`, so both escape alike; plain ASCII is copied as it is.
///
/// The bytes go into one buffer this value owns, grown by doubling: appending a few bytes at a
/// time to an `[UInt8]` cost more than formatting them. The value is noncopyable, so the buffer
/// has exactly one owner, which frees it (or hands it back to its `Buffer`).
struct JSONOutput: ~Copyable {
    /// `capacity` bytes, of which the first `count` are written (initialized).
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written so far.
    private(set) var count = 0
    private var first = true

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    /// Continues in a buffer handed over by its owner (who gets it back from `release`).
    private init(start: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    deinit { start.deallocate() }

    /// The buffer and its size, handed back to an owner; this value no longer frees it.
    private consuming func release() -> (start: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int) {
        let released = (start, capacity, count)
        discard self
        return released
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Makes room for `extra` more bytes after the `count` written.
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
        // Safe: `reserve` left at least one byte free after `count`.
        (start + count).initialize(to: byte)
        count += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        // Safe: `reserve` left `bytes.count` bytes free after `count`, and `bytes` (the caller's
        // or a static string's) cannot overlap this value's own buffer.
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// A literal, copied as it is (every literal here is ASCII, so stored as UTF-8).
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func open() {
        raw("\n  {")
        first = true
    }

    mutating func close() {
        raw("\n  }")
    }

    /// `,\n    "NAME" : ` (no comma before an object's first member), made room for once and
    /// written in three stores: this runs two dozen times per rendition.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        let comma = first ? 0 : 1
        reserve(length + 12)
        // Safe: `reserve` left `length + 12` bytes free after `count`, and the stores below
        // reach at most `comma + 6 + length + 4` or `comma + 8` bytes past it.
        let to = UnsafeMutableRawPointer(start + count)
        to.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
        // `\n    "` is the low six bytes of this word; the other two are overwritten by the name.
        (to + comma).storeBytes(of: UInt64(0x0000_2220_2020_200A).littleEndian, as: UInt64.self)
        (to + comma + 6).copyMemory(from: name.utf8Start, byteCount: length)
        // `" : `
        (to + comma + 6 + length).storeBytes(of: UInt32(0x203A_2022).littleEndian, as: UInt32.self)
        count += comma + 6 + length + 4
        first = false
    }

    @inline(__always)
    mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    @inline(__always)
    mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    /// A member whose value is a literal string (plain ASCII).
    mutating func member(_ name: StaticString, literal value: StaticString) {
        key(name)
        append(UInt8(ascii: "\""))
        raw(value)
        append(UInt8(ascii: "\""))
    }

    /// `"Unknown(N)"`, as the names of numbers this reader does not know print, written without
    /// making the string.
    mutating func member(_ name: StaticString, unknown value: Int) {
        key(name)
        raw("\"Unknown(")
        integer(value)
        raw(")\"")
    }

    @inline(__always)
    mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        raw(value ? "true" : "false")
    }

    /// Decimal digits written in place, two at a time from the last: this runs a dozen times per
    /// rendition.
    mutating func integer(_ value: Int) {
        reserve(21)
        // Safe: `reserve` left 21 bytes free after `count`: a sign and at most 20 digits.
        if value < 0 {
            (start + count).initialize(to: UInt8(ascii: "-"))
            count += 1
        }
        var magnitude = UInt64(value.magnitude)
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20 && magnitude >= bound {
            digits += 1
            bound = bound &* 10 // wraps only once `digits` is 20, when the loop ends
        }
        let pairs: StaticString =
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        // Safe: each pair index is below 100, so both its bytes lie inside the 200-byte literal,
        // and exactly `digits` bytes are written, from the last of the reserved ones back.
        let pair = { (value: UInt64) -> (UInt8, UInt8) in (pairs.utf8Start[2 * Int(value)], pairs.utf8Start[2 * Int(value) + 1]) }
        var position = start + count + digits
        while magnitude >= 100 {
            let (tens, units) = pair(magnitude % 100)
            magnitude /= 100
            position -= 2
            position.initialize(to: tens)
            (position + 1).initialize(to: units)
        }
        if magnitude >= 10 {
            let (tens, units) = pair(magnitude)
            (position - 2).initialize(to: tens)
            (position - 1).initialize(to: units)
        } else {
            (position - 1).initialize(to: UInt8(ascii: "0") + UInt8(magnitude))
        }
        count += digits
    }

    /// The SHA-256 of `bytes` as a JSON string of 64 upper-case hex digits, as assetutil prints its
    /// `SHA1Digest`, hashed and written in place.
    mutating func sha256(of bytes: UnsafeRawBufferPointer) {
        var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digest) { adapt_sha256(bytes.baseAddress, bytes.count, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        reserve(66)
        let digits: StaticString = "0123456789ABCDEF"
        // Safe: `reserve` left 66 bytes free after `count`: two quotes and 64 digits, each digit's
        // index below 16.
        let to = start + count
        to.initialize(to: UInt8(ascii: "\""))
        withUnsafeBytes(of: &digest) { digestBytes in
            for (index, byte) in digestBytes.enumerated() {
                (to + 1 + 2 * index).initialize(to: digits.utf8Start[Int(byte >> 4)])
                (to + 2 + 2 * index).initialize(to: digits.utf8Start[Int(byte & 0xF)])
            }
        }
        (to + 65).initialize(to: UInt8(ascii: "\""))
        count += 66
    }

    mutating func array(_ strings: [String]) {
        guard !strings.isEmpty else {
            raw("[]")
            return
        }
        append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            raw(index == 0 ? "\n      " : ",\n      ")
            string(text)
        }
        raw("\n    ]")
    }

    mutating func numbers(_ values: some Sequence<Double>) {
        var none = true
        for value in values {
            raw(none ? "[\n      " : ",\n      ")
            none = false
            // JSON has no NaN or infinity; a hostile file may hold either.
            if !value.isFinite {
                append(UInt8(ascii: "0"))
            } else if value == value.rounded() && abs(value) < 1e15 {
                integer(Int(value))
            } else {
                append(Array(String(value).utf8))
            }
        }
        raw(none ? "[]" : "\n    ]")
    }

    mutating func object(_ members: [(String, Int)]) {
        guard !members.isEmpty else {
            raw("{}")
            return
        }
        append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            raw(index == 0 ? "\n      " : ",\n      ")
            string(member.0)
            raw(" : ")
            integer(member.1)
        }
        raw("\n    }")
    }

    /// A string literal: plain ASCII is copied as it is; anything else goes through
    /// `JSONWriter`, so both escape alike.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// A string literal from UTF-8 bytes, such as a name as a file stores it: plain ASCII is
    /// copied as it is; anything else is decoded (invalid UTF-8 repaired, as the reader repairs
    /// names) and written by `JSONWriter`, so both escape alike.
    mutating func string(utf8 bytes: UnsafeRawBufferPointer) {
        for byte in bytes where !Self.isPlain(byte) {
            append(JSONWriter.compact.bytes(for: .string(String(decoding: bytes, as: UTF8.self))))
            return
        }
        let length = bytes.count
        reserve(length + 2)
        // Safe: `reserve` left `length + 2` bytes free after `count`: the quotes and the bytes.
        let to = UnsafeMutableRawPointer(start + count)
        to.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        if let source = bytes.baseAddress { (to + 1).copyMemory(from: source, byteCount: length) }
        (to + 1 + length).storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        count += length + 2
    }

    /// Printable ASCII other than a quote or a backslash: a byte JSON takes as it is.
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// A buffer kept from one batch of renditions to the next, so a large document allocates
    /// (and page-faults) its buffers once. One thread fills it at a time: the document gives
    /// each concurrent batch its own, and reads it only after every batch of the group is done.
    final class Buffer: @unchecked Sendable {
        private var start: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private var count = 0

        init(capacity: Int) {
            self.capacity = max(capacity, 64)
            start = .allocate(capacity: self.capacity)
        }

        deinit { start.deallocate() }

        /// Empties the buffer and lets `body` write into it.
        func fill(_ body: (inout JSONOutput) -> Void) {
            var output = JSONOutput(start: start, capacity: capacity)
            body(&output)
            (start, capacity, count) = output.release()
        }

        func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
            try body(UnsafeRawBufferPointer(start: start, count: count))
        }
    }
}
