import AdaptSupport

/// Reads `.xcassets` folders.
///
/// Bad input never stops the whole catalog: each problem becomes a `Diagnostic` in the result,
/// and only a catalog folder that cannot be opened at all throws.
///
/// ```swift
/// let catalog = try CatalogReader().read(at: "Assets/Showcase.xcassets")
/// catalog.diagnostics.forEach { print($0) }
/// ```
public struct CatalogReader: Sendable {
    /// How many threads read sets at once; by default one per core.
    public var concurrency: Int

    /// Reads sets on `concurrency` threads; nil means one per core.
    public init(concurrency: Int? = nil) {
        self.concurrency = max(1, concurrency ?? Machine.coreCount)
    }

    /// A catalog folder that cannot be read at all.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The problem, located at the folder (`reading.unreadable` and the like).
        public var diagnostic: Diagnostic
        public var description: String { diagnostic.description }
    }

    /// Reads the `.xcassets` folder at `path`: every set, in parallel, with every problem as a diagnostic.
    /// Throws only when the folder is missing, not a folder, not an `.xcassets` or not readable.
    public func read(at path: String) throws(Failure) -> Catalog {
        let root = Self.normalizedCatalogPath(path)
        guard FileSystem.isDirectory(root), let realRoot = FileSystem.realPath(root) else {
            let reason = FileSystem.exists(root) ? "not a folder" : "no such catalog"
            throw Failure(
                diagnostic: Diagnostic(
                    .catalogUnreadable, "\(reason): an asset catalog is a folder such as Assets.xcassets",
                    subject: Diagnostic.Subject(catalog: root), at: SourceLocation(file: root)))
        }
        // A project folder or an empty folder given by mistake would otherwise be read as a
        // catalog whose groups are the project's folders, nested catalogs included.
        guard CatalogFinder.isCatalogName(realRoot.lastPathComponent) else {
            throw Failure(diagnostic: Self.notACatalog(root))
        }
        var walk = CatalogWalk(boundary: CatalogBoundary(realRoot: realRoot))
        walk.visitRoot(root)

        // Sets are independent: read them on every core, in folder order.
        let reader = SetReader(boundary: walk.boundary)
        let results = walk.pendingSets.concurrentMap(concurrency: concurrency) { set in
            reader.read(path: set.path, name: set.name, type: set.type)
        }

        var catalog = Catalog(path: root, groups: walk.groups, diagnostics: walk.diagnostics)
        catalog.assets.reserveCapacity(results.count)
        for (asset, diagnostics) in results {
            catalog.assets.append(asset)
            catalog.diagnostics.append(contentsOf: diagnostics)
        }
        // A note, not a warning: Xcode's SwiftUI template creates an empty "Preview Assets.xcassets"
        // in every project, and actool compiles an empty catalog without complaint. The note still
        // helps someone who passed the wrong folder.
        if catalog.assets.isEmpty {
            catalog.diagnostics.append(
                Diagnostic(
                    .catalogEmpty, "the catalog holds no assets",
                    at: SourceLocation(file: root)))
        }
        // Every finding names its catalog, for consumers that group or fingerprint by it.
        catalog.diagnostics.attribute(to: Diagnostic.Subject(catalog: root))
        return catalog
    }
}

extension CatalogReader {
    /// The path as given, without repeated or trailing slashes (`Cat.xcassets//`); `.`, `..`
    /// or a path ending in them becomes the real path, so that the catalog has a real name.
    static func normalizedCatalogPath(_ path: String) -> String {
        let trimmed = FileSystem.lexicallyNormalized(path)
        let last = trimmed.lastPathComponent
        if last == "." || last == ".." { return FileSystem.realPath(trimmed) ?? trimmed }
        return trimmed
    }

    /// The answer to a folder that is not a catalog, listing the catalogs found inside it.
    static func notACatalog(_ path: String) -> Diagnostic {
        let found = CatalogFinder.catalogs(below: path)
        let hint =
            found.isEmpty
            ? "no .xcassets folder was found inside it"
            : "catalogs inside it: " + found.joined(separator: ", ")
        return Diagnostic(.catalogNotACatalog, "not an asset catalog (a folder named *.xcassets); \(hint)", at: SourceLocation(file: path))
    }
}

/// The sequential part of reading: walking groups to find the sets, which are read later in parallel.
struct CatalogWalk {
    struct PendingSet: Sendable {
        var path: String
        var name: String
        var type: AssetType
    }

    var pendingSets: [PendingSet] = []
    var groups: [Catalog.Group] = []
    var diagnostics: [Diagnostic] = []
    let boundary: CatalogBoundary
    /// Every folder walked, by identity: a link back to one (`grp/a -> ..`) is not walked again.
    private var walked: Set<FileSystem.Identity> = []

    init(boundary: CatalogBoundary) {
        self.boundary = boundary
    }

    /// The catalog folder's own Contents.json is optional, like a group's: it holds only `info`
    /// and `properties`, Xcode reads a catalog without one, and its absence changes nothing (no
    /// property defaults differ), so a missing one is not reported.
    mutating func visitRoot(_ root: String) {
        if let identity = FileSystem.identity(root) { walked.insert(identity) }
        let contentsPath = root.appendingPathComponent("Contents.json")
        if FileSystem.exists(contentsPath) {
            switch ContentsDocument.load(contentsPath) {
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            case .success(let document): diagnostics += document.warnings
            }
        }
        visitChildren(of: root, namespace: "")
    }

    private mutating func visitChildren(of folder: String, namespace: String) {
        let entries: [FileSystem.Entry]
        do {
            entries = try FileSystem.listDirectory(folder)
        } catch {
            diagnostics.append(
                Diagnostic(
                    .catalogUnreadable, "cannot read folder: \(error.reason)",
                    at: SourceLocation(file: folder)))
            return
        }
        for entry in entries where !entry.name.hasPrefix(".") {
            let path = folder.appendingPathComponent(entry.name)
            if entry.isSymbolicLink, let finding = boundary.check(linkAt: path) {
                if finding.mayFollow, entry.isDirectory, let identity = FileSystem.identity(path), walked.contains(identity) {
                    let target = FileSystem.linkTarget(path) ?? "?"
                    diagnostics.append(
                        Diagnostic(
                            .catalogSymlink, "symbolic link to '\(target)' leads to a folder already read (a loop); not read again",
                            at: SourceLocation(file: path)))
                    continue
                }
                diagnostics.append(finding.diagnostic)
                guard finding.mayFollow else { continue }
            }
            guard entry.isDirectory else { continue }
            // Two paths to one folder (links, bind mounts): read it once.
            if let identity = FileSystem.identity(path), !walked.insert(identity).inserted { continue }
            if CatalogFinder.isCatalogName(entry.name) {
                diagnostics.append(
                    Diagnostic(
                        .catalogNested, "a catalog inside a catalog is not read (Xcode does not read it either)",
                        at: SourceLocation(file: path)))
                continue
            }
            if let type = AssetType(rawValue: entry.name.pathExtension), !type.isContainer {
                pendingSets.append(PendingSet(path: path, name: namespace + entry.name.deletingPathExtension, type: type))
            } else {
                visitGroup(path, namespace: namespace)
            }
        }
    }

    /// A group is any other folder, including sprite atlases and folders with an unknown extension.
    /// A group without a Contents.json is read as one without a namespace, as Xcode reads it
    /// (folders added outside Xcode have none); nothing is reported, since the defaults are what
    /// the author gets in Xcode too.
    private mutating func visitGroup(_ path: String, namespace: String) {
        var providesNamespace = false
        let contentsPath = path.appendingPathComponent("Contents.json")
        if FileSystem.exists(contentsPath) {
            switch ContentsDocument.load(contentsPath) {
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            case .success(let document):
                diagnostics += document.warnings
                providesNamespace = PropertiesParser.parse(document, diagnostics: &diagnostics).providesNamespace
            }
        }
        let childNamespace = providesNamespace ? namespace + path.lastPathComponent.deletingPathExtension + "/" : namespace
        groups.append(Catalog.Group(path: path, namespace: childNamespace, providesNamespace: providesNamespace))
        visitChildren(of: path, namespace: childNamespace)
    }
}
