import AdaptSupport

/// The header of an LZFSE compressed block (`bvx1` or `bvx2`), decoded to one form.
///
/// `bvx1` stores every field and the four frequency tables as plain little-endian integers
/// (772 bytes). `bvx2` packs the fields into three 64-bit words and the tables into a prefix
/// code; its third word says how long the header is. Layout facts from Apple's BSD-licensed
/// reference (lzfse/lzfse `lzfse_internal.h`).
struct LZFSEBlockHeader {
    static let literalStates = 1024, lStates = 64, mStates = 64, dStates = 256
    static let lSymbols = 20, mSymbols = 20, dSymbols = 64, literalSymbols = 256
    static let maximumMatches = 10_000
    static let maximumLiterals = 4 * maximumMatches
    static let symbolCount = lSymbols + mSymbols + dSymbols + literalSymbols // 360
    static let version1Size = 772

    var rawBytes = 0
    var literalCount = 0
    var matchCount = 0
    var literalPayloadBytes = 0
    var lmdPayloadBytes = 0
    var literalBits = 0
    var literalStates: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
    var lmdBits = 0
    var lState: UInt16 = 0, mState: UInt16 = 0, dState: UInt16 = 0
    /// L, M, D and literal frequencies, one after the other (`symbolCount` values).
    var frequencies = [UInt16](repeating: 0, count: symbolCount)
    /// Header bytes, payload not included.
    var size = 0

    /// Reads a `bvx1` header at `offset`; nil (and a reason) when it does not fit the input.
    static func version1(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(DecompressionError) -> LZFSEBlockHeader {
        guard bytes.count - offset >= version1Size else {
            throw DecompressionError("lzfse", .truncated, at: offset, "bvx1 block header needs \(version1Size) bytes")
        }
        // Every field lies inside the `version1Size` bytes checked above; the reads check again.
        func field32(_ at: Int) throws(DecompressionError) -> UInt32 {
            guard let value = bytes.uint32LittleEndian(at: offset + at) else { throw cutOff(at) }
            return value
        }
        func field16(_ at: Int) throws(DecompressionError) -> UInt16 {
            guard let value = bytes.uint16LittleEndian(at: offset + at) else { throw cutOff(at) }
            return value
        }
        func cutOff(_ at: Int) -> DecompressionError {
            DecompressionError("lzfse", .truncated, at: offset + at, "bvx1 block header is cut off")
        }
        var header = LZFSEBlockHeader()
        header.rawBytes = Int(try field32(4))
        header.literalCount = Int(try field32(12))
        header.matchCount = Int(try field32(16))
        header.literalPayloadBytes = Int(try field32(20))
        header.lmdPayloadBytes = Int(try field32(24))
        header.literalBits = Int(Int32(bitPattern: try field32(28)))
        header.literalStates = (try field16(32), try field16(34), try field16(36), try field16(38))
        header.lmdBits = Int(Int32(bitPattern: try field32(40)))
        header.lState = try field16(44)
        header.mState = try field16(46)
        header.dState = try field16(48)
        for index in 0..<symbolCount {
            header.frequencies[index] = try field16(50 + 2 * index)
        }
        header.size = version1Size
        return header
    }

    /// Reads a `bvx2` header at `offset`.
    static func version2(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(DecompressionError) -> LZFSEBlockHeader {
        guard bytes.count - offset >= 32, let rawBytes = bytes.uint32LittleEndian(at: offset + 4), let word0 = bytes.uint64LittleEndian(at: offset + 8),
            let word1 = bytes.uint64LittleEndian(at: offset + 16), let word2 = bytes.uint64LittleEndian(at: offset + 24)
        else {
            throw DecompressionError("lzfse", .truncated, at: offset, "bvx2 block header needs at least 32 bytes")
        }
        func field(_ word: UInt64, _ lowBit: Int, _ width: Int) -> Int {
            Int((word >> UInt64(lowBit)) & ((1 << UInt64(width)) - 1))
        }
        var header = LZFSEBlockHeader()
        header.rawBytes = Int(rawBytes)
        header.literalCount = field(word0, 0, 20)
        header.literalPayloadBytes = field(word0, 20, 20)
        header.matchCount = field(word0, 40, 20)
        header.literalBits = field(word0, 60, 3) - 7
        header.literalStates = (
            UInt16(field(word1, 0, 10)), UInt16(field(word1, 10, 10)),
            UInt16(field(word1, 20, 10)), UInt16(field(word1, 30, 10))
        )
        header.lmdPayloadBytes = field(word1, 40, 20)
        header.lmdBits = field(word1, 60, 3) - 7
        header.size = field(word2, 0, 32)
        header.lState = UInt16(field(word2, 32, 10))
        header.mState = UInt16(field(word2, 42, 10))
        header.dState = UInt16(field(word2, 52, 10))
        guard header.size >= 32 else {
            throw DecompressionError("lzfse", .corrupt, at: offset + 24, "bvx2 header claims \(header.size) bytes, less than its fixed 32")
        }
        guard header.size <= bytes.count - offset else {
            throw DecompressionError("lzfse", .truncated, at: offset, "bvx2 header claims \(header.size) bytes, past the end of the input")
        }
        // A header of exactly 32 bytes omits the tables: every frequency is zero (an empty block).
        if header.size > 32 {
            try decodeFrequencies(bytes, from: offset + 32, to: offset + header.size, into: &header.frequencies)
        }
        return header
    }

    /// The `bvx2` frequency code, read least significant bit first. Looking at the low bits:
    /// `x0` is a 2-bit code for 0-1, `x01` a 3-bit code for 2-3, `xx011` a 5-bit code for 4-7,
    /// `0111` + 4 bits an 8-bit code for 8-23, and `1111` + 10 bits a 14-bit code for 24-1047.
    /// The codes must use the table bytes exactly, leaving less than a byte over.
    private static func decodeFrequencies(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        into frequencies: inout [UInt16]
    ) throws(DecompressionError) {
        var accumulator: UInt32 = 0
        var available = 0
        var position = start
        for index in 0..<symbolCount {
            while position < end, available + 8 <= 32 {
                accumulator |= UInt32(bytes[position]) << UInt32(available)
                available += 8
                position += 1
            }
            let width: Int
            let value: UInt32
            if accumulator & 1 == 0 {
                (width, value) = (2, (accumulator >> 1) & 1)
            } else if accumulator & 3 == 1 {
                (width, value) = (3, 2 + ((accumulator >> 2) & 1))
            } else if accumulator & 7 == 3 {
                (width, value) = (5, 4 + ((accumulator >> 3) & 3))
            } else if accumulator & 15 == 7 {
                (width, value) = (8, 8 + ((accumulator >> 4) & 15))
            } else {
                (width, value) = (14, 24 + ((accumulator >> 4) & 0x3FF))
            }
            guard width <= available else {
                throw DecompressionError("lzfse", .corrupt, at: position, "bvx2 frequency table ends in the middle of a code")
            }
            frequencies[index] = UInt16(value)
            accumulator >>= UInt32(width)
            available -= width
        }
        guard available < 8, position == end else {
            throw DecompressionError("lzfse", .corrupt, at: position, "bvx2 frequency tables do not fill the header exactly")
        }
    }

    /// The checks the reference decoder makes before trusting a header, plus the ones that
    /// keep every later read inside the input.
    func validate(at offset: Int) throws(DecompressionError) {
        func fail(_ message: String) -> DecompressionError { DecompressionError("lzfse", .corrupt, at: offset, message) }
        guard literalCount <= Self.maximumLiterals else { throw fail("block has \(literalCount) literals, more than \(Self.maximumLiterals)") }
        guard matchCount <= Self.maximumMatches else { throw fail("block has \(matchCount) matches, more than \(Self.maximumMatches)") }
        let states = [literalStates.0, literalStates.1, literalStates.2, literalStates.3]
        guard states.allSatisfy({ Int($0) < Self.literalStates }) else { throw fail("literal state out of range") }
        guard Int(lState) < Self.lStates, Int(mState) < Self.mStates, Int(dState) < Self.dStates else {
            throw fail("L, M or D state out of range")
        }
        guard (-7...0).contains(literalBits), (-7...0).contains(lmdBits) else { throw fail("bit counts out of range") }
    }
}
