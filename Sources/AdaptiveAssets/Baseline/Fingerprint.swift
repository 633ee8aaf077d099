import AssetCatalog

/// What identifies a finding across edits: the catalog's path relative to the working folder
/// (an app's and its widget's `Assets.xcassets` are two catalogs), the set's path inside the
/// catalog, the asset's name, the rule, and the variant's file name (or its attributes when it
/// has no file). Never a line number, and never the message, whose wording may change.
package struct Fingerprint: Hashable, Sendable, Comparable {
    package var catalog: String
    package var set: String
    package var asset: String
    package var rule: String
    package var variant: String

    package init(catalog: String, set: String, asset: String, rule: String, variant: String) {
        (self.catalog, self.set, self.asset, self.rule, self.variant) = (catalog, set, asset, rule, variant)
    }

    package static func < (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
        (lhs.catalog, lhs.set, lhs.rule, lhs.variant, lhs.asset) < (rhs.catalog, rhs.set, rhs.rule, rhs.variant, rhs.asset)
    }

    /// The fingerprint of `diagnostic`, found in `catalogs`. Indexes the catalogs for this one
    /// finding: for many, build a `FingerprintIndex` once and ask it.
    package init(_ diagnostic: Diagnostic, in catalogs: [Catalog], catalogKey: (Catalog) -> String = { $0.folderName }) {
        self = FingerprintIndex(catalogs, catalogKey: catalogKey).fingerprint(of: diagnostic)
    }
}
