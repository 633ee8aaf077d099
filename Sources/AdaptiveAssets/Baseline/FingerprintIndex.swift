import AssetCatalog

/// The catalogs of a run, indexed once, so that fingerprinting a finding is one dictionary
/// lookup from what its subject says (its catalog and set), never a search by path: a run of n
/// findings over a catalog of m sets costs O(n + m), where matching each finding's path against
/// every set cost O(n × m) (10,000 sets took 27 s).
///
/// ```swift
/// let index = FingerprintIndex(result.catalogs, catalogKey: { report.relative($0.path) })
/// let fingerprints = result.diagnostics.map(index.fingerprint(of:))
/// ```
package struct FingerprintIndex: Sendable {
    private struct IndexedCatalog: Sendable {
        var key: String
        var path: String
        var assets: [Asset]
        /// Every set, child sets included, by its folder.
        var setsByPath: [String: SetPosition]
        /// The first set of each qualified name, for a subject that names the asset but not its folder.
        var setsByName: [String: SetPosition]

        func set(at position: SetPosition) -> Asset {
            let asset = assets[Int(position.asset)]
            return position.descendant == 0 ? asset : asset.withDescendants[Int(position.descendant)]
        }
    }

    /// Where a set is: a top-level asset, and its place in that asset's `withDescendants` (0 for
    /// the asset itself). Positions rather than copies of each `Asset`, which were two 6 MB
    /// tables at 20,000 sets.
    private struct SetPosition: Sendable {
        var asset: Int32
        var descendant: Int32
    }

    private let catalogs: [String: IndexedCatalog]

    /// `catalogKey` names a catalog in the fingerprint (by default its folder name; validation
    /// passes its path relative to the working folder).
    package init(_ catalogs: [Catalog], catalogKey: (Catalog) -> String = { $0.folderName }) {
        var indexed: [String: IndexedCatalog] = [:]
        for catalog in catalogs where indexed[catalog.path] == nil {
            var entry = IndexedCatalog(key: catalogKey(catalog), path: catalog.path, assets: catalog.assets, setsByPath: [:], setsByName: [:])
            entry.setsByPath.reserveCapacity(catalog.assets.count)
            entry.setsByName.reserveCapacity(catalog.assets.count)
            for (position, asset) in catalog.assets.enumerated() {
                for (descendant, set) in (asset.children.isEmpty ? [asset] : asset.withDescendants).enumerated() {
                    let place = SetPosition(asset: Int32(position), descendant: Int32(descendant))
                    entry.setsByPath[set.path] = place
                    if entry.setsByName[set.name] == nil { entry.setsByName[set.name] = place }
                }
            }
            indexed[catalog.path] = entry
        }
        self.catalogs = indexed
    }

    /// What identifies `diagnostic` across edits, from its subject: the catalog's key, the set's
    /// folder inside the catalog, the asset's name, the rule, and the entry's file name (its
    /// attributes when it has none) or the set's file the finding is about. Line numbers and the
    /// message never enter it, so a baseline still matches after an edit moves the lines.
    package func fingerprint(of diagnostic: Diagnostic) -> Fingerprint {
        let subject = diagnostic.subject
        let file = diagnostic.location?.file ?? ""
        guard let catalogPath = subject.catalog, let catalog = catalogs[catalogPath] else {
            return Fingerprint(catalog: "", set: file, asset: "", rule: diagnostic.code, variant: "")
        }
        let position = subject.set.flatMap { catalog.setsByPath[$0] } ?? subject.asset.flatMap { catalog.setsByName[$0] }
        guard let set = position.map(catalog.set(at:)) else {
            // A finding about the catalog itself (a nested catalog, a link): where in it.
            return Fingerprint(catalog: catalog.key, set: Self.relative(file, to: catalog.path), asset: "", rule: diagnostic.code, variant: "")
        }
        var variant = subject.file ?? ""
        if subject.file == nil, let position = subject.variant, set.variants.indices.contains(position) {
            let entry = set.variants[position]
            variant = entry.filename ?? entry.attributeSummary
        }
        return Fingerprint(
            catalog: catalog.key, set: Self.relative(set.path, to: catalog.path), asset: set.name,
            rule: diagnostic.code, variant: variant)
    }

    /// `path` written inside the catalog (`Icons/Logo.imageset`), as baselines record it.
    private static func relative(_ path: String, to catalogPath: String) -> String {
        guard path.count > catalogPath.count, path.hasPrefix(catalogPath) else { return "" }
        return String(path.dropFirst(catalogPath.count).drop { $0 == "/" })
    }
}
