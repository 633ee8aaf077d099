/// LZFSE compression, the inverse of `LZFSE.decode`: what `adapt compile` stores bitmaps with,
/// as actool does (CoreUI compression type 4).
///
/// ```swift
/// let stream = LZFSEEncoder.encode(pixels)
/// // LZFSE.decode(stream, limit: .exactly(pixels.count)) == pixels
/// ```
///
/// The stream is `bvx2` blocks (packed frequency tables, FSE-coded literals and (L, M, D)
/// triples) ending in `bvx$`; an input under 8 bytes, or one that LZFSE would not shrink, is
/// stored instead (`bvx-`). Matches are found as Apple's reference encoder finds them (a hash of
/// each position's next 4 bytes into 16,384 lines of the 4 latest positions, longest candidate
/// first, a short match held back in case the next positions start a longer one), so sizes are
/// close to its; the stream is not byte-identical to its (the tables are normalized our way and
/// no `bvxn` block is written for small inputs). Format facts from Apple's BSD-licensed
/// reference (lzfse/lzfse `lzfse_encode_base.c`); the code is ours.
///
/// The output depends on the input bytes only: the same input always gives the same stream.
package enum LZFSEEncoder {
    /// Compresses `input` into one LZFSE stream.
    package static func encode(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBytes { encode($0) }
    }

    /// Compresses the bytes `input` points at into one LZFSE stream.
    package static func encode(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        let storedSize = input.count + 12
        if input.count >= minimumCompressedInput, let source = input.baseAddress?.assumingMemoryBound(to: UInt8.self) {
            let output = OutputBuffer(limit: Int.max, initialCapacity: input.count / 4 + 4096)
            compress(source, count: input.count, into: output)
            if output.count < storedSize { return output.bytes() }
        }
        return stored(input)
    }

    /// Below this the reference stores the input too: there is nothing to find a match in.
    static let minimumCompressedInput = 8

    /// `bvx-` blocks (4 GiB at most each) then `bvx$`.
    static func stored(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        var stream: [UInt8] = []
        stream.reserveCapacity(input.count + 12)
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { stream += $0 } }
        var start = 0
        repeat {
            let length = min(input.count - start, Int(UInt32.max))
            append32(LZFSE.stored)
            append32(UInt32(length))
            stream += UnsafeRawBufferPointer(rebasing: input[start..<(start + length)])
            start += length
        } while start < input.count
        append32(LZFSE.endOfStream)
        return stream
    }

    /// Matches worth emitting at once: the reference's "good match" length.
    static let goodMatchLength = 40
    /// Longest match searched forward; longer ones are cut (and split into M's of 2359).
    static let maximumMatchLength = 100 * LZFSEBlockEncoder.maximumM
    static let hashBits = 14, hashWays = 4
    /// How many positions ahead the history line is asked for (at most 4: the 4 bytes read
    /// there must lie before the search's end plus 8).
    static let prefetchDistance = 4

    /// A match of `length` bytes at `position`, copied from `reference`; length 0 is none.
    struct Match {
        var position = 0
        var reference = 0
        var length = 0
    }

    /// Finds the matches and hands them to a block encoder, then ends the stream.
    static func compress(_ source: UnsafePointer<UInt8>, count: Int, into output: OutputBuffer) {
        let blocks = LZFSEBlockEncoder(source: source, output: output)
        let table = HistoryTable.take()
        defer { HistoryTable.give(table) }
        // The table numbers positions from `origin` (see `HistoryTable.begin`).
        let origin = table.begin(count: count)
        defer { table.end(count: count) }
        var pending = Match()
        // Searches stop 8 bytes before the end, so every 8-byte comparison stays inside.
        let searchEnd = count - 8
        var position = 0
        // Positions in a row without a match: past 64 of them the search steps over more than
        // one position at a time (one more per 64 misses, as LZ4's acceleration does), so the
        // noise of a photograph, which LZFSE barely shrinks, is crossed quickly, while pixels
        // that repeat are searched at every position.
        var misses = 0
        while position < searchEnd {
            if origin + position - table.base >= HistoryTable.rebaseDistance { table.rebase() }
            // Safe: `position + 8 < count`, so both 4-byte reads (here and `prefetchDistance`
            // ahead) lie inside the input.
            let next4 = UnsafeRawPointer(source + position).loadUnaligned(as: UInt32.self)
            table.prefetch(UnsafeRawPointer(source + position + prefetchDistance).loadUnaligned(as: UInt32.self))
            let candidates = table.insert(next4, at: origin + position)
            if position < blocks.literalStart { // inside a match already emitted
                // Every position is recorded, as Apple's reference encoder records them: the
                // candidates a long match's inside leaves are what the next matches are found
                // among (recording every fourth past a match's last 16 made Grid's icons 5% larger).
                position += 1
                continue
            }
            var incoming = longestMatch(source, count: count, at: position, origin: origin, next4: next4, candidates)
            if incoming.length == 0 {
                // No match here. Keep the literals waiting for a match well below a block's
                // worth: emit the held-back match, or one L's worth of literals.
                if position - blocks.literalStart > 8 * LZFSEBlockEncoder.maximumL {
                    if pending.length > 0 {
                        emit(pending, to: blocks)
                        pending = Match()
                    } else {
                        blocks.addLiterals(upTo: blocks.literalStart + LZFSEBlockEncoder.maximumL)
                    }
                }
                misses += 1
                position += 1
                continue
            }
            misses = 0
            // Grow the match backwards over equal bytes not yet emitted.
            // Safe: `incoming.reference - 1 >= 0` and `incoming.position - 1 > literalStart - 1 >= 0`.
            while incoming.position > blocks.literalStart, incoming.reference > 0,
                source[incoming.reference - 1] == source[incoming.position - 1]
            {
                incoming.position -= 1
                incoming.reference -= 1
                incoming.length += 1
            }
            let pendingEnd = pending.position + pending.length
            if pending.length > 0, pendingEnd <= incoming.position {
                // The held-back match ends before this one starts: it stands.
                emit(pending, to: blocks)
                pending = Match()
            }
            if incoming.length >= goodMatchLength {
                emit(incoming, to: blocks)
                pending = Match()
            } else if pending.length == 0 {
                pending = incoming
            } else {
                // The two overlap: keep the longer.
                emit(incoming.length > pending.length ? incoming : pending, to: blocks)
                pending = Match()
            }
            position += 1
        }
        if pending.length > 0 { emit(pending, to: blocks) }
        blocks.addLiterals(upTo: count)
        blocks.writeBlock()
        guard output.reserve(4) else { preconditionFailure("LZFSE output would pass Int.max bytes") }
        var end = LZFSE.endOfStream.littleEndian
        withUnsafeBytes(of: &end) { output.append($0.baseAddress!.assumingMemoryBound(to: UInt8.self), 4) }
    }

    private static func emit(_ match: Match, to blocks: LZFSEBlockEncoder) {
        blocks.addMatch(at: match.position, length: match.length, distance: match.position - match.reference)
    }

    /// The longest of the candidates that matches at least the 4 bytes at `position` and lies
    /// within D's reach.
    @inline(__always)
    private static func longestMatch(
        _ source: UnsafePointer<UInt8>, count: Int, at position: Int, origin: Int, next4: UInt32,
        _ candidates: HistoryTable.Candidates
    ) -> Match {
        var best = Match(position: position)
        // Comparing 8 bytes at a time stops 8 bytes before the end.
        let lengthLimit = count - position - 8
        func consider(_ value: UInt32, _ recorded: Int) {
            // Empty slots, and positions of earlier inputs (recorded before `origin`), lie too
            // far back to pass the distance check, so `reference` is inside this input.
            let reference = recorded - origin
            guard value == next4, position - reference <= LZFSEBlockEncoder.maximumD, reference >= 0 else { return }
            var length = 4
            while length < lengthLimit {
                // Safe: `reference < position` and `position + length + 8 <= count`.
                let a = UnsafeRawPointer(source + reference + length).loadUnaligned(as: UInt64.self)
                let b = UnsafeRawPointer(source + position + length).loadUnaligned(as: UInt64.self)
                let difference = UInt64(littleEndian: a ^ b)
                if difference == 0 {
                    length += 8
                } else {
                    length += difference.trailingZeroBitCount >> 3
                    break
                }
            }
            if length > best.length {
                best.length = min(length, maximumMatchLength)
                best.reference = reference
            }
        }
        consider(candidates.values.0, candidates.positions.0)
        consider(candidates.values.1, candidates.positions.1)
        consider(candidates.values.2, candidates.positions.2)
        consider(candidates.values.3, candidates.positions.3)
        return best
    }
}
