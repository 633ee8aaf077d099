import AdaptSupport

/// The edge of a catalog on disk: its real path, and the rule for the symbolic links found
/// inside it. A link that stays inside is reported as a warning and may be followed; a link
/// that leads outside (to `~/.ssh`, `/etc/passwd`, `/dev/zero`) is an error and is never
/// followed, so nothing outside the catalog leaks into a slice or a report.
///
/// ```swift
/// let boundary = CatalogBoundary(realRoot: FileSystem.realPath("App.xcassets")!)
/// if let finding = boundary.check(linkAt: "App.xcassets/Leak.imagestack") {
///     print(finding.diagnostic)   // ...: error: symbolic link to '../../home/.ssh' leads outside the catalog ... [catalog.symlink-escape]
/// }
/// ```
package struct CatalogBoundary: Hashable, Sendable {
    /// The catalog folder's real path (symbolic links resolved).
    package var realRoot: String

    package init(realRoot: String) {
        self.realRoot = realRoot
    }

    /// What was found at a symbolic link: its diagnostic, and whether it may be followed.
    package struct LinkFinding: Sendable {
        package var diagnostic: Diagnostic
        package var mayFollow: Bool
        /// Where it leads (real path), when it leads anywhere inside the catalog.
        package var realTarget: String?
    }

    /// Nil when `path` is not a symbolic link; otherwise the finding for it.
    package func check(linkAt path: String) -> LinkFinding? {
        guard FileSystem.isSymbolicLink(path) else { return nil }
        let written = FileSystem.linkTarget(path) ?? "?"
        guard let real = FileSystem.realPath(path) else {
            return LinkFinding(
                diagnostic: Diagnostic(
                    .catalogSymlink, "symbolic link to '\(written)' leads nowhere (its target does not exist)",
                    at: SourceLocation(file: path)),
                mayFollow: false)
        }
        guard contains(real) else {
            return LinkFinding(
                diagnostic: Diagnostic(
                    .catalogSymlinkEscape, "symbolic link to '\(written)' leads outside the catalog; it is not followed, read or copied",
                    at: SourceLocation(file: path)),
                mayFollow: false)
        }
        return LinkFinding(
            diagnostic: Diagnostic(
                .catalogSymlink,
                "symbolic link to '\(written)' (inside the catalog): Xcode and other tools may treat it differently; prefer a real file or folder",
                at: SourceLocation(file: path)),
            mayFollow: true, realTarget: real)
    }

    /// Whether a real path lies inside the catalog.
    package func contains(_ realPath: String) -> Bool { FileSystem.isInside(realPath, realRoot) }

    /// Reports every symbolic link below `folder` without following any, at most `depth` levels
    /// down (set folders are shallow; the bound keeps a hostile tree from costing much).
    func linksBelow(_ folder: String, depth: Int = 8) -> [Diagnostic] {
        guard depth > 0, let entries = try? FileSystem.listDirectory(folder) else { return [] }
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            let path = folder + "/" + entry.name
            if entry.isSymbolicLink {
                if let finding = check(linkAt: path) { diagnostics.append(finding.diagnostic) }
            } else if entry.isDirectory {
                diagnostics += linksBelow(path, depth: depth - 1)
            }
        }
        return diagnostics
    }
}
