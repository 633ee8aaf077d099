/// Resolves many queries against one catalog read once: the engine behind
/// `adapt resolve CATALOG --queries FILE`.
///
/// Input is JSON lines, `{"asset": "box/Bottom", "traits": {"displayScale": 3}}`; output is one
/// JSON line per input line, in order, with `asset`, `filename` (null when nothing matches) and
/// `reason` when nothing matches. A line that is not a valid query gets an output line with an
/// `error` and a diagnostic naming the line, and the batch goes on.
///
/// ```swift
/// var resolver = BatchResolver(index: AssetIndex(catalog), sourceName: "queries.jsonl")
/// let output = resolver.resolve(lines: inputBytes)
/// ```
public struct BatchResolver {
    public let index: AssetIndex
    /// The name diagnostics give the input (a path, or `<stdin>`).
    public let sourceName: String
    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var unmatchedCount = 0

    public init(index: AssetIndex, sourceName: String) {
        self.index = index
        self.sourceName = sourceName
    }

    /// Resolves every non-blank line of `input` and returns the output lines, each ending in "\n".
    public mutating func resolve(lines input: [UInt8]) -> String {
        var output = ""
        output.reserveCapacity(input.count)
        var lineNumber = 0
        var start = 0
        while start < input.count {
            let end = input[start...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
            lineNumber += 1
            let line = Array(input[start..<end])
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            output += JSONWriter.compact.string(for: resolve(line: line, number: lineNumber))
            output += "\n"
        }
        return output
    }

    private mutating func resolve(line: [UInt8], number: Int) -> JSONValue {
        let query: (asset: String, traits: TraitCollection)
        switch Self.parseQuery(line) {
        case .success(let parsed): query = parsed
        case .failure(let failure):
            diagnostics.append(Diagnostic(.error, failure.message, code: "query.invalid",
                                          at: SourceLocation(file: sourceName, line: number, column: failure.column)))
            unmatchedCount += 1
            var object = (["asset": failure.asset.map(JSONValue.string) ?? .null, "filename": .null] as JSONObject)
            object["error"] = .string("line \(number): \(failure.message)")
            return .object(object)
        }
        var object = (["asset": .string(query.asset)] as JSONObject)
        if let match = index.resolve(query.asset, for: query.traits) {
            let variant = index.variant(match)
            object["filename"] = .from(variant.filename)
            object["variant"] = .number(String(variant.index))
            if let color = variant.color { object["color"] = .string(color.summary) }
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
            return .failure(QueryFailure(message: "unknown key '\(key)' (a query has \"asset\" and \"traits\")",
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
