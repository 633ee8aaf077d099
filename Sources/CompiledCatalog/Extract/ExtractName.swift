import Foundation

/// File and folder names for `adapt extract`, made from names a `.car` carries: untrusted, so
/// they never leave the output folder, never start a hidden or special entry, never carry a
/// control, format or line-separator character (U+202E would show `gnp.exe` as `exe.png`), fit
/// a file name (255 bytes) with room for a suffix, and two names never end up as one file.
/// "One file" is judged as macOS judges it: ignoring case and Unicode normalisation, so `é`
/// composed and decomposed, or `A.png` and `a.PNG`, are two claims and get two names. Names
/// that are equal as Strings (a `.car` can hold two facets that differ only after a NUL byte or
/// in invalid UTF-8) are two claims too: every claim gets a name of its own.
///
/// ```swift
/// var names = ExtractNames()
/// names.claim("../../etc/passwd", in: "A.imageset").name   // "etc_passwd" (changes: [.cleaned])
/// names.claim("a.png", in: "A.imageset").name              // "a.png" (no change)
/// names.claim("A.PNG", in: "A.imageset").name              // "A-2.PNG" (changes: [.madeDistinct])
/// names.claimSet("..", extension: "imageset").name         // "unnamed.imageset"
/// ```
package struct ExtractNames: Sendable {
    /// Why a name was changed; extract reports each renaming with these.
    package enum Change: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Characters a file name must not hold (path separators, `..`, control, format and
        /// line-separator characters, a leading dot) were replaced or removed.
        case cleaned
        /// Nothing was left (or the name was `.` or `..`): `unnamed` stands in.
        case emptied
        /// Cut to fit a file name.
        case shortened
        /// Another claim in the folder has this name (ignoring case and normalisation): a
        /// `-2`, `-3`, … suffix tells them apart.
        case madeDistinct = "made-distinct"

        package static func < (left: Change, right: Change) -> Bool {
            allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
        }
    }

    /// A name given out, and what was changed to get it (empty when it is the name asked for).
    package struct Claimed: Hashable, Sendable {
        package var name: String
        package var changes: [Change]
        package var changed: Bool { !changes.isEmpty }

        package init(name: String, changes: [Change] = []) {
            self.name = name
            self.changes = changes
        }
    }

    /// The most bytes of UTF-8 a cleaned name keeps: a file name may have 255, and a suffix
    /// (`-12345`) and a set's extension (`.imageset`) must still fit.
    package static let maximumLength = 200

    /// Folder → the folded forms of the names given out there.
    private var taken: [String: Set<String>] = [:]
    /// Folder and folded name → the next suffix to try, so that claiming one name n times
    /// costs n tries, not n²/2.
    private var nextSuffix: [String: Int] = [:]
    /// How many candidate names all claims so far have tried: at most two per claim beyond the
    /// names already given out, which is what keeps a file with thousands of renditions of one
    /// name linear (a test counts these rather than timing them).
    package private(set) var candidatesTried = 0

    package init() {}

    /// A safe form of `name` (see `clean`).
    package static func sanitize(_ name: String) -> String { clean(name).name }

    /// A safe form of `name`: path separators, `..`, control, format and line-separator
    /// characters replaced, leading dots, underscores and spaces and trailing spaces removed; at
    /// most `maximumLength` bytes of UTF-8; never empty. Says what was changed.
    package static func clean(_ name: String, maximumLength: Int = maximumLength) -> (name: String, changes: [Change]) {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? "_" : scalar)
        }
        var text = String(scalars)
        while text.contains("..") { text = text.replacingOccurrences(of: "..", with: "_") }
        while let first = text.first, first == "." || first == "_" || first == " " { text.removeFirst() }
        while let last = text.last, last == " " { text.removeLast() }
        var changes: [Change] = text == name ? [] : [.cleaned]
        if text.utf8.count > maximumLength {
            // Whole characters only, so a cut never leaves half a scalar or a lone combining mark.
            while text.utf8.count > maximumLength { text.removeLast() }
            changes.append(.shortened)
        }
        if text.isEmpty {
            text = "unnamed"
            changes = [.emptied]
        }
        return (text, changes)
    }

    /// Whether a file name must not hold `scalar`: a separator (`/`, `\`, `:` which Finder shows
    /// as `/`), a control character (C0, DEL, C1), a format character (the bidi overrides and
    /// isolates, zero-width joiners, U+FEFF), a line or paragraph separator, or a noncharacter.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "/", "\\", ":": return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return true
        default: return scalar.properties.isNoncharacterCodePoint
        }
    }

    /// The form two names share when a case-insensitive, normalisation-insensitive file system
    /// (APFS and HFS+ as macOS formats them) takes them for one.
    static func folded(_ name: String) -> String {
        name.decomposedStringWithCanonicalMapping.lowercased().decomposedStringWithCanonicalMapping
    }

    /// Claims a set folder at the catalog's root: `name` cleaned, then `.extension` (so a name
    /// such as `..` or one of 300 bytes still ends in its set's extension).
    package mutating func claimSet(_ name: String, extension setExtension: String) -> Claimed {
        let (stem, changes) = Self.clean(name)
        var claimed = claimCleaned(stem + "." + setExtension, in: "")
        claimed.changes = (changes + claimed.changes).sorted()
        return claimed
    }

    /// Claims a file name in `folder` for `name`, cleaned (see `clean`) and unique there.
    package mutating func claim(_ name: String, in folder: String) -> Claimed {
        let (clean, changes) = Self.clean(name)
        var claimed = claimCleaned(clean, in: folder)
        claimed.changes = (changes + claimed.changes).sorted()
        return claimed
    }

    /// Takes `name` (already clean) in `folder`, or the first `stem-N.ext` free there.
    private mutating func claimCleaned(_ name: String, in folder: String) -> Claimed {
        let key = Self.folded(name)
        candidatesTried += 1
        guard taken[folder, default: []].contains(key) else {
            taken[folder, default: []].insert(key)
            return Claimed(name: name, changes: [])
        }
        let (stem, ext) = Self.split(name)
        let counter = folder + "\u{0}" + key
        var suffix = nextSuffix[counter] ?? 2
        var candidate: String
        repeat {
            candidate = ext.isEmpty ? "\(stem)-\(suffix)" : "\(stem)-\(suffix).\(ext)"
            suffix += 1
            candidatesTried += 1
        } while taken[folder, default: []].contains(Self.folded(candidate))
        nextSuffix[counter] = suffix
        taken[folder, default: []].insert(Self.folded(candidate))
        return Claimed(name: candidate, changes: [.madeDistinct])
    }

    private static func split(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// `name` for a message printed to a terminal: every character `clean` would replace shown
    /// as `\u{XXXX}`, so a bidi override or a line separator in a hostile name cannot reorder or
    /// break the line that reports it.
    package static func visible(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            if isUnsafe(scalar), scalar != "/", scalar != "\\", scalar != ":" {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
