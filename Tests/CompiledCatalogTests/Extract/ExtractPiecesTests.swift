import CPNGSupport
import CatalogFixtures
import Testing

@testable import CompiledCatalog

/// The pieces extract is built from: PNGs from decoded pixels, and safe names.
@Suite struct ExtractPiecesTests {
    /// Decodes a PNG back to straight RGBA with libpng.
    static func rgba(_ png: [UInt8]) -> (width: Int, height: Int, pixels: [UInt8])? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = png.withUnsafeBufferPointer { adapt_png_rgba($0.baseAddress, $0.count, 1 << 24, &pixels, &width, &height) }
        guard status == ADAPT_THUMBNAIL_OK, let pixels else { return nil }
        defer { adapt_thumbnail_free(pixels) }
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: Int(width * height * 4))))
    }

    @Test func premultipliedBGRABecomesStraightRGBA() throws {
        // Half-transparent blue (premultiplied B 64 of alpha 128), opaque red, fully transparent.
        let bitmap = DecodedBitmap(
            width: 3, height: 1, rowBytes: 12, format: .argb, isOpaque: false,
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
        #expect(names.claim("../../etc/passwd", in: "A.imageset") == .init(name: "etc_passwd", changes: [.cleaned]))
        #expect(names.claim("a.png", in: "A.imageset") == .init(name: "a.png", changes: []))
        #expect(names.claim("A.PNG", in: "A.imageset") == .init(name: "A-2.PNG", changes: [.madeDistinct]))
        #expect(names.claim("a.png", in: "B.imageset") == .init(name: "a.png", changes: []))
        #expect(ExtractNames.sanitize("evil\u{1B}[2J\n.png") == "evil_[2J_.png")
        #expect(ExtractNames.sanitize("..") == "unnamed")
        #expect(ExtractNames.sanitize(".hidden") == "hidden")
        #expect(!ExtractNames.sanitize(String(repeating: "x", count: 500)).isEmpty)
    }

    /// Set folders keep their extension whatever the name: `..`, `.`, a name longer than a file
    /// name may be, one that cleans to nothing.
    @Test(arguments: ["..", ".", "/", String(repeating: "é", count: 300), "\u{202E}", "Contents.json"])
    func aSetFolderKeepsItsExtension(_ name: String) {
        var names = ExtractNames()
        let claimed = names.claimSet(name, extension: "imageset")
        #expect(claimed.name.hasSuffix(".imageset") && claimed.name.count > ".imageset".count, "\(claimed.name)")
        #expect(claimed.name.utf8.count <= 255 && !claimed.name.hasPrefix(".") && !claimed.name.contains("/"))
        #expect(claimed.changed == (name != "Contents.json"))
    }

    /// Bidi overrides, line and paragraph separators, zero-width and other format characters
    /// never reach a file name; `visible` shows them escaped in messages.
    @Test func formatAndSeparatorCharactersAreReplaced() {
        for scalar in ["\u{202E}", "\u{2028}", "\u{2029}", "\u{200B}", "\u{2066}", "\u{FEFF}", "\u{85}", "\u{FFFF}"] {
            let clean = ExtractNames.clean("a" + scalar + "b.png")
            #expect(clean.name == "a_b.png" && clean.changes == [.cleaned], "U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
        }
        #expect(ExtractNames.visible("gnp.\u{202E}exe") == "gnp.\\u{202E}exe")
    }

    /// Names a Mac file system takes for one (case, Unicode normalisation) and names that are
    /// equal Strings are claims of their own: each gets a name no other has.
    @Test func namesAMacWouldMergeStayApart() {
        var names = ExtractNames()
        let composed = names.claimSet("caf\u{E9}", extension: "imageset")
        let decomposed = names.claimSet("cafe\u{301}", extension: "imageset")
        let upper = names.claimSet("CAF\u{C9}", extension: "imageset")
        let again = names.claimSet("caf\u{E9}", extension: "imageset")
        let folded = [composed, decomposed, upper, again].map { $0.name.decomposedStringWithCanonicalMapping.lowercased() }
        #expect(Set(folded).count == 4, "\(folded)")
        #expect(!composed.changed && [decomposed, upper, again].allSatisfy { $0.changes == [.madeDistinct] })
    }

    /// One name claimed many times: each claim gets the next free suffix (the check is on the
    /// answers; claiming 8,000 took 11 s when every claim tried every suffix from 2).
    @Test func manyClaimsOfOneNameGetDistinctSuffixes() {
        var names = ExtractNames()
        let claimed = (0..<3000).map { _ in names.claim("same.png", in: "A.imageset").name }
        #expect(claimed.first == "same.png" && claimed[1] == "same-2.png" && claimed.last == "same-3000.png")
        #expect(Set(claimed).count == 3000)
        #expect(names.candidatesTried <= 2 * 3000, "\(names.candidatesTried) candidates for 3,000 claims")
        // A name that already is a suffixed form is still kept apart.
        #expect(names.claim("same-2.png", in: "A.imageset").name == "same-2-2.png")
    }
}
