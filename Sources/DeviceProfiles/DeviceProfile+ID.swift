/// Device ids name folders (`adapt thin` writes `OUTPUT/<device-id>/`), so they are names, never
/// paths: an id of `..` or `../../etc` from a `--devices` file would make thinning write over the
/// source catalog or outside OUTPUT.
///
/// ```swift
/// DeviceProfile.isValidID("iphone-6")   // true
/// DeviceProfile.isValidID("../etc")     // false
/// ```
extension DeviceProfile {
    /// Letters, digits, `.`, `_` and `-`, not starting with `.` (so never `.`, `..` or a hidden
    /// folder), at most 100 characters.
    public static func isValidID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 100, id.first != "." else { return false }
        return id.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// Why an id is refused, for messages.
    public static let idRule = "a device id is a name of letters, digits, '.', '_' and '-' that does not start with '.'"
}
