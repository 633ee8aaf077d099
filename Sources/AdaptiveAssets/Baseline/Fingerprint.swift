import AssetCatalog

/// What identifies a finding across edits: the catalog's path relative to the working folder
/// (an app's and its widget's `Assets.xcassets` are two catalogs), the set's path inside the
/// catalog, the asset's name, the rule, and the variant's file name (or its attributes when it
/// has no file). Never a line number, and never the message, whose wording may change.
public struct Fingerprint: Hashable, Sendable, Comparable {
    public var catalog: String
    public var set: String
    public var asset: String
    public var rule: String
    public var variant: String

    public init(catalog: String, set: String, asset: String, rule: String, variant: String) {
        (self.catalog, self.set, self.asset, self.rule, self.variant) = (catalog, set, asset, rule, variant)
    }

    public static func < (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
        (lhs.catalog, lhs.set, lhs.rule, lhs.variant, lhs.asset) < (rhs.catalog, rhs.set, rhs.rule, rhs.variant, rhs.asset)
    }

    /// The fingerprint of `diagnostic`, looked up in the catalogs it was found in; `catalogKey`
    /// names a catalog (by default its folder name; validation passes its path relative to the
    /// working folder).
    public init(_ diagnostic: Diagnostic, in catalogs: [Catalog], catalogKey: (Catalog) -> String = { $0.path.lastPathComponent }) {
        let file = diagnostic.location?.file ?? ""
        let catalog = catalogs.filter { file == $0.path || file.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }
        guard let catalog else {
            self.init(catalog: "", set: file, asset: "", rule: diagnostic.code, variant: "")
            return
        }
        let asset = catalog.assets.flatMap(\.withDescendants)
            .filter { file == $0.path || file.hasPrefix($0.path + "/") }
            .max { $0.path.count < $1.path.count }
        let catalogName = catalogKey(catalog)
        guard let asset else {
            self.init(catalog: catalogName, set: String(file.dropFirst(catalog.path.count).drop { $0 == "/" }), asset: "",
                      rule: diagnostic.code, variant: "")
            return
        }
        var variant = ""
        if file == asset.contentsPath {
            if let line = diagnostic.location?.line, let found = asset.variants.first(where: { $0.location?.line == line }) {
                variant = found.filename ?? found.attributeSummary
            }
        } else if file != asset.path {
            variant = String(file.dropFirst(asset.path.count + 1))
        }
        self.init(catalog: catalogName, set: String(asset.path.dropFirst(catalog.path.count + 1)), asset: asset.name,
                  rule: diagnostic.code, variant: variant)
    }
}
