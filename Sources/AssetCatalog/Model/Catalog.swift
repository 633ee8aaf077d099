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
    /// The `.xcassets` folder, as the reader was given it.
    public var path: String
    /// The assets code can load by name, in folder order (a set's child sets are in its `children`).
    public var assets: [Asset]
    /// Groups (folders that are not sets), in folder order.
    public var groups: [Group]
    /// Every problem the reader found, in folder order.
    public var diagnostics: [Diagnostic]

    /// A catalog as the reader builds it, or built in memory.
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
        /// The group's folder.
        public var path: String
        /// The prefix its children's names get (`box/`), empty when no enclosing group provides one.
        public var namespace: String
        /// Whether this group's own name is part of its children's names.
        public var providesNamespace: Bool
    }
}
