import AdaptiveAssets
import CatalogFixtures
import Testing

/// The assetutil document's fields that recorded `assetutil --info` output taught, each shown by
/// the smallest rendition built here (`SyntheticCatalog`), so every run holds them.
///
/// Where the facts come from: assetutil 804.3's output for Timac's demo catalog (Xcode 10), as
/// vaguilar/carutil records it in `tests/assetutil_tests.rs` (at d3e5ad2e30e27d7628e6a1d5856308d20e4cda6e),
/// and the older assetutil output (498.46) for the same file in Timac's article "Reverse
/// engineering the .car file format" (2018). Neither states a licence, so that file and its output
/// are not committed: `AssetutilRecordedTests` compares against them only when given the file
/// (`Scripts/test-assetutil-recorded`). What they showed, restated here:
/// - `SHA1Digest` is the upper-case hex SHA-256 of the rendition's value block in `RENDITIONS`
///   (CSI header, properties, data: the `SizeOnDisk` bytes), for every kind of rendition;
/// - a colour whose scale factor is 0 prints `Scale` 1;
/// - a JPEG whose CSI header says 0x0 takes its pixel size from its one slice, and is opaque;
/// - an Image whose flags hold 2 in bits 3 to 5 prints `"Template Mode" : "automatic"`;
/// - a one-part image (layouts 10 to 12) prints no `Image Type`.
/// The names and name identifiers are those of the recorded file, the sizes and bytes are not.
@Suite struct AssetutilSyntheticTests {
    /// The attributes the recorded file's key format holds that the document prints.
    static let keyFormat: [RenditionAttribute] = [.scale, .idiom, .identifier, .element, .part, .state, .value]

    /// The document's one rendition entry for a catalog of `rendition` alone, under the facet `name`.
    static func entry(_ rendition: SyntheticCatalog.Rendition, named name: String) throws -> JSONObject {
        let identifier = try #require(rendition.key[.identifier])
        let synthetic = SyntheticCatalog(keyFormat: keyFormat, facets: [.init(name, identifier: identifier)], renditions: [rendition])
        let catalog = try CompiledCatalog(bytes: try synthetic.bytes())
        let document = try #require(try JSONParser.parse(CompiledCatalog.AssetutilDocument(catalog).bytes()).array)
        try #require(document.count == 2)
        return try #require(document[1].object)
    }

    /// What `SHA1Digest` must be: the SHA-256 of the value block the fixture wrote, by the
    /// package's Swift hasher (the writer uses the C one, over the bytes it finds in the file).
    static func digest(_ rendition: SyntheticCatalog.Rendition) -> String {
        SHA256.hex(SyntheticCatalog.csi(rendition)).uppercased()
    }

    static func expect(_ printed: JSONObject, _ expected: String, _ entry: String) throws {
        AssetutilRecordedTests.compare(printed, try AssetutilRecordedTests.object(expected), allowed: [], entry)
    }

    /// A colour stored with scale factor 0 (any scale), as Xcode compiles a colour set.
    @Test func aColourOfScaleZeroPrintsScaleOne() throws {
        var color = SyntheticCatalog.Rendition.color("MyColor", key: [.identifier: 44959], space: 1, components: [1, 0, 0, 0.5])
        color.scaleFactor = 0
        try Self.expect(
            try Self.entry(color, named: "MyColor"),
            #"""
            {"AssetType": "Color", "Color components": [1, 0, 0, 0.5], "Colorspace": "srgb", "Idiom": "universal", "Name": "MyColor",
             "NameIdentifier": 44959, "Scale": 1, "SHA1Digest": "\#(Self.digest(color))",
             "SizeOnDisk": \#(SyntheticCatalog.csi(color).count), "State": "Normal", "Value": "Off"}
            """#, "colour")
    }

    /// A data set's file without a UTI property.
    @Test func aDataRenditionsDigestIsOverItsWholeValueBlock() throws {
        let text = SyntheticCatalog.Rendition(
            "MyText", key: [.identifier: 37430], layout: .data, pixelFormat: .data,
            payload: .rawData(Array("Hello, assets!".utf8)))
        try Self.expect(
            try Self.entry(text, named: "MyText"),
            #"""
            {"AssetType": "Data", "Compression": "uncompressed", "Data Length": 14, "Idiom": "universal", "Name": "MyText",
             "NameIdentifier": 37430, "Scale": 1, "SHA1Digest": "\#(Self.digest(text))",
             "SizeOnDisk": \#(SyntheticCatalog.csi(text).count), "State": "Normal", "UTI": "UTI-Unknown", "Value": "Off"}
            """#, "data")
    }

    /// A JPEG whose header says 0x0 and whose flags say neither opaque nor anything but the
    /// automatic template mode: its size is its slice's (not square, so the axes cannot swap
    /// unseen), and it is opaque.
    @Test func aJPEGTakesItsSizeFromItsSliceAndIsOpaque() throws {
        let jpeg = SyntheticCatalog.Rendition.jpeg(
            "TimacJPG.jpg", key: [.identifier: 48301, .scale: 1], width: 200, height: 120,
            flags: 2 << 3, bytes: [0xFF, 0xD8, 0xFF, 0xD9])
        #expect(jpeg.width == 0 && jpeg.height == 0)
        try Self.expect(
            try Self.entry(jpeg, named: "MyJPG"),
            #"""
            {"AssetType": "Image", "BitsPerComponent": 8, "ColorModel": "RGB", "Encoding": "JPEG", "Idiom": "universal", "Name": "MyJPG",
             "NameIdentifier": 48301, "Opaque": true, "PixelHeight": 120, "PixelWidth": 200, "RenditionName": "TimacJPG.jpg",
             "SHA1Digest": "\#(Self.digest(jpeg))", "Scale": 1, "SizeOnDisk": \#(SyntheticCatalog.csi(jpeg).count),
             "State": "Normal", "Template Mode": "automatic", "Value": "Off"}
            """#, "JPEG")
    }

    /// A one-part bitmap at 3x with the automatic template mode: no `Image Type`.
    @Test func aOnePartPNGPrintsItsTemplateModeAndNoImageType() throws {
        var png = SyntheticCatalog.Rendition.bitmap(
            "Timac@3x.png", key: [.identifier: 32625, .scale: 3], width: 2, height: 1,
            pixels: [0, 0, 255, 255, 0, 0, 0, 0])
        png.flags = 2 << 3
        try Self.expect(
            try Self.entry(png, named: "MyPNG"),
            #"""
            {"AssetType": "Image", "BitsPerComponent": 8, "ColorModel": "RGB", "Colorspace": "srgb", "Compression": "uncompressed",
             "Encoding": "ARGB", "Idiom": "universal", "Name": "MyPNG", "NameIdentifier": 32625, "Opaque": false, "PixelHeight": 1,
             "PixelWidth": 2, "RenditionName": "Timac@3x.png", "Scale": 3, "SHA1Digest": "\#(Self.digest(png))",
             "SizeOnDisk": \#(SyntheticCatalog.csi(png).count), "State": "Normal", "Template Mode": "automatic", "Value": "Off"}
            """#, "PNG")
    }

    /// Bits 3 to 5 of the flags: 2 is `automatic`, the one spelling on record; template (1) and
    /// original (0) have none, and print as the number.
    @Test(arguments: [(UInt32(2), "automatic"), (1, "Unknown(1)"), (0, "Unknown(0)")])
    func theTemplateModeIsFlagsBitsThreeToFive(_ mode: UInt32, _ printed: String) throws {
        var png = SyntheticCatalog.Rendition.bitmap("dot.png", key: [.identifier: 7, .scale: 1], width: 1, height: 1, pixels: [0, 0, 0, 255])
        // Bits outside 3 to 5 set, so that only those three decide.
        png.flags = mode << 3 | 0b111 | 1 << 6
        #expect(try Self.entry(png, named: "Dot")["Template Mode"]?.string == printed)
    }

    /// One-part layouts print no `Image Type`; three- and nine-part ones still do.
    @Test(
        arguments: [
            (UInt16(10), nil), (11, nil), (12, nil),
            (20, "kCoreThemeThreePartHTile"), (31, "kCoreThemeNinePartScale"),
        ] as [(UInt16, String?)])
    func onlyImagesOfMoreThanOnePartPrintAnImageType(_ layout: UInt16, _ imageType: String?) throws {
        var png = SyntheticCatalog.Rendition.bitmap("dot.png", key: [.identifier: 7, .scale: 1], width: 1, height: 1, pixels: [0, 0, 0, 255])
        png.layout = RenditionLayout(rawValue: layout)
        let entry = try Self.entry(png, named: "Dot")
        #expect(entry["AssetType"]?.string == "Image")
        #expect(entry["Image Type"]?.string == imageType)
    }
}
