import Testing

@testable import CompiledCatalog

/// LZFSE and LZVN against streams written by Apple's reference encoder (`Fixtures/lzfse`):
/// stored, LZVN, v1 and v2 blocks, from empty to more than a megabyte.
@Suite struct LZFSETests {
    @Test(arguments: try VectorInput.manifest())
    func decodesReferenceVector(_ entry: VectorInput.Entry) throws {
        let compressed = try VectorInput.compressed(entry.file)
        let expected = VectorInput.original(entry)
        let decoded =
            entry.file.hasSuffix(".lzvn")
            ? try LZVN.decode(compressed, limit: .exactly(entry.size))
            : try LZFSE.decode(compressed, limit: .exactly(entry.size))
        #expect(decoded.count == entry.size)
        #expect(decoded == expected, "\(entry.file) decodes to other bytes than its input")
    }

    @Test func vectorsCoverEveryBlockKind() throws {
        let kinds = Set(try VectorInput.manifest().flatMap(\.blocks))
        #expect(kinds.isSuperset(of: ["bvx-", "bvxn", "bvx1", "bvx2", "bvx$", "lzvn"]))
    }

    @Test func withoutAnExpectedSizeTheCapStillHolds() throws {
        let entry = try #require(try VectorInput.manifest().first { $0.file == "repetitive-300k.lzfse" })
        let compressed = try VectorInput.compressed(entry.file)
        #expect(try LZFSE.decode(compressed, limit: .atMost(1 << 20)).count == entry.size)
        #expect {
            try LZFSE.decode(compressed, limit: .atMost(entry.size - 1))
        } throws: { ($0 as? DecompressionError)?.kind == .tooLarge }
    }

    @Test func anExpectedSizeMustBeMet() throws {
        let entry = try #require(try VectorInput.manifest().first { $0.file == "text-3k.lzvn" })
        let compressed = try VectorInput.compressed(entry.file)
        #expect {
            try LZVN.decode(compressed, limit: .exactly(entry.size + 1))
        } throws: { ($0 as? DecompressionError)?.kind == .sizeMismatch }
        #expect {
            try LZVN.decode(compressed, limit: .exactly(entry.size - 1))
        } throws: { ($0 as? DecompressionError)?.kind == .tooLarge }
    }

    @Test func concatenatedStreamsAppend() throws {
        let one = try VectorInput.compressed("one-byte.lzfse")
        let three = try VectorInput.compressed("text-3k.lzfse")
        let decoded = try LZFSE.decode(one + three, limit: .exactly(3001))
        #expect(decoded.first == VectorInput.original(try #require(try VectorInput.manifest().first { $0.file == "one-byte.lzfse" })).first)
        #expect(decoded.count == 3001)
    }

    @Test func errorsNameTheOffset() throws {
        // A stored block claiming 100 bytes with 3 present: truncated, located at the block.
        let stream: [UInt8] = Array("bvx-".utf8) + [100, 0, 0, 0] + [1, 2, 3]
        #expect {
            try LZFSE.decode(stream, limit: .atMost(1000))
        } throws: { error in
            let error = error as? DecompressionError
            return error?.kind == .truncated && error?.offset == 8 && error?.codec == "lzfse"
        }
        let unknown: [UInt8] = Array("bvxZ".utf8) + [0, 0, 0, 0]
        #expect {
            try LZFSE.decode(unknown, limit: .atMost(1000))
        } throws: { ($0 as? DecompressionError)?.description.contains("not an LZFSE block") == true }
    }

    @Test func lzvnRejectsAMatchBeforeTheStart() {
        // Small-distance opcode: no literal, match 3 at distance 1, with nothing written yet.
        let stream: [UInt8] = [0x00, 0x01, 0x06, 0, 0, 0, 0, 0, 0, 0]
        #expect {
            try LZVN.decode(stream, limit: .atMost(100))
        } throws: { ($0 as? DecompressionError)?.kind == .corrupt }
    }

    @Test func lzvnHandWrittenStream() throws {
        // Literal "ab" (0xE2), then a previous-distance-free small-distance match: L=0 M=4 D=2
        // (0b00_001_000, 0x02), then end of stream.
        let stream: [UInt8] = [0xE2, UInt8(ascii: "a"), UInt8(ascii: "b"), 0b0000_1000, 0x02, 0x06, 0, 0, 0, 0, 0, 0, 0]
        #expect(try LZVN.decode(stream, limit: .exactly(6)) == Array("ababab".utf8))
    }
}
