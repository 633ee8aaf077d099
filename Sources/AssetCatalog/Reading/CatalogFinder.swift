import AdaptSupport

/// Finds the `.xcassets` folders below a folder, for the answer to a user who gave a project
/// folder where a catalog was expected.
///
/// The search is bounded (depth and folders visited), skips hidden folders and symbolic links,
/// and does not look inside the catalogs it finds.
///
/// ```swift
/// CatalogFinder.catalogs(below: ".")   // ["./App/Assets.xcassets", "./Widget/Assets.xcassets"]
/// ```
package enum CatalogFinder {
    /// Catalog paths below `folder` (prefixed with it), sorted, at most `limit` of them.
    package static func catalogs(below folder: String, depth: Int = 4, limit: Int = 20) -> [String] {
        var found: [String] = []
        var budget = 5_000
        func visit(_ path: String, depth: Int) {
            guard depth > 0, budget > 0, found.count < limit, let entries = try? FileSystem.listDirectory(path) else { return }
            budget -= 1
            for entry in entries where entry.isDirectory && !entry.isSymbolicLink && !entry.name.hasPrefix(".") {
                let child = path == "/" ? "/" + entry.name : path + "/" + entry.name
                if isCatalogName(entry.name) {
                    if found.count < limit { found.append(child) }
                } else {
                    visit(child, depth: depth - 1)
                }
            }
        }
        visit(folder, depth: depth)
        return found.sorted()
    }

    /// Whether a folder name is a catalog's: it ends in `.xcassets` (any case, as macOS file
    /// systems usually ignore case).
    package static func isCatalogName(_ name: String) -> Bool {
        name.pathExtension.lowercased() == "xcassets"
    }
}
