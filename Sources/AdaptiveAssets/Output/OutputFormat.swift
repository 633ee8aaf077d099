/// How a command writes its answer.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// For people at a terminal; diagnostics as `path:line:column: severity: message`.
    case text
    /// One JSON document (or one JSON object per line for batches), for scripts.
    case json
}

extension Diagnostic {
    /// `{"severity": ..., "code": ..., "message": ..., "file": ..., "line": ..., "column": ...}`
    public var json: JSONValue {
        var object = ([
            "severity": .string(severity.rawValue), "code": .string(code), "message": .string(message),
        ] as JSONObject)
        if let location {
            object["file"] = .string(location.file)
            object["line"] = .from(location.line)
            object["column"] = .from(location.column)
        }
        return .object(object)
    }
}

extension Variant {
    /// `images[2]`: how a variant is named in messages, by its set's array and its index there.
    public func label(in asset: Asset) -> String { "\(asset.type.entriesKey ?? "entries")[\(index)]" }

    /// The variant as JSON: index, file or colour, and its declared attributes.
    public var json: JSONValue {
        var object = (["index": .number(String(index))] as JSONObject)
        object["filename"] = .from(filename)
        if let color { object["color"] = .string(color.summary) }
        object["attributes"] = .object(JSONObject(declaredAttributes.map { .init(key: $0.key, value: .string($0.value)) }))
        if isEmptySlot { object["emptySlot"] = true }
        if let fileProblem { object["problem"] = .string(fileProblem) }
        return .object(object)
    }

    /// `idiom=iphone scale=2x`, the declared attributes on one line.
    public var attributeSummary: String {
        attributeStrings().joined(separator: " ")
    }
}
