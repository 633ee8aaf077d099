import AdaptSupport

/// A parsed Contents.json together with its bytes, so diagnostics about any member can name
/// the line and column where it was written.
///
/// Trailing commas are accepted, as Xcode accepts them, with a `json.lenient` warning at each
/// comma: the file is read as Xcode reads it and never rewritten, but strict JSON tools (scripts,
/// linters, other generators) reject it, which is worth the author's attention.
///
/// Duplicate keys (`{"images": [...], "images": [...]}`) are another thing JSON leaves undefined:
/// the first occurrence is the one read, everywhere, and each later one is dropped from the
/// document with a `json.duplicate-key` warning at its line and column. First, because that is
/// what `JSONObject`'s subscript and `member(_:)` answer; dropped, because readers that walk every
/// member (entries, colours, properties, rewriting) would otherwise see the last one instead.
struct ContentsDocument {
    let path: String
    let bytes: [UInt8]
    let root: JSONObject
    let lines: LineTable
    /// Warnings about how the file was written (`json.lenient`); whoever reads the document reports them.
    let warnings: [Diagnostic]

    /// Reads and parses `path`. A file that cannot be read or is not a JSON object yields a
    /// diagnostic instead of a document.
    static func load(_ path: String) -> Result<ContentsDocument, Diagnostic> {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(path, limit: FileSystem.contentsSizeLimit, followingLinks: false)
        } catch {
            return .failure(Diagnostic(.contentsUnreadable, "cannot read Contents.json: \(error.reason)", at: SourceLocation(file: path)))
        }
        return parse(bytes, path: path)
    }

    /// Parses bytes already read from `path`.
    static func parse(_ bytes: [UInt8], path: String) -> Result<ContentsDocument, Diagnostic> {
        let value: JSONValue
        let trailingCommas: [Int]
        do {
            (value, trailingCommas) = try JSONParser.parseAllowingTrailingCommas(bytes)
        } catch {
            return .failure(
                Diagnostic(
                    .jsonMalformed, "malformed JSON: \(error.message)",
                    at: SourceLocation(file: path, offset: error.offset, in: bytes)))
        }
        guard var root = value.object else {
            return .failure(
                Diagnostic(
                    .jsonMalformed, "Contents.json must hold a JSON object, not \(value.kindDescription)",
                    at: SourceLocation(file: path, line: 1, column: 1)))
        }
        let lines = LineTable(bytes)
        var warnings = trailingCommas.map { offset in
            Diagnostic(
                .jsonLenient, "trailing comma: Xcode reads it, but it is not JSON and strict JSON tools reject the file",
                at: SourceLocation(file: path, offset: offset, lines: lines))
        }
        if DuplicateKeys.occur(in: .object(root)) {
            var dropped: [DuplicateKeys.Dropped] = []
            root = DuplicateKeys.removing(from: root, dropped: &dropped)
            warnings += dropped.sorted { ($0.duplicate.offset ?? 0) < ($1.duplicate.offset ?? 0) }.map { pair in
                let first = pair.first.offset.map { lines.position(of: $0) }.map { ", at \($0.line):\($0.column)," } ?? ""
                return Diagnostic(
                    .jsonDuplicateKey, "duplicate key '\(pair.duplicate.key)': the first one\(first) is read and this one is ignored",
                    at: SourceLocation(file: path, offset: pair.duplicate.offset ?? 0, lines: lines))
            }
        }
        return .success(ContentsDocument(path: path, bytes: bytes, root: root, lines: lines, warnings: warnings))
    }

    func location(ofOffset offset: Int?) -> SourceLocation {
        guard let offset else { return SourceLocation(file: path) }
        return SourceLocation(file: path, offset: offset, lines: lines)
    }

    func location(of member: JSONObject.Member?, in object: JSONObject) -> SourceLocation {
        location(ofOffset: member?.offset ?? object.offset)
    }
}

/// Finds and drops the later occurrences of a key within one JSON object (see `ContentsDocument`).
enum DuplicateKeys {
    /// A member left out, with the earlier member of the same key that is read instead.
    typealias Dropped = (duplicate: JSONObject.Member, first: JSONObject.Member)

    /// Whether any object in `value` repeats a key: one pass that copies nothing, since almost
    /// every document has none.
    static func occur(in value: JSONValue) -> Bool {
        switch value {
        case .object(let object):
            !laterOccurrences(in: object.members).isEmpty || object.members.contains { occur(in: $0.value) }
        case .array(let elements): elements.contains { occur(in: $0) }
        default: false
        }
    }

    /// `object` with only the first member of each key, at every depth; each dropped member is
    /// appended to `dropped` with the first member of its key.
    static func removing(from object: JSONObject, dropped: inout [Dropped]) -> JSONObject {
        var result = object
        let later = laterOccurrences(in: object.members)
        for (position, first) in later {
            dropped.append((object.members[position], object.members[first]))
        }
        let droppedPositions = Set(later.map(\.position))
        result.members = object.members.indices.filter { !droppedPositions.contains($0) }.map { position in
            var member = object.members[position]
            member.value = removing(from: member.value, dropped: &dropped)
            return member
        }
        return result
    }

    private static func removing(from value: JSONValue, dropped: inout [Dropped]) -> JSONValue {
        switch value {
        case .object(let object): .object(removing(from: object, dropped: &dropped))
        case .array(let elements): .array(elements.map { removing(from: $0, dropped: &dropped) })
        default: value
        }
    }

    /// The positions of members whose key an earlier member already has, each with that earlier
    /// member's position. A dictionary keeps it linear for a hostile object of many keys; the
    /// few members of an ordinary entry are compared directly, which allocates nothing.
    static func laterOccurrences(in members: [JSONObject.Member]) -> [(position: Int, first: Int)] {
        guard members.count > 1 else { return [] }
        var result: [(position: Int, first: Int)] = []
        if members.count <= 16 {
            for position in 1..<members.count {
                if let first = members[..<position].firstIndex(where: { $0.key == members[position].key }) {
                    result.append((position, first))
                }
            }
            return result
        }
        var firstPositions: [String: Int] = [:]
        for (position, member) in members.enumerated() {
            if let first = firstPositions[member.key] {
                result.append((position, first))
            } else {
                firstPositions[member.key] = position
            }
        }
        return result
    }
}
