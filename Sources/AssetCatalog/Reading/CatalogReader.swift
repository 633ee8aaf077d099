#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    public init(concurrency: Int = CatalogReader.coreCount) {
        self.concurrency = max(1, concurrency)
    }

    /// The number of cores online.
    public static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// A catalog folder that cannot be read at all.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var diagnostic: Diagnostic
        public var description: String { diagnostic.description }
    }

    public func read(at path: String) throws(Failure) -> Catalog {
        let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard FileSystem.isDirectory(root) else {
            let reason = FileSystem.exists(root) ? "not a folder" : "no such catalog"
            throw Failure(diagnostic: Diagnostic(.error, "\(reason): an asset catalog is a folder such as Assets.xcassets",
                                                 code: "catalog.unreadable", at: SourceLocation(file: root)))
        }
        var walk = CatalogWalk()
        walk.visitRoot(root)

        // Sets are independent: read them on every core, in folder order.
        let reader = SetReader()
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
            catalog.diagnostics.append(Diagnostic(.note, "the catalog holds no assets", code: "catalog.empty",
                                                  at: SourceLocation(file: root)))
        }
        return catalog
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

    /// The catalog folder's own Contents.json is optional, like a group's: it holds only `info`
    /// and `properties`, Xcode reads a catalog without one, and its absence changes nothing (no
    /// property defaults differ), so a missing one is not reported.
    mutating func visitRoot(_ root: String) {
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
            diagnostics.append(Diagnostic(.error, "cannot read folder: \(error.reason)", code: "catalog.unreadable",
                                          at: SourceLocation(file: folder)))
            return
        }
        for entry in entries where entry.isDirectory && !entry.name.hasPrefix(".") {
            let path = folder.appendingPathComponent(entry.name)
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
