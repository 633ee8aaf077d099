import AdaptSupport

/// One resolved query, as `adapt resolve` prints it: the chosen variant (for an app icon set, one
/// per slot), whether it is shown mirrored, and on request why.
package struct ResolveReport: Sendable {
    package let selection: Selection
    package let asset: Asset?
    /// The compiled catalog the index was adapted from (`adapt resolve FILE.car`): variants are
    /// then named by their renditions, with their keys.
    package let compiled: AdaptedCompiledCatalog?
    private let assetPosition: Int?

    package init(_ selection: Selection, in index: AssetIndex, compiled: AdaptedCompiledCatalog? = nil) {
        self.selection = selection
        assetPosition = index.assetPosition(named: selection.assetName)
        self.asset = assetPosition.map { index.catalog.assets[$0] }
        self.compiled = compiled
    }

    /// The rendition behind the chosen variant, for a compiled catalog.
    package var chosenRendition: Rendition? {
        guard let compiled, let assetPosition, let winner = selection.winner else { return nil }
        return compiled.rendition(assetAt: assetPosition, variant: winner)
    }

    /// `images[2]`, or for a compiled catalog `rendition 17` (its place in the RENDITIONS tree).
    private func label(_ variant: Variant, in asset: Asset) -> String {
        guard let compiled, let assetPosition, asset.name == self.asset?.name else { return variant.label(in: asset) }
        return "rendition \(compiled.renditionPositions[assetPosition][variant.index])"
    }

    /// The declared attributes, or for a compiled catalog the rendition's key as `inspect` shows it.
    private func summary(_ variant: Variant, in asset: Asset) -> String {
        guard let compiled, let assetPosition, asset.name == self.asset?.name else { return variant.attributeSummary }
        let rendition = compiled.rendition(assetAt: assetPosition, variant: variant.index)
        return CompiledInspection(compiled.compiled).traitSummary(rendition)
    }

    package var chosen: Variant? { selection.winner.flatMap { asset?.variants[$0] } }

    /// The slots that show something, in order.
    package var matchedSlots: [Selection] { selection.slots.filter(\.isMatch) }

    package func json(explain: Bool) -> JSONValue {
        var object =
            ([
                "asset": .string(selection.assetName),
                "traits": .object(selection.traits.json),
            ] as JSONObject)
        object["filename"] = .from(chosen?.filename)
        if let chosen, let asset {
            object["mirrored"] = .bool(selection.mirrored)
            object["variant"] = chosen.json
            if let color = chosen.color { object["color"] = .string(color.summary) }
            if let rendition = chosenRendition {
                object["rendition"] = Self.renditionJSON(rendition, in: compiled!)
            } else {
                object["path"] = chosen.filename.map { .string(asset.path.appendingPathComponent($0)) } ?? .null
            }
        }
        if let asset, !selection.slots.isEmpty {
            object["slots"] = .array(
                matchedSlots.map { slot in
                    var entry = Self.slotJSON(slot, asset)
                    if explain { entry["trace"] = Self.traceJSON(slot.trace, Self.owner(of: slot, in: asset)) }
                    return .object(entry)
                })
        }
        if let reason = selection.noMatchReason { object["reason"] = .string(reason) }
        if explain && selection.slots.isEmpty {
            object["trace"] = Self.traceJSON(selection.trace, asset)
        }
        return .object(object)
    }

    /// The set a slot's winner belongs to: the asset itself, or for an image stack's layer the
    /// layer's image set (`Stack/Front/Content`), which the slot's selection names.
    static func owner(of slot: Selection, in asset: Asset) -> Asset {
        guard slot.assetName != asset.name else { return asset }
        return asset.withDescendants.first { $0.name == slot.assetName } ?? asset
    }

    /// `{"platform", "role", "size", "filename", "mirrored"}`, as batch lines also write it.
    static func slotJSON(_ slot: Selection, _ stack: Asset) -> JSONObject {
        let asset = owner(of: slot, in: stack)
        let variant = slot.winner.map { asset.variants[$0] }
        var entry =
            ([
                "platform": .from(slot.slot?.platform?.rawValue ?? "universal"),
                "role": .from(slot.slot?.role), "size": .from(slot.slot?.size),
                "filename": .from(variant?.filename), "mirrored": .bool(slot.mirrored),
            ] as JSONObject)
        if let qualifiers = slot.slot?.qualifiers, !qualifiers.isEmpty {
            entry["qualifiers"] = .array(qualifiers.map(JSONValue.string))
        }
        if let variant { entry["variant"] = .number(String(variant.index)) }
        return entry
    }

    private static func traceJSON(_ trace: SelectionTrace, _ asset: Asset?) -> JSONValue {
        .array(
            trace.drops.map { drop in
                var entry =
                    ([
                        "variant": .number(String(asset?.variants[drop.variant].index ?? drop.variant)),
                        "step": .string(drop.step.rawValue),
                    ] as JSONObject)
                entry["axis"] = drop.axis.map { .string($0.traits.map(\.rawValue).joined(separator: ",")) } ?? .null
                entry["reason"] = .string(drop.reason)
                return .object(entry)
            })
    }

    /// A rendition as JSON: its tree position, name, and every key attribute with its value.
    static func renditionJSON(_ rendition: Rendition, in compiled: AdaptedCompiledCatalog) -> JSONValue {
        let position = compiled.compiled.renditions.firstIndex { $0.keyBlock == rendition.keyBlock } ?? -1
        let key = JSONObject(rendition.key.pairs.map { .init(key: $0.attribute.shortName, value: .number(String($0.value))) })
        return .object(["position": .number(String(position)), "name": .string(rendition.renditionName), "key": .object(key)])
    }

    /// Lines for people, each escaped (`textOutput`): names come from untrusted catalogs.
    package func text(explain: Bool) -> String {
        guard let asset else { return noMatchLines.textOutput }
        if !selection.slots.isEmpty { return slotsText(asset, explain: explain) }
        guard let chosen else { return noMatchLines.textOutput }
        var lines = [
            "\(selection.assetName) → \(chosen.payloadDescription)\(selection.mirrored ? " (mirrored)" : "")  (\(label(chosen, in: asset)): \(summary(chosen, in: asset)))"
        ]
        guard explain else { return lines.textOutput }
        lines.append("  query: \(selection.traits.summary)")
        lines += traceLines(selection, asset, indent: "  ")
        return lines.textOutput
    }

    private var noMatchLines: [String] {
        ["\(selection.assetName): no match for \(selection.traits.summary)", "  \(selection.noMatchReason ?? "")"]
    }

    /// One line per slot that shows something, each with its trace on request.
    private func slotsText(_ asset: Asset, explain: Bool) -> String {
        let slots = matchedSlots
        guard !slots.isEmpty else { return noMatchLines.textOutput }
        var lines = ["\(selection.assetName): \(counted(slots.count, "slot")) for \(selection.traits.summary)"]
        let names = slots.map { $0.slot?.description ?? "" }
        let width = names.map(\.count).max() ?? 0
        for (slot, name) in zip(slots, names) {
            let owner = Self.owner(of: slot, in: asset)
            let variant = owner.variants[slot.winner!]
            lines.append(
                "  \(name.padded(to: width)) → \(variant.payloadDescription)\(slot.mirrored ? " (mirrored)" : "")  (\(variant.label(in: owner)): \(variant.attributeSummary))"
            )
            if explain { lines += traceLines(slot, owner, indent: "      ") }
        }
        return lines.textOutput
    }

    private func traceLines(_ selection: Selection, _ asset: Asset, indent: String) -> [String] {
        var lines: [String] = []
        if selection.trace.drops.isEmpty {
            lines.append("\(indent)it is the only variant")
        }
        let labels = selection.trace.drops.map { label(asset.variants[$0.variant], in: asset) }
        let width = labels.map(\.count).max() ?? 0
        for (drop, label) in zip(selection.trace.drops, labels) {
            let stage: String
            switch drop.step {
            case .eligibility: stage = "not eligible"
            case .ranking: stage = "outranked on \(drop.axis?.description ?? "")"
            case .declarationOrder: stage = "tie-break"
            }
            lines.append("\(indent)\(label.padded(to: width))  \(stage): \(drop.reason)")
        }
        if selection.trace.tiedAfterAllAxes.count > 1 {
            lines.append(
                "\(indent)note: \(selection.trace.tiedAfterAllAxes.count) variants tie on every axis; the first declared wins (validate reports this as ambiguous)"
            )
        }
        if selection.mirrored {
            lines.append("\(indent)note: made for the other layout direction, so it is shown mirrored")
        }
        return lines
    }
}
