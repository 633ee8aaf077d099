import AdaptSupport
import AssetCatalog
import CatalogExtraction
import CompiledCatalog

extension CompiledExtraction.Result {
    /// Skipped renditions counted by reason, in name order: `["not-decoded": 3]`.
    package var skippedByReason: [(reason: String, count: Int)] {
        Dictionary(grouping: skipped, by: \.reason).map { ($0.key, $0.value.count) }.sorted { $0.reason < $1.reason }
    }

    /// One line for people: `wrote 162 files in 29 sets to Out.xcassets; skipped 2 (not-decoded 2)`.
    package var text: String {
        var line = "wrote \(counted(written, "file")) in \(counted(sets, "set")) to \(output)"
        if packedImages > 0 { line += " (\(counted(packedImages, "packed image")) cut into their renditions)" }
        if !skipped.isEmpty {
            line += "; skipped \(skipped.count): " + skippedByReason.map { "\($0.reason) \($0.count)" }.joined(separator: ", ")
        }
        if !renamed.isEmpty { line += "; renamed \(renamed.count)" }
        return line + "\n"
    }

    /// The run as a JSON document: counts, every skipped rendition with its reason, every
    /// renaming (where the name was written, and why), and the diagnostics.
    package var json: JSONValue {
        .object(
            JSONObject([
                .init(key: "output", value: .string(output)),
                .init(key: "sets", value: .number(String(sets))),
                .init(key: "written", value: .number(String(written))),
                .init(key: "packedImages", value: .number(String(packedImages))),
                .init(key: "bytesWritten", value: .number(String(bytesWritten))),
                .init(key: "decodedPayloads", value: .number(String(decodedPayloads))),
                .init(
                    key: "skipped",
                    value: .array(
                        skipped.map { skip in
                            .object(
                                JSONObject([
                                    .init(key: "asset", value: .string(skip.asset)), .init(key: "rendition", value: .string(skip.rendition)),
                                    .init(key: "reason", value: .string(skip.reason)), .init(key: "detail", value: .string(skip.detail)),
                                ]))
                        })),
                .init(
                    key: "renamed",
                    value: .array(
                        renamed.map { renaming in
                            var members: [JSONObject.Member] = [.init(key: "asset", value: .string(renaming.asset))]
                            if let rendition = renaming.rendition { members.append(.init(key: "rendition", value: .string(rendition))) }
                            members.append(.init(key: "path", value: .string(renaming.path)))
                            members.append(.init(key: "changes", value: .array(renaming.changes.map { .string($0.rawValue) })))
                            return .object(JSONObject(members))
                        })),
                .init(key: "diagnostics", value: .array(diagnostics.map(\.json))),
            ]))
    }
}
