/// LZVN, Apple's byte-oriented LZ77 codec: the standalone stream CoreUI stores for compression
/// type 3, and the payload of LZFSE's `bvxn` blocks.
///
/// ```swift
/// let pixels = try LZVN.decode(payload, limit: .exactly(rowBytes * height))
/// ```
///
/// The stream is a sequence of opcodes, each carrying up to three things: a literal length L
/// (bytes copied from the stream), a match length M and a match distance D (bytes copied from
/// the output D bytes back; an opcode without a D reuses the previous one). The first byte
/// selects the form (format facts from Apple's BSD-licensed reference decoder, lzfse/lzfse):
///
/// | first byte          | form               | fields                                             |
/// |---------------------|--------------------|----------------------------------------------------|
/// | `LLMMMDDD` + 1 byte | small distance     | L 0-3, M 3-10, D 11 bits                           |
/// | `LLMMM111` + 2      | large distance     | L 0-3, M 3-10, D 16 bits little-endian             |
/// | `LLMMM110`          | previous distance  | L 0-3, M 3-10                                      |
/// | `101LLMMM` + 2      | medium distance    | L 0-3, M 3-34 (5 bits), D 14 bits                  |
/// | `1110LLLL`          | literal            | L 1-15 (`0xE0` + 1 byte: L 16-271)                 |
/// | `1111MMMM`          | match              | M 1-15, previous D (`0xF0` + 1 byte: M 16-271)     |
/// | `0x06` + 7 zeros    | end of stream      |                                                    |
/// | `0x0E`, `0x16`      | no operation       |                                                    |
///
/// Everything else (`0x1E`-`0x3E` ending in 110, `0x70`-`0x7F`, `0xD0`-`0xDF`) is undefined and
/// rejected.
package enum LZVN {
    /// Decodes a whole LZVN stream, which must end with the end-of-stream opcode. Bytes after
    /// that opcode are ignored (CoreUI pads some payloads).
    package static func decode(_ input: [UInt8], limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        try decode(input[...], limit: limit)
    }

    package static func decode(_ input: ArraySlice<UInt8>, limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        let output = OutputBuffer(limit: limit.maximum, initialCapacity: limit.expected ?? input.count * 4)
        let result = input.withUnsafeBufferPointer { buffer in
            Result { () throws(DecompressionError) in
                try decodeBlock(
                    buffer, from: 0, to: buffer.count, into: output, outputEnd: limit.maximum,
                    requireEnd: true)
            }
        }
        _ = try result.get()
        try limit.check(produced: output.count, codec: "lzvn", at: input.count)
        return output.bytes()
    }

    /// Decodes opcodes from `input[start..<end]` into `output`, never past `outputEnd` bytes of
    /// total output. Returns where the end-of-stream opcode ended. Match distances may reach
    /// back into output written before this call (an LZFSE stream's earlier blocks).
    static func decodeBlock(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        into output: OutputBuffer, outputEnd: Int, requireEnd: Bool
    ) throws(DecompressionError) -> Int {
        guard let source = input.baseAddress else {
            throw DecompressionError("lzvn", .truncated, at: start, "empty stream (no end-of-stream opcode)")
        }
        var position = start
        var distance = 0 // no previous distance yet: a match that needs one is corrupt
        while true {
            guard position < end else {
                throw DecompressionError("lzvn", .truncated, at: position, "stream ends without an end-of-stream opcode")
            }
            let opcode = source[position]
            var literal = 0
            var match = 0
            var opcodeLength = 1
            switch opcodeForms[Int(opcode)] {
            case .smallDistance:
                opcodeLength = 2
                literal = Int(opcode >> 6)
                match = Int((opcode >> 3) & 7) + 3
                guard position + opcodeLength <= end else { throw truncatedOpcode(opcode, at: position) }
                distance = Int(opcode & 7) << 8 | Int(source[position + 1])
            case .largeDistance:
                opcodeLength = 3
                literal = Int(opcode >> 6)
                match = Int((opcode >> 3) & 7) + 3
                guard position + opcodeLength <= end else { throw truncatedOpcode(opcode, at: position) }
                distance = Int(source[position + 1]) | Int(source[position + 2]) << 8
            case .mediumDistance:
                opcodeLength = 3
                literal = Int((opcode >> 3) & 3)
                guard position + opcodeLength <= end else { throw truncatedOpcode(opcode, at: position) }
                let fields = Int(source[position + 1]) | Int(source[position + 2]) << 8
                match = (Int(opcode & 7) << 2 | fields & 3) + 3
                distance = fields >> 2
            case .previousDistance:
                literal = Int(opcode >> 6)
                match = Int((opcode >> 3) & 7) + 3
            case .smallLiteral:
                literal = Int(opcode & 0x0F)
            case .largeLiteral:
                opcodeLength = 2
                guard position + opcodeLength <= end else { throw truncatedOpcode(opcode, at: position) }
                literal = Int(source[position + 1]) + 16
            case .smallMatch:
                match = Int(opcode & 0x0F)
            case .largeMatch:
                opcodeLength = 2
                guard position + opcodeLength <= end else { throw truncatedOpcode(opcode, at: position) }
                match = Int(source[position + 1]) + 16
            case .noOperation:
                position += 1
                continue
            case .endOfStream:
                guard position + 8 <= end else { throw truncatedOpcode(opcode, at: position) }
                return position + 8
            case .undefined:
                throw DecompressionError("lzvn", .corrupt, at: position, "undefined opcode 0x\(hex(opcode))")
            }
            position += opcodeLength
            if literal > 0 {
                guard literal <= end - position else {
                    throw DecompressionError("lzvn", .truncated, at: position, "a \(literal)-byte literal runs past the end of the stream")
                }
                guard output.count + literal <= outputEnd, output.reserve(literal) else {
                    throw tooLarge(at: position, limit: outputEnd)
                }
                output.append(source + position, literal)
                position += literal
            }
            if match > 0 {
                guard distance >= 1, distance <= output.count else {
                    throw DecompressionError(
                        "lzvn", .corrupt, at: position - opcodeLength - literal,
                        "match distance \(distance) reaches before the start of the output (\(output.count) bytes written)")
                }
                guard output.count + match <= outputEnd, output.reserve(match) else {
                    throw tooLarge(at: position, limit: outputEnd)
                }
                output.appendMatch(distance: distance, length: match)
            }
        }
    }

    private static func truncatedOpcode(_ opcode: UInt8, at position: Int) -> DecompressionError {
        DecompressionError("lzvn", .truncated, at: position, "opcode 0x\(hex(opcode)) is cut off by the end of the stream")
    }

    private static func tooLarge(at position: Int, limit: Int) -> DecompressionError {
        DecompressionError("lzvn", .tooLarge, at: position, "output would exceed \(limit) bytes")
    }

    private enum Form: UInt8 {
        case smallDistance, largeDistance, mediumDistance, previousDistance
        case smallLiteral, largeLiteral, smallMatch, largeMatch
        case noOperation, endOfStream, undefined
    }

    /// Each first byte's form, worked out once from the table in the type's documentation.
    private static let opcodeForms: [Form] = (0...255).map { (value: Int) -> Form in
        switch value {
        case 0xE0: return .largeLiteral
        case 0xE1...0xEF: return .smallLiteral
        case 0xF0: return .largeMatch
        case 0xF1...0xFF: return .smallMatch
        case 0xA0...0xBF: return .mediumDistance
        case 0x70...0x7F, 0xD0...0xDF: return .undefined
        default:
            switch value & 7 {
            case 7: return .largeDistance
            case 6:
                switch value {
                case 0x06: return .endOfStream
                case 0x0E, 0x16: return .noOperation
                case 0x1E...0x3E: return .undefined
                default: return .previousDistance
                }
            default: return .smallDistance
            }
        }
    }
}

@inline(__always)
func hex(_ value: some BinaryInteger) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return text.count % 2 == 1 ? "0" + text : text
}
