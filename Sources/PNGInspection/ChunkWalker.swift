import AdaptSupport
import CPNGSupport

/// Walks a PNG's chunks without decoding the image: signature, every chunk's length, type and
/// CRC, the ordering rules, and the header and colour chunks. Fast, and it finds most damage;
/// what it cannot see (a corrupt deflate stream with intact CRCs) is left to the full decode.
struct ChunkWalker {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Stop at the first IDAT: what `--header-only` reads.
    var stopsAtImageData = false

    struct Result {
        var header: PNGHeader?
        var problems: [PNGProblem] = []
        /// Whether the walk stopped at the first IDAT on purpose.
        var stoppedAtImageData = false
        /// Whether the walk needs more of the file than it was given (header-only reads a prefix).
        var needsMoreBytes = false
        var hasErrors: Bool { problems.contains { $0.severity == .error } }
    }

    func walk(_ bytes: UnsafeBufferPointer<UInt8>, isWholeFile: Bool = true) -> Result {
        var result = Result()
        func problem(_ code: PNGProblem.Code, _ message: String, at offset: Int? = nil) {
            result.problems.append(PNGProblem(code, message, offset: offset))
        }
        guard checkSignature(bytes, into: &result) else { return result }

        var header = PNGHeader()
        var sawIHDR = false
        var sawPLTE = false
        var sawIDAT = false
        var sawIEND = false
        var previousType = ""
        var paletteEntries = 0
        var offset = 8
        var chunkIndex = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 8, let storedLength = bytes.uint32BigEndian(at: offset) else {
                if !isWholeFile {
                    result.needsMoreBytes = true
                    break
                }
                problem(.truncated, "the file ends inside a chunk header at byte \(offset)", at: offset)
                break
            }
            let length = Int(storedLength)
            let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                problem(.chunkType, "invalid chunk type \(typeBytes.map { String($0, radix: 16) }) at byte \(offset)", at: offset)
                break
            }
            guard length <= 0x7FFF_FFFF else {
                problem(.chunkLength, "chunk \(type) claims \(length) bytes, more than PNG allows", at: offset)
                break
            }
            let end = offset + 12 + length
            guard end <= bytes.count, let storedCRC = bytes.uint32BigEndian(at: end - 4) else {
                if !isWholeFile {
                    result.needsMoreBytes = true
                    break
                }
                problem(.truncated, "chunk \(type) at byte \(offset) claims \(length) bytes, past the end of the file (\(bytes.count) bytes)", at: offset)
                break
            }
            if stopsAtImageData && type == "IDAT" {
                result.stoppedAtImageData = true
                sawIDAT = true
                break
            }
            let data = UnsafeBufferPointer(rebasing: bytes[(offset + 8)..<(offset + 8 + length)])
            let computedCRC = adapt_crc32(adapt_crc32(0, bytes.baseAddress! + offset + 4, 4), data.baseAddress, data.count)
            if storedCRC != computedCRC {
                problem(.crc, "CRC error in chunk \(type) at byte \(offset) (stored \(Self.hex(storedCRC)), computed \(Self.hex(computedCRC)))", at: offset)
            }

            if chunkIndex == 0 && type == "CgBI" {
                header.isCgBI = true
                problem(
                    .cgbi,
                    "Apple's CgBI \"iPhone-optimized\" PNG (Xcode's pngcrush output): standard decoders cannot read it; keep the original PNG in the catalog",
                    at: offset)
            } else if chunkIndex == (header.isCgBI ? 1 : 0) && type != "IHDR" {
                problem(.ihdr, "the first chunk is \(type), not IHDR", at: offset)
            }
            switch type {
            case "IHDR":
                if sawIHDR {
                    problem(.ihdr, "duplicate IHDR chunk at byte \(offset)", at: offset)
                } else {
                    parseIHDR(data, at: offset, into: &header, result: &result)
                }
                sawIHDR = true
            case "PLTE":
                if sawPLTE { problem(.plte, "duplicate PLTE chunk", at: offset) }
                if sawIDAT { problem(.plte, "PLTE after image data", at: offset) }
                if header.colorType == .grayscale || header.colorType == .grayscaleAlpha {
                    problem(.plte, "PLTE in a \(header.colorType.name) image", at: offset)
                }
                if length % 3 != 0 || length == 0 || length > 768 {
                    problem(.plte, "PLTE length \(length) is not 3 to 768 bytes in whole entries", at: offset)
                }
                paletteEntries = length / 3
                if header.colorType == .palette, paletteEntries > 1 << Int(header.bitDepth) {
                    problem(.plte, "PLTE has \(paletteEntries) entries, more than a \(header.bitDepth)-bit image can index", at: offset)
                }
                sawPLTE = true
            case "IDAT":
                if sawIDAT && previousType != "IDAT" { problem(.idat, "IDAT chunks are not consecutive", at: offset) }
                sawIDAT = true
            case "IEND":
                sawIEND = true
                if length != 0 { problem(.iend, "IEND has \(length) bytes of data", at: offset) }
            case "tRNS": header.hasTransparencyChunk = true
            case "sRGB":
                if length == 1 { header.sRGBIntent = data[0] } else { problem(.ancillary, "sRGB chunk of \(length) bytes", at: offset) }
            case "iCCP": parseICCP(data, at: offset, into: &header, result: &result)
            case "gAMA": if length == 4 { header.gamma = data.uint32BigEndian(at: 0) }
            case "cHRM": header.hasChromaticities = true
            case "cICP":
                if length == 4 {
                    header.codingPoints = PNGHeader.CodingPoints(primaries: data[0], transfer: data[1])
                } else {
                    problem(.ancillary, "cICP chunk of \(length) bytes", at: offset)
                }
            case "pHYs":
                if length == 9, let x = data.uint32BigEndian(at: 0), let y = data.uint32BigEndian(at: 4) {
                    header.physicalPixels = (x, y, data[8] == 1)
                }
            default:
                if typeBytes[0] & 0x20 == 0 && type != "CgBI" {
                    problem(.unknownCritical, "unknown critical chunk \(type): decoders must reject the file", at: offset)
                }
            }
            previousType = type
            chunkIndex += 1
            offset = end
            if sawIEND {
                if offset < bytes.count {
                    problem(.afterIEND, "\(bytes.count - offset) bytes of data after IEND", at: offset)
                }
                break
            }
        }
        if result.needsMoreBytes { return result }
        let truncated = result.problems.contains { $0.code == .truncated }
        if !sawIHDR && !truncated { problem(.ihdr, "no IHDR chunk") }
        if !result.stoppedAtImageData && !truncated {
            if !sawIDAT { problem(.idat, "no IDAT chunk: the file has no image data") }
            if !sawIEND { problem(.truncated, "no IEND chunk: the file is cut short") }
        }
        if sawIHDR && header.colorType == .palette && !sawPLTE && (sawIDAT || !result.stoppedAtImageData) {
            problem(.plte, "palette image without a PLTE chunk")
        }
        checkColorInformation(header, into: &result)
        // A header that broke the rules is not reported as if it described the image.
        if sawIHDR && !result.problems.contains(where: { $0.code == .ihdr }) { result.header = header }
        return result
    }

    /// Checks the 8-byte signature; on failure, says why as precisely as the bytes allow.
    private func checkSignature(_ bytes: UnsafeBufferPointer<UInt8>, into result: inout Result) -> Bool {
        if bytes.count >= 8 && bytes.prefix(8).elementsEqual(Self.signature) { return true }
        func fail(_ code: PNGProblem.Code, _ message: String) -> Bool {
            result.problems.append(PNGProblem(code, message, offset: 0))
            return false
        }
        if bytes.isEmpty { return fail(.truncated, "the file is empty") }
        let head = Array(bytes.prefix(8))
        let format = ImageFormat(sniffing: head)
        if format != .unknown && format != .png { return fail(.notPNG, "this is a \(format.rawValue) file, not a PNG") }
        // "PNG" after the first byte, but the rest is off: the classic damage of a transfer that
        // rewrote line endings or cleared the high bit, which the signature is designed to reveal.
        guard head.count >= 4, head[1...3].elementsEqual("PNG".utf8) else {
            return fail(.signature, "not a PNG: the file does not start with the PNG signature")
        }
        if head.count < 8 { return fail(.truncated, "the file ends inside the PNG signature") }
        if head[0] == 0x09 { return fail(.signature, "PNG signature damaged by a 7-bit transfer (the high bit of the first byte was cleared)") }
        if !head[4...7].elementsEqual(Self.signature[4...7]) && head[4...7].allSatisfy({ [0x0D, 0x0A, 0x1A].contains($0) }) {
            let found = head[4...7].map { $0 == 0x0D ? "CR" : $0 == 0x0A ? "LF" : "^Z" }.joined(separator: " ")
            return fail(.signature, "PNG signature damaged by text-mode transfer: line endings were rewritten (CR LF ^Z LF became \(found))")
        }
        return fail(.signature, "PNG signature damaged (bytes \(head.map { String($0, radix: 16) }.joined(separator: " "))), probably by text-mode transfer")
    }

    private func parseIHDR(_ data: UnsafeBufferPointer<UInt8>, at offset: Int, into header: inout PNGHeader, result: inout Result) {
        func problem(_ message: String) { result.problems.append(PNGProblem(.ihdr, message, offset: offset)) }
        guard data.count == 13, let width = data.uint32BigEndian(at: 0), let height = data.uint32BigEndian(at: 4) else {
            return problem("IHDR is \(data.count) bytes, not 13")
        }
        header.width = width
        header.height = height
        header.bitDepth = data[8]
        if header.width == 0 || header.height == 0 { problem("image size \(header.width)x\(header.height): both must be at least 1") }
        if header.width > 0x7FFF_FFFF || header.height > 0x7FFF_FFFF { problem("image size \(header.width)x\(header.height) is beyond PNG's limit") }
        guard let colorType = PNGHeader.ColorType(rawValue: data[9]) else {
            return problem("invalid colour type \(data[9]) (allowed: 0, 2, 3, 4, 6)")
        }
        header.colorType = colorType
        if !colorType.allowedBitDepths.contains(header.bitDepth) {
            problem(
                "bit depth \(header.bitDepth) is not allowed for \(colorType.name) (allowed: \(colorType.allowedBitDepths.map(String.init).joined(separator: ", ")))"
            )
        }
        if data[10] != 0 { problem("unknown compression method \(data[10])") }
        if data[11] != 0 { problem("unknown filter method \(data[11])") }
        if data[12] > 1 { problem("unknown interlace method \(data[12])") }
        header.interlaced = data[12] == 1
    }

    private func parseICCP(_ data: UnsafeBufferPointer<UInt8>, at offset: Int, into header: inout PNGHeader, result: inout Result) {
        guard let nul = data.prefix(80).firstIndex(of: 0), nul + 1 < data.count else {
            result.problems.append(PNGProblem(.profile, "iCCP chunk without a valid profile name", offset: offset))
            return
        }
        header.iccProfileName = String(decoding: data[..<nul], as: UTF8.self)
        guard data[nul + 1] == 0 else {
            result.problems.append(PNGProblem(.profile, "iCCP uses unknown compression method \(data[nul + 1])", offset: offset))
            return
        }
        if let description = ICCProfile.description(compressed: ArraySlice(data[(nul + 2)...])) {
            header.iccProfileDescription = description
        } else {
            result.problems.append(PNGProblem(.profile, "the embedded ICC profile cannot be read", offset: offset))
        }
    }

    private func checkColorInformation(_ header: PNGHeader, into result: inout Result) {
        if header.sRGBIntent != nil && header.iccProfileName != nil {
            result.problems.append(PNGProblem(.profileConflict, "both an sRGB chunk and an ICC profile: the PNG specification says use only one"))
        }
        if let physical = header.physicalPixels {
            let is72DPI = physical.metre && (2834...2835).contains(physical.x) && physical.x == physical.y
            if !is72DPI {
                let shown =
                    physical.metre
                    ? "\(Int((Double(physical.x) * 0.0254).rounded()))x\(Int((Double(physical.y) * 0.0254).rounded())) dpi"
                    : "aspect \(physical.x):\(physical.y), no unit"
                result.problems.append(PNGProblem(.phys, "pHYs says \(shown), not 72 dpi: iOS ignores it, but other tools may scale the image by it"))
            }
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
