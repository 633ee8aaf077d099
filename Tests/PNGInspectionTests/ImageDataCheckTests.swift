import CatalogFixtures
import Foundation
import PNGInspection
import Testing

/// The default full check (libpng for the chunks, inflate and row layout for the image data)
/// finds exactly what a libpng decode of every row finds, on valid and on damaged files.
@Suite struct ImageDataCheckTests {
    let fast = PNGInspector()
    var rows: PNGInspector {
        var inspector = PNGInspector()
        inspector.decodesEveryRow = true
        return inspector
    }

    /// Error codes, and whether anything at all was found.
    func outcome(_ inspector: PNGInspector, _ bytes: [UInt8]) -> Set<PNGProblem.Code> {
        Set(inspector.inspect(bytes: bytes).problems.filter { $0.severity == .error }.map(\.code))
    }

    func findsImageDataProblem(_ inspector: PNGInspector, _ bytes: [UInt8]) -> Bool {
        inspector.inspect(bytes: bytes).problems.contains { [.decode, .imageData, .libpngWarning].contains($0.code) }
    }

    static func realFiles() throws -> [String] {
        var paths: [String] = []
        for folder in [try Corpus.root + "/catalogs", try Corpus.root + "/pngsuite"] {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".png") { paths.append(folder + "/" + relative) }
            }
        }
        return paths.sorted()
    }

    @Test func agreesWithTheRowDecodeOnEveryCorpusFile() throws {
        let files = try Self.realFiles()
        #expect(files.count > 1000)
        let fastReports = fast.inspect(files: files)
        let rowReports = rows.inspect(files: files)
        for (fastReport, rowReport) in zip(fastReports, rowReports) {
            #expect(fastReport.problems == rowReport.problems, "\(fastReport.path!)")
            #expect(fastReport.decoded == rowReport.decoded, "\(fastReport.path!)")
        }
    }

    /// Damage inside the image data (CRCs fixed, so only decoding sees it): flipped bits, cut
    /// streams, a filter type out of range, extra rows, data after the stream.
    @Test func agreesWithTheRowDecodeOnDamagedImageData() throws {
        let sources = try Self.realFiles().filter { !$0.contains("/pngsuite/x") }.enumerated().filter { $0.offset % 23 == 0 }.map(\.element)
        var generator = SplitMix64(seed: 12)
        var compared = 0
        for path in sources {
            let original = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            guard let idat = PNGFixture.dataRange(of: "IDAT", in: original), idat.count > 8 else { continue }
            for _ in 0..<6 {
                var bytes = original
                let position = idat.lowerBound + Int(generator.next() % UInt64(idat.count))
                bytes[position] ^= UInt8(1 << (generator.next() % 8))
                PNGFixture.fixCRC(&bytes, chunkDataAt: idat)
                // Whether the damage is seen, not its severity: libpng calls a bad Adler-32 an
                // error or a warning depending on where its 8 KB reads fall; ours always errs.
                let expected = findsImageDataProblem(rows, bytes)
                #expect(
                    findsImageDataProblem(fast, bytes) == expected,
                    "\(path) bit flip at \(position) of \(idat): \(fast.inspect(bytes: bytes).problems) vs rows \(rows.inspect(bytes: bytes).problems)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    @Test func filterTypeOutOfRangeIsFound() {
        // Two rows of a 2x2 grey image; the second row's filter type is 5.
        let raw: [UInt8] = [0, 1, 2, 5, 3, 4]
        let bytes =
            PNGFixture.signature + PNGFixture.ihdr(width: 2, height: 2, colorType: 0)
            + PNGFixture.chunk("IDAT", PNGFixture.zlibStored(raw)) + PNGFixture.chunk("IEND", [])
        #expect(outcome(fast, bytes) == [.decode])
        #expect(outcome(rows, bytes) == [.decode])
    }

    @Test func tooLittleAndTooMuchImageDataAreFound() {
        func image(_ raw: [UInt8], interlaced: Bool = false) -> [UInt8] {
            PNGFixture.signature + PNGFixture.ihdr(width: 2, height: 2, colorType: 0, interlace: interlaced ? 1 : 0)
                + PNGFixture.chunk("IDAT", PNGFixture.zlibStored(raw)) + PNGFixture.chunk("IEND", [])
        }
        let short = image([0, 1, 2, 0, 3])
        let long = image([0, 1, 2, 0, 3, 4, 0, 9, 9])
        // Interlaced 2x2: passes 1 (1 px), 6 (1 px) and 7 (one row of 2): 2 + 2 + 3 bytes.
        let interlaced = image([0, 1, 0, 2, 0, 3, 4], interlaced: true)
        for bytes in [short, long] {
            #expect(!outcome(fast, bytes).isEmpty)
            #expect(outcome(fast, bytes) == outcome(rows, bytes))
        }
        #expect(outcome(fast, interlaced).isEmpty && outcome(rows, interlaced).isEmpty)
        #expect(outcome(fast, image([0, 1, 0, 2, 0, 3], interlaced: true)) == outcome(rows, image([0, 1, 0, 2, 0, 3], interlaced: true)))
    }

    @Test func imageDataSplitOverManyChunksWithEmptyOnesIsFine() {
        let stream = PNGFixture.zlibStored([0, 1, 2, 0, 3, 4])
        let pieces = stride(from: 0, to: stream.count, by: 3).map { Array(stream[$0..<min($0 + 3, stream.count)]) }
        let idats = pieces.flatMap { PNGFixture.chunk("IDAT", $0) + PNGFixture.chunk("IDAT", []) }
        let bytes = PNGFixture.signature + PNGFixture.ihdr(width: 2, height: 2, colorType: 0) + idats + PNGFixture.chunk("IEND", [])
        #expect(fast.inspect(bytes: bytes).problems.isEmpty, "\(fast.inspect(bytes: bytes).problems)")
        #expect(fast.inspect(bytes: bytes).decoded)
    }
}
