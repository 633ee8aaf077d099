import Testing

@testable import CompiledCatalog

/// deepmap2 payloads built here, byte by byte (LZFSE stored blocks hold the bands), so every
/// predictor, both framings and each refusal has a test that needs no corpus. The corpus tests
/// (`Deepmap2CorpusTests`) hold the decoder to Apple's files.
@Suite struct Deepmap2Tests {
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// An LZFSE stream of one stored (`bvx-`) block.
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        Array("bvx-".utf8) + BitmapFixtures.le32(bytes.count) + bytes + Array("bvx$".utf8)
    }

    /// `dmp2`, the header, then each band's stream with its length; with the 16-byte preamble
    /// Apple writes before some.
    static func dmp2(variant: UInt8, format: UInt8, width: Int, bandRows: Int, bands: [[UInt8]], preamble: Bool = false) -> [UInt8] {
        var body = Array("dmp2".utf8) + [variant, 1, 10, format] + le16(width) + le16(bandRows)
        for band in bands { body += BitmapFixtures.le32(band.count) + band }
        guard preamble else { return body }
        return BitmapFixtures.le32(1) + BitmapFixtures.le32(Int(format)) + BitmapFixtures.le32(body.count) + BitmapFixtures.le32(0) + body
    }

    static func decode(_ dmp2: [UInt8], width: Int, height: Int, format: BitmapPixelFormat) throws -> BitmapDecoding {
        try BitmapPayload(BitmapFixtures.payload(compression: 11, chunks: [(rows: 0, data: dmp2)])).decode(width: width, height: height, format: format)
    }

    /// The spec's predictors, restated: a code's prediction from its left (`a`), upper (`b`) and
    /// upper-left (`c`) codes, per row mode. `first` is channel 0's (a, b, c), which decides mode 1.
    static func prediction(mode: UInt8, x: Int, a: Int, b: Int, c: Int, first: (Int, Int, Int)) -> Int {
        switch mode {
        case 0: 0
        case 1: x == 0 || abs(first.1 - first.2) > abs(first.0 - first.2) ? b : a
        case 2: a
        case 3: b
        default: x == 0 ? b : (a + b + 1) / 2
        }
    }

    /// A variant-2 band: alpha, modes, high then low residual bytes (each pixel's channels
    /// together), padded to 16; `codes[y][x][channel]`.
    static func band(codes: [[[Int]]], alpha: [UInt8], modes: [UInt8]) -> [UInt8] {
        let rows = codes.count
        let width = codes[0].count
        let channels = codes[0][0].count
        var high: [UInt8] = []
        var low: [UInt8] = []
        for y in 0..<rows {
            for x in 0..<width {
                func code(_ y: Int, _ x: Int, _ channel: Int) -> Int { y < 0 || x < 0 ? 0 : codes[y][x][channel] }
                let first = (code(y, x - 1, 0), code(y - 1, x, 0), code(y - 1, x - 1, 0))
                for channel in 0..<channels {
                    let predicted = prediction(
                        mode: modes[y], x: x, a: code(y, x - 1, channel), b: code(y - 1, x, channel), c: code(y - 1, x - 1, channel), first: first)
                    let residual = codes[y][x][channel] - predicted
                    let word = abs(residual) << 1 | (residual < 0 ? 1 : 0)
                    high.append(UInt8(word >> 8))
                    low.append(UInt8(word & 0xFF))
                }
            }
        }
        var out = alpha + modes + high + low
        while out.count % 16 != 0 { out.append(0) }
        return out
    }

    /// Grey + alpha in variant 2, one row per predictor: every code comes back, in G A order.
    @Test func greyPlanesComeBackThroughEveryPredictor() throws {
        let grey: [[Int]] = [[10, 200, 30, 40, 250], [12, 190, 35, 60, 240], [90, 20, 33, 61, 7], [91, 25, 255, 0, 128], [5, 180, 170, 3, 77]]
        let alpha: [UInt8] = (0..<25).map { UInt8(($0 * 37) % 256) }
        let bytes = Self.band(codes: grey.map { $0.map { [$0] } }, alpha: alpha, modes: [2, 1, 3, 4, 0])
        let payload = Self.dmp2(variant: 2, format: 2, width: 5, bandRows: 5, bands: [Self.stored(bytes)])
        guard case .pixels(let bitmap) = try Self.decode(payload, width: 5, height: 5, format: .grayAlpha8) else {
            Issue.record("not decoded")
            return
        }
        #expect(bitmap.bytes == (0..<25).flatMap { [UInt8(grey[$0 / 5][$0 % 5]), alpha[$0]] })
    }

    /// Mode 1 takes the upper code when channel 0 changes more along the row above than down the
    /// column on the left, for all three channels, and the left one otherwise; both happen here.
    @Test func colourPlanesRoundTripTheirCodesAndLoseOnlyTheHalvedBits() throws {
        // (R, G, B) of premultiplied opaque pixels, 4 x 3, then their codes.
        let colours: [[(Int, Int, Int)]] = [
            [(200, 50, 51), (10, 20, 30), (255, 255, 255), (0, 0, 0)],
            [(201, 51, 50), (12, 200, 30), (128, 64, 33), (1, 2, 3)],
            [(90, 91, 92), (13, 201, 33), (127, 66, 30), (250, 3, 250)],
        ]
        func code(_ colour: (Int, Int, Int)) -> [Int] {
            let u = (colour.2 - colour.0) / 2
            let t = colour.0 + u
            let v = (colour.1 - t) / 2
            return [t + v, u, v]
        }
        let codes = colours.map { $0.map(code) }
        // Two bands of two rows: the second starts fresh (its row above is zeros).
        let second = Self.band(codes: [codes[2]], alpha: [UInt8](repeating: 255, count: 4), modes: [1])
        let first = Self.band(codes: Array(codes[0..<2]), alpha: [UInt8](repeating: 255, count: 8), modes: [2, 1])
        let payload = Self.dmp2(variant: 2, format: 4, width: 4, bandRows: 2, bands: [Self.stored(first), Self.stored(second)], preamble: true)
        guard case .pixels(let bitmap) = try Self.decode(payload, width: 4, height: 3, format: .argb) else {
            Issue.record("not decoded")
            return
        }
        for (index, colour) in colours.joined().enumerated() {
            let pixel = bitmap.bytes[(4 * index)..<(4 * index + 4)].map(Int.init)
            let c = code(colour)
            let t = c[0] - c[2]
            #expect(pixel == [t + c[1], c[0] + c[2], t - c[1], 255], "pixel \(index)")
            #expect(pixel[2] == colour.0 && abs(pixel[1] - colour.1) <= 1 && abs(pixel[0] - colour.2) <= 1, "pixel \(index)")
        }
    }

    /// Variant 3: each band is the pixels as they are, here in a raw LZVN stream and an LZFSE one.
    @Test func packedBandsAreThePixels() throws {
        let pixels: [UInt8] = (0..<(3 * 3 * 4)).map { UInt8($0 * 7 % 256) }
        // LZVN: one literal run (0xE0, length - 16) then the end-of-stream opcode.
        let lzvn = [0xE0, UInt8(24 - 16)] + pixels[0..<24] + [0x06, 0, 0, 0, 0, 0, 0, 0]
        let payload = Self.dmp2(variant: 3, format: 4, width: 3, bandRows: 2, bands: [Array(lzvn), Self.stored(Array(pixels[24...]))])
        guard case .pixels(let bitmap) = try Self.decode(payload, width: 3, height: 3, format: .argb) else {
            Issue.record("not decoded")
            return
        }
        #expect(bitmap.bytes == pixels)
    }

    /// Variant 4: a palette whose index 0 is transparent, a byte a pixel.
    @Test func aPaletteIndexesItsColoursFromOne() throws {
        let colours: [UInt8] = [10, 20, 30, 255, 1, 2, 3, 4]
        let stream = Self.stored([0, 1, 2, 1, 0, 2])
        var body = Array("dmp2".utf8) + [4, 1, 10, 4] + Self.le16(3) + Self.le16(2)
        body += Self.le16(3) + Self.le16(4) + BitmapFixtures.le32(0) + colours + BitmapFixtures.le32(stream.count) + stream
        guard case .pixels(let bitmap) = try Self.decode(body, width: 3, height: 2, format: .argb) else {
            Issue.record("not decoded")
            return
        }
        #expect(bitmap.bytes == [0, 0, 0, 0] + colours + [10, 20, 30, 255] + [0, 0, 0, 0] + [1, 2, 3, 4])
        // An index past the palette is damage.
        let bad = Array(body.dropLast(stream.count)) + Self.stored([0, 1, 3, 1, 0, 2])
        #expect(throws: DecompressionError.self) { try Self.decode(bad, width: 3, height: 2, format: .argb) }
    }

    /// A variant this package does not know (or a palette of other than 4-byte colours) is named
    /// and skipped, not mistaken for damage.
    @Test func anUnknownVariantIsNotDecoded() throws {
        for payload in [
            Self.dmp2(variant: 5, format: 4, width: 2, bandRows: 2, bands: [[1, 2, 3, 4]]),
            Array("dmp2".utf8) + [4, 1, 10, 4] + Self.le16(2) + Self.le16(2) + Self.le16(2) + Self.le16(2) + BitmapFixtures.le32(0),
        ] {
            guard case .notDecoded(let compression) = try Self.decode(payload, width: 2, height: 2, format: .argb) else {
                Issue.record("decoded")
                continue
            }
            #expect(compression == .deepmap2)
        }
    }

    /// Damage is a typed error: another width than the rendition's, a predictor past 4, a band
    /// that decodes to more than its rows, a payload cut anywhere.
    @Test func damageIsATypedError() throws {
        let band = Self.band(codes: [[[1], [2]], [[3], [4]]], alpha: [255, 255, 255, 255], modes: [2, 3])
        let good = Self.dmp2(variant: 2, format: 2, width: 2, bandRows: 2, bands: [Self.stored(band)])
        #expect(throws: DecompressionError.self) { try Self.decode(good, width: 3, height: 2, format: .grayAlpha8) }
        #expect(throws: DecompressionError.self) { try Self.decode(good, width: 2, height: 2, format: .argb) }
        var badMode = band
        badMode[5] = 5
        #expect(throws: DecompressionError.self) {
            try Self.decode(Self.dmp2(variant: 2, format: 2, width: 2, bandRows: 2, bands: [Self.stored(badMode)]), width: 2, height: 2, format: .grayAlpha8)
        }
        let long = Self.dmp2(variant: 2, format: 2, width: 2, bandRows: 2, bands: [Self.stored(band + [UInt8](repeating: 0, count: 16))])
        #expect(throws: DecompressionError.self) { try Self.decode(long, width: 2, height: 2, format: .grayAlpha8) }
        for length in 0..<good.count {
            #expect(throws: DecompressionError.self) { try Self.decode(Array(good.prefix(length)), width: 2, height: 2, format: .grayAlpha8) }
        }
        guard case .pixels = try Self.decode(good, width: 2, height: 2, format: .grayAlpha8) else {
            Issue.record("not decoded")
            return
        }
    }
}
