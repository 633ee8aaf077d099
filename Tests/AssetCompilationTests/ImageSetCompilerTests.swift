@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import DeviceProfiles
import Foundation
import Testing

@testable import AssetCompilation

/// Bitmaps read by their bytes, as ImageIO reads them, whatever their names say; what adapt cannot
/// read leaves its set out with a warning rather than failing a build Xcode builds; and bitmaps
/// without a scale compiled as actool compiles them.
@Suite struct ImageSetCompilerTests {
    static let options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")

    /// Compiles a catalog of one image set, `Image`, whose entry `name` (2x unless `scale` is nil)
    /// holds `bytes`, beside a PNG set `Other`; the product, or the failure.
    static func compile(_ bytes: [UInt8], named name: String = "image.png", scale: String? = "2x", options: CompileOptions = options) throws
        -> Result<CompileProduct, CompileFailure>
    {
        let fixture = try TemporaryCatalog()
        var entry: [String: JSONValue] = ["idiom": "universal", "filename": .string(name)]
        if let scale { entry["scale"] = .string(scale) }
        let members = entry.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value) }
        try fixture.addSet("Image.imageset", entries: [.object(JSONObject(members))], files: [name], pngBytes: bytes)
        try fixture.addSet(
            "Other.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "o.png"]], files: ["o.png"],
            pngBytes: PNGFixture.png(width: 4, height: 4))
        let catalog = try fixture.read()
        do throws(CompileFailure) { return .success(try CatalogCompiler(options).compile([catalog])) } catch { return .failure(error) }
    }

    /// The pixels of `Image`'s one rendition: size, and B G R A premultiplied bytes.
    static func pixels(_ product: CompileProduct) throws -> DecodedBitmap {
        let compiled = try CompiledCatalog(bytes: try product.car, path: "formats.car")
        let rendition = try #require(compiled.renditions.first { $0.name == "Image" })
        guard case .pixels(let bitmap)? = try compiled.decodedBitmap(of: rendition) else { throw DecodeFailed() }
        return bitmap
    }

    struct DecodeFailed: Error {}

    /// A 2 × 2 image's expected pixels: red, green / blue, half-transparent white (premultiplied).
    static let quad: [UInt8] = [0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 128, 128, 128, 128]

    @Test func aBMPNamedPNGIsDecoded() throws {
        // 32 bits with bit masks (a V4 header: 108 bytes, alpha mask included), rows bottom first.
        func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
        var info = le32(108) + le32(2) + le32(2) + [1, 0, 32, 0] + le32(3) + le32(16) + le32(2835) + le32(2835) + le32(0) + le32(0)
        info += le32(0x00FF_0000) + le32(0x0000_FF00) + le32(0x0000_00FF) + le32(0xFF00_0000)
        info += [UInt8](repeating: 0, count: 108 - info.count)
        // B G R A per pixel: bottom row (blue, white at alpha 128), then top row (red, green).
        let rows: [UInt8] = [255, 0, 0, 255, 255, 255, 255, 128] + [0, 0, 255, 255, 0, 255, 0, 255]
        let bmp = Array("BM".utf8) + le32(UInt32(14 + 108 + rows.count)) + le32(0) + le32(14 + 108) + info + rows
        let bitmap = try Self.pixels(try Self.compile(bmp).get())
        #expect((bitmap.width, bitmap.height) == (2, 2))
        #expect(Array(bitmap.bytes.prefix(16)) == Self.quad)
    }

    @Test func aPhotoshopCompositeIsDecoded() throws {
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func be32(_ value: Int) -> [UInt8] { [0, 0] + be16(value) }
        // RGB with alpha, 8 bits, PackBits: each row of each channel one literal run of 2 bytes.
        let header = Array("8BPS".utf8) + be16(1) + [0, 0, 0, 0, 0, 0] + be16(4) + be32(2) + be32(2) + be16(8) + be16(3)
        let planes: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 128]]
        let rows = planes.flatMap { plane in [[1, plane[0], plane[1]], [1, plane[2], plane[3]]] as [[UInt8]] }
        let psd = header + be32(0) + be32(0) + be32(0) + be16(1) + rows.flatMap { be16($0.count) } + rows.flatMap { $0 }
        let bitmap = try Self.pixels(try Self.compile(psd).get())
        #expect((bitmap.width, bitmap.height) == (2, 2))
        #expect(Array(bitmap.bytes.prefix(16)) == Self.quad)
    }

    @Test func aGIFsFirstFrameIsDecodedWithItsTransparentIndex() throws {
        // A 2 × 2 screen, a 4-colour table (red, green, blue, white), white transparent; the
        // frame's indices 0 1 2 3 as LZW codes clear 0 1 2 3 end (3 bits, then 4 from the table's 8th entry).
        let screen: [UInt8] = [2, 0, 2, 0, 0x81, 0, 0] + [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        let control: [UInt8] = [0x21, 0xF9, 4, 1, 0, 0, 3, 0]
        let image: [UInt8] = [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0, 2, 3, 0x44, 0x34, 0x05, 0]
        let gif = Array("GIF89a".utf8) + screen + control + image + [0x3B]
        let bitmap = try Self.pixels(try Self.compile(gif, named: "image.gif").get())
        #expect((bitmap.width, bitmap.height) == (2, 2))
        #expect(Array(bitmap.bytes.prefix(16)) == Array(Self.quad.prefix(12)) + [0, 0, 0, 0])
    }

    @Test func anUncompressedTIFFIsDecoded() throws {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }
        // RGBA with unassociated alpha, one strip at offset 8, then the directory.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]
        let directoryOffset = 8 + pixels.count
        let bitsOffset = directoryOffset + 2 + 11 * 12 + 4
        let entries: [(Int, Int, Int, Int)] = [
            (256, 3, 1, 2), (257, 3, 1, 2), (258, 3, 4, bitsOffset), (259, 3, 1, 1), (262, 3, 1, 2), (273, 4, 1, 8), (277, 3, 1, 4),
            (278, 3, 1, 2), (279, 4, 1, pixels.count), (284, 3, 1, 1), (338, 3, 1, 2),
        ]
        var tiff: [UInt8] = Array("II".utf8) + le16(42) + le32(directoryOffset) + pixels + le16(entries.count)
        for (tag, type, count, value) in entries {
            tiff += le16(tag) + le16(type) + le32(count) + (type == 3 && count == 1 ? le16(value) + [0, 0] : le32(value))
        }
        tiff += le32(0) + [8, 0, 8, 0, 8, 0, 8, 0]
        let bitmap = try Self.pixels(try Self.compile(tiff, named: "image.tiff").get())
        #expect((bitmap.width, bitmap.height) == (2, 2))
        #expect(Array(bitmap.bytes.prefix(16)) == Self.quad)
    }

    /// home-assistant's Mac icon slots hold WebP files named `.png`: decoded to a bitmap of their
    /// size, with the transparent margin of a Mac icon and an opaque centre.
    @Test func aWebPNamedPNGIsDecoded() throws {
        let path = try Corpus.root + "/catalogs/home-assistant/Sources/App/Resources/Assets.xcassets/AppIcon.appiconset/64-mac.png"
        let webp = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(webp.starts(with: Array("RIFF".utf8)))
        let bitmap = try Self.pixels(try Self.compile(webp).get())
        #expect((bitmap.width, bitmap.height) == (64, 64))
        #expect(bitmap.bytes[3] == 0)
        #expect(bitmap.bytes[(32 * 64 + 32) * 4 + 3] == 255)
    }

    /// A 24-bit bitmap of one colour (`B G R`), rows padded to four bytes.
    static func bmp(side: Int, colour: [UInt8]) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        let row = Array((0..<side).map { _ in colour }.joined()) + [UInt8](repeating: 0, count: (4 - side * 3 % 4) % 4)
        let rows = Array(repeatElement(row, count: side).joined())
        let info = le32(40) + le32(side) + le32(side) + [1, 0, 24, 0] + le32(0) + le32(rows.count) + le32(2835) + le32(2835) + le32(0) + le32(0)
        return Array("BM".utf8) + le32(54 + rows.count) + le32(0) + le32(54) + info + rows
    }

    /// A file adapt cannot read as a bitmap (a Windows icon named `.png`) leaves its whole set out
    /// with a warning naming the file; the rest of the catalog compiles.
    @Test func aFileAdaptCannotReadLeavesItsSetOutWithAWarning() throws {
        let icon: [UInt8] = [0, 0, 1, 0, 1, 0] + [UInt8](repeating: 7, count: 40)
        let product = try Self.compile(icon).get()
        let finding = try #require(product.diagnostics.first { $0.rule == .compileLeftOut && $0.subject.asset == "Image" })
        #expect(finding.severity == .warning)
        let compiled = try CompiledCatalog(bytes: try product.car, path: "left-out.car")
        #expect(compiled.facets.map(\.name) == ["Other"])
    }

    /// An SVG whose root states no size (an SF Symbols export) leaves its set out with a warning.
    @Test func anSVGWithoutASizeLeavesItsSetOut() throws {
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>"#.utf8)
        let product = try Self.compile(svg, named: "symbol.svg", scale: nil).get()
        #expect(product.diagnostics.contains { $0.rule == .compileLeftOut && $0.subject.asset == "Image" && $0.severity == .warning })
        #expect(try CompiledCatalog(bytes: try product.car, path: "svg.car").facets.map(\.name) == ["Other"])
    }

    /// A bitmap without a scale is one rendition at scale 1 (key and header) and its file's own
    /// size, kept in a build for a 3x iPhone (an Xcode 26.5 device build shows both).
    @Test func aBitmapWithoutAScaleIsOneRenditionAtScaleOne() throws {
        let png = PNGFixture.png(width: 10, height: 6)
        var thinned = Self.options
        thinned.device = try #require(try DeviceDatabase.builtIn().profile(matching: "iPhone15,2"))
        #expect(thinned.device?.displayScales == [3])
        for options in [Self.options, thinned] {
            let product = try Self.compile(png, scale: nil, options: options).get()
            #expect(!product.diagnostics.contains { $0.rule == .compileLeftOut })
            let compiled = try CompiledCatalog(bytes: try product.car, path: "single.car")
            let renditions = compiled.renditions.filter { $0.name == "Image" }
            #expect(renditions.count == 1)
            let rendition = try #require(renditions.first)
            #expect(rendition.key.value(.scale) == 1)
            #expect(rendition.scaleFactor == 100)
            #expect((rendition.width, rendition.height) == (10, 6))
        }
    }

    /// An entry with the same traits and 1x replaces the scale-less one at 1x (rule 2.2, step 2).
    @Test func aOneXEntryReplacesTheScaleLessOne() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Image.imageset", entries: [["idiom": "universal", "filename": "any.png"], ["idiom": "universal", "scale": "1x", "filename": "one.png"]],
            files: ["any.png", "one.png"], pngBytes: PNGFixture.png(width: 4, height: 4))
        let product = try CatalogCompiler(Self.options).compile([try fixture.read()])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "replaced.car")
        #expect(compiled.renditions.filter { $0.layout != .packedImage }.map(\.renditionName) == ["one.png"])
    }

    @Test func packBitsAndLZWDecodeTheirRuns() {
        let packed: [UInt8] = [2, 1, 2, 3, 0xFE, 9, 0x80, 0, 0]
        #expect(packed.withUnsafeBytes { PSDReader.unpackBits($0, length: 7) } == [1, 2, 3, 9, 9, 9, 0])
        #expect(packed.withUnsafeBytes { PSDReader.unpackBits($0, length: 9) } == nil)
        #expect(LZWDecoder.decode([0x44, 0x34, 0x05], minimumCodeSize: 2, count: 4) == [0, 1, 2, 3])
    }
}
