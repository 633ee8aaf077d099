import CPNGSupport
import CatalogFixtures
import Testing

@testable import AssetCompilation
@testable import CompiledCatalog

/// deepmap2 renditions of Xcode 26 files (`compiled/recent`, see `RecentCorpus`) against what
/// they were compiled from: the source PNG where the repository has it, and for Stasis's tvOS
/// layers the flattened image Xcode composed from the same sources.
@Suite struct Deepmap2CorpusTests {
    static let stasis = "Stasis/Resources/Assets.car"
    static let sameDesk = "SameDesk/Resources/Assets.car"
    static let miniPlayer = "AM-MiniPlayer/nanoPod.app/Contents/Resources/Assets.car"

    /// The decoded pixels of the renditions named `name` (in file order).
    static func bitmaps(_ file: String, named name: String) throws -> [DecodedBitmap] {
        let catalog = try CompiledCatalog(path: RecentCorpus.path(file))
        return try catalog.renditions.filter { $0.renditionName == name }.map { rendition in
            guard case .pixels(let bitmap)? = try catalog.decodedBitmap(of: rendition) else {
                throw Unexpected(description: "\(name) in \(file) is not decoded")
            }
            return bitmap
        }
    }

    /// A source PNG as CoreUI stores pixels: premultiplied 8-bit B G R A (its numbers as they
    /// are: libpng's simplified reader converts no colour space).
    static func source(_ relative: String) throws -> (width: Int, height: Int, bgra: [UInt8]) {
        let file = try RecentCorpus.bytes(relative)
        let decoded = file.withUnsafeBufferPointer { adapt_png_decode_premultiplied_bgra($0.baseAddress, $0.count, 1 << 24) }
        defer { adapt_png_decoded_free(decoded.pixels) }
        guard decoded.status == 0, let pixels = decoded.pixels else { throw Unexpected(description: "\(relative) does not decode") }
        let count = Int(decoded.width) * Int(decoded.height) * 4
        return (Int(decoded.width), Int(decoded.height), Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    struct Unexpected: Error, CustomStringConvertible { var description: String }

    /// Stasis's six layers (three 1x, three 2x; back in variant 2, front and middle GA8 in
    /// variant 3) decode to their stated sizes, and none is one flat value.
    @Test(arguments: [
        ("back.png", 400, 240), ("back2x.png", 800, 480), ("front.png", 400, 240), ("front2x.png", 800, 480),
        ("mid.png", 400, 240), ("mid2x.png", 800, 480),
    ])
    func stasisLayersDecodeToTheirSizes(_ name: String, _ width: Int, _ height: Int) throws {
        let bitmap = try #require(try Self.bitmaps(Self.stasis, named: name).first)
        #expect(bitmap.width == width && bitmap.height == height)
        #expect(bitmap.bytes.count == width * height * bitmap.format.bytesPerPixel)
        let pixel = bitmap.format.bytesPerPixel
        let distinct = Set(stride(from: 0, to: bitmap.bytes.count, by: pixel).map { Array(bitmap.bytes[$0..<($0 + pixel)]) })
        #expect(distinct.count > 50, "\(name): \(distinct.count) distinct pixels")
    }

    /// Where the front and middle layers are fully transparent, the flattened image is the back
    /// layer: there the decoded back layer's red and alpha are exact, and green and blue (whose
    /// low bit variant 2 drops) within one step. A wrong predictor would drift far along a row.
    @Test(arguments: [("", "ZZZZFlattenedImage-1.1.0-gamut0"), ("2x", "ZZZZFlattenedImage-2.1.0-gamut0")])
    func stasisBackLayerIsTheFlattenedImageWhereNothingCoversIt(_ suffix: String, _ flattenedName: String) throws {
        let back = try #require(try Self.bitmaps(Self.stasis, named: "back\(suffix).png").first)
        let front = try #require(try Self.bitmaps(Self.stasis, named: "front\(suffix).png").first)
        let middle = try #require(try Self.bitmaps(Self.stasis, named: "mid\(suffix).png").first)
        let flattened = try #require(try Self.bitmaps(Self.stasis, named: flattenedName).first)
        #expect(back.format == .argb && front.format == .grayAlpha8 && flattened.format == .argb)
        var compared = 0
        var offByOne = 0
        for pixel in 0..<(back.width * back.height) where front.at(pixel, 1) == 0 && middle.at(pixel, 1) == 0 {
            let decoded = (0..<4).map { Int(back.at(pixel, $0)) }
            let expected = (0..<4).map { Int(flattened.at(pixel, $0)) }
            #expect(decoded[2] == expected[2] && decoded[3] == expected[3], "pixel \(pixel): \(decoded) against \(expected)")
            #expect(abs(decoded[0] - expected[0]) <= 1 && abs(decoded[1] - expected[1]) <= 1, "pixel \(pixel): \(decoded) against \(expected)")
            if decoded != expected { offByOne += 1 }
            compared += 1
            if compared > 20000 { break }
        }
        #expect(compared > 20000)
        // The codec is lossy, not the decoder broken: some pixels do differ, by one.
        #expect(offByOne > 0)
    }

    /// The PNG `adapt extract` writes of that RGBW rendition (16-bit, tagged by cICP, cHRM and
    /// gAMA, no ICC profile) is Display P3 to compile's Icon Composer reader, as to validate's
    /// gamut rule: both read `PNGHeader.profileKind`, which takes the cICP chunk.
    @Test func extractsWideColourAsAPNGCompileReadsAsDisplayP3() throws {
        let renditions = try Self.bitmaps(Self.miniPlayer, named: "image.png")
        let wide = try #require(renditions.first { $0.format == .argb16 })
        let png = try #require(wide.widePNGData())
        #expect(IconComposerRenderer.isDisplayP3(png))
    }

    /// AM-MiniPlayer's `Ellipse 2 2.png` (361 x 361, Display P3) twice: an RGBW variant-3
    /// rendition that, converted back to P3, is the source within 1/255; an ARGB one whose alpha is
    /// the source's and whose colour is the RGBW one clipped to sRGB.
    @Test func miniPlayerEllipseMatchesItsSource() throws {
        let renditions = try Self.bitmaps(Self.miniPlayer, named: "image.png")
        let wide = try #require(renditions.first { $0.format == .argb16 })
        let narrow = try #require(renditions.first { $0.format == .argb })
        let source = try Self.source("AM-MiniPlayer/AppIcon.icon/Assets/Ellipse 2 2.png")
        #expect(wide.width == 361 && narrow.width == 361 && source.width == 361 && source.height == 361)
        let p3 = try #require(wide.displayP3RGBA16())
        var worst = 0
        for pixel in 0..<(361 * 361) {
            let alpha = Int(source.bgra[4 * pixel + 3])
            #expect(Int(narrow.at(pixel, 3)) == alpha)
            // Straight P3 from the RGBW rendition, premultiplied the way the source was.
            let straight = (0..<4).map { Int(p3[8 * pixel + 2 * $0]) << 8 | Int(p3[8 * pixel + 2 * $0 + 1]) }
            #expect(abs(straight[3] / 257 - alpha) <= 1)
            for (channel, bgra) in [(0, 2), (1, 1), (2, 0)] {
                let premultiplied = (straight[channel] * alpha + 65535 / 2) / 65535
                worst = max(worst, abs(premultiplied - Int(source.bgra[4 * pixel + bgra])))
            }
        }
        #expect(worst <= 1, "RGBW against the source: \(worst)")
        // The sRGB rendition is the RGBW one's premultiplied sRGB values, clipped and rounded.
        var clipWorst: Float = 0
        for pixel in 0..<(361 * 361) {
            for (channel, bgra) in [(0, 2), (1, 1), (2, 0)] {
                let half = UInt16(wide.at(pixel, 2 * channel)) | UInt16(wide.at(pixel, 2 * channel + 1)) << 8
                let clipped = min(1, max(0, DecodedBitmap.float(fromHalf: half))) * 255
                clipWorst = max(clipWorst, abs(clipped - Float(narrow.at(pixel, bgra))))
            }
        }
        #expect(clipWorst <= 1, "ARGB against the RGBW rendition clipped: \(clipWorst)")
    }

    /// SameDesk's `logo` layer: Xcode scaled the 1254 x 1254 `logo.png` to 1024 x 1024 and stored
    /// it in variant 2 (four bands of 291 rows). Against the source scaled by area averaging the
    /// decoded pixels differ by 0.72 on average (another resampler than Xcode's, plus the codec's
    /// green and blue step); a wrong predictor or colour transform is far off.
    @Test func sameDeskLogoIsItsSourceScaled() throws {
        let logo = try #require(try Self.bitmaps(Self.sameDesk, named: "image.png").first)
        #expect(logo.width == 1024 && logo.height == 1024 && logo.format == .argb)
        let source = try Self.source("SameDesk/docs/icon.icon/Assets/logo.png")
        let scaled = Self.areaScaled(source.bgra, from: source.width, to: 1024)
        var total = 0
        for pixel in 0..<(1024 * 1024) {
            for channel in 0..<3 { total += abs(Int(logo.at(pixel, channel)) - Int(scaled[4 * pixel + channel])) }
            #expect(logo.at(pixel, 3) == 255)
        }
        let mean = Double(total) / Double(1024 * 1024 * 3)
        #expect(mean < 1.0, "mean difference \(mean)")
    }

    /// A square BGRA image scaled down by area averaging (each output pixel the mean of the
    /// source area it covers, partial pixels weighted), rounded.
    static func areaScaled(_ pixels: [UInt8], from size: Int, to target: Int) -> [UInt8] {
        let scale = Double(size) / Double(target)
        // Each output column's (source index, weight) list; rows use the same.
        let spans: [[(Int, Double)]] = (0..<target).map { out in
            let start = Double(out) * scale
            let end = start + scale
            return (Int(start)..<min(size, Int(end.rounded(.up)))).map { index in
                (index, min(end, Double(index + 1)) - max(start, Double(index)))
            }
        }
        var result = [UInt8](repeating: 0, count: target * target * 4)
        for y in 0..<target {
            for x in 0..<target {
                for channel in 0..<4 {
                    var sum = 0.0
                    for (sy, wy) in spans[y] {
                        for (sx, wx) in spans[x] { sum += Double(pixels[(sy * size + sx) * 4 + channel]) * wx * wy }
                    }
                    result[(y * target + x) * 4 + channel] = UInt8(min(255, (sum / (scale * scale)).rounded()))
                }
            }
        }
        return result
    }
}

extension DecodedBitmap {
    /// Byte `offset` of pixel `index` (row-major), wherever its row starts.
    func at(_ index: Int, _ offset: Int) -> UInt8 {
        bytes[index / width * rowBytes + index % width * format.bytesPerPixel + offset]
    }
}
