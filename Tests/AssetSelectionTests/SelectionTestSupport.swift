import AssetCatalog
import AssetSelection

/// Builds an image set in memory: one variant per closure, declared in order, each with a file
/// named after its position so a test can read the winner at a glance.
func imageSet(named name: String = "A", _ configure: [(inout Variant) -> Void]) -> AssetIndex {
    let variants = configure.enumerated().map { position, setUp in
        var variant = Variant(index: position)
        variant.filename = "v\(position).png"
        setUp(&variant)
        return variant
    }
    let asset = Asset(name: name, type: .imageSet, path: "/tmp/\(name).imageset", variants: variants)
    return AssetIndex(Catalog(path: "/tmp/T.xcassets", assets: [asset]))
}

extension AssetIndex {
    /// The winner's filename by both paths, checking that the fast path and the trace agree.
    func winner(_ traits: TraitCollection, asset: String = "A") -> String? {
        let fast = resolve(asset, for: traits).map { variant($0).filename }
        let explained = select(asset, for: traits)
        let slow = explained.winner.map { catalog.assets[0].variants[$0].filename }
        precondition(fast == slow, "fast path \(String(describing: fast)) and trace \(String(describing: slow)) disagree")
        return fast ?? nil
    }
}
