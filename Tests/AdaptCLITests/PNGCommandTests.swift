import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

@Suite struct PNGCommandTests {
    @Test func oneLinePerFileInArgumentOrderAndExitOneOnErrors() throws {
        let suite = try Corpus.root + "/pngsuite/"
        let files = ["basn6a08.png", "xcsn0g01.png", "basi0g01.png", "xs1n0g01.png"].map { suite + $0 }
        let run = try Adapt.run(["png"] + files)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(zip(lines, files).allSatisfy { $0.hasPrefix($1 + ": ") })
        #expect(lines[0].hasSuffix("32x32, 8-bit RGBA, non-interlaced, alpha, no profile, gamma 1.0: OK"))
        #expect(lines[1].hasSuffix("1 error"))
        #expect(run.stderr.contains("xcsn0g01.png:1:1: error: CRC error in chunk IDAT"))
        #expect(run.stderr.contains("[png.signature]"))
        #expect(try Adapt.run(["png", suite + "basn0g08.png"]).status == 0)
    }

    @Test func jsonCarriesCodesAndHeaderOnlySkipsTheDecode() throws {
        let suite = try Corpus.root + "/pngsuite/"
        let run = try Adapt.run(["png", "--format", "json", "--header-only", suite + "basi6a16.png", suite + "xhdn0g08.png"])
        #expect(run.status == 1)
        let files = try #require(JSONParser.parse(Array(run.stdout.utf8))["files"]?.array)
        #expect(files[0]["width"] == 32 && files[0]["interlaced"] == true && files[0]["decoded"] == false)
        #expect(files[1]["problems"]?.array?.first?["code"] == "png.crc")
        let full = try Adapt.run(["png", "--format", "json", suite + "basi6a16.png"])
        #expect(try JSONParser.parse(Array(full.stdout.utf8))["files"]?.array?.first?["decoded"] == true)
    }

    @Test func maxPixelsRefusesToDecodeLargeImages() throws {
        let run = try Adapt.run(["png", "--max-pixels", "100", try Corpus.root + "/pngsuite/basn0g08.png"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[png.too-large]"))
    }

    @Test func aCatalogArgumentRunsTheCatalogChecks() throws {
        let good = try Adapt.run(["png", "Assets/Showcase.xcassets"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "Assets/Showcase.xcassets: 72 PNG images checked: 0 errors, 0 warnings\n")
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "a.png"], ["idiom": "universal", "scale": "2x", "filename": "a@2x.png"],
            ])
        try fixture.write(PNGFixture.png(width: 8, height: 8), to: "A.imageset/a.png")
        // 12 pixels at 2x is 6 pt against 8: beyond rounding, a warning (the app still runs).
        try fixture.write(PNGFixture.png(width: 12, height: 16), to: "A.imageset/a@2x.png")
        let bad = try Adapt.run(["png", fixture.path])
        #expect(bad.status == 0)
        #expect(bad.stderr.contains("A.imageset/Contents.json:8:5: warning: a@2x.png (2x) is 12x16 pixels (6x8 pt)"), "\(bad.stderr)")
        #expect(bad.stderr.contains("[image.scale-size]"))
    }

    @Test func nonPNGFilesAreRejected() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID().uuidString).png").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Adapt.run(["png", path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("this is a JPEG file, not a PNG [png.not-png]"))
    }
}
