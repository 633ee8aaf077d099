import AdaptSupport
import AssetCatalog
import Foundation

/// Where a `.adapt.yml` is looked for, and which found file is trusted.
///
/// A configuration found by looking above a catalog was put there by whoever controls that
/// folder, not chosen by the user, so the lookup is bounded:
///
/// - it stops at the repository root, the first folder holding `.git` (a folder, or the file a
///   worktree or submodule has): a `.adapt.yml` above the checkout is not the project's;
/// - outside a repository it climbs to the file system root, but never into a folder every user
///   may write to (`/tmp`, `/var/tmp`): a `/tmp/.adapt.yml` another user left is not applied;
/// - the file found must be a regular file in that folder (not a symbolic link, which could lead
///   to `/proc/self/environ`), owned by the current user, by root or by the repository's owner,
///   and not writable by every user. A file that fails is an error naming it, not skipped: a
///   configuration silently not applied would look like a clean run.
///
/// A file given with `--config` is the user's choice and is read as named, links followed.
extension ConfigFile {
    /// Where a configuration file came from, which decides how far it is trusted.
    package enum Origin: Hashable, Sendable {
        /// Named by the user (`--config`): read as named.
        case commandLine
        /// Found above a catalog by `find(above:)`: read only if `FileSystem.readTrustedFile` accepts it.
        case lookup
    }

    /// The nearest `.adapt.yml` in the catalog's folder or above it, within the bounds above.
    package static func find(above catalog: String) -> String? {
        var folder = URL(fileURLWithPath: catalog).standardizedFileURL.deletingLastPathComponent().path
        while true {
            if FileSystem.ownership(folder)?.isWorldWritable ?? true { return nil }
            let candidate = (folder == "/" ? "" : folder) + "/" + fileName
            // An entry of any kind: a link (even a dangling one) is found, and then refused.
            if FileSystem.entryExists(candidate) { return candidate }
            if isRepositoryRoot(folder) || folder == "/" { return nil }
            folder = folder.deletingLastPathComponent
            if folder.isEmpty { folder = "/" }
        }
    }

    /// Whether `folder` is the top of a git checkout (holds `.git`, as a folder or as a file).
    static func isRepositoryRoot(_ folder: String) -> Bool {
        FileSystem.entryExists((folder == "/" ? "" : folder) + "/.git")
    }

    /// The repository root at or above `folder`, if any.
    static func repositoryRoot(above folder: String) -> String? {
        var current = URL(fileURLWithPath: folder).standardizedFileURL.path
        while true {
            if isRepositoryRoot(current) { return current }
            if current == "/" { return nil }
            current = current.deletingLastPathComponent
            if current.isEmpty { current = "/" }
        }
    }

    /// Who may own a configuration found by lookup: the current user, root, and the owner of the
    /// repository the file lies in (a CI job running as root over a checkout owned by the runner).
    static func trustedOwners(of path: String) -> Set<UInt32> {
        var owners: Set<UInt32> = [FileSystem.currentUser, 0]
        if let root = repositoryRoot(above: path.deletingLastPathComponent), let owner = FileSystem.ownership(root)?.owner {
            owners.insert(owner)
        }
        return owners
    }
}
