/// A small seeded generator (SplitMix64), so random tests and benchmark inputs draw the same
/// values on every run and a failure names a reproducible case.
///
/// ```swift
/// var random = SplitMix64(seed: 0x5EED)
/// random.below(6)          // a value in 0..<6
/// random.bytes(16)         // 16 bytes
/// Bool.random(using: &random)
/// ```
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`.
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    package mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }
}
