import AssetCatalog

/// The step-by-step form of the rule, recording each variant it sets aside and why.
struct Explainer {
    let asset: Asset
    let traits: TraitCollection
    /// One slot's variants (or the whole set's), each knowing its position in `asset.variants`.
    let variants: [CompiledVariant]
    let query: CompiledQuery

    func select() -> Selection {
        var selection = Selection(assetName: asset.name, traits: traits, trace: SelectionTrace())
        guard asset.type.hasSelectableVariants else {
            selection.noMatchReason = "\(asset.type.rawValue) assets are listed but have no variants to select"
            return selection
        }
        // Step 1: who may compete. `candidates` holds indices into `variants`.
        var candidates: [Int] = []
        for (candidate, compiled) in variants.enumerated() {
            let position = Int(compiled.position)
            if let reason = unusableReason(asset.variants[position]) {
                selection.trace.drops.append(.init(variant: position, step: .eligibility, axis: nil, reason: reason))
                continue
            }
            if let axis = Self.excludingAxis(compiled, query) {
                selection.trace.drops.append(
                    .init(
                        variant: position, step: .eligibility, axis: axis,
                        reason: ineligibleReason(axis, asset.variants[position])))
                continue
            }
            candidates.append(candidate)
        }
        guard !candidates.isEmpty else {
            selection.noMatchReason = noMatchReason(selection.trace)
            return selection
        }
        // Step 2: who wins, axis by axis.
        for axis in TraitAxis.allCases where candidates.count > 1 {
            let scores = candidates.map { AxisRule.score(axis, variants[$0], query)! }
            let best = scores.max()!
            guard let leader = zip(candidates, scores).first(where: { $0.1 == best })?.0 else { continue }
            for (candidate, score) in zip(candidates, scores) where score < best {
                let reason =
                    "\(describe(axis, variantAt(candidate))) loses to \(describe(axis, variantAt(leader)))"
                    + " for \(queryDescription(axis))"
                selection.trace.drops.append(.init(variant: position(candidate), step: .ranking, axis: axis, reason: reason))
            }
            candidates = zip(candidates, scores).filter { $0.1 == best }.map(\.0)
        }
        if candidates.count > 1 {
            selection.trace.tiedAfterAllAxes = candidates.map(position)
            for loser in candidates.dropFirst() {
                selection.trace.drops.append(
                    .init(
                        variant: position(loser), step: .declarationOrder, axis: nil,
                        reason: "ties on every axis with \(label(position(candidates[0]))), which is declared first"))
            }
        }
        selection.winner = position(candidates[0])
        selection.mirrored = AxisRule.isMirrored(variants[candidates[0]], query)
        return selection
    }

    /// The first axis that keeps a usable variant from competing, or nil when it may compete.
    /// Store-only idioms are excluded on the idiom axis.
    static func excludingAxis(_ variant: CompiledVariant, _ query: CompiledQuery) -> TraitAxis? {
        if !variant.isSelectable { return .idiom }
        return TraitAxis.allCases.first { AxisRule.score($0, variant, query) == nil }
    }

    private func position(_ candidate: Int) -> Int { Int(variants[candidate].position) }

    private func variantAt(_ candidate: Int) -> Variant { asset.variants[position(candidate)] }

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
        let parts = axis.traits.compactMap { trait in
            traits.value(of: trait).map { "\(trait.rawValue)=\($0.string ?? JSONWriter.compact.string(for: $0))" }
        }
        return parts.isEmpty ? "unspecified \(axis.traits.map(\.rawValue).joined(separator: " and "))" : parts.joined(separator: " ")
    }

    private func ineligibleReason(_ axis: TraitAxis, _ variant: Variant) -> String {
        let value = describe(axis, variant)
        if case .storeOnly = variant.idiom { return "\(value) is store-only: never chosen on a device" }
        if let platform = traits.userInterfaceIdiom?.platform, let lacking = PlatformAxes(axis: axis),
            PlatformAxes.lacking(on: platform).contains(lacking)
        {
            return "\(value): \(platform.rawValue) catalogs have no \(lacking.summary), so actool leaves this variant out"
        }
        if axis == .displayScale, variant.scale == nil, let scale = traits.displayScale {
            return "\(value) is replaced at \(scale)x by the entry with the same attributes that declares \(scale)x"
        }
        switch axis {
        case .memory, .graphicsFeatureSet, .watchSize, .locale, .layoutDirection:
            if !traits.isSpecified(axis) { return "\(value) needs the query to specify \(axis.traits.map(\.rawValue).joined(separator: " or "))" }
            if axis == .memory { return "\(value) is more than \(queryDescription(axis))" }
            if axis == .graphicsFeatureSet { return "\(value) is not among the families of \(queryDescription(axis))" }
        case .idiom:
            if let platform = variant.impliedPlatform, let idiom = traits.userInterfaceIdiom, platform != idiom.platform,
                variant.idiom == .universal || variant.idiom == .device(idiom)
            {
                return "platform '\(platform.rawValue)' does not fit \(queryDescription(axis)) (platform \(idiom.platform.rawValue))"
            }
        default: break
        }
        if !traits.isSpecified(axis) {
            return
                "\(value) does not fit unspecified \(axis.traits.map(\.rawValue).joined(separator: " and ")): only variants that leave it unspecified compete"
        }
        return "\(value) does not fit \(queryDescription(axis))"
    }

    /// The variant's value on an axis in Contents.json terms.
    private func describe(_ axis: TraitAxis, _ variant: Variant) -> String {
        switch axis {
        case .userInterfaceStyle: variant.userInterfaceStyle.map { "luminosity '\($0.rawValue)'" } ?? "any luminosity"
        case .accessibilityContrast: variant.accessibilityContrast.map { "contrast '\($0.rawValue)'" } ?? "any contrast"
        case .locale: variant.locale.map { "locale '\($0)'" } ?? "no locale"
        case .memory: variant.memory.map { "memory '\($0)GB'" } ?? "no memory requirement"
        case .watchSize:
            [variant.screenWidth.map { "screen-width '\($0)'" }, variant.screenSubtype.map { "subtype '\($0)'" }]
                .compactMap { $0 }.joined(separator: " ").nonEmpty ?? "any screen size"
        case .graphicsFeatureSet: variant.graphicsFeatureSet.map { "graphics-feature-set '\($0.rawValue)'" } ?? "no graphics requirement"
        case .displayScale: variant.scale.map { "scale '\($0)x'" } ?? "any scale (vector)"
        case .layoutDirection: variant.layoutDirection.map { "language-direction '\($0.contentsValue)'" } ?? "no direction"
        case .displayGamut: variant.displayGamut.map { "display-gamut '\($0.contentsValue)'" } ?? "display-gamut sRGB (unstated)"
        case .idiom:
            "idiom '\(variant.idiom.contentsValue)'" + (variant.platform.map { " platform '\($0)'" } ?? "")
        case .horizontalSizeClass: variant.horizontalSizeClass.map { "width-class '\($0.rawValue)'" } ?? "any width class"
        case .verticalSizeClass: variant.verticalSizeClass.map { "height-class '\($0.rawValue)'" } ?? "any height class"
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

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
