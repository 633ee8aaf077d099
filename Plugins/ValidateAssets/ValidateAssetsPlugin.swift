import Foundation
import PackagePlugin

/// Validates a target's asset catalogs on every build and generates type-safe accessors for
/// their assets. Errors fail the build and show with the catalogs' file paths and lines.
///
/// It only finds the inputs and runs `adapt validate`; every rule lives in the tool, which reads
/// each catalog's `.adapt.yml` itself. The command writes only the accessors, in the plugin's
/// work directory, and lists every catalog file and every `.adapt.yml` above a catalog as
/// inputs, so it reruns only when one of them changes.
@main
struct ValidateAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let catalogs = CatalogFinder.catalogs(under: target.directoryURL)
        return try Self.commands(
            catalogs: catalogs, targetName: target.name, tool: context.tool(named: "adapt").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The one build command, shared by packages and (below) Xcode projects.
    static func commands(catalogs: [URL], targetName: String, tool: URL, workDirectory: URL) throws -> [Command] {
        guard !catalogs.isEmpty else { return [] }
        let accessors = workDirectory.appending(path: "\(targetName)Assets.swift")
        return [
            .buildCommand(
                displayName: "Validating asset catalogs of \(targetName)",
                executable: tool,
                arguments: ["validate"] + catalogs.map(\.path) + ["--format", "xcode", "--accessors", accessors.path],
                // Every file of every catalog, and the configuration, so that editing one reruns the check.
                inputFiles: catalogs.flatMap(CatalogFinder.files(in:)) + CatalogFinder.configurations(above: catalogs),
                outputFiles: [accessors])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// Xcode app targets: the same command, with the catalogs taken from the target's input files.
    /// (This part cannot be built on Linux; it mirrors the package path above and adds nothing.)
    extension ValidateAssetsPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            var catalogs: [URL] = []
            for file in target.inputFiles where file.url.pathExtension == "xcassets" && !catalogs.contains(file.url) {
                catalogs.append(file.url)
            }
            return try Self.commands(
                catalogs: catalogs.sorted { $0.path < $1.path }, targetName: target.displayName,
                tool: context.tool(named: "adapt").url, workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif
