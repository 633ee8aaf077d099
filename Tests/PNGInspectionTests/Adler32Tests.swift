import CatalogFixtures
import Foundation
import PNGInspection
import Testing

/// A failed Adler-32 check of the image data is a `png.image-data` error wherever the bad checksum
/// falls: libpng reads the end of the stream either inside the last row (an error) or after it
/// (a benign error, which is only a warning on read), depending on chunk boundaries and its reads,
/// and the full check must not care which.
@Suite struct Adler32Tests {
    /// Images for both ways the full check inflates: our inflate and row-layout check, and a libpng
    /// row decode (what a palette smaller than its bit depth can index takes), each stored and compressed.
    enum Source: String, CaseIterable, Sendable, CustomStringConvertible {
        /// 8-bit RGB in stored deflate blocks: the fast check.
        case storedRGB
        /// 8-bit palette of 3 entries in stored blocks: the libpng row decode.
        case storedPalette
        /// PngSuite's compressed 8-bit RGB: the fast check.
        case basn2c08
        /// PngSuite's compressed 4-bit palette of 15 entries: the libpng row decode.
        case basn3p04

        var description: String { rawValue }

        func bytes() throws -> [UInt8] {
            switch self {
            case .storedRGB: return PNGFixture.png(width: 40, height: 30)
            case .storedPalette:
                let palette = PNGFixture.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])
                return PNGFixture.png(width: 20, height: 10, colorType: 3, ancillary: [palette]) { x, y in [UInt8((x + y) % 3)] }
            case .basn2c08, .basn3p04:
                return try Array(Data(contentsOf: URL(fileURLWithPath: Corpus.root + "/pngsuite/\(rawValue).png")))
            }
        }

        /// A bit of the stream that can flip while the stream still inflates to the same number of
        /// rows with valid filter types: any stored byte; in the compressed files, the first flip
        /// found to keep the stream decodable (a search with Python's zlib, trying every bit).
        var dataFlip: (offset: Int, mask: UInt8) {
            switch self {
            case .storedRGB, .storedPalette: return (8, 0x01)
            case .basn2c08: return (27, 0x04)
            case .basn3p04: return (3, 0x01)
            }
        }
    }

    static var rowDecode: PNGInspector {
        var inspector = PNGInspector()
        inspector.decodesEveryRow = true
        return inspector
    }

    @Test(arguments: Source.allCases, PNGFixture.Adler32Damage.allCases)
    func aFailedAdler32IsAnImageDataError(_ source: Source, _ damage: PNGFixture.Adler32Damage) throws {
        let original = try source.bytes()
        #expect(PNGInspector().inspect(bytes: original).problems.isEmpty, "the source is valid")
        let bytes = PNGFixture.withBadAdler32(original, damage, dataFlip: source.dataFlip)
        for (name, inspector) in [("full check", PNGInspector()), ("row decode", Self.rowDecode)] {
            let report = inspector.inspect(bytes: bytes)
            #expect(report.problems.map(\.code) == [.imageData], "\(name): \(report.problems)")
            #expect(report.problems.allSatisfy { $0.severity == .error }, "\(name): \(report.problems)")
            // zlib names a broken deflate stream in its own words before reaching the checksum, so
            // this message also shows the flip kept the stream decodable.
            #expect(
                report.problems.first?.message.contains("incorrect data check (the image data's Adler-32") == true,
                "\(name): \(report.problems)")
            #expect(!report.decoded)
        }
    }

    /// The walk (thin's default, `--images walk`) checks chunks and CRCs and never inflates, and
    /// `--header-only` stops before the image data: neither can see a bad checksum inside intact
    /// chunks, as docs/Commands.md says.
    @Test(arguments: PNGFixture.Adler32Damage.allCases)
    func theWalkCannotSeeIt(_ damage: PNGFixture.Adler32Damage) {
        let bytes = PNGFixture.withBadAdler32(PNGFixture.png(width: 40, height: 30), damage)
        var walk = PNGInspector()
        walk.decodes = false
        #expect(walk.inspect(bytes: bytes).problems.isEmpty)
        #expect(PNGInspector(headerOnly: true).inspect(bytes: bytes).problems.isEmpty)
    }

    /// The fixture keeps every CRC right and only the stream changes, so the damage is all the
    /// checksum's: re-cut without the flip, the same image is valid.
    @Test(arguments: PNGFixture.Adler32Damage.allCases)
    func theFixtureOnlyBreaksTheChecksum(_ damage: PNGFixture.Adler32Damage) throws {
        let original = try Source.basn2c08.bytes()
        let damaged = PNGFixture.withBadAdler32(original, damage, dataFlip: Source.basn2c08.dataFlip)
        let stream = PNGFixture.imageData(of: damaged)
        #expect(stream.count == PNGFixture.imageData(of: original).count)
        #expect(zip(stream, PNGFixture.imageData(of: original)).filter { $0 != $1 }.count == 1, "one byte differs")
        let idats = PNGFixture.chunks(of: damaged).filter { $0.type == "IDAT" }.count
        #expect(idats == [.checksum: 1, .data: 1, .checksumInItsOwnIDAT: 2, .checksumAcrossTwoIDATs: 2][damage] ?? (stream.count + 6) / 7)
        let repaired = PNGFixture.replacingImageData(of: damaged, with: PNGFixture.imageData(of: original), cutAt: [7, 20])
        #expect(PNGInspector().inspect(bytes: repaired).problems.isEmpty)
    }
}
