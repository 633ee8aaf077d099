/// Device ids name folders (`adapt thin` writes `OUTPUT/<device-id>/`), so they are names, never
/// paths: an id of `..` or `../../etc` from a `--devices` file would make thinning write over the
/// source catalog or outside OUTPUT.
///
/// ```swift
/// DeviceProfile.isValidID("iphone-6")   // true
/// DeviceProfile.isValidID("../etc")     // false
/// DeviceProfile.isValidID("summary.json")   // false: thin's own OUTPUT/summary.json
/// ```
extension DeviceProfile {
    /// Letters, digits, `.`, `_` and `-`, not starting with `.` (so never `.`, `..` or a hidden
    /// folder), at most 100 characters, and not the name of a file thin writes beside the device
    /// folders (`reservedIDs`).
    public static func isValidID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 100, id.first != "." else { return false }
        guard !isReservedID(id) else { return false }
        return id.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// Names `adapt thin` writes at the top of OUTPUT beside the `<device-id>/` folders. A device
    /// with one of these ids would collide with it (`summary.json: cannot create file: Is a
    /// directory`, naming thin's staging folder), so the devices file is refused instead. Compared
    /// without case: macOS file systems do.
    package static let reservedIDs: Set<String> = ["summary.json"]

    /// Whether `id` is one of `reservedIDs`, in any case.
    package static func isReservedID(_ id: String) -> Bool {
        reservedIDs.contains(id.lowercased())
    }

    /// Why an id is refused, for messages.
    package static let idRule = "a device id is a name of letters, digits, '.', '_' and '-' that does not start with '.'"

    /// Why `id` is refused, for messages: `idRule`, or the collision with thin's own files.
    package static func idProblem(_ id: String) -> String? {
        if isReservedID(id) { return "it is the name of a file adapt thin writes beside the device folders" }
        return isValidID(id) ? nil : idRule
    }
}
