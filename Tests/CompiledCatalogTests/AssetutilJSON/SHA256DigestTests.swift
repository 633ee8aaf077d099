import AdaptiveAssets
import CDigest
import Testing

/// `adapt_sha256`, which prints assetutil's `SHA1Digest`: the SHA instructions' path and the
/// portable loop, each against FIPS 180-4's vectors and against the package's Swift `SHA256` at
/// every length across the padding's one- and two-block cases.
@Suite struct SHA256DigestTests {
    static func hex(_ bytes: [UInt8], portable: Bool) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBytes { input in
            if portable { adapt_sha256_portable(input.baseAddress, input.count, &digest) } else { adapt_sha256(input.baseAddress, input.count, &digest) }
        }
        return digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(arguments: [false, true])
    func theStandardsVectors(portable: Bool) {
        #expect(Self.hex([], portable: portable) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex(Array("abc".utf8), portable: portable) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), portable: portable)
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test(arguments: [false, true])
    func everyLengthAgreesWithTheSwiftHasher(portable: Bool) {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        for length in 0...bytes.count {
            let input = Array(bytes.prefix(length))
            #expect(Self.hex(input, portable: portable) == SHA256.hex(input), "length \(length)")
        }
    }
}
