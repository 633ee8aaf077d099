import AdaptSupport
import ImageChecks

/// What `adapt png` does with its arguments: PNG files get the PNG checks, `.xcassets` folders
/// get the catalog image checks (which include the PNG checks of every image they hold).
///
/// ```swift
/// let run = PNGCheckRun(paths: ["a.png", "App/Assets.xcassets"], inspector: PNGInspector())
/// print(run.text)
/// ```
package struct PNGCheckRun: Sendable {
    package struct CatalogResult: Sendable {
        package var path: String
        package var imageCount: Int
        package var diagnostics: [Diagnostic]
    }

    package private(set) var files: [PNGReport] = []
    package private(set) var catalogs: [CatalogResult] = []

    package init(paths: [String], inspector: PNGInspector) {
        let catalogPaths = paths.filter { $0.pathExtension == "xcassets" && FileSystem.isDirectory($0) }
        let filePaths = paths.filter { !catalogPaths.contains($0) }
        files = inspector.inspect(files: filePaths)
        for path in catalogPaths {
            do {
                let catalog = try CatalogReader().read(at: path)
                let result = CatalogImageChecker(inspector: inspector).check(catalog)
                catalogs.append(
                    CatalogResult(
                        path: path, imageCount: result.pngCount,
                        diagnostics: catalog.diagnostics + result.diagnostics))
            } catch {
                catalogs.append(CatalogResult(path: path, imageCount: 0, diagnostics: [error.diagnostic]))
            }
        }
    }

    package var diagnostics: [Diagnostic] { files.flatMap(\.diagnostics) + catalogs.flatMap(\.diagnostics) }

    package var hasErrors: Bool { files.contains(where: \.hasErrors) || catalogs.contains { $0.diagnostics.hasErrors } }

    /// One line per file, then one per catalog.
    package var text: String {
        var lines = files.map(\.textLine)
        for catalog in catalogs {
            let errors = catalog.diagnostics.errorCount
            let warnings = catalog.diagnostics.warningCount
            lines.append(
                "\(catalog.path): \(catalog.imageCount) PNG images checked: \(counted(errors, "error")), "
                    + "\(counted(warnings, "warning"))")
        }
        return lines.textOutput
    }

    package var json: JSONValue {
        .object([
            "files": .array(files.map(\.json)),
            "catalogs": .array(
                catalogs.map { catalog in
                    .object([
                        "path": .string(catalog.path), "imageCount": .number(String(catalog.imageCount)),
                        "diagnostics": .array(catalog.diagnostics.map(\.json)),
                    ])
                }),
        ])
    }
}
