import CatalogFixtures
import Foundation
import PNGInspection
import Testing

/// Files made damaged on purpose, each caught with a stable code.
@Suite struct DamagedFileTests {
    let valid = PNGFixture.png(width: 40, height: 30)

    func codes(_ bytes: [UInt8], _ inspector: PNGInspector = PNGInspector()) -> Set<PNGProblem.Code> {
        Set(inspector.inspect(bytes: bytes).problems.filter { $0.severity == .error }.map(\.code))
    }

    @Test func aValidFixturePasses() {
        let report = PNGInspector().inspect(bytes: valid)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.decoded)
        #expect(report.header?.width == 40 && report.header?.height == 30)
    }

    @Test(arguments: [0, 4, 12, 20, 40, 200, 3000])
    func truncatedFilesAreRejected(length: Int) throws {
        let cut = Array(valid.prefix(min(length, valid.count - 13)))
        let found = codes(cut)
        #expect(found.contains(.truncated), "cut at \(length): \(found)")
    }

    @Test func truncationJustBeforeIENDIsFound() {
        #expect(codes(Array(valid.dropLast(12))) == [.truncated])
    }

    @Test func aFlippedBitInsideCompressedDataIsFoundOnlyByTheDecode() throws {
        // A real, compressed file; flip one bit in its image data and repair the chunk's CRC.
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Corpus.root + "/pngsuite/basn2c08.png")))
        let idat = try #require(PNGFixture.dataRange(of: "IDAT", in: bytes))
        bytes[idat.lowerBound + idat.count / 2] ^= 0x10
        PNGFixture.fixCRC(&bytes, chunkDataAt: idat)
        #expect(codes(bytes, PNGInspector(headerOnly: true)).isEmpty, "the walk alone cannot see it")
        let found = codes(bytes)
        #expect(!found.isEmpty && found.isSubset(of: [.decode, .imageData]), "\(found)")
    }

    @Test func aFlippedBitWithoutCRCRepairIsACRCError() throws {
        var bytes = valid
        let idat = try #require(PNGFixture.dataRange(of: "IDAT", in: bytes))
        bytes[idat.lowerBound + 10] ^= 0x01
        #expect(codes(bytes) == [.crc])
    }

    @Test func bytesAfterIENDAreAnError() {
        #expect(codes(PNGFixture.png(width: 4, height: 4, trailing: Array("trailing junk".utf8))) == [.afterIEND])
    }

    @Test func cgbiFilesAreNamedAsSuch() throws {
        let cgbi = PNGFixture.png(width: 4, height: 4, leadingChunks: [PNGFixture.chunk("CgBI", [0x50, 0x00, 0x20, 0x06])])
        let report = PNGInspector().inspect(bytes: cgbi)
        #expect(report.problems.map(\.code) == [.cgbi])
        #expect(report.problems.first?.message.contains("iPhone-optimized") == true)
        #expect(report.header?.isCgBI == true)
        #expect(!report.decoded)
    }

    @Test func aHugeIHDRIsReportedAndNotDecoded() {
        // 200,000 x 200,000 pixels claimed by a file of a few dozen bytes.
        var bomb = PNGFixture.signature + PNGFixture.ihdr(width: 200_000, height: 200_000)
        bomb += PNGFixture.chunk("IDAT", PNGFixture.zlibStored([0, 0, 0, 0])) + PNGFixture.chunk("IEND", [])
        let report = PNGInspector().inspect(bytes: bomb)
        #expect(report.problems.map(\.code) == [.tooLarge])
        #expect(!report.decoded)
        #expect(Set(PNGInspector(maxPixels: 10).inspect(bytes: valid).problems.map(\.code)) == [.tooLarge])
    }

    @Test func zeroByteAndForeignFilesAreRejected() {
        #expect(codes([]) == [.truncated])
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let report = PNGInspector().inspect(bytes: jpeg)
        #expect(report.problems.map(\.code) == [.notPNG])
        #expect(report.problems.first?.message.contains("JPEG") == true)
        #expect(report.format == .jpeg)
    }

    @Test func structuralRulesEachHaveTheirCode() {
        let ihdr = PNGFixture.ihdr(width: 4, height: 4)
        let idat = PNGFixture.chunk("IDAT", PNGFixture.zlibStored([UInt8](repeating: 0, count: 52)))
        let iend = PNGFixture.chunk("IEND", [])
        let sig = PNGFixture.signature
        #expect(codes(sig + ihdr + ihdr + idat + iend).contains(.ihdr), "duplicate IHDR")
        #expect(codes(sig + idat + ihdr + idat + iend).contains(.ihdr), "IHDR not first")
        #expect(codes(sig + ihdr + PNGFixture.chunk("ABCD", [1]) + idat + iend).contains(.unknownCritical))
        #expect(codes(sig + ihdr + idat + PNGFixture.chunk("tEXt", Array("a\0b".utf8)) + idat + iend).contains(.idat), "IDAT not consecutive")
        #expect(codes(sig + ihdr + iend) == [.idat], "no image data")
        let palette = PNGFixture.ihdr(width: 4, height: 4, colorType: 3)
        #expect(codes(sig + palette + idat + iend).contains(.plte), "palette image without PLTE")
        #expect(codes(sig + ihdr + PNGFixture.chunk("PLTE", [1, 2]) + idat + iend).contains(.plte), "PLTE not whole entries")
        #expect(codes(sig + PNGFixture.ihdr(width: 0, height: 4) + idat + iend).contains(.ihdr), "zero width")
        var lengthPastEnd = sig + ihdr
        lengthPastEnd += PNGFixture.be32(1_000_000) + Array("IDAT".utf8) + [1, 2, 3]
        #expect(codes(lengthPastEnd) == [.truncated])
    }

    /// A cICP chunk names the colour space by number (what `adapt extract` writes for a wide-colour
    /// image, beside cHRM and gAMA): read first, as the PNG specification ranks it.
    @Test func codingPointsNameTheColourSpace() {
        func kind(_ ancillary: [[UInt8]]) -> PNGHeader.ProfileKind? {
            PNGInspector().inspect(bytes: PNGFixture.png(width: 2, height: 2, ancillary: ancillary)).header?.profileKind
        }
        let p3 = PNGFixture.chunk("cICP", [12, 13, 0, 1])
        #expect(kind([p3]) == .displayP3)
        #expect(kind([PNGFixture.chunk("cICP", [1, 13, 0, 1])]) == .sRGB)
        #expect(kind([PNGFixture.chunk("sRGB", [0]), p3]) == .displayP3)
        #expect(kind([PNGFixture.chunk("cICP", [9, 16, 0, 1])]) == .other("cICP primaries 9, transfer 16"))
        let short = PNGInspector().inspect(bytes: PNGFixture.png(width: 2, height: 2, ancillary: [PNGFixture.chunk("cICP", [12, 13, 0])]))
        #expect(short.header?.profileKind == .unspecified)
        #expect(short.problems.map(\.code).contains(.ancillary))
    }

    @Test func colourInformationIsReported() {
        let p3 = PNGInspector().inspect(bytes: PNGFixture.png(width: 2, height: 2, ancillary: [PNGFixture.iccp(description: "Display P3")]))
        #expect(p3.header?.profileKind == .displayP3)
        #expect(p3.header?.iccProfileDescription == "Display P3")
        let srgb = PNGInspector().inspect(bytes: PNGFixture.png(width: 2, height: 2, ancillary: [PNGFixture.chunk("sRGB", [0])]))
        #expect(srgb.header?.profileKind == .sRGB)
        let both = PNGInspector().inspect(
            bytes: PNGFixture.png(
                width: 2, height: 2,
                ancillary: [
                    PNGFixture.chunk("sRGB", [0]), PNGFixture.iccp(description: "sRGB IEC61966-2.1"),
                ]))
        #expect(both.problems.map(\.code).contains(.profileConflict))
        #expect(!both.hasErrors, "a conflict is a warning")
        let dpi144 = PNGFixture.chunk("pHYs", PNGFixture.be32(5669) + PNGFixture.be32(5669) + [1])
        #expect(PNGInspector().inspect(bytes: PNGFixture.png(width: 2, height: 2, ancillary: [dpi144])).problems.map(\.code) == [.phys])
        let dpi72 = PNGFixture.chunk("pHYs", PNGFixture.be32(2835) + PNGFixture.be32(2835) + [1])
        #expect(PNGInspector().inspect(bytes: PNGFixture.png(width: 2, height: 2, ancillary: [dpi72])).problems.isEmpty)
        #expect(PNGInspector().inspect(bytes: PNGFixture.png(width: 2, height: 2, alpha: true)).header?.hasAlpha == true)
    }
}
