import AdaptSupport
import AssetCatalog

/// An image stack's answer: every layer is shown at once, front to back, so a device picks one
/// variant per layer, from the layer's `Content.imageset`, as it picks one per app icon slot.
extension AssetIndex {
    /// The selection for each layer of an image stack (tvOS) or solid image stack (visionOS), in
    /// the stack's order, each in `slots` with the layer's name as its slot; nil for other sets.
    /// Each layer's selection names the layer's image set (`Stack/Front/Content`), whose variants
    /// its `winner` indexes.
    ///
    /// ```swift
    /// index.selectLayers(assetAt: position, for: traits)?.slots.map(\.assetName)
    /// // ["App Icon/Front/Content", "App Icon/Back/Content"]
    /// ```
    func selectLayers(assetAt position: Int, for traits: TraitCollection) -> Selection? {
        let stack = catalog.assets[position]
        guard stack.type == .imageStack || stack.type == .solidImageStack else { return nil }
        let platform: Platform = stack.type == .imageStack ? .tvos : .visionos
        var layers: [(name: String, content: Asset)] = []
        for variant in stack.variants {
            guard let folder = variant.filename,
                let layer = stack.children.first(where: { $0.path.lastPathComponent == folder }),
                let content = layer.children.first(where: { $0.type == .imageSet || $0.type == .solidImageStackLayer })
            else { continue }
            layers.append((folder.deletingPathExtension, content))
        }
        // The layers' image sets, indexed on their own: a stack has a handful, and `resolve` asks once.
        let contents = AssetIndex(Catalog(path: catalog.path, assets: layers.map(\.content)))
        var selection = Selection(assetName: stack.name, traits: traits, trace: SelectionTrace())
        selection.slots = layers.indices.map { layer in
            var answer = contents.select(assetAt: layer, for: traits)
            answer.slot = Slot(platform: platform, qualifiers: ["layer=\(layers[layer].name)"])
            return answer
        }
        if !selection.slots.contains(where: \.isMatch) {
            selection.noMatchReason =
                layers.isEmpty
                ? "\(stack.type.rawValue) '\(stack.name)' has no layer with an image set"
                : "no layer of \(stack.type.rawValue) '\(stack.name)' has a variant for \(traits.summary)"
        }
        return selection
    }
}
