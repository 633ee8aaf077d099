import AssetCatalog

/// The choice with its full trace (`adapt resolve --explain`), from the same packed variants.
extension AssetIndex {
    /// The choice with its full trace: what `resolve --explain` shows. For a set of slots, the
    /// selection holds one selection per slot in `slots`.
    public func select(_ name: String, for traits: TraitCollection) -> Selection {
        guard let asset = assetPosition(named: name) else {
            var selection = Selection(assetName: name, traits: traits, trace: SelectionTrace())
            selection.noMatchReason =
                "the catalog has no asset named '\(name)'."
                + NameSuggestions.didYouMean(name, among: catalog.assets.map(\.name))
            return selection
        }
        return select(assetAt: asset, for: traits)
    }

    /// `select(_:for:)` for the asset at `position` in `catalog.assets`: the answer with its full trace.
    public func select(assetAt position: Int, for traits: TraitCollection) -> Selection {
        if let layers = selectLayers(assetAt: position, for: traits) { return layers }
        let asset = catalog.assets[position]
        let query = CompiledQuery(traits, strings: strings)
        guard hasSlots(assetAt: position) else {
            return Explainer(asset: asset, traits: traits, variants: Array(compiledVariants(assetAt: position)), query: query).select()
        }
        var selection = Selection(assetName: asset.name, traits: traits, trace: SelectionTrace())
        selection.slots = slots(assetAt: position).indices.map { slot in
            var slotSelection = Explainer(
                asset: asset, traits: traits, variants: compiled(assetAt: position, slot: slot).variants,
                query: query
            ).select()
            slotSelection.slot = slots(assetAt: position)[slot]
            return slotSelection
        }
        if !selection.slots.contains(where: \.isMatch) {
            selection.noMatchReason = "no slot of \(asset.type.rawValue) '\(asset.name)' has a variant for \(traits.summary)"
        }
        return selection
    }
}
