/// The finite-state-entropy pieces of LZFSE: the backward bit stream and the two kinds of
/// decoding table (one for literal bytes, one for the L, M and D values with extra bits).
///
/// An FSE table has `states` entries (a power of two); symbol `s` owns `frequency[s]` of them.
/// Decoding a symbol reads the entry for the current state, which names the symbol and how to
/// reach the next state: read `bits` bits from the stream and add them to `delta`. A symbol with
/// frequency `f` is given `k` bits such that `states <= f << k < 2 * states`; its first
/// `2 * states >> k - f` entries read `k` bits, the rest `k - 1`, and the deltas are laid out so
/// that every state is reached from exactly one (entry, bits) pair. (Facts of the format, from
/// Apple's BSD-licensed reference, lzfse/lzfse `lzfse_fse.c`.)
enum FSE {
    /// One state of a literal table: the byte it emits and how to reach the next state.
    struct LiteralEntry {
        var bits: UInt8 = 0
        var symbol: UInt8 = 0
        var delta: UInt16 = 0
    }

    /// One state of an L, M or D table: the value is `base` plus `extraBits` more stream bits,
    /// read together with the state bits (`totalBits` in all) as one field.
    struct ValueEntry {
        var totalBits: UInt8 = 0
        var extraBits: UInt8 = 0
        var delta: UInt16 = 0
        var base: Int32 = 0
    }

    /// Why a frequency table cannot make a decoding table.
    struct TableError: Error { let message: String }

    /// Calls `body(symbol, stateBits, delta)` for each of the `states` entries in order. Entries
    /// past the frequencies' sum (a table that does not fill its states) stay zero: next state 0.
    private static func layOut(
        states: Int, frequencies: UnsafeBufferPointer<UInt16>,
        _ body: (Int, Int, Int, Int) -> Void
    ) throws(TableError) {
        var total = 0
        for value in frequencies { total += Int(value) }
        guard total <= states else {
            throw TableError(message: "frequencies add up to \(total), more than the table's \(states) states")
        }
        let statesLeadingZeros = UInt32(truncatingIfNeeded: states).leadingZeroBitCount
        var index = 0
        for (symbol, value) in frequencies.enumerated() where value > 0 {
            let frequency = Int(value)
            let k = UInt32(truncatingIfNeeded: frequency).leadingZeroBitCount - statesLeadingZeros
            let fullWidth = (2 * states) >> k - frequency // entries reading k bits; the rest read k - 1
            for j in 0..<frequency {
                if j < fullWidth {
                    body(index, symbol, k, ((frequency + j) << k) - states)
                } else {
                    body(index, symbol, k - 1, (j - fullWidth) << (k - 1))
                }
                index += 1
            }
        }
    }

    static func literalTable(
        states: Int, frequencies: UnsafeBufferPointer<UInt16>,
        into table: UnsafeMutableBufferPointer<LiteralEntry>
    ) throws(TableError) {
        table.update(repeating: LiteralEntry())
        try layOut(states: states, frequencies: frequencies) { index, symbol, bits, delta in
            table[index] = LiteralEntry(bits: UInt8(bits), symbol: UInt8(symbol), delta: UInt16(delta))
        }
    }

    static func valueTable(
        states: Int, frequencies: UnsafeBufferPointer<UInt16>,
        extraBits: [UInt8], bases: [Int32],
        into table: UnsafeMutableBufferPointer<ValueEntry>
    ) throws(TableError) {
        table.update(repeating: ValueEntry())
        try layOut(states: states, frequencies: frequencies) { index, symbol, bits, delta in
            table[index] = ValueEntry(
                totalBits: UInt8(bits) + extraBits[symbol], extraBits: extraBits[symbol],
                delta: UInt16(delta), base: bases[symbol])
        }
    }

    /// A bit stream read backwards from its end, LZFSE's way: the encoder wrote it forwards and
    /// the decoder starts from the last bytes, keeping 56 to 63 bits in a 64-bit accumulator.
    struct BackwardBits {
        private var accumulator: UInt64 = 0
        private var count = 0
        /// The next byte to be loaded is just before `position`; never below `lowerBound`.
        private(set) var position: Int
        private let lowerBound: Int
        /// Zero bytes shifted in past `lowerBound` (see `refill`).
        private var padding = 0
        private let upperBound: Int
        private let source: UnsafePointer<UInt8>

        /// Starts at `end`. `finalBits` (-7...0) is how many bits short of a whole byte the
        /// encoder's last flush was, stored in the block header.
        init?(_ source: UnsafePointer<UInt8>, from lowerBound: Int, to end: Int, finalBits: Int) {
            self.source = source
            self.lowerBound = lowerBound
            upperBound = end
            position = end
            guard (-7...0).contains(finalBits), end >= lowerBound else { return nil }
            let width = finalBits == 0 ? 7 : 8
            // A stream shorter than the first load (a block of a few literals, or none: 4 KiB of
            // transparent rows compresses to a bvx2 block whose literal payload is 0 bytes)
            // starts reaching before its first byte, as `refill` may later; the reference
            // decoder reads whatever precedes it, bits a valid stream never uses, so zeros here.
            let available = min(width, end - lowerBound)
            position = end - available
            padding = width - available
            accumulator = Self.load(source + position, bytes: available) << UInt64(8 * padding)
            count = finalBits + width * 8
            // The encoder zeroes the bits above the last one it wrote.
            guard accumulator >> UInt64(count) == 0 else { return nil }
        }

        @inline(__always)
        private static func load(_ pointer: UnsafePointer<UInt8>, bytes: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in stride(from: bytes - 1, through: 0, by: -1) {
                value = value << 8 | UInt64(pointer[index])
            }
            return value
        }

        /// Tops the accumulator up to at least 56 bits. False when the stream has no more bytes.
        @inline(__always)
        mutating func refill() -> Bool {
            let bits = (63 - count) & ~7
            let bytes = bits >> 3
            guard bytes > 0 else { return true }
            let incoming: UInt64
            if position - bytes < lowerBound {
                // Near the stream's first byte a full refill reaches before it (the reference
                // decoder reads whatever precedes the stream there); those bits are never used
                // by a valid stream, so they are zeros here. A stream that keeps asking past
                // two accumulators of padding is corrupt.
                let available = position - lowerBound
                padding += bytes - available
                guard padding <= 16 else { return false }
                incoming = Self.load(source + lowerBound, bytes: available) << UInt64(8 * (bytes - available))
                position = lowerBound
            } else if position - bytes + 8 <= upperBound {
                position -= bytes
                // One unaligned load, keeping only the bytes just stepped over.
                incoming =
                    UnsafeRawPointer(source + position).loadUnaligned(as: UInt64.self).littleEndian
                    & ((UInt64(1) << UInt64(bits)) - 1)
            } else {
                position -= bytes
                incoming = Self.load(source + position, bytes: bytes)
            }
            accumulator = accumulator << UInt64(bits) | incoming
            count += bits
            return true
        }

        /// The next `bits` bits (at most the 56 a refill guarantees).
        @inline(__always)
        mutating func pull(_ bits: Int) -> UInt64 {
            count -= bits
            let value = accumulator &>> UInt64(count)
            accumulator &= (UInt64(1) &<< UInt64(count)) &- 1
            return value
        }

    }
}
