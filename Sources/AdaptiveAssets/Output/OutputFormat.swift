/// How a command writes its answer.
package enum OutputFormat: String, CaseIterable, Sendable {
    /// For people at a terminal; diagnostics as `path:line:column: severity: message`.
    case text
    /// One JSON document (or one JSON object per line for batches), for scripts.
    case json
}

extension Diagnostic {
    /// `{"severity": ..., "code": ..., "message": ..., "file": ..., "line": ..., "column": ...}`, and
    /// what the finding is about when known: `"catalog"`, `"asset"` (qualified name), `"variant"`
    /// (the entry's index), `"slot"`, `"device"`, `"traitSet"`; `"strict": true` when `--strict`
    /// made the warning an error. Scripts group and filter by these instead of parsing the message.
    package var json: JSONValue {
        var object =
            ([
                "severity": .string(severity.rawValue), "code": .string(code), "message": .string(message),
            ] as JSONObject)
        if let location {
            object["file"] = .string(location.file)
            object["line"] = .from(location.line)
            object["column"] = .from(location.column)
        }
        if let catalog = subject.catalog { object["catalog"] = .string(catalog) }
        if let asset = subject.asset { object["asset"] = .string(asset) }
        if let variant = subject.variant { object["variant"] = .number(String(variant)) }
        if let slot = subject.slot { object["slot"] = .string(slot) }
        if let device = subject.device { object["device"] = .string(device) }
        if let traitSet = subject.traitSet { object["traitSet"] = .string(traitSet) }
        if promotedByStrict { object["strict"] = true }
        return .object(object)
    }
}

extension Variant {
    /// `images[2]`: how a variant is named in messages, by its set's array and its index there.
    package func label(in asset: Asset) -> String { "\(asset.type.entriesKey ?? "entries")[\(index)]" }

    /// The variant as JSON: index, file or colour, and its declared attributes.
    package var json: JSONValue {
        var object = (["index": .number(String(index))] as JSONObject)
        object["filename"] = .from(filename)
        if let color { object["color"] = .string(color.summary) }
        object["attributes"] = .object(JSONObject(declaredAttributes.map { .init(key: $0.key, value: .string($0.value)) }))
        if isEmptySlot { object["emptySlot"] = true }
        if let fileProblem { object["problem"] = .string(fileProblem) }
        return .object(object)
    }

    /// `idiom=iphone scale=2x`, the declared attributes on one line.
    package var attributeSummary: String {
        attributeStrings().joined(separator: " ")
    }
}
