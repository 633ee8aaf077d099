import Foundation

/// File and folder names for `adapt extract`, made from names a `.car` carries: untrusted, so
/// they never leave the output folder, never start a hidden or special entry, and never carry a
/// control character; two different names never end up as the same file.
///
/// ```swift
/// var names = ExtractNames()
/// names.claim("../../etc/passwd", in: "A.imageset")   // ("etc_passwd", changed: true)
/// names.claim("a.png", in: "A.imageset")              // ("a.png", changed: false)
/// names.claim("A.PNG", in: "A.imageset")              // ("A-2.PNG", changed: true): same file on a case-insensitive disk
/// ```
public struct ExtractNames: Sendable {
    private var taken: [String: Set<String>] = [:]

    public init() {}

    /// A safe form of `name`: path separators, `..`, control characters and leading dots
    /// replaced; at most 200 bytes of UTF-8; never empty.
    public static func sanitize(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar {
            case "/", "\\", ":": scalars.append("_")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value): scalars.append("_")
            default: scalars.append(scalar)
            }
        }
        var text = String(scalars)
        while text.contains("..") { text = text.replacingOccurrences(of: "..", with: "_") }
        while let first = text.first, first == "." || first == "_" || first == " " { text.removeFirst() }
        while let last = text.last, last == " " { text.removeLast() }
        while text.utf8.count > 200 { text.removeLast() }
        return text.isEmpty ? "unnamed" : text
    }

    /// Claims a sanitized, unique (case-insensitively, within `folder`) name for `name`; says
    /// whether it differs from the original so extract can report the change.
    public mutating func claim(_ name: String, in folder: String) -> (name: String, changed: Bool) {
        let clean = Self.sanitize(name)
        var candidate = clean
        var suffix = 2
        while taken[folder, default: []].contains(candidate.lowercased()) {
            let (stem, ext) = Self.split(clean)
            candidate = ext.isEmpty ? "\(stem)-\(suffix)" : "\(stem)-\(suffix).\(ext)"
            suffix += 1
        }
        taken[folder, default: []].insert(candidate.lowercased())
        return (candidate, candidate != name)
    }

    private static func split(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }
}
