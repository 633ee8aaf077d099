import AssetCatalog

/// The family's rules, each declared with its card; the check follows.
extension RuleID {
    /// Two assets found by the same lookup with one qualified name, in one catalog or across those given.
    public static let nameCollision = RuleID(
        "name.collision", .warning, .sets,
        "two assets found by the same lookup with one qualified name, in one catalog or across those given",
        reason: #"Xcode builds it ("used by multiple sets"); which one a lookup gets is undefined"#,
        details: "An image set and a colour set, or an app icon set and a visionOS icon, may share a name; so may an image set and a symbol set.",
        bad: "Logo.imageset/ and Brand/Logo.imageset/ in a catalog without namespaces  (both are 'Logo')",
        good: #"Logo.imageset/ and Brand/Logo.imageset/ with "provides-namespace": true on Brand  ('Logo' and 'Brand/Logo')"#)
}

/// Assets that share a qualified name, in one catalog (folders without a namespace) or across the
/// catalogs given together (`name.collision`, a warning).
///
/// Names only clash within one lookup namespace (`AssetType.LookupNamespace`):
/// - different namespaces never clash: an image set and a colour set, data set or app icon set
///   called `Brand` are found by different APIs;
/// - an image set and a symbol set may share a name: the lookup takes the symbol set
///   (`AssetType.lookupPrefers(over:)`);
/// - two sets of the same kind: a warning, as Xcode's "The image set name 'X' is used by multiple
///   image sets". actool still builds and keeps one, so it is not an error; which one is not
///   specified, so the author should know;
/// - two different kinds in one namespace (an image set and an image stack, both loaded by
///   `UIImage(named:)`): a warning for the same reason.
///
/// Catalogs given together are often separate bundles (an app and its widget each with its own
/// `AppIcon`); those are the same warning, since this tool cannot tell which catalogs share a bundle.
///
/// ```swift
/// NameCollisionRule(validator).check(together: [appCatalog, widgetCatalog])  // ... warning: the name 'Logo' is used by 2 image sets ...
/// ```
package struct NameCollisionRule: CatalogRuleFamily {
    package static let rules: [RuleID] = [.nameCollision]

    package init(_ validator: Validator) {}

    package func check(together catalogs: [Catalog]) -> [Diagnostic] {
        struct Key: Hashable {
            var name: String
            var namespace: AssetType.LookupNamespace
        }
        var earlier: [Key: [(asset: Asset, catalog: Catalog)]] = [:]
        var diagnostics: [Diagnostic] = []
        for catalog in catalogs {
            for asset in catalog.assets where asset.type.lookupNamespace != .nested {
                let key = Key(name: asset.name, namespace: asset.type.lookupNamespace)
                let clashing = earlier[key, default: []].filter {
                    !asset.type.lookupPrefers(over: $0.asset.type) && !$0.asset.type.lookupPrefers(over: asset.type)
                }
                if let first = clashing.first {
                    diagnostics.append(
                        Diagnostic(
                            .nameCollision, Self.message(asset, in: catalog, sharesWith: first.asset, in: first.catalog),
                            subject: Diagnostic.Subject(catalog: catalog.path, asset: asset, variant: nil),
                            at: SourceLocation(file: asset.contentsPath ?? asset.path)))
                }
                earlier[key, default: []].append((asset, catalog))
            }
        }
        return diagnostics
    }

    /// A set's path relative to its catalog, prefixed by the catalog's folder name when the other
    /// set is in another catalog.
    private static func place(of asset: Asset, in catalog: Catalog, qualified: Bool) -> String {
        let relative = asset.path.hasPrefix(catalog.path + "/") ? String(asset.path.dropFirst(catalog.path.count + 1)) : asset.path
        return qualified ? catalog.path.lastPathComponent + "/" + relative : relative
    }
}

extension NameCollisionRule {
    fileprivate static func message(_ asset: Asset, in catalog: Catalog, sharesWith other: Asset, in otherCatalog: Catalog) -> String {
        let across = catalog.path != otherCatalog.path
        let this = place(of: asset, in: catalog, qualified: across)
        let that = place(of: other, in: otherCatalog, qualified: across)
        if asset.type == other.type {
            return "the name '\(asset.name)' is used by multiple \(asset.type.rawValue)s: \(that) and \(this); a lookup by name gets only one of them"
        }
        return
            "the name '\(asset.name)' is used by \(that) and \(this), which both load through the \(asset.type.lookupNamespace.rawValue) lookup; which one it returns is not defined"
    }
}
