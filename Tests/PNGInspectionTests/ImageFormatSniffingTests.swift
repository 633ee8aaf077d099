import CatalogFixtures
import ImageChecks
import PNGInspection
import Testing

/// Issue #20: a file is an image if Apple's ImageIO decodes it, however its bytes begin.
@Suite struct ImageFormatSniffingTests {
    static let svgs: [String] = [
        #"<svg xmlns="http://www.w3.org/2000/svg"/>"#,
        "\u{FEFF}<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "\n\n   <svg width=\"24\" height=\"24\"></svg>",
        // OpenEmu's exclamationmark.triangle.fill.svg, as SF Symbols exports it.
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--Generator: Apple Native CoreSVG 175.5-->\n<!DOCTYPE svg\nPUBLIC \"-//W3C//DTD SVG 1.1//EN\"\n"
            + "       \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\"></svg>",
        "<!DOCTYPE svg [ <!ENTITY ns \"http://www.w3.org/2000/svg\"> ]>\n<svg xmlns=\"&ns;\"/>",
        "<!-- " + String(repeating: "a long licence comment ", count: 100) + "-->\n<svg/>",
    ]

    @Test(arguments: svgs) func anSVGIsAnSVGHoweverItBegins(_ text: String) {
        #expect(ImageFormat(sniffing: Array(text.utf8)) == .svg)
    }

    @Test func xmlThatIsNoSVGIsNotAnImage() {
        #expect(ImageFormat(sniffing: Array(#"<?xml version="1.0"?><plist version="1.0"/>"#.utf8)) == .unknown)
        #expect(ImageFormat(sniffing: Array("<svgfont/>".utf8)) == .unknown)
    }

    /// VLC's playNextInQueue@2x.png is a Photoshop file; ICO files decode too.
    @Test func photoshopAndIconFilesAreImages() {
        #expect(ImageFormat(sniffing: Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0]) == .psd)
        #expect(ImageFormat(sniffing: [0, 0, 1, 0, 1, 0, 16, 16]) == .ico)
    }

    /// Another decodable format than the extension says is a warning, never `image.not-an-image`.
    @Test func aWrongExtensionStaysAWarning() {
        let psd = CatalogImageChecker.formatDiagnostics(path: "playNextInQueue@2x.png", declaredFormat: .png, actualFormat: .psd)
        #expect(psd.map(\.code) == ["image.format-mismatch"] && psd.allSatisfy { $0.severity == .warning })
    }

    /// A file named `.svg` whose root element comes after a prolog longer than the 4 KiB sniffed
    /// from other files (a licence comment of 10 KB) is still an SVG.
    @Test func anSVGWithALongPrologIsAnSVG() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Long.imageset", entries: [["idiom": "universal", "filename": "l.svg"]])
        let text =
            "<?xml version=\"1.0\"?>\n<!-- " + String(repeating: "a long licence comment ", count: 450) + "-->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"
        #expect(text.utf8.count > ImageFormat.sniffLength)
        try fixture.write(text, to: "Long.imageset/l.svg")
        let diagnostics = CatalogImageChecker().check(try fixture.read()).diagnostics
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// The whole catalog check: a CoreSVG file named `.svg` is no finding, and a PSD named `.png` is a warning.
    @Test func aCatalogWithThemHasNoErrors() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Warn.imageset", entries: [["idiom": "universal", "filename": "w.svg"]])
        try fixture.write(Self.svgs[3], to: "Warn.imageset/w.svg")
        try fixture.addSet("Next.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "n@2x.png"]])
        try fixture.write(Array("8BPS".utf8) + [0, 1] + Array(repeating: 0, count: 30), to: "Next.imageset/n@2x.png")
        let diagnostics = CatalogImageChecker().check(try fixture.read()).diagnostics
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        #expect(diagnostics.map(\.code) == ["image.format-mismatch"], "\(diagnostics)")
    }
}
