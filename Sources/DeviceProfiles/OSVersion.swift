/// An OS version such as `15.0` or `18.7.1`: a device's newest OS, or a deployment target.
///
/// ```swift
/// OSVersion("15.0")! < OSVersion("15.8")!      // true
/// OSVersion("26")!.description                 // "26.0"
/// OSVersion("fifteen")                         // nil
/// ```
public struct OSVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The major version (17 in 17.2.1).
    public var major: Int
    /// The minor version (2 in 17.2.1).
    public var minor: Int
    /// The patch version (1 in 17.2.1).
    public var patch: Int

    /// A version from its numbers.
    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses one to three dot-separated numbers of at most four digits each.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.map { Int($0)! }
        self.init(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0)
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}
