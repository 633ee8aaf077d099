import Foundation
import PackagePlugin

/// Validates a target's asset catalogs on every build and generates type-safe accessors for
/// their assets. Errors fail the build and show with the catalogs' file paths and lines.
///
/// It only finds the inputs and runs `adapt validate`; every rule lives in the tool.
@main
struct ValidateAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let catalogs = CatalogFinder.catalogs(under: target.directoryURL)
        guard !catalogs.isEmpty else { return [] }
        let accessors = context.pluginWorkDirectoryURL.appending(path: "\(target.name)Assets.swift")
        return [
            .buildCommand(
                displayName: "Validating asset catalogs of \(target.name)",
                executable: try context.tool(named: "adapt").url,
                arguments: ["validate"] + catalogs.map(\.path) + ["--format", "xcode", "--accessors", accessors.path],
                // Every file of every catalog, so that editing one reruns the check.
                inputFiles: catalogs.flatMap(CatalogFinder.files(in:)),
                outputFiles: [accessors])
        ]
    }
}

/// Finding the catalogs is the one thing both plugins do themselves (a build command must list its
/// input files). Plugin targets cannot share source, so each carries this copy.
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
}
