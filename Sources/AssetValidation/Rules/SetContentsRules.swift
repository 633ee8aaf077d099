import AssetCatalog

/// Entries without a file (`set.unassigned`, like Xcode's "has an unassigned child") and files
/// that no entry names (`set.orphan-file`), in every set with entries, child sets included
/// (a brand asset's slots, a stack layer's `Content.imageset`).
enum SetContentsRules {
    static func check(_ catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for asset in catalog.assets.flatMap(\.withDescendants) where asset.type.entriesKey != nil {
            let unassigned = asset.variants.filter(\.isEmptySlot)
            if !unassigned.isEmpty && asset.type != .colorSet {
                let first = unassigned[0]
                let message = "\(asset.type.rawValue) '\(asset.name)' has \(unassigned.count) unassigned child\(unassigned.count == 1 ? "" : "ren") (\(first.label))"
                diagnostics.append(Diagnostic(.setUnassigned, message,
                                              subject: Diagnostic.Subject(catalog: catalog.path, asset: asset, variant: first),
                                              at: first.location))
            }
            let named = Set(asset.variants.compactMap(\.filename))
            for file in asset.files where !named.contains(file) && !file.hasPrefix(".") {
                var subject = Diagnostic.Subject(catalog: catalog.path, asset: asset, variant: nil)
                subject.file = file
                diagnostics.append(Diagnostic(.setOrphanFile, "'\(file)' is in \(asset.name)'s folder but no entry names it: it is never shipped",
                                              subject: subject, at: SourceLocation(file: asset.path + "/" + file)))
            }
        }
        return diagnostics
    }
}

extension Variant {
    /// `images[2]`-style label without the asset (the set type decides the array's name).
    var label: String { "entry \(index)" }
}
