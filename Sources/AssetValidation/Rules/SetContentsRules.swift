import AssetCatalog

/// The family's rules, each declared with its card; the check follows.
extension RuleID {
    /// A file in a set's folder that no entry names (Xcode's .
    public static let setUnassigned = RuleID(
        "set.unassigned", .warning, .sets,
        #"a file in a set's folder that no entry names (Xcode's "unassigned child"): it is never shipped"#,
        reason: #"Xcode's own "unassigned child" warning: it builds, the file is simply never shipped"#,
        details: "An entry without a file (an empty slot, as Xcode's templates write) is not one; `policy.empty-slot` reports those on request.",
        bad: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}   (folder: a.png, old.png)"#,
        good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}   (folder: a.png)"#,
        formerIDs: ["set.orphan-file"])
}

/// Files in a set's folder that no entry names (`set.unassigned`, Xcode's "unassigned child": a
/// file in no slot, never shipped), in every set with entries, child sets included (a brand
/// asset's slots, a stack layer's `Content.imageset`). An entry without a file is an empty slot,
/// which Xcode's own templates write: not a finding (the opt-in `policy.empty-slot` reports it).
package struct SetContentsRules: CatalogRuleFamily {
    package static let rules: [RuleID] = [.setUnassigned]

    package init(_ validator: Validator) {}

    package func check(_ catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for asset in catalog.assets.flatMap(\.withDescendants) where asset.type.entriesKey != nil {
            let named = Set(asset.variants.compactMap(\.filename))
            for file in asset.files where !named.contains(file) && !file.hasPrefix(".") {
                var subject = Diagnostic.Subject(catalog: catalog.path, asset: asset, variant: nil)
                subject.file = file
                diagnostics.append(
                    Diagnostic(
                        .setUnassigned, Message.unassigned(file, in: asset),
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

private enum Message {
    static func unassigned(_ file: String, in asset: Asset) -> String {
        "'\(file)' is in \(asset.name)'s folder but no entry names it (an unassigned child): it is never shipped"
    }
}
