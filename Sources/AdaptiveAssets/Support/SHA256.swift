import CDigest

/// SHA-256 (FIPS 180-4), for the places where a hash must resist a chosen input: the keys of the
/// thumbnail cache (a cache another user could fill must not be able to make an image's key
/// collide), `adapt diff`'s file identity, the suffix of a disambiguated accessor
/// (`logo__3fa2c1`, which a pull request must not be able to aim at another asset's), and the
/// report's Content-Security-Policy, which allows its own script and stylesheet by hash instead
/// of any inline code. The package has no crypto dependency, and swift-crypto
/// would add BoringSSL to every build for one function; the blocks are compressed by `CDigest`,
/// the package's one SHA-256, and both are tested against the standard's vectors (`SHA256Tests`,
/// `SHA256DigestTests`).
///
/// ```swift
/// SHA256.hex(Array("abc".utf8))        // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// var hasher = SHA256()
/// hasher.update(Array("a".utf8)); hasher.update(Array("bc".utf8))
/// hasher.finalize()                     // the same 32 bytes
/// ```
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    /// Bytes not yet compressed (fewer than 64).
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() { pending.reserveCapacity(64) }

    package mutating func update(_ bytes: some Collection<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    package mutating func update(_ raw: UnsafeRawBufferPointer) {
        length &+= UInt64(raw.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, raw.count)
            pending += raw[0..<take]
            offset = take
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        // Whole blocks straight from the input, without copying them into `pending`.
        let whole = (raw.count - offset) / 64 * 64
        if whole > 0 {
            compress(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + whole]))
            offset += whole
        }
        pending += raw[offset...]
    }

    /// The 32-byte digest. The hasher is consumed: its padding is added to a copy.
    package func finalize() -> [UInt8] {
        var copy = self
        let bits = length &* 8
        var padding: [UInt8] = [0x80]
        padding += repeatElement(0, count: (pending.count + 1 <= 56 ? 56 : 120) - (pending.count + 1))
        padding += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        copy.update(padding)
        let words = [copy.state.0, copy.state.1, copy.state.2, copy.state.3, copy.state.4, copy.state.5, copy.state.6, copy.state.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    package static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest in lowercase hexadecimal (64 characters).
    package static func hex(_ bytes: some Collection<UInt8>) -> String { hex(digest: digest(bytes)) }

    package static func hex(digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Whole 64-byte blocks into the state, through the C loop that `adapt inspect`'s assetutil digest
    /// uses too (on the SHA extensions where the processor has them): one SHA-256 in the package.
    private mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        precondition(blocks.count % 64 == 0, "whole blocks only: the rest waits in `pending`")
        withUnsafeMutableBytes(of: &state) { words in
            adapt_sha256_blocks(words.baseAddress!.assumingMemoryBound(to: UInt32.self), blocks.baseAddress, blocks.count / 64)
        }
    }
}
