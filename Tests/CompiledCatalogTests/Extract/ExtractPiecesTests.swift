import CPNGSupport
import Testing
@testable import CompiledCatalog

/// The pieces extract is built from: PNGs from decoded pixels, and safe names.
@Suite struct ExtractPiecesTests {
    /// Decodes a PNG back to straight RGBA with libpng.
    static func rgba(_ png: [UInt8]) -> (width: Int, height: Int, pixels: [UInt8])? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status = png.withUnsafeBufferPointer { adapt_png_rgba($0.baseAddress, $0.count, 1 << 24, &pixels, &width, &height) }
        guard status == ADAPT_THUMBNAIL_OK, let pixels else { return nil }
        defer { adapt_thumbnail_free(pixels) }
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: Int(width * height * 4))))
    }

    @Test func premultipliedBGRABecomesStraightRGBA() throws {
        // Half-transparent blue (premultiplied B 64 of alpha 128), opaque red, fully transparent.
        let bitmap = DecodedBitmap(width: 3, height: 1, rowBytes: 12, format: .argb, isOpaque: false,
                                   bytes: [64, 0, 0, 128, 0, 0, 255, 255, 9, 9, 9, 0])
        let png = try #require(bitmap.pngData())
        let decoded = try #require(Self.rgba(png))
        #expect(decoded.width == 3 && decoded.height == 1)
        #expect(decoded.pixels == [0, 0, 128, 128, 255, 0, 0, 255, 0, 0, 0, 0])
    }

    @Test func grayAlphaIsUnpremultipliedToo() throws {
        let bitmap = DecodedBitmap(width: 1, height: 1, rowBytes: 2, format: .grayAlpha8, isOpaque: false, bytes: [50, 100])
        let png = try #require(bitmap.pngData())
        let decoded = try #require(Self.rgba(png))
        #expect(decoded.pixels == [128, 128, 128, 100])
    }

    @Test(arguments: CompiledCorpus.names)
    func everyCorpusBitmapMakesAPNGOfItsSize(_ name: String) throws {
        let catalog = try CompiledCorpus.read(name)
        var encoded = 0
        for rendition in catalog.renditions {
            guard case .pixels(let bitmap)? = try catalog.decodedBitmap(of: rendition) else { continue }
            let png = try #require(bitmap.pngData(), "\(name): \(rendition.renditionName)")
            let decoded = try #require(Self.rgba(png))
            #expect(decoded.width == Int(rendition.width) && decoded.height == Int(rendition.height))
            encoded += 1
        }
        #expect(encoded > 0)
    }

    @Test func hostileNamesStayInTheirFolder() {
        var names = ExtractNames()
        #expect(names.claim("../../etc/passwd", in: "A.imageset") == ("etc_passwd", true))
        #expect(names.claim("a.png", in: "A.imageset") == ("a.png", false))
        #expect(names.claim("A.PNG", in: "A.imageset") == ("A-2.PNG", true))
        #expect(names.claim("a.png", in: "B.imageset") == ("a.png", false))
        #expect(ExtractNames.sanitize("evil\u{1B}[2J\n.png") == "evil_[2J_.png")
        #expect(ExtractNames.sanitize("..") == "unnamed")
        #expect(ExtractNames.sanitize(".hidden") == "hidden")
        #expect(!ExtractNames.sanitize(String(repeating: "x", count: 500)).isEmpty)
    }
}
