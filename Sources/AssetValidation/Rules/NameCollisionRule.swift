import AssetCatalog

/// Two assets with the same qualified name, in one catalog (folders without a namespace) or
/// across the catalogs given together (`name.collision`): code can only ever load one of them.
enum NameCollisionRule {
    static func check(_ catalogs: [Catalog]) -> [Diagnostic] {
        var first: [String: Asset] = [:]
        var diagnostics: [Diagnostic] = []
        for catalog in catalogs {
            for asset in catalog.assets {
                if let earlier = first[asset.name] {
                    diagnostics.append(Diagnostic(
                        .error, "the name '\(asset.name)' is also used by \(earlier.path): only one of them can be loaded by name",
                        code: "name.collision", at: SourceLocation(file: asset.contentsPath ?? asset.path)))
                } else {
                    first[asset.name] = asset
                }
            }
        }
        return diagnostics
    }
}
