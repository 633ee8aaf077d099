import AssetCatalog
import CatalogFixtures
import Foundation
import PNGInspection
import Testing

/// PngSuite: every `x*` file is corrupt on purpose and must be rejected with the right code;
/// every other file is valid and must pass with no error.
@Suite struct PngSuiteTests {
    static let expectedCodes: [String: PNGProblem.Code] = [
        "xc1n0g08.png": .ihdr, "xc9n2c08.png": .ihdr, // invalid colour types
        "xcrn0g04.png": .signature, "xlfn0g04.png": .signature, // text-mode line-ending damage
        "xs1n0g01.png": .signature, "xs2n0g01.png": .signature, "xs4n0g01.png": .signature, "xs7n0g01.png": .signature,
        "xcsn0g01.png": .crc, "xhdn0g08.png": .crc,
        "xd0n2c08.png": .ihdr, "xd3n2c08.png": .ihdr, "xd9n2c08.png": .ihdr, // invalid bit depths
        "xdtn0g01.png": .idat, // no image data
    ]

    static func suiteFiles() throws -> [String] {
        let folder = try Corpus.root + "/pngsuite"
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
            .map { folder + "/" + $0 }
    }

    @Test func everyCorruptFileIsRejectedWithItsCode() throws {
        let corrupt = try Self.suiteFiles().filter { $0.lastPathComponent.hasPrefix("x") }
        #expect(Set(corrupt.map(\.lastPathComponent)) == Set(Self.expectedCodes.keys), "the suite's x files changed")
        for headerOnly in [false, true] {
            for report in PNGInspector(headerOnly: headerOnly).inspect(files: corrupt) {
                let name = report.path!.lastPathComponent
                // Header-only stops at the first IDAT by design, so a CRC error inside IDAT is not its to find.
                if headerOnly && name == "xcsn0g01.png" {
                    #expect(!report.hasErrors)
                    continue
                }
                #expect(report.hasErrors, "\(name) passed")
                let expected = try #require(Self.expectedCodes[name])
                #expect(
                    report.problems.filter { $0.severity == .error }.map(\.code).contains(expected),
                    "\(name): \(report.problems)")
            }
        }
    }

    @Test func everyValidFileDecodesWithoutError() throws {
        let valid = try Self.suiteFiles().filter { !$0.lastPathComponent.hasPrefix("x") }
        #expect(valid.count > 150)
        for report in PNGInspector().inspect(files: valid) {
            #expect(!report.hasErrors, "\(report.path!): \(report.problems)")
            #expect(report.decoded, "\(report.path!)")
            // Warnings only where the file really has the issue: odd pHYs here.
            for warning in report.problems {
                #expect(warning.code == .phys, "\(report.path!): \(warning)")
                #expect(report.path!.lastPathComponent.hasPrefix("cd"))
            }
        }
    }

    @Test func headerFactsAreRead() throws {
        let folder = try Corpus.root + "/pngsuite/"
        let reports = PNGInspector().inspect(files: ["basi6a16.png", "basn3p04.png", "tbbn2c16.png", "g04n0g16.png"].map { folder + $0 })
        let rgba = try #require(reports[0].header)
        #expect(rgba.width == 32 && rgba.height == 32 && rgba.bitDepth == 16 && rgba.colorType == .rgba)
        #expect(rgba.interlaced && rgba.hasAlpha)
        let palette = try #require(reports[1].header)
        #expect(palette.colorType == .palette && palette.bitDepth == 4 && !palette.hasAlpha && !palette.interlaced)
        #expect(reports[2].header?.hasAlpha == true, "tRNS gives alpha")
        #expect(reports[3].header?.gamma == 45000, "g04: file gamma 0.45")
    }

    @Test func parallelResultsKeepTheArgumentOrder() throws {
        let files = try Self.suiteFiles()
        let parallel = PNGInspector().inspect(files: files, concurrency: 4)
        let serial = PNGInspector().inspect(files: files, concurrency: 1)
        #expect(parallel.map(\.path) == files)
        #expect(parallel == serial)
    }
}
