/// One resolved query, as `adapt resolve` prints it: the chosen variant and, on request, why.
public struct ResolveReport: Sendable {
    public let selection: Selection
    public let asset: Asset?

    public init(_ selection: Selection, in index: AssetIndex) {
        self.selection = selection
        self.asset = index.assetPosition(named: selection.assetName).map { index.catalog.assets[$0] }
    }

    public var chosen: Variant? { selection.winner.flatMap { asset?.variants[$0] } }

    public func json(explain: Bool) -> JSONValue {
        var object = ([
            "asset": .string(selection.assetName),
            "traits": .object(selection.traits.json),
        ] as JSONObject)
        object["filename"] = .from(chosen?.filename)
        if let chosen, let asset {
            object["variant"] = chosen.json
            if let color = chosen.color { object["color"] = .string(color.summary) }
            object["path"] = chosen.filename.map { .string(asset.path.appendingPathComponent($0)) } ?? .null
        }
        if let reason = selection.noMatchReason { object["reason"] = .string(reason) }
        if explain {
            object["trace"] = .array(selection.trace.drops.map { drop in
                var entry = ([
                    "variant": .number(String(asset?.variants[drop.variant].index ?? drop.variant)),
                    "step": .string(drop.step.rawValue),
                ] as JSONObject)
                entry["axis"] = drop.axis.map { .string($0.traitName) } ?? .null
                entry["reason"] = .string(drop.reason)
                return .object(entry)
            })
        }
        return .object(object)
    }

    public func text(explain: Bool) -> String {
        guard let chosen, let asset else {
            return "\(selection.assetName): no match for \(selection.traits.summary)\n  \(selection.noMatchReason ?? "")\n"
        }
        var lines = ["\(selection.assetName) → \(chosen.payloadDescription)  (\(chosen.label(in: asset)): \(chosen.attributeSummary))"]
        guard explain else { return lines.joined(separator: "\n") + "\n" }
        lines.append("  query: \(selection.traits.summary)")
        if selection.trace.drops.isEmpty {
            lines.append("  it is the only variant")
        }
        let labels = selection.trace.drops.map { asset.variants[$0.variant].label(in: asset) }
        let width = labels.map(\.count).max() ?? 0
        for (drop, label) in zip(selection.trace.drops, labels) {
            let stage: String
            switch drop.step {
            case .eligibility: stage = "not eligible"
            case .ranking: stage = "outranked on \(drop.axis?.description ?? "")"
            case .declarationOrder: stage = "tie-break"
            }
            lines.append("  \(label.padding(to: width))  \(stage): \(drop.reason)")
        }
        if selection.trace.tiedAfterAllAxes.count > 1 {
            lines.append("  note: \(selection.trace.tiedAfterAllAxes.count) variants tie on every axis; the first declared wins (validate reports this as ambiguous)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
