/// Builds PNG files byte by byte for tests: valid ones of any size, and damaged ones on purpose.
/// The image data uses stored (uncompressed) deflate blocks, so no compressor is needed.
///
/// ```swift
/// let bytes = PNGFixture.png(width: 4, height: 2)
/// let cgbi = PNGFixture.png(width: 4, height: 2, leadingChunks: [PNGFixture.chunk("CgBI", [0, 0, 0, 0])])
/// ```
package enum PNGFixture {
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An 8-bit RGB or RGBA PNG filled with one colour.
    package static func png(
        width: Int, height: Int, alpha: Bool = false, color: [UInt8] = [200, 80, 40],
        leadingChunks: [[UInt8]] = [], ancillary: [[UInt8]] = [], trailing: [UInt8] = []
    ) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * (alpha ? 4 : 3) + 1) * height)
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += color + (alpha ? [255] : []) }
        }
        return signature + leadingChunks.joined() + ihdr(width: width, height: height, colorType: alpha ? 6 : 2)
            + ancillary.joined() + chunk("IDAT", zlibStored(raw)) + chunk("IEND", []) + trailing
    }

    /// A PNG of any colour type and of bit depth 8 or 16, whose pixel at (x, y) has the samples
    /// `pixel(x, y)` (big-endian pairs at 16 bits), optionally Adam7-interlaced. Chunks such as
    /// PLTE and tRNS go in `ancillary`, in order, between IHDR and IDAT.
    ///
    /// ```swift
    /// // RGBA, opaque but for one half-transparent pixel at (3, 1):
    /// PNGFixture.png(width: 4, height: 2, colorType: 6) { x, y in [9, 9, 9, x == 3 && y == 1 ? 128 : 255] }
    /// ```
    package static func png(
        width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8, interlaced: Bool = false,
        ancillary: [[UInt8]] = [], pixel: (Int, Int) -> [UInt8]
    ) -> [UInt8] {
        // Adam7 passes as (x start, y start, x step, y step); one pass covering all when not interlaced.
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                raw.append(0)
                for x in stride(from: x0, to: width, by: dx) { raw += pixel(x, y) }
            }
        }
        return signature + ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlace: interlaced ? 1 : 0)
            + ancillary.joined() + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    package static func ihdr(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 2, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colorType, 0, 0, interlace])
    }

    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// An iCCP chunk holding a minimal ICC profile whose description is `description`.
    package static func iccp(description: String) -> [UInt8] {
        let text = Array(description.utf8) + [0]
        let descTag = Array("desc".utf8) + [0, 0, 0, 0] + be32(UInt32(text.count)) + text + [UInt8](repeating: 0, count: 12)
        let tagTableEnd = 128 + 4 + 12
        // A display-class RGB profile with the header fields libpng checks (version, class, spaces,
        // 'acsp', D50 illuminant).
        var profile = be32(UInt32(tagTableEnd + descTag.count)) + [0, 0, 0, 0] + [2, 0x10, 0, 0]
        profile += Array("mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 12) + Array("acsp".utf8)
        profile += [UInt8](repeating: 0, count: 68 - profile.count)
        profile += be32(0x0000_F6D6) + be32(0x0001_0000) + be32(0x0000_D32D) // D50
        profile += [UInt8](repeating: 0, count: 128 - profile.count)
        profile += be32(1) + Array("desc".utf8) + be32(UInt32(tagTableEnd)) + be32(UInt32(descTag.count)) + descTag
        return chunk("iCCP", Array("ICC Profile".utf8) + [0, 0] + zlibStored(profile))
    }

    /// A zlib stream of stored blocks.
    package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    package static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The byte range of the first chunk of `type` (its data only), if any.
    package static func dataRange(of type: String, in bytes: [UInt8]) -> Range<Int>? {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == type {
                return (offset + 8)..<(offset + 8 + length)
            }
            offset += 12 + length
        }
        return nil
    }

    /// Each chunk of `png` as its type and the range of its data, in file order.
    package static func chunks(of png: [UInt8]) -> [(type: String, data: Range<Int>)] {
        var found: [(type: String, data: Range<Int>)] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            guard offset + 12 + length <= png.count else { break }
            found.append((String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self), (offset + 8)..<(offset + 8 + length)))
            offset += 12 + length
        }
        return found
    }

    /// The zlib stream of `png`'s image data: every IDAT's data, in order.
    package static func imageData(of png: [UInt8]) -> [UInt8] {
        chunks(of: png).filter { $0.type == "IDAT" }.flatMap { png[$0.data] }
    }

    /// `png` with its IDAT chunks replaced by `stream`, cut into one IDAT per piece at `cuts`
    /// (offsets into the stream, ascending), with their CRCs right: only the stream is changed.
    package static func replacingImageData(of png: [UInt8], with stream: [UInt8], cutAt cuts: [Int] = []) -> [UInt8] {
        let all = chunks(of: png)
        guard let first = all.firstIndex(where: { $0.type == "IDAT" }) else { return png }
        let last = all.lastIndex { $0.type == "IDAT" }!
        let bounds = [0] + cuts + [stream.count]
        let idats = zip(bounds, bounds.dropFirst()).flatMap { chunk("IDAT", Array(stream[$0..<$1])) }
        return Array(png[..<(all[first].data.lowerBound - 8)]) + idats + Array(png[(all[last].data.upperBound + 4)...])
    }

    /// Where a test puts a failed Adler-32 check: the checksum at the end of the image data's zlib
    /// stream no longer matches what the stream inflates to, every chunk CRC still matches, and
    /// the stream still inflates (so only the checksum tells).
    package enum Adler32Damage: String, CaseIterable, Sendable, CustomStringConvertible {
        /// A bit of the Adler-32 itself flipped, the stream in one IDAT.
        case checksum
        /// A bit of the data flipped (`dataFlip`, chosen so the stream still inflates), one IDAT.
        case data
        /// The checksum alone in the last IDAT: it is read after every row's data.
        case checksumInItsOwnIDAT
        /// The checksum cut over the last two IDATs.
        case checksumAcrossTwoIDATs
        /// The data flip, the stream in IDATs of 7 bytes.
        case dataOverManyIDATs

        package var description: String { rawValue }
    }

    /// `png` with a failed Adler-32 check placed as `damage` says. `dataFlip` is the byte of the
    /// stream and the bits flipped for the data cases: the default is the first sample of a
    /// stored block written by `zlibStored` (any value inflates); a compressed stream needs a flip
    /// found to keep it decodable.
    package static func withBadAdler32(_ png: [UInt8], _ damage: Adler32Damage, dataFlip: (offset: Int, mask: UInt8) = (8, 0x01)) -> [UInt8] {
        var stream = imageData(of: png)
        let checksum = stream.count - 4
        switch damage {
        case .checksum, .checksumInItsOwnIDAT, .checksumAcrossTwoIDATs: stream[checksum + 1] ^= 0x40
        case .data, .dataOverManyIDATs: stream[dataFlip.offset] ^= dataFlip.mask
        }
        switch damage {
        case .checksum, .data: return replacingImageData(of: png, with: stream)
        case .checksumInItsOwnIDAT: return replacingImageData(of: png, with: stream, cutAt: [checksum])
        case .checksumAcrossTwoIDATs: return replacingImageData(of: png, with: stream, cutAt: [checksum + 2])
        case .dataOverManyIDATs: return replacingImageData(of: png, with: stream, cutAt: Array(stride(from: 7, to: stream.count, by: 7)))
        }
    }

    /// Recomputes the CRC of the chunk whose data starts at `dataStart`, after a test edited it.
    package static func fixCRC(_ bytes: inout [UInt8], chunkDataAt range: Range<Int>) {
        let body = Array(bytes[(range.lowerBound - 4)..<range.upperBound])
        bytes.replaceSubrange(range.upperBound..<(range.upperBound + 4), with: be32(crc32(body)))
    }
}
