/// A parsed Contents.json together with its bytes, so diagnostics about any member can name
/// the line and column where it was written.
///
/// Trailing commas are accepted, as Xcode accepts them, with a `json.lenient` warning at each
/// comma: the file is read as Xcode reads it and never rewritten, but strict JSON tools (scripts,
/// linters, other generators) reject it, which is worth the author's attention.
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
            return .failure(Diagnostic(.error, "cannot read Contents.json: \(error.reason)",
                                       code: "contents.unreadable", at: SourceLocation(file: path)))
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
            return .failure(Diagnostic(.error, "malformed JSON: \(error.message)", code: "json.malformed",
                                       at: SourceLocation(file: path, offset: error.offset, in: bytes)))
        }
        guard let root = value.object else {
            return .failure(Diagnostic(.error, "Contents.json must hold a JSON object, not \(value.kindDescription)",
                                       code: "json.malformed", at: SourceLocation(file: path, line: 1, column: 1)))
        }
        let lines = LineTable(bytes)
        let warnings = trailingCommas.map { offset in
            Diagnostic(.warning, "trailing comma: Xcode reads it, but it is not JSON and strict JSON tools reject the file",
                       code: "json.lenient", at: SourceLocation(file: path, offset: offset, lines: lines))
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
