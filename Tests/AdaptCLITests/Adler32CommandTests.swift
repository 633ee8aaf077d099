import CatalogFixtures
import Foundation
import Testing

/// A failed Adler-32 check of the image data fails every command that inflates it, as
/// `png.image-data`: `adapt png`, `adapt validate` and `adapt thin --full-png-check`. The walk
/// (thin's default check, `--images walk`) does not inflate, and lets it through, as documented.
@Suite struct Adler32CommandTests {
    /// One damaged copy of an RGB image (our inflate check) and of a palette image whose palette is
    /// smaller than its bit depth can index (libpng's row decode) for each placement of the damage.
    static func damagedFiles(in folder: String) throws -> [String] {
        let rgb = PNGFixture.png(width: 40, height: 30)
        let palette = PNGFixture.png(width: 20, height: 10, colorType: 3, ancillary: [PNGFixture.chunk("PLTE", [9, 9, 9, 200, 200, 200])]) { x, _ in
            [UInt8(x % 2)]
        }
        var paths: [String] = []
        for damage in PNGFixture.Adler32Damage.allCases {
            for (name, image) in [("rgb", rgb), ("palette", palette)] {
                let path = folder + "/\(name)-\(damage).png"
                try Data(PNGFixture.withBadAdler32(image, damage)).write(to: URL(fileURLWithPath: path))
                paths.append(path)
            }
        }
        return paths
    }

    @Test func pngExitsOneWithAnImageDataErrorForEachFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adler-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try Self.damagedFiles(in: folder)
        let run = try Adapt.run(["png"] + files)
        #expect(run.status == 1)
        for file in files {
            #expect(run.stderr.contains("\(file):1:1: error: decoding failed: IDAT: incorrect data check"), "\(file): \(run.stderr)")
        }
        let codes = run.stderr.matches(of: /\[(png\.[a-z-]+)\]/).map { String($0.1) }
        #expect(codes == Array(repeating: "png.image-data", count: files.count), "\(run.stderr)")
        // --header-only stops before the image data: it cannot see the checksum.
        #expect(try Adapt.run(["png", "--header-only"] + files).status == 0)
    }

    @Test func validateFindsItAndTheWalkCannot() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("A.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "a@2x.png"]])
        try fixture.write(PNGFixture.withBadAdler32(PNGFixture.png(width: 8, height: 8), .checksumInItsOwnIDAT), to: "A.imageset/a@2x.png")
        let full = try Adapt.run(["validate", fixture.path])
        #expect(full.status == 1)
        #expect(
            full.stderr.contains("a@2x.png:1:1: error: decoding failed: IDAT: incorrect data check") && full.stderr.contains("[png.image-data]"),
            "\(full.stderr)")
        let walk = try Adapt.run(["validate", fixture.path, "--images", "walk"])
        #expect(walk.status == 0, "\(walk.stderr)")
        #expect(!walk.stderr.contains("png."))
    }

    @Test func thinFindsItOnlyWithTheFullCheck() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("A.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "a.png"]])
        try fixture.write(PNGFixture.withBadAdler32(PNGFixture.png(width: 4, height: 4), .checksumAcrossTwoIDATs), to: "A.imageset/a.png")
        let refused = try Adapt.run(["thin", fixture.path, "--device", "iPhone7,2", "-o", fixture.root + "/full", "--full-png-check"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("a.png:1:1: error: decoding failed: IDAT: incorrect data check") && refused.stderr.contains("[png.image-data]"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/full"))
        // Thin's default check walks chunks and CRCs: it never inflates, so the file is kept as it is.
        let walked = try Adapt.run(["thin", fixture.path, "--device", "iPhone7,2", "-o", fixture.root + "/walk"])
        #expect(walked.status == 0, "\(walked.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.root + "/walk/iphone-6/Test.xcassets/A.imageset/a.png"))
    }
}
