import Testing

@testable import CompiledCatalog

/// Builds CoreUI bitmap payloads (the `CELM` framing, `KCBC` chunks, RLE rows) for tests.
enum BitmapFixtures {
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A `CELM` payload: chunked (flag 1) when there is more than one chunk.
    static func payload(compression: Int, chunks: [(rows: Int, data: [UInt8])], opaque: Bool = false, forceChunks: Bool = false) -> [UInt8] {
        let chunked = chunks.count > 1 || forceChunks
        var out = Array("MLEC".utf8) + le32((chunked ? 1 : 0) | (opaque ? 2 : 0)) + le32(compression)
        if chunked {
            out += le32(chunks.count)
            for chunk in chunks {
                out += Array("KCBC".utf8) + le32(0) + le32(0) + le32(chunk.rows) + le32(chunk.data.count) + chunk.data
            }
        } else {
            out += le32(chunks[0].data.count) + chunks[0].data
        }
        return out
    }

    /// CoreUI RLE for 4-byte pixels: each row as runs of equal pixels (repeat packets) and
    /// literal stretches, the way CoreUI's encoder would cut them.
    static func rle(_ pixels: ArraySlice<UInt8>, width: Int, rows: Int) -> [UInt8] {
        let pixels = Array(pixels)
        var rowData: [[UInt8]] = []
        for row in 0..<rows {
            var out: [UInt8] = []
            var x = 0
            func pixel(_ x: Int) -> ArraySlice<UInt8> { pixels[(row * width + x) * 4..<(row * width + x + 1) * 4] }
            while x < width {
                var run = 1
                while x + run < width, pixel(x + run) == pixel(x) { run += 1 }
                if run >= 3 {
                    out += le32(0x8000_0000 | run) + pixel(x)
                    x += run
                } else {
                    var end = x + 1
                    while end < width, !(end + 2 < width && pixel(end) == pixel(end + 1) && pixel(end) == pixel(end + 2)) { end += 1 }
                    out += le32(end - x) + pixels[(row * width + x) * 4..<(row * width + end) * 4]
                    x = end
                }
            }
            rowData.append(out)
        }
        var header = le32(4) + le32(width) + le32(rows)
        var offset = 12 + 4 * rows
        var body: [UInt8] = []
        for row in rowData {
            header += le32(offset)
            offset += row.count
            body += row
        }
        return header + body
    }
}

@Suite struct BitmapPayloadTests {
    static let width = 64, height = 16
    static var pixels: [UInt8] {
        var random = VectorInput.XorShift(5)
        return (0..<(width * height)).flatMap { index -> [UInt8] in
            // Runs of equal pixels with noise in between, so both RLE packet kinds appear.
            index % 7 < 4 ? [10, 20, 30, 255] : (0..<4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
    }

    /// One name, one meaning: a header's pixel format and the decoder's layout use the same name
    /// for the same code (`GA8 ` is grey and alpha in both; `GRAY` is grey alone).
    @Test func pixelFormatNamesMeanTheSameCodeAsTheDecoders() {
        #expect(BitmapPixelFormat(PixelFormat.grayAlpha8) == .grayAlpha8 && PixelFormat.grayAlpha8.code == "GA8")
        #expect(BitmapPixelFormat(PixelFormat.grayAlpha16) == .grayAlpha16 && PixelFormat.grayAlpha16.code == "GA16")
        #expect(BitmapPixelFormat(PixelFormat(code: "GRAY")) == .gray8 && BitmapPixelFormat.gray8.bytesPerPixel == 1)
    }

    @Test func uncompressedSingleBlock() throws {
        let payload = try BitmapPayload(BitmapFixtures.payload(compression: 0, chunks: [(0, Self.pixels)], opaque: true))
        #expect(payload.compression == .uncompressed)
        #expect(payload.isOpaque)
        guard case .pixels(let bitmap) = try payload.decode(width: Self.width, height: Self.height, format: .argb) else {
            Issue.record("not decoded")
            return
        }
        #expect(bitmap.bytes == Self.pixels)
        #expect(bitmap.rowBytes == Self.width * 4)
    }

    @Test func rleChunks() throws {
        let pixels = Self.pixels
        let half = Self.width * 8 * 4
        let payload = try BitmapPayload(
            BitmapFixtures.payload(
                compression: 1,
                chunks: [
                    (8, BitmapFixtures.rle(pixels.prefix(half), width: Self.width, rows: 8)),
                    (8, BitmapFixtures.rle(pixels.suffix(half), width: Self.width, rows: 8)),
                ]))
        #expect(payload.chunks.count == 2)
        guard case .pixels(let bitmap) = try payload.decode(width: Self.width, height: Self.height, format: .argb) else {
            Issue.record("not decoded")
            return
        }
        #expect(bitmap.bytes == pixels)
    }

    @Test func rleRejectsARowThatOverrunsItsWidth() throws {
        var chunk = BitmapFixtures.rle(Self.pixels.prefix(Self.width * 4), width: Self.width, rows: 1)
        // The first packet now claims the whole row plus one.
        chunk.replaceSubrange(16..<20, with: BitmapFixtures.le32(0x8000_0000 | (Self.width + 1)))
        #expect {
            try CoreUIRLE.decode(chunk[...], width: Self.width, rows: 1, bytesPerPixel: 4, rowBytes: Self.width * 4)
        } throws: { ($0 as? DecompressionError)?.offset == 16 }
    }

    @Test func zipAndLZFSEChunksDecode() throws {
        let zlibPixels = try VectorInput.compressed("text-3k.lzfse") // any LZFSE stream, framed as a chunk
        let entry = try #require(try VectorInput.manifest().first { $0.file == "text-3k.lzfse" })
        // 3000 bytes = 750 pixels of 4 bytes: a 750 x 1 bitmap.
        let payload = try BitmapPayload(BitmapFixtures.payload(compression: 4, chunks: [(1, zlibPixels)], forceChunks: true))
        guard case .pixels(let bitmap) = try payload.decode(width: 750, height: 1, format: .argb) else {
            Issue.record("not decoded")
            return
        }
        #expect(bitmap.bytes == VectorInput.original(entry))
        // zlib (with header): "hello hello hello " compressed by zlib.compress.
        let zlibStream: [UInt8] = [0x78, 0x9C, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x57, 0xC8, 0x40, 0x22, 0x01, 0x40, 0xCB, 0x06, 0x9D]
        #expect(try Zlib.decode(zlibStream, limit: .exactly(18)) == Array("hello hello hello ".utf8))
        #expect {
            try Zlib.decode(zlibStream, limit: .atMost(10))
        } throws: { ($0 as? DecompressionError)?.kind == .tooLarge }
        #expect {
            try Zlib.decode(Array(zlibStream.prefix(8)), limit: .atMost(100))
        } throws: { ($0 as? DecompressionError)?.kind == .truncated }
    }

    /// deepmap2 (11) is decoded (`Deepmap2Tests`); the others are named and skipped.
    @Test(arguments: [5, 6, 7, 8, 9, 10, 12, 99])
    func otherCompressionsAreNamedAndSkipped(_ value: Int) throws {
        let payload = try BitmapPayload(BitmapFixtures.payload(compression: value, chunks: [(0, [1, 2, 3])]))
        guard case .notDecoded(let compression) = try payload.decode(width: 1, height: 1, format: .argb) else {
            Issue.record("decoded a \(value) payload")
            return
        }
        #expect(compression.rawValue == UInt32(value))
        #expect(!compression.isDecoded)
        #expect(RenditionCompression(rawValue: 11).name == "deepmap2")
        #expect(RenditionCompression(rawValue: 99).name == "Unknown(99)")
    }

    @Test func framingErrorsAreLocated() {
        // Two chunks claimed, one present.
        var bytes = BitmapFixtures.payload(compression: 0, chunks: [(1, [0, 0, 0, 0])], forceChunks: true)
        bytes.replaceSubrange(12..<16, with: BitmapFixtures.le32(2))
        #expect { try BitmapPayload(bytes) } throws: { ($0 as? DecompressionError)?.codec == "bitmap" }
        #expect { try BitmapPayload(Array("RAWD".utf8) + BitmapFixtures.le32(0) + BitmapFixtures.le32(0) + BitmapFixtures.le32(0)) } throws: {
            ($0 as? DecompressionError)?.offset == 0
        }
    }

    @Test func rawDataContents() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]
        let payload = Array("DWAR".utf8) + BitmapFixtures.le32(0) + BitmapFixtures.le32(jpeg.count) + jpeg
        #expect(try RawDataPayload.contents(of: payload, limit: .atMost(100)) == jpeg)
        let compressed = try VectorInput.compressed("text-3k.lzfse")
        let wrapped = Array("DWAR".utf8) + BitmapFixtures.le32(0) + BitmapFixtures.le32(compressed.count) + compressed
        #expect(try RawDataPayload.contents(of: wrapped, limit: .atMost(10_000)).count == 3000)
    }
}
