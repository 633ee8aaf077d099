/// The numbers Contents.json writes inside strings (`2x`, `3GB`, `44mm`, `83.5x83.5`), read only
/// in the spellings Xcode writes.
///
/// Why not `Int(_:)` and `Double(_:)`: they take far more than Xcode writes (`+1`, `0001`, `1e19`,
/// `nan`, `inf`, `-5`), and each of those reached the checks as a plausible number: `+1x` competed
/// as 1x, and a `1e19x1e19` icon crashed the tool turning its size into pixels. A value outside
/// these spellings is unknown (`contents.unknown-value`), never approximated.
///
/// ```swift
/// ContentsNumber.wholeNumber("300")        // 300
/// ContentsNumber.wholeNumber("+300")       // nil: no sign
/// ContentsNumber.pointSize("83.5x83.5")    // (83.5, 83.5)
/// ContentsNumber.pointSize("1e19x1e19")    // nil: digits and a fraction only
/// ```
package enum ContentsNumber {
    /// The largest side, in points, a `size` may declare. The largest Xcode writes is 2320 (a tvOS
    /// top shelf image); the bound keeps every pixel count derived from a size small and exact.
    package static let largestPointSize = 10_000.0

    /// A whole number as Xcode writes one: ASCII digits, without sign or leading zero (`0` itself
    /// is fine). Nil for anything else, and for numbers too large for `Int`.
    package static func wholeNumber<Text: StringProtocol>(_ text: Text) -> Int? {
        guard isCanonicalDigits(text.utf8) else { return nil }
        return Int(text)
    }

    /// An icon or brand-asset `size` such as `20x20` or `83.5x83.5`: two positive numbers of at most
    /// `largestPointSize` points, each written as digits with an optional fraction.
    package static func pointSize(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = points(parts[0]), let height = points(parts[1]) else { return nil }
        return (width, height)
    }

    /// `83.5`, `20`: canonical digits, then optionally a point and at least one digit.
    private static func points(_ text: Substring) -> Double? {
        let halves = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard isCanonicalDigits(halves[0].utf8), halves.count == 1 || isDigits(halves[1].utf8),
            let value = Double(text), value > 0, value <= largestPointSize
        else { return nil }
        return value
    }

    private static func isDigits<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Digits without a leading zero, unless the number is `0`.
    private static func isCanonicalDigits<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        isDigits(bytes) && (bytes.count == 1 || bytes.first != UInt8(ascii: "0"))
    }
}
