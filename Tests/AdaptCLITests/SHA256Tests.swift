import AdaptiveAssets
import Testing

/// The package's own SHA-256 (thumbnail cache keys, the report's CSP hashes) against the
/// FIPS 180-4 / NIST example vectors, and fed in pieces across block boundaries.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func knownVectors(input: String, expected: String) {
        #expect(SHA256.hex(Array(input.utf8)) == expected)
    }

    @Test func aMillionAs() {
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding boundaries (55, 56, 63, 64 bytes), fed whole and in pieces of
    /// every size from 1 to 70: the same digest.
    @Test func piecesGiveTheSameDigest() {
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 200] {
            let whole = SHA256.digest(bytes[..<length])
            for piece in 1...70 {
                var hasher = SHA256()
                var start = 0
                while start < length {
                    hasher.update(bytes[start..<min(start + piece, length)])
                    start += piece
                }
                #expect(hasher.finalize() == whole, "length \(length), pieces of \(piece)")
            }
        }
        // 56 bytes of "a" (padding spills into a second block), from the reference implementation.
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }
}
