import AdaptSupport

/// LZFSE, Apple's LZ77 + finite-state-entropy codec: CoreUI's compression type 4, and what most
/// bitmaps in a `.car` from Xcode 7 onwards are stored with.
///
/// ```swift
/// let pixels = try LZFSE.decode(chunk, limit: .exactly(rowBytes * rows))
/// ```
///
/// A stream is a sequence of blocks, each starting with a four-byte magic: `bvx-` (stored),
/// `bvxn` (LZVN), `bvx1` and `bvx2` (LZFSE with plain or packed tables), and `bvx$` (end of
/// stream). An LZFSE block holds its literals, FSE-coded in four interleaved streams, then its
/// (L, M, D) triples, FSE-coded and read backwards; matches may reach back into earlier
/// blocks. Format facts from Apple's BSD-licensed reference (lzfse/lzfse); the code is ours.
///
/// Every length is checked before it is used, the output never passes `limit.maximum`, and a
/// stream that ends early or breaks a rule throws a `DecompressionError` naming the offset.
package enum LZFSE {
    static let endOfStream: UInt32 = 0x2478_7662 // "bvx$"
    static let stored: UInt32 = 0x2D78_7662 // "bvx-"
    static let version1: UInt32 = 0x3178_7662 // "bvx1"
    static let version2: UInt32 = 0x3278_7662 // "bvx2"
    static let lzvn: UInt32 = 0x6E78_7662 // "bvxn"

    /// Whether `bytes` starts with an LZFSE block magic (any but the end of stream).
    package static func hasBlockMagic(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let magic = bytes.withUnsafeBytes({ $0.uint32LittleEndian(at: 0) }) else { return false }
        return [stored, version1, version2, lzvn].contains(magic)
    }

    /// Decodes one LZFSE stream, up to and including its `bvx$` block. Anything after it must be
    /// another whole stream (CoreUI concatenates some); its output is appended.
    package static func decode(_ input: [UInt8], limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        try decode(input[...], limit: limit)
    }

    package static func decode(_ input: ArraySlice<UInt8>, limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        let output = OutputBuffer(limit: limit.maximum, initialCapacity: limit.expected ?? input.count * 4)
        let result = input.withUnsafeBufferPointer { buffer in
            Result { () throws(DecompressionError) in
                var position = 0
                repeat {
                    position = try decodeStream(buffer, from: position, into: output)
                } while position < buffer.count
            }
        }
        try result.get()
        try limit.check(produced: output.count, codec: "lzfse", at: input.count)
        return output.bytes()
    }

    /// Decodes the blocks of one stream starting at `start`; returns the offset after `bvx$`.
    static func decodeStream(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int,
        into output: OutputBuffer
    ) throws(DecompressionError) -> Int {
        var position = start
        var scratch: BlockScratch?
        while true {
            guard let magic = input.uint32LittleEndian(at: position) else {
                throw DecompressionError("lzfse", .truncated, at: position, "stream ends without a bvx$ block")
            }
            switch magic {
            case endOfStream:
                return position + 4
            case stored:
                guard let storedLength = input.uint32LittleEndian(at: position + 4) else {
                    throw DecompressionError("lzfse", .truncated, at: position, "bvx- block header is cut off")
                }
                let length = Int(storedLength)
                position += 8
                guard length <= input.count - position else {
                    throw DecompressionError("lzfse", .truncated, at: position, "bvx- block holds \(length) bytes, past the end of the input")
                }
                guard output.reserve(length) else { throw tooLarge(at: position - 8, output) }
                output.append(input.baseAddress! + position, length)
                position += length
            case lzvn:
                guard let storedRawBytes = input.uint32LittleEndian(at: position + 4), let storedPayloadBytes = input.uint32LittleEndian(at: position + 8)
                else {
                    throw DecompressionError("lzfse", .truncated, at: position, "bvxn block header is cut off")
                }
                let rawBytes = Int(storedRawBytes)
                let payloadBytes = Int(storedPayloadBytes)
                let payloadStart = position + 12
                guard payloadBytes <= input.count - payloadStart else {
                    throw DecompressionError("lzfse", .truncated, at: position, "bvxn block holds \(payloadBytes) bytes, past the end of the input")
                }
                guard rawBytes <= output.limit - output.count else { throw tooLarge(at: position, output) }
                let blockStart = output.count
                let end = try LZVN.decodeBlock(
                    input, from: payloadStart, to: payloadStart + payloadBytes,
                    into: output, outputEnd: blockStart + rawBytes, requireEnd: true)
                guard output.count - blockStart == rawBytes, end == payloadStart + payloadBytes else {
                    throw DecompressionError(
                        "lzfse", .corrupt, at: position,
                        "bvxn block decoded to \(output.count - blockStart) bytes from \(end - payloadStart), header says \(rawBytes) from \(payloadBytes)")
                }
                position = end
            case version1, version2:
                let header =
                    magic == version1
                    ? try LZFSEBlockHeader.version1(input, at: position)
                    : try LZFSEBlockHeader.version2(input, at: position)
                try header.validate(at: position)
                if scratch == nil { scratch = BlockScratch() }
                position = try decodeCompressedBlock(input, header: header, at: position, into: output, scratch: scratch!)
            default:
                throw DecompressionError("lzfse", .corrupt, at: position, "block magic 0x\(hex(magic)) is not an LZFSE block")
            }
        }
    }

    private static func tooLarge(at position: Int, _ output: OutputBuffer) -> DecompressionError {
        DecompressionError("lzfse", .tooLarge, at: position, "output would exceed \(output.limit) bytes")
    }

    /// The tables and literal buffer a compressed block needs, allocated once per stream.
    final class BlockScratch {
        let literalTable = UnsafeMutableBufferPointer<FSE.LiteralEntry>.allocate(capacity: LZFSEBlockHeader.literalStates)
        let lTable = UnsafeMutableBufferPointer<FSE.ValueEntry>.allocate(capacity: LZFSEBlockHeader.lStates)
        let mTable = UnsafeMutableBufferPointer<FSE.ValueEntry>.allocate(capacity: LZFSEBlockHeader.mStates)
        let dTable = UnsafeMutableBufferPointer<FSE.ValueEntry>.allocate(capacity: LZFSEBlockHeader.dStates)
        /// Literals are decoded four at a time, so room for three more than the maximum.
        let literals = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: LZFSEBlockHeader.maximumLiterals + 4)

        deinit {
            literalTable.deallocate()
            lTable.deallocate()
            mTable.deallocate()
            dTable.deallocate()
            literals.deallocate()
        }
    }

    /// L, M and D symbols stand for a base value plus extra bits. L and M: symbols 0-15 are
    /// their own value, the last four add 2/3/5/8 (L) or 3/5/8/11 (M) bits. D: symbol s has s / 4
    /// extra bits, each base following the last one's range.
    static let lExtraBits: [UInt8] = Array(repeating: 0, count: 16) + [2, 3, 5, 8]
    static let mExtraBits: [UInt8] = Array(repeating: 0, count: 16) + [3, 5, 8, 11]
    static let dExtraBits: [UInt8] = (0..<64).map { UInt8($0 / 4) }
    static let lBases = bases(lExtraBits)
    static let mBases = bases(mExtraBits)
    static let dBases = bases(dExtraBits)

    private static func bases(_ extraBits: [UInt8]) -> [Int32] {
        var next: Int32 = 0
        return extraBits.map { bits in
            defer { next += 1 << Int32(bits) }
            return next
        }
    }

    private static func decodeCompressedBlock(
        _ input: UnsafeBufferPointer<UInt8>, header: LZFSEBlockHeader, at blockOffset: Int,
        into output: OutputBuffer, scratch: BlockScratch
    ) throws(DecompressionError) -> Int {
        func corrupt(_ offset: Int, _ message: String) -> DecompressionError {
            DecompressionError("lzfse", .corrupt, at: offset, message)
        }
        let literalStart = blockOffset + header.size
        let lmdStart = literalStart + header.literalPayloadBytes
        let blockEnd = lmdStart + header.lmdPayloadBytes
        guard blockEnd <= input.count else {
            throw DecompressionError("lzfse", .truncated, at: blockOffset, "compressed block needs \(blockEnd - blockOffset) bytes, past the end of the input")
        }
        guard header.rawBytes <= output.limit - output.count, output.reserve(header.rawBytes) else {
            throw tooLarge(at: blockOffset, output)
        }

        // Tables.
        let lmd = LZFSEBlockHeader.self
        do throws(FSE.TableError) {
            try header.frequencies.withUnsafeBufferPointer { all throws(FSE.TableError) in
                let l = UnsafeBufferPointer(rebasing: all[0..<lmd.lSymbols])
                let m = UnsafeBufferPointer(rebasing: all[lmd.lSymbols..<(lmd.lSymbols + lmd.mSymbols)])
                let d = UnsafeBufferPointer(rebasing: all[(lmd.lSymbols + lmd.mSymbols)..<(lmd.symbolCount - lmd.literalSymbols)])
                let literal = UnsafeBufferPointer(rebasing: all[(lmd.symbolCount - lmd.literalSymbols)...])
                try FSE.literalTable(states: lmd.literalStates, frequencies: literal, into: scratch.literalTable)
                try FSE.valueTable(states: lmd.lStates, frequencies: l, extraBits: lExtraBits, bases: lBases, into: scratch.lTable)
                try FSE.valueTable(states: lmd.mStates, frequencies: m, extraBits: mExtraBits, bases: mBases, into: scratch.mTable)
                try FSE.valueTable(states: lmd.dStates, frequencies: d, extraBits: dExtraBits, bases: dBases, into: scratch.dTable)
            }
        } catch {
            throw corrupt(blockOffset, error.message)
        }

        let source = input.baseAddress!

        // Literals: four interleaved FSE states over one backward stream.
        guard var literalBits = FSE.BackwardBits(source, from: literalStart, to: lmdStart, finalBits: header.literalBits) else {
            throw corrupt(literalStart, "literal stream's first bytes are inconsistent with the header")
        }
        let literalMask = lmd.literalStates - 1
        var states = (Int(header.literalStates.0), Int(header.literalStates.1), Int(header.literalStates.2), Int(header.literalStates.3))
        let literalTable = scratch.literalTable.baseAddress!
        let literals = scratch.literals.baseAddress!
        var index = 0
        while index < header.literalCount {
            guard literalBits.refill() else {
                throw corrupt(literalBits.position, "literal stream ends after \(index) of \(header.literalCount) literals")
            }
            literals[index] = decodeLiteral(literalTable, &states.0, &literalBits, mask: literalMask)
            literals[index + 1] = decodeLiteral(literalTable, &states.1, &literalBits, mask: literalMask)
            literals[index + 2] = decodeLiteral(literalTable, &states.2, &literalBits, mask: literalMask)
            literals[index + 3] = decodeLiteral(literalTable, &states.3, &literalBits, mask: literalMask)
            index += 4
        }

        // (L, M, D) triples: copy L literals, then M bytes from D back. The block's room was
        // reserved above, so the loop writes through a pointer and sets the count once.
        guard var bits = FSE.BackwardBits(source, from: lmdStart, to: blockEnd, finalBits: header.lmdBits) else {
            throw corrupt(lmdStart, "L, M, D stream's first bytes are inconsistent with the header")
        }
        let lTable = scratch.lTable.baseAddress!
        let mTable = scratch.mTable.baseAddress!
        let dTable = scratch.dTable.baseAddress!
        var lState = Int(header.lState)
        var mState = Int(header.mState)
        var dState = Int(header.dState)
        let blockOutputStart = output.count
        let blockOutputEnd = blockOutputStart + header.rawBytes
        let base = output.base
        var written = blockOutputStart
        var literalIndex = 0
        var distance = -1 // none yet
        for _ in 0..<header.matchCount {
            guard bits.refill() else {
                output.setCount(written)
                throw corrupt(bits.position, "L, M, D stream ends early")
            }
            let literalLength = decodeValue(lTable, &lState, &bits, mask: lmd.lStates - 1)
            let matchLength = decodeValue(mTable, &mState, &bits, mask: lmd.mStates - 1)
            let newDistance = decodeValue(dTable, &dState, &bits, mask: lmd.dStates - 1)
            if newDistance != 0 { distance = newDistance }
            guard literalLength <= header.literalCount - literalIndex else {
                throw corrupt(bits.position, "a match uses literals past the block's \(header.literalCount)")
            }
            guard literalLength + matchLength <= blockOutputEnd - written else {
                throw corrupt(bits.position, "block writes more than the \(header.rawBytes) bytes its header declares")
            }
            (base + written).update(from: literals + literalIndex, count: literalLength)
            written += literalLength
            literalIndex += literalLength
            if matchLength > 0 {
                guard distance >= 1, distance <= written else {
                    throw corrupt(bits.position, "match distance \(distance) reaches before the start of the output")
                }
                OutputBuffer.copyMatch(base + written, distance: distance, length: matchLength)
                written += matchLength
            }
        }
        output.setCount(written)
        guard output.count == blockOutputEnd else {
            throw corrupt(blockOffset, "block decoded to \(output.count - blockOutputStart) bytes, header says \(header.rawBytes)")
        }
        return blockEnd
    }

    @inline(__always)
    private static func decodeLiteral(
        _ table: UnsafeMutablePointer<FSE.LiteralEntry>, _ state: inout Int,
        _ bits: inout FSE.BackwardBits, mask: Int
    ) -> UInt8 {
        let entry = table[state]
        state = (Int(entry.delta) + Int(bits.pull(Int(entry.bits)))) & mask
        return entry.symbol
    }

    @inline(__always)
    private static func decodeValue(
        _ table: UnsafeMutablePointer<FSE.ValueEntry>, _ state: inout Int,
        _ bits: inout FSE.BackwardBits, mask: Int
    ) -> Int {
        let entry = table[state]
        let field = bits.pull(Int(entry.totalBits))
        state = (Int(entry.delta) + Int(field >> UInt64(entry.extraBits))) & mask
        return Int(entry.base) + Int(field & ((UInt64(1) << UInt64(entry.extraBits)) - 1))
    }
}
