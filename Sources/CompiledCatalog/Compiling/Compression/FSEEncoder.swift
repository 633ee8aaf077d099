/// The finite-state-entropy pieces of the LZFSE encoder, mirror images of `FSE` (the decoder's):
/// turning symbol counts into a frequency table, the per-symbol encoding table, the forward bit
/// stream the decoder reads backwards, and the `bvx2` header's code for the frequencies.
///
/// Encoding runs the decoder backwards. The decoder, in state `s`, emits the symbol owning `s`
/// and moves to `delta + bits`; so the encoder, holding the state the decoder will be in *after*
/// the symbol, writes the low bits of that state and moves to the table entry that leads there.
/// A symbol of frequency `f` (with `k` such that `states <= f << k < 2 * states`) owns `f`
/// entries; states from `(f << k) - states` up are reached with `k` bits, the ones below with
/// `k - 1` (see `FSE`'s table layout, which this inverts). Facts of the format from Apple's
/// BSD-licensed reference (lzfse/lzfse `lzfse_fse.c`); the code is ours.
enum FSEEncoder {
    /// How to encode one symbol: states at or above `threshold` write `bits` bits and move to
    /// `highDelta + state >> bits`; states below write `bits - 1` and move to
    /// `lowDelta + state >> (bits - 1)`.
    struct Entry {
        var threshold: Int16 = 0
        var bits: Int16 = 0
        var highDelta: Int16 = 0
        var lowDelta: Int16 = 0
    }

    /// Scales `counts` to frequencies that add up to exactly `states` (a power of two), every
    /// symbol that occurs keeping at least one state. When nothing occurs every frequency is
    /// zero (the decoder accepts such a table, and it is never used).
    static func normalize(_ counts: UnsafeBufferPointer<UInt32>, states: Int, into frequencies: UnsafeMutableBufferPointer<UInt16>) {
        var total = 0
        for count in counts { total += Int(count) }
        guard total > 0 else {
            frequencies.update(repeating: 0)
            return
        }
        var assigned = 0
        var largest = 0
        for symbol in 0..<counts.count {
            let count = Int(counts[symbol])
            // Rounded to nearest; a symbol that occurs gets at least one state.
            var frequency = (count * states * 2 + total) / (total * 2)
            if frequency == 0, count > 0 { frequency = 1 }
            frequencies[symbol] = UInt16(frequency)
            assigned += frequency
            if frequency > Int(frequencies[largest]) { largest = symbol }
        }
        var surplus = assigned - states
        if surplus <= 0 {
            // Rounding left states over: the most frequent symbol takes them (its cost per
            // occurrence changes least).
            frequencies[largest] += UInt16(-surplus)
            return
        }
        // Rounding and the one-state minimum handed out too many: take them back, a quarter of a
        // symbol's spare states at most per pass, so the ratios between symbols stay close.
        // This ends: `states` is at least the symbol count, so the spare states (every
        // frequency above one) always cover the surplus.
        while surplus > 0 {
            for symbol in 0..<frequencies.count where frequencies[symbol] > 1 {
                let spare = Int(frequencies[symbol]) - 1
                let taken = min(surplus, max(1, spare / 4))
                frequencies[symbol] -= UInt16(taken)
                surplus -= taken
                if surplus == 0 { break }
            }
        }
    }

    /// The encoding table for a normalized frequency table (sum `states`). Symbols of frequency
    /// zero keep an empty entry; they never occur.
    static func table(_ frequencies: UnsafeBufferPointer<UInt16>, states: Int, into table: UnsafeMutableBufferPointer<Entry>) {
        let statesLeadingZeros = UInt32(truncatingIfNeeded: states).leadingZeroBitCount
        var firstEntry = 0 // where the symbol's entries start in the decoder's table
        for symbol in 0..<frequencies.count {
            let frequency = Int(frequencies[symbol])
            guard frequency > 0 else {
                table[symbol] = Entry()
                continue
            }
            let k = UInt32(truncatingIfNeeded: frequency).leadingZeroBitCount - statesLeadingZeros
            // The decoder's entry `firstEntry + j` (j < 2 * states >> k - f) reads k bits and
            // reaches ((f + j) << k) - states + bits; so state s comes from j = (s + states) >> k - f.
            // The entries after those read k - 1 bits and reach (j - that count) << (k - 1) + bits.
            // (A symbol owning every state has k = 0: it writes nothing and keeps the state.)
            table[symbol] = Entry(
                threshold: Int16((frequency << k) - states),
                bits: Int16(k),
                highDelta: Int16(firstEntry - frequency + (states >> k)),
                lowDelta: Int16(firstEntry - frequency + (states >> (k - 1))))
            firstEntry += frequency
        }
    }

    /// Encodes `symbol` from `state`: writes the state's low bits and steps to the state the
    /// decoder is in before reading them.
    @inline(__always)
    static func encode(_ symbol: Int, _ state: inout Int, _ table: UnsafePointer<Entry>, _ stream: inout ForwardBits) {
        let entry = table[symbol]
        let high = state >= Int(entry.threshold)
        let bits = high ? Int(entry.bits) : Int(entry.bits) - 1
        let delta = high ? Int(entry.highDelta) : Int(entry.lowDelta)
        stream.push(UInt64(truncatingIfNeeded: state) & ((1 &<< UInt64(truncatingIfNeeded: bits)) &- 1), bits)
        state = delta + (state >> bits)
    }

    /// A bit stream written forwards, least significant bit first, that `FSE.BackwardBits`
    /// reads from its end. At most 64 bits wait in the accumulator; `flush` writes whole bytes.
    struct ForwardBits {
        private var accumulator: UInt64 = 0
        private var count = 0
        /// Where the next byte goes.
        private(set) var position: UnsafeMutablePointer<UInt8>

        init(_ start: UnsafeMutablePointer<UInt8>) { position = start }

        /// Adds the `bits` low bits of `value` (whose other bits are zero). The caller flushes
        /// before the accumulator would pass 64 bits.
        @inline(__always)
        mutating func push(_ value: UInt64, _ bits: Int) {
            accumulator |= value &<< UInt64(truncatingIfNeeded: count)
            count &+= bits
        }

        /// Writes the whole bytes. Eight bytes of room must follow `position`: all eight are
        /// stored (one unaligned store) and only the whole ones are kept.
        @inline(__always)
        mutating func flush() {
            let whole = count & ~7
            UnsafeMutableRawPointer(position).storeBytes(of: accumulator.littleEndian, as: UInt64.self)
            position += whole >> 3
            accumulator = whole == 64 ? 0 : accumulator >> UInt64(whole)
            count &-= whole
        }

        /// Writes the last bits, zero-padded to a byte, and returns how many bits short of a
        /// whole byte the last one is (-7...0), the decoder's `finalBits`. Needs eight bytes of room.
        mutating func finish() -> Int {
            let written = (count + 7) & ~7
            UnsafeMutableRawPointer(position).storeBytes(of: accumulator.littleEndian, as: UInt64.self)
            position += written >> 3
            accumulator = 0
            count -= written
            return count
        }
    }

    /// Writes the `bvx2` code for each frequency (see `LZFSEBlockHeader.decodeFrequencies`),
    /// least significant bit first; returns the bytes written (at most 630 for 360 values).
    static func writeFrequencyCodes(_ frequencies: UnsafeBufferPointer<UInt16>, to output: UnsafeMutablePointer<UInt8>) -> Int {
        var accumulator: UInt32 = 0
        var count = 0
        var written = 0
        for frequency in frequencies {
            let value = UInt32(frequency)
            let code: UInt32
            let width: Int
            switch value {
            case 0...1: (code, width) = (value << 1, 2)
            case 2...3: (code, width) = ((value - 2) << 2 | 1, 3)
            case 4...7: (code, width) = ((value - 4) << 3 | 3, 5)
            case 8...23: (code, width) = ((value - 8) << 4 | 7, 8)
            default: (code, width) = ((value - 24) << 4 | 15, 14) // up to 1047; frequencies stop at 1024
            }
            accumulator |= code << UInt32(count)
            count += width
            while count >= 8 {
                // Safe: the caller reserved room for 630 bytes, the most 360 codes of 14 bits take.
                output[written] = UInt8(truncatingIfNeeded: accumulator)
                written += 1
                accumulator >>= 8
                count -= 8
            }
        }
        if count > 0 {
            output[written] = UInt8(truncatingIfNeeded: accumulator)
            written += 1
        }
        return written
    }
}
