/// The LZFSE encoder's back end: collects (L, M, D) triples and their literals, and writes them
/// as a `bvx2` block when the block's tables are full or the input ends.
///
/// A block holds at most `LZFSEBlockHeader.maximumMatches` triples and
/// `maximumLiterals` literals (the decoder's limits). L stops at 315 and M at 2359 (the largest
/// values their symbols reach), so longer runs are split into several triples; D reaches back
/// 262,139 bytes, into earlier blocks as the format allows.
final class LZFSEBlockEncoder {
    static let maximumL = 315, maximumM = 2359, maximumD = 262_139
    private typealias Header = LZFSEBlockHeader

    /// The stream being written.
    let output: OutputBuffer
    private let source: UnsafePointer<UInt8>
    /// The first input byte not yet covered by a triple.
    private(set) var literalStart = 0

    private let literals = UnsafeMutablePointer<UInt8>.allocate(capacity: Header.maximumLiterals)
    private var literalCount = 0
    private let lValues = UnsafeMutablePointer<Int32>.allocate(capacity: Header.maximumMatches)
    private let mValues = UnsafeMutablePointer<Int32>.allocate(capacity: Header.maximumMatches)
    private let dValues = UnsafeMutablePointer<Int32>.allocate(capacity: Header.maximumMatches)
    private var matchCount = 0

    // Per-block scratch, allocated once.
    private let counts = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: Header.symbolCount)
    private let frequencies = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: Header.symbolCount)
    private let literalTable = UnsafeMutableBufferPointer<FSEEncoder.Entry>.allocate(capacity: Header.literalSymbols)
    private let lTable = UnsafeMutableBufferPointer<FSEEncoder.Entry>.allocate(capacity: Header.lSymbols)
    private let mTable = UnsafeMutableBufferPointer<FSEEncoder.Entry>.allocate(capacity: Header.mSymbols)
    private let dTable = UnsafeMutableBufferPointer<FSEEncoder.Entry>.allocate(capacity: Header.dSymbols)

    init(source: UnsafePointer<UInt8>, output: OutputBuffer) {
        self.source = source
        self.output = output
    }

    deinit {
        literals.deallocate()
        lValues.deallocate()
        mValues.deallocate()
        dValues.deallocate()
        counts.deallocate()
        frequencies.deallocate()
        literalTable.deallocate()
        lTable.deallocate()
        mTable.deallocate()
        dTable.deallocate()
    }

    /// Adds a match of `length` bytes at `position` copied from `distance` bytes back, with the
    /// literals between `literalStart` and `position` before it.
    func addMatch(at position: Int, length: Int, distance: Int) {
        // The match finder keeps these; a stream built past them would be read outside its
        // history by any decoder, so a broken finder stops here rather than write one.
        precondition(
            distance >= 1 && distance <= Self.maximumD && distance <= position && position >= literalStart && length >= 0,
            "an LZFSE match the format cannot hold")
        var literalLength = position - literalStart
        while literalLength > Self.maximumL {
            push(literals: Self.maximumL, match: 0, distance: distance)
            literalLength -= Self.maximumL
        }
        var matchLength = length
        while matchLength > Self.maximumM {
            push(literals: literalLength, match: Self.maximumM, distance: distance)
            literalLength = 0
            matchLength -= Self.maximumM
        }
        if literalLength > 0 || matchLength > 0 {
            push(literals: literalLength, match: matchLength, distance: distance)
        }
    }

    /// Adds the literals up to `end` as triples without a match.
    func addLiterals(upTo end: Int) {
        var literalLength = end - literalStart
        while literalLength > 0 {
            let piece = min(literalLength, Self.maximumL)
            push(literals: piece, match: 0, distance: 0)
            literalLength -= piece
        }
    }

    /// One triple, within the symbols' limits; writes the block first when it is full. The
    /// literal count stays 3 short of the limit, so padding it to a multiple of 4 still fits.
    private func push(literals literalLength: Int, match matchLength: Int, distance: Int) {
        if matchCount == Header.maximumMatches || literalCount + literalLength > Header.maximumLiterals - 3 {
            writeBlock()
        }
        // Safe: `literalStart + literalLength` is at most the match position (or the input's
        // end) and `literalCount + literalLength <= maximumLiterals - 3` was just ensured.
        (literals + literalCount).update(from: source + literalStart, count: literalLength)
        literalCount += literalLength
        // Safe: `matchCount < maximumMatches` was just ensured.
        lValues[matchCount] = Int32(literalLength)
        mValues[matchCount] = Int32(matchLength)
        dValues[matchCount] = Int32(distance)
        matchCount += 1
        literalStart += literalLength + matchLength
    }

    /// The most bytes one block can take: header (32 + 630 for the frequency codes), literals
    /// at 10 bits at most, triples at 54 bits at most plus the 8 bytes the L, M, D stream
    /// starts with, and 8 bytes of room for the last unaligned store of each stream.
    private static let maximumBlockBytes =
        32 + 630 + (Header.maximumLiterals * 10 + 7) / 8 + 8
        + 8 + (Header.maximumMatches * 54 + 7) / 8 + 8

    /// Writes the collected triples as one `bvx2` block (nothing when there are none).
    func writeBlock() {
        guard matchCount > 0 else { return }
        guard output.reserve(Self.maximumBlockBytes) else {
            preconditionFailure("LZFSE output would pass Int.max bytes")
        }
        // Four interleaved literal streams: pad to a multiple of 4 with zeros (never used).
        // Safe: `push` kept `literalCount <= maximumLiterals - 3`.
        while literalCount & 3 != 0 {
            literals[literalCount] = 0
            literalCount += 1
        }
        // A D of 0 repeats the previous one; a triple without a match keeps it too (or takes 1,
        // the most common, when there is none yet in this block: the decoder starts each block
        // without one).
        var rawBytes = 0
        var previous: Int32 = 0
        for index in 0..<matchCount {
            rawBytes += Int(lValues[index]) + Int(mValues[index])
            let distance = dValues[index]
            if mValues[index] == 0 {
                if previous == 0 {
                    previous = 1
                    dValues[index] = 1
                } else {
                    dValues[index] = 0
                }
            } else if distance == previous {
                dValues[index] = 0
            } else {
                previous = distance
            }
        }

        // Symbol counts, then frequencies, for L, M, D and literals (the header's order).
        counts.update(repeating: 0)
        let lCounts = counts.baseAddress!
        let mCounts = lCounts + Header.lSymbols
        let dCounts = mCounts + Header.mSymbols
        let literalCounts = dCounts + Header.dSymbols
        for index in 0..<matchCount {
            // Safe: the symbol functions return values below 20, 20 and 64.
            lCounts[Self.lSymbol(Int(lValues[index])).symbol] += 1
            mCounts[Self.mSymbol(Int(mValues[index])).symbol] += 1
            dCounts[Self.dSymbol(Int(dValues[index])).symbol] += 1
        }
        for index in 0..<literalCount { literalCounts[Int(literals[index])] += 1 }
        func part(_ start: Int, _ count: Int) -> (UnsafeBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt16>) {
            (UnsafeBufferPointer(rebasing: counts[start..<(start + count)]), UnsafeMutableBufferPointer(rebasing: frequencies[start..<(start + count)]))
        }
        let parts = [
            (0, Header.lSymbols, Header.lStates, lTable), (Header.lSymbols, Header.mSymbols, Header.mStates, mTable),
            (Header.lSymbols + Header.mSymbols, Header.dSymbols, Header.dStates, dTable),
            (Header.symbolCount - Header.literalSymbols, Header.literalSymbols, Header.literalStates, literalTable),
        ]
        for (start, count, states, table) in parts {
            let (partCounts, partFrequencies) = part(start, count)
            FSEEncoder.normalize(partCounts, states: states, into: partFrequencies)
            FSEEncoder.table(UnsafeBufferPointer(partFrequencies), states: states, into: table)
        }

        let blockStart = output.base + output.count
        let headerSize = 32 + FSEEncoder.writeFrequencyCodes(UnsafeBufferPointer(frequencies), to: blockStart + 32)

        // Literals, last first, so the decoder reads them first to last; each group of four
        // (40 bits at most) is flushed whole.
        let literalPayload = blockStart + headerSize
        var literalStream = FSEEncoder.ForwardBits(literalPayload)
        var literalStates = (0, 0, 0, 0)
        let literalEncoder = UnsafePointer(literalTable.baseAddress!)
        var index = literalCount
        while index > 0 {
            index -= 4
            // Safe: `index + 3 < literalCount`, a multiple of 4.
            FSEEncoder.encode(Int(literals[index + 3]), &literalStates.3, literalEncoder, &literalStream)
            FSEEncoder.encode(Int(literals[index + 2]), &literalStates.2, literalEncoder, &literalStream)
            FSEEncoder.encode(Int(literals[index + 1]), &literalStates.1, literalEncoder, &literalStream)
            FSEEncoder.encode(Int(literals[index]), &literalStates.0, literalEncoder, &literalStream)
            literalStream.flush()
        }
        let literalBits = literalStream.finish()
        let literalPayloadBytes = literalStream.position - literalPayload

        // Triples, last first, each D then M then L (value bits below its state bits), so the
        // decoder reads L, M, D of the first triple first. At most 23 + 17 + 14 bits a triple.
        let lmdPayload = literalStream.position
        UnsafeMutableRawPointer(lmdPayload).storeBytes(of: UInt64(0), as: UInt64.self)
        var lmdStream = FSEEncoder.ForwardBits(lmdPayload + 8)
        var lState = 0
        var mState = 0
        var dState = 0
        let lEncoder = UnsafePointer(lTable.baseAddress!)
        let mEncoder = UnsafePointer(mTable.baseAddress!)
        let dEncoder = UnsafePointer(dTable.baseAddress!)
        index = matchCount
        while index > 0 {
            index -= 1
            let d = Self.dSymbol(Int(dValues[index]))
            lmdStream.push(d.extra, d.extraBits)
            FSEEncoder.encode(d.symbol, &dState, dEncoder, &lmdStream)
            let m = Self.mSymbol(Int(mValues[index]))
            lmdStream.push(m.extra, m.extraBits)
            FSEEncoder.encode(m.symbol, &mState, mEncoder, &lmdStream)
            let l = Self.lSymbol(Int(lValues[index]))
            lmdStream.push(l.extra, l.extraBits)
            FSEEncoder.encode(l.symbol, &lState, lEncoder, &lmdStream)
            lmdStream.flush()
        }
        let lmdBits = lmdStream.finish()
        let lmdPayloadBytes = lmdStream.position - lmdPayload

        // The header: magic, raw bytes, three packed words (see `LZFSEBlockHeader.version2`).
        func field(_ value: Int, _ lowBit: Int) -> UInt64 { UInt64(value) << UInt64(lowBit) }
        let word0 = field(literalCount, 0) | field(literalPayloadBytes, 20) | field(matchCount, 40) | field(literalBits + 7, 60)
        let word1 =
            field(literalStates.0, 0) | field(literalStates.1, 10) | field(literalStates.2, 20) | field(literalStates.3, 30)
            | field(lmdPayloadBytes, 40) | field(lmdBits + 7, 60)
        let word2 = field(headerSize, 0) | field(lState, 32) | field(mState, 42) | field(dState, 52)
        let header = UnsafeMutableRawPointer(blockStart)
        header.storeBytes(of: LZFSE.version2.littleEndian, as: UInt32.self)
        header.storeBytes(of: UInt32(rawBytes).littleEndian, toByteOffset: 4, as: UInt32.self)
        header.storeBytes(of: word0.littleEndian, toByteOffset: 8, as: UInt64.self)
        header.storeBytes(of: word1.littleEndian, toByteOffset: 16, as: UInt64.self)
        header.storeBytes(of: word2.littleEndian, toByteOffset: 24, as: UInt64.self)
        output.setCount(output.count + headerSize + literalPayloadBytes + lmdPayloadBytes)

        literalCount = 0
        matchCount = 0
    }

    /// A value's symbol, its extra bits and their count. L: 0-15 are symbols of their own, then
    /// bases 16, 20, 28, 60 with 2, 3, 5, 8 extra bits (up to 315).
    @inline(__always)
    static func lSymbol(_ value: Int) -> (symbol: Int, extra: UInt64, extraBits: Int) {
        switch value {
        case ..<16: return (value, 0, 0)
        case ..<20: return (16, UInt64(value - 16), 2)
        case ..<28: return (17, UInt64(value - 20), 3)
        case ..<60: return (18, UInt64(value - 28), 5)
        default: return (19, UInt64(value - 60), 8)
        }
    }

    /// M: 0-15 are their own, then bases 16, 24, 56, 312 with 3, 5, 8, 11 extra bits (up to 2359).
    @inline(__always)
    static func mSymbol(_ value: Int) -> (symbol: Int, extra: UInt64, extraBits: Int) {
        switch value {
        case ..<16: return (value, 0, 0)
        case ..<24: return (16, UInt64(value - 16), 3)
        case ..<56: return (17, UInt64(value - 24), 5)
        case ..<312: return (18, UInt64(value - 56), 8)
        default: return (19, UInt64(value - 312), 11)
        }
    }

    /// D: symbols come in fours sharing an extra-bit count e (0...15); the group with e extra
    /// bits starts at 4 * (2^e - 1), so e is the bit length of `value / 4 + 1`, minus one.
    @inline(__always)
    static func dSymbol(_ value: Int) -> (symbol: Int, extra: UInt64, extraBits: Int) {
        let group = (Int.bitWidth - 1) - ((value >> 2) + 1).leadingZeroBitCount
        let offset = value - 4 * ((1 << group) - 1)
        return (4 * group + (offset >> group), UInt64(offset & ((1 << group) - 1)), group)
    }
}
