import CatalogFixtures
import Foundation
import Testing

@testable import CompiledCatalog

/// The LZFSE encoder: every stream decodes to its input (through our decoder, and through
/// Apple's reference decoder in `referenceDecoderReadsEveryStream`), compresses what it should,
/// and depends on the input only.
@Suite struct LZFSEEncoderTests {
    @Test(arguments: EncoderInput.names)
    func roundTripsThroughOurDecoder(_ name: String) throws {
        let input = EncoderInput.bytes(name)
        let stream = LZFSEEncoder.encode(input)
        #expect(try LZFSE.decode(stream, limit: .exactly(input.count)) == input, "\(name)")
    }

    @Test func realBitmapsRoundTrip() throws {
        let bitmaps = try EncoderInput.realBitmaps()
        #expect(bitmaps.count > 100)
        for (name, pixels) in bitmaps {
            let stream = LZFSEEncoder.encode(pixels)
            #expect(try LZFSE.decode(stream, limit: .exactly(pixels.count)) == pixels, "\(name)")
        }
    }

    @Test func zerosCompressToATinyStream() throws {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let stream = LZFSEEncoder.encode(zeros)
        #expect(stream.count < 1024, "1 MiB of zeros took \(stream.count) bytes")
        #expect(Self.blockMagics(stream) == ["bvx2", "bvx$"])
    }

    @Test func realBitmapsCompress() throws {
        // The catalog pictures (not PngSuite's 32 x 32 test patterns, many of them noise).
        let bitmaps = try EncoderInput.realBitmaps().filter { !$0.name.hasPrefix("pngsuite/") }
        let raw = bitmaps.reduce(0) { $0 + $1.pixels.count }
        let compressed = bitmaps.reduce(0) { $0 + LZFSEEncoder.encode($1.pixels).count }
        #expect(compressed * 2 < raw, "catalog bitmaps: \(raw) bytes compressed to \(compressed)")
    }

    @Test func tinyAndIncompressibleInputsAreStored() throws {
        for input in [[], [7], Array("abcdefg".utf8), EncoderInput.bytes("random-64k")] {
            let stream = LZFSEEncoder.encode(input)
            #expect(Self.blockMagics(stream) == ["bvx-", "bvx$"], "\(input.count) bytes")
            #expect(stream.count == input.count + 12)
        }
        #expect(Self.blockMagics(LZFSEEncoder.encode(Array("abababab".utf8))) == ["bvx-", "bvx$"])
        #expect(Self.blockMagics(LZFSEEncoder.encode([UInt8](repeating: 1, count: 1000))) == ["bvx2", "bvx$"])
    }

    @Test func largeInputsSpanSeveralBlocks() throws {
        // Each block holds at most 10,000 triples and 40,000 literals.
        for name in ["short-repeats-300k", "random-with-repeats-300k", "pixels-gradient-1.4m"] {
            let stream = LZFSEEncoder.encode(EncoderInput.bytes(name))
            let magics = Self.blockMagics(stream)
            #expect(magics.count > 3 && magics.dropLast().allSatisfy { $0 == "bvx2" } && magics.last == "bvx$", "\(name): \(magics)")
        }
    }

    @Test func sameInputSameStream() throws {
        for name in ["text-300k", "pixels-sprites-256k", "random-with-repeats-300k"] {
            let input = EncoderInput.bytes(name)
            let first = LZFSEEncoder.encode(input)
            let copy = Array(input) // another buffer, another address
            let second = copy.withUnsafeBytes { LZFSEEncoder.encode($0) }
            #expect(first == second, "\(name)")
        }
    }

    @Test func normalizedFrequenciesFillTheTable() throws {
        // Many rare symbols beside a common one: rounding each up to 1 overshoots the table.
        let shapes: [[UInt32]] = [
            [1_000_000] + [UInt32](repeating: 1, count: 255),
            (0..<256).map { UInt32($0 * $0 % 97) },
            [3, 0, 0, 1],
            [0, 0, 5, 0],
        ]
        for counts in shapes {
            let states = counts.count == 256 ? 1024 : 64
            var frequencies = [UInt16](repeating: 0, count: counts.count)
            counts.withUnsafeBufferPointer { counts in
                frequencies.withUnsafeMutableBufferPointer { FSEEncoder.normalize(counts, states: states, into: $0) }
            }
            #expect(frequencies.reduce(0) { $0 + Int($1) } == states)
            #expect(zip(counts, frequencies).allSatisfy { ($0 == 0) == ($1 == 0) }, "\(counts.prefix(8))")
        }
    }

    @Test func valueSymbolsMatchTheDecodersBases() {
        for value in [0, 1, 15, 16, 19, 20, 27, 28, 59, 60, 315] {
            let (symbol, extra, bits) = LZFSEBlockEncoder.lSymbol(value)
            #expect(Int(LZFSE.lBases[symbol]) + Int(extra) == value && Int(LZFSE.lExtraBits[symbol]) == bits, "L \(value)")
        }
        for value in [0, 15, 16, 23, 24, 55, 56, 311, 312, 2359] {
            let (symbol, extra, bits) = LZFSEBlockEncoder.mSymbol(value)
            #expect(Int(LZFSE.mBases[symbol]) + Int(extra) == value && Int(LZFSE.mExtraBits[symbol]) == bits, "M \(value)")
        }
        for value in [0, 1, 3, 4, 7, 8, 11, 12, 100, 4096, 65_535, 262_139] {
            let (symbol, extra, bits) = LZFSEBlockEncoder.dSymbol(value)
            #expect(Int(LZFSE.dBases[symbol]) + Int(extra) == value && Int(LZFSE.dExtraBits[symbol]) == bits, "D \(value)")
            #expect(extra < 1 << bits)
        }
    }

    /// Apple's reference decoder (the `lzfse` package on PyPI, installed by
    /// Scripts/ensure-python-packages.sh, which Scripts/test runs) reads back every stream, and
    /// the streams take at most 10% more bytes than its encoder's.
    @Test func referenceDecoderReadsEveryStream() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lzfse-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var inputs = EncoderInput.names.map { ($0, EncoderInput.bytes($0)) }
        // The catalog pictures and every 7th PngSuite file, to keep the folder small.
        inputs += try EncoderInput.realBitmaps().enumerated()
            .filter { !$0.element.name.hasPrefix("pngsuite/") || $0.offset % 7 == 0 }
            .map { ($0.element.name, $0.element.pixels) }
        for (index, (_, input)) in inputs.enumerated() {
            try Data(input).write(to: folder.appendingPathComponent("\(index).raw"))
            try Data(LZFSEEncoder.encode(input)).write(to: folder.appendingPathComponent("\(index).lzfse"))
        }
        let python =
            ProcessInfo.processInfo.environment["ADAPTIVE_ASSETS_PYTHON"]
            ?? Corpus.repositoryRoot + "/.build/python-tools/bin/python3"
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "\(python) is missing: run Scripts/ensure-python-packages.sh (Scripts/test does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Corpus.repositoryRoot + "/Scripts/lzfse-oracle.py", folder.path, "--max-size-ratio", "1.10"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let names = inputs.enumerated().map { "\($0.offset) = \($0.element.0)" }.joined(separator: ", ")
        #expect(process.terminationStatus == 0, "\(report)\n(\(names))")
        #expect(report.contains("\(inputs.count) of \(inputs.count) streams decode to their input"), "\(report)")
    }

    /// The magic of each block, walking the stream by the block headers.
    static func blockMagics(_ stream: [UInt8]) -> [String] {
        var magics: [String] = []
        stream.withUnsafeBufferPointer { buffer in
            var position = 0
            while let magic = buffer.uint32LittleEndian(at: position) {
                magics.append(String(decoding: buffer[position..<(position + 4)], as: UTF8.self))
                switch magic {
                case LZFSE.endOfStream: return
                case LZFSE.stored: position += 8 + Int(buffer.uint32LittleEndian(at: position + 4) ?? 0)
                case LZFSE.version2:
                    guard let header = try? LZFSEBlockHeader.version2(buffer, at: position) else { return }
                    position += header.size + header.literalPayloadBytes + header.lmdPayloadBytes
                default: return
                }
            }
        }
        return magics
    }
}
