import AssetCatalog

/// The step-by-step form of the rule, recording each variant it sets aside and why.
struct Explainer {
    let asset: Asset
    let traits: TraitCollection
    let variants: [CompiledVariant]
    let query: CompiledQuery

    init(asset: Asset, traits: TraitCollection, variants: [CompiledVariant]) {
        self.asset = asset
        self.traits = traits
        self.variants = variants
        self.query = CompiledQuery(traits)
    }

    func select() -> Selection {
        var selection = Selection(assetName: asset.name, traits: traits, trace: SelectionTrace())
        guard asset.type.hasSelectableVariants else {
            selection.noMatchReason = "\(asset.type.rawValue) assets are listed but have no variants to select"
            return selection
        }
        // Step 1: eligibility.
        var candidates: [Int] = []
        for (position, compiled) in variants.enumerated() {
            if let reason = unusableReason(asset.variants[position]) {
                selection.trace.drops.append(.init(variant: position, step: .eligibility, axis: nil, reason: reason))
                continue
            }
            if let axis = TraitAxis.allCases.first(where: { AxisRule.score($0, compiled, query) == nil }) {
                selection.trace.drops.append(.init(variant: position, step: .eligibility, axis: axis,
                                                   reason: ineligibleReason(axis, asset.variants[position])))
                continue
            }
            candidates.append(position)
        }
        guard !candidates.isEmpty else {
            selection.noMatchReason = noMatchReason(selection.trace)
            return selection
        }
        // Step 2: ranking, axis by axis.
        for axis in TraitAxis.allCases where candidates.count > 1 {
            let scores = candidates.map { AxisRule.score(axis, variants[$0], query)! }
            let best = scores.max()!
            guard let leader = zip(candidates, scores).first(where: { $0.1 == best })?.0 else { continue }
            for (candidate, score) in zip(candidates, scores) where score < best {
                let reason = "\(describe(axis, asset.variants[candidate])) loses to \(describe(axis, asset.variants[leader]))"
                    + " for \(queryDescription(axis))"
                selection.trace.drops.append(.init(variant: candidate, step: .ranking, axis: axis, reason: reason))
            }
            candidates = zip(candidates, scores).filter { $0.1 == best }.map(\.0)
        }
        if candidates.count > 1 {
            selection.trace.tiedAfterAllAxes = candidates
            for loser in candidates.dropFirst() {
                selection.trace.drops.append(.init(variant: loser, step: .declarationOrder, axis: nil,
                                                   reason: "ties on every axis with \(label(candidates[0])), which is declared first"))
            }
        }
        selection.winner = candidates[0]
        return selection
    }

    private func label(_ position: Int) -> String {
        "\(asset.type.entriesKey ?? "entries")[\(asset.variants[position].index)]"
    }

    private func unusableReason(_ variant: Variant) -> String? {
        if variant.isEmptySlot {
            return asset.type == .colorSet ? "empty slot: no colour" : "empty slot: no filename"
        }
        if let problem = variant.fileProblem { return "unusable: \(problem)" }
        if let (key, value) = variant.unrecognized.sorted(by: { $0.key < $1.key }).first {
            return "unrecognized value '\(value)' for '\(key)': where it applies is unknown, so it is never chosen"
        }
        return nil
    }

    private func queryDescription(_ axis: TraitAxis) -> String {
        guard let value = traits.value(of: axis) else { return "unspecified \(axis.traitName)" }
        return "\(axis.traitName)=\(value.string ?? JSONWriter.compact.string(for: value))"
    }

    private func ineligibleReason(_ axis: TraitAxis, _ variant: Variant) -> String {
        let value = describe(axis, variant)
        switch axis {
        case .idiom:
            if case .storeOnly = variant.idiom { return "\(value) is store-only: never selected at run time" }
        case .userInterfaceStyle where variant.userInterfaceStyle == .tinted && traits.userInterfaceStyle != .tinted:
            return "\(value) is chosen only by a tinted query, not for \(queryDescription(axis))"
        case .memory, .graphicsFeatureSet:
            if !traits.isSpecified(axis) { return "\(value) needs the query to specify \(axis.traitName)" }
            return "\(value) is more than \(queryDescription(axis))"
        default: break
        }
        return "\(value) does not fit \(queryDescription(axis))"
    }

    /// The variant's value on an axis in Contents.json terms.
    private func describe(_ axis: TraitAxis, _ variant: Variant) -> String {
        switch axis {
        case .idiom: "idiom '\(variant.idiom.contentsValue)'"
        case .screenWidth: variant.screenWidth.map { "screen-width '\($0)'" } ?? "any screen width"
        case .userInterfaceStyle: variant.userInterfaceStyle.map { "luminosity '\($0.rawValue)'" } ?? "any luminosity"
        case .accessibilityContrast: variant.accessibilityContrast.map { "contrast '\($0.rawValue)'" } ?? "any contrast"
        case .horizontalSizeClass: variant.horizontalSizeClass.map { "width-class '\($0.rawValue)'" } ?? "any width class"
        case .verticalSizeClass: variant.verticalSizeClass.map { "height-class '\($0.rawValue)'" } ?? "any height class"
        case .layoutDirection: variant.layoutDirection.map { "language-direction '\($0.contentsValue)'" } ?? "any direction"
        case .memory: variant.memory.map { "memory '\($0)GB'" } ?? "no memory requirement"
        case .graphicsFeatureSet: variant.graphicsFeatureSet.map { "graphics-feature-set '\($0.rawValue)'" } ?? "no graphics requirement"
        case .displayGamut: variant.displayGamut.map { "display-gamut '\($0.contentsValue)'" } ?? "display-gamut sRGB (unstated)"
        case .displayScale: variant.scale.map { "scale '\($0)x'" } ?? "any scale (vector)"
        }
    }

    private func noMatchReason(_ trace: SelectionTrace) -> String {
        if asset.variants.isEmpty { return "the set declares no variants" }
        if trace.drops.allSatisfy({ $0.axis == nil }) {
            return "the set has no usable variant (\(trace.drops.count) empty or broken \(trace.drops.count == 1 ? "entry" : "entries"))"
        }
        let reasons = trace.drops.filter { $0.axis != nil }.prefix(4).map { "\(label($0.variant)): \($0.reason)" }
        let more = trace.drops.count > 4 ? "; ..." : ""
        return "no variant is eligible for \(traits.summary): " + reasons.joined(separator: "; ") + more
    }
}
