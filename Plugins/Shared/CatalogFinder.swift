import Foundation

/// Finding the catalogs is the one thing the plugins do themselves (a build command must list its
/// input files). Plugin targets cannot depend on a library, so this file lives in
/// `Plugins/Shared/` and each plugin's folder links to it (as swift-argument-parser links
/// `Plugins/GenerateCommon` into its plugins); git keeps the links.
enum CatalogFinder {
    /// The `.xcassets` folders below a folder, sorted.
    static func catalogs(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var result: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "xcassets" {
            result.append(url)
            enumerator.skipDescendants()
        }
        return result.sorted { $0.path < $1.path }
    }

    static func files(in catalog: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }

    /// The nearest `.adapt.yml` at or above each catalog's folder, within the bounds `adapt validate`
    /// looks in (docs/Configuration.md): up to the repository root (the first folder holding
    /// `.git`), never into a folder every user may write to. The build reruns when one changes.
    static func configurations(above catalogs: [URL]) -> [URL] {
        var found: [URL] = []
        for catalog in catalogs {
            var folder = catalog.standardizedFileURL.deletingLastPathComponent()
            while !isWorldWritable(folder) {
                let candidate = folder.appending(path: ".adapt.yml")
                if (try? FileManager.default.attributesOfItem(atPath: candidate.path)) != nil {
                    if !found.contains(candidate) { found.append(candidate) }
                    break
                }
                let parent = folder.deletingLastPathComponent()
                if FileManager.default.fileExists(atPath: folder.appending(path: ".git").path) || parent.path == folder.path { break }
                folder = parent
            }
        }
        return found
    }

    private static func isWorldWritable(_ folder: URL) -> Bool {
        guard let permissions = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.posixPermissions] as? Int else { return true }
        return permissions & 0o002 != 0
    }
}
