/// A whole `.xcassets` folder as read: every asset in folder order, and every problem found.
///
/// ```swift
/// let catalog = try CatalogReader().read(at: "Assets/Showcase.xcassets")
/// for asset in catalog.assets where asset.type == .imageSet {
///     print(asset.name, asset.variants.count)
/// }
/// if catalog.diagnostics.hasErrors { ... }
/// ```
public struct Catalog: Hashable, Sendable {
    public var path: String
    public var assets: [Asset]
    /// Groups (folders that are not sets), in folder order.
    public var groups: [Group]
    public var diagnostics: [Diagnostic]

    public init(path: String, assets: [Asset] = [], groups: [Group] = [], diagnostics: [Diagnostic] = []) {
        self.path = path
        self.assets = assets
        self.groups = groups
        self.diagnostics = diagnostics
    }

    /// The catalog's folder name without `.xcassets`.
    public var name: String { path.deletingPathExtension }

    /// The catalog's folder name, `.xcassets` included: how a baseline names it by default.
    public var folderName: String { path.lastPathComponent }

    /// The asset with this qualified name, if there is one.
    public func asset(named name: String) -> Asset? { assets.first { $0.name == name } }

    /// A folder that organises assets; when it provides a namespace, its name prefixes theirs.
    public struct Group: Hashable, Sendable {
        public var path: String
        /// The prefix its children's names get (`box/`), empty when no enclosing group provides one.
        public var namespace: String
        public var providesNamespace: Bool
    }
}
