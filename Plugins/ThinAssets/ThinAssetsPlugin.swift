import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory thin-assets --target T --device ID ... [--output DIR]`
///
/// Thins each asset catalog of the targets for the devices given, through `adapt thin`, into
/// DIR/<target>/<catalog>/ (DIR defaults to `Thinned` in the package). It only finds the
/// catalogs and runs the tool.
@main
struct ThinAssetsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let devices = extractor.extractOption(named: "device")
        let allDevices = extractor.extractFlag(named: "all-devices") > 0
        let output =
            extractor.extractOption(named: "output").last.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL) }
            ?? context.package.directoryURL.appending(path: "Thinned")
        guard !devices.isEmpty || allDevices else {
            Diagnostics.error("thin-assets needs --device ID (repeatable) or --all-devices")
            return
        }
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let adapt = try context.tool(named: "adapt").url
        for target in targets {
            for catalog in CatalogFinder.catalogs(under: target.directoryURL) {
                let destination = output.appending(path: target.name).appending(path: catalog.deletingPathExtension().lastPathComponent)
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                var arguments = ["thin", catalog.path, "--output", destination.path]
                arguments += allDevices ? ["--all-devices"] : devices.flatMap { ["--device", $0] }
                let process = try Process.run(adapt, arguments: arguments)
                process.waitUntilExit()
                if process.terminationStatus != 0 {
                    Diagnostics.error("adapt thin failed for \(catalog.path) (exit \(process.terminationStatus))")
                    return
                }
                print("thinned \(catalog.lastPathComponent) of \(target.name) into \(destination.path)")
            }
        }
    }
}
