/// Resolves many queries against one catalog read once: the engine behind
/// `adapt resolve CATALOG --queries FILE`.
///
/// Input is JSON lines, `{"asset": "box/Bottom", "traits": {"displayScale": 3}}`; output is one
/// JSON line per input line, in order, with `asset`, `filename` (null when nothing matches),
/// `mirrored`, and `reason` when nothing matches; an app icon set answers with `"filename": null`
/// and a `slots` array. A line that is not a valid query gets an output line with an `error` and
/// a diagnostic naming the line, and the batch goes on. Each line is answered on its own, so a
/// caller can answer lines as they arrive, in memory that does not grow with the input.
///
/// ```swift
/// var resolver = BatchResolver(index: AssetIndex(catalog), sourceName: "queries.jsonl")
/// let output = resolver.resolve(lines: inputBytes)                  // a whole batch
/// let answer = resolver.answer(line: Array(line.utf8), number: 1)  // or one line at a time
/// ```
///
/// `@_spi(AdaptTool)`: not the library's API. It is the `adapt` tool's own, public only so that the
/// fuzz targets (`FuzzTesting/`, a package of their own) can drive it.
@_spi(AdaptTool) public struct BatchResolver {
    package let index: AssetIndex
    /// The name diagnostics give the input (a path, or `<stdin>`).
    package let sourceName: String
    package private(set) var diagnostics: [Diagnostic] = []
    package private(set) var unmatchedCount = 0
    /// The compiled catalog `index` was adapted from, if any: each answer then names its rendition.
    package var compiled: AdaptedCompiledCatalog?

    @_spi(AdaptTool) public init(index: AssetIndex, sourceName: String) {
        self.index = index
        self.sourceName = sourceName
    }

    /// Resolves every non-blank line of `input` and returns the output lines, each ending in "\n".
    @_spi(AdaptTool) public mutating func resolve(lines input: [UInt8]) -> String {
        var output = ""
        output.reserveCapacity(input.count)
        var lineNumber = 0
        var start = 0
        while start < input.count {
            let end = input[start...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
            lineNumber += 1
            output += answer(line: Array(input[start..<end]), number: lineNumber) ?? ""
            start = end + 1
        }
        return output
    }

    /// The output line (ending in "\n") for input line `number`, nil for a blank line. New
    /// diagnostics are appended to `diagnostics`; a streaming caller takes them with `takeDiagnostics`.
    package mutating func answer(line: [UInt8], number: Int) -> String? {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        return JSONWriter.compact.string(for: resolve(line: line, number: number)) + "\n"
    }

    /// The output line for an input line that cannot be a query at all (too long to read).
    package mutating func reject(lineNumber number: Int, reason: String) -> String {
        diagnostics.append(Diagnostic(.queryInvalid, reason, at: SourceLocation(file: sourceName, line: number, column: 1)))
        unmatchedCount += 1
        let object = (["asset": .null, "filename": .null, "error": .string("line \(number): \(reason)")] as JSONObject)
        return JSONWriter.compact.string(for: .object(object)) + "\n"
    }

    /// The diagnostics since the last call, removed, so a long-running batch holds none.
    package mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    private mutating func resolve(line: [UInt8], number: Int) -> JSONValue {
        let query: (asset: String, traits: TraitCollection)
        switch Self.parseQuery(line) {
        case .success(let parsed): query = parsed
        case .failure(let failure):
            diagnostics.append(
                Diagnostic(
                    .queryInvalid, failure.message,
                    at: SourceLocation(file: sourceName, line: number, column: failure.column)))
            unmatchedCount += 1
            var object = (["asset": failure.asset.map(JSONValue.string) ?? .null, "filename": .null] as JSONObject)
            object["error"] = .string("line \(number): \(failure.message)")
            return .object(object)
        }
        var object = (["asset": .string(query.asset)] as JSONObject)
        if let position = index.assetPosition(named: query.asset),
            index.hasSlots(assetAt: position) || [.imageStack, .solidImageStack].contains(index.catalog.assets[position].type)
        {
            // An app icon set (or an image stack): every slot (layer) that shows something, each chosen on its own.
            let selection = index.select(assetAt: position, for: query.traits)
            let asset = index.catalog.assets[position]
            object["filename"] = .null
            object["slots"] = .array(selection.slots.filter(\.isMatch).map { .object(ResolveReport.slotJSON($0, asset)) })
            if let reason = selection.noMatchReason {
                unmatchedCount += 1
                object["reason"] = .string(reason)
            }
        } else if let match = index.resolve(query.asset, for: query.traits) {
            let variant = index.variant(match)
            object["filename"] = .from(variant.filename)
            object["variant"] = .number(String(variant.index))
            object["mirrored"] = .bool(match.mirrored)
            if let color = variant.color { object["color"] = .string(color.summary) }
            if let compiled { object["rendition"] = ResolveReport.renditionJSON(compiled.rendition(of: match), in: compiled) }
        } else {
            // Only the misses pay for an explanation.
            unmatchedCount += 1
            object["filename"] = .null
            object["reason"] = .string(index.select(query.asset, for: query.traits).noMatchReason ?? "no match")
        }
        return .object(object)
    }

    struct QueryFailure: Error {
        var message: String
        var column: Int
        var asset: String?
    }

    static func parseQuery(_ line: [UInt8]) -> Result<(asset: String, traits: TraitCollection), QueryFailure> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            return .failure(QueryFailure(message: "malformed JSON: \(error.message)", column: error.offset + 1))
        }
        guard let object = value.object else {
            return .failure(QueryFailure(message: "a query must be a JSON object", column: 1))
        }
        guard let asset = object["asset"]?.string else {
            return .failure(QueryFailure(message: "a query needs \"asset\": a string naming the asset", column: 1))
        }
        for key in object.keys where key != "asset" && key != "traits" {
            return .failure(
                QueryFailure(
                    message: "unknown key '\(key)' (a query has \"asset\" and \"traits\")",
                    column: (object.member(key)?.offset ?? 0) + 1, asset: asset))
        }
        var traits = TraitCollection()
        if let member = object.member("traits") {
            guard let traitsObject = member.value.object else {
                return .failure(QueryFailure(message: "\"traits\" must be an object", column: (member.offset ?? 0) + 1, asset: asset))
            }
            do {
                traits = try TraitCollection(json: traitsObject)
            } catch {
                return .failure(QueryFailure(message: error.message, column: (member.offset ?? 0) + 1, asset: asset))
            }
        }
        return .success((asset, traits))
    }
}
