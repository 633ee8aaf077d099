/// Reading a file named by another file (a `devices:` or `baseline:` path in `.adapt.yml`) or
/// found by looking around (a `.adapt.yml` above a catalog): such a path comes from whoever
/// wrote the repository, not from the user, so it is read only when it stays where it was
/// looked up. A link to `/proc/self/environ` or `~/.ssh/id_ed25519` is refused, not read.
///
/// The checks resolve paths and then open the resolved path without following a final link;
/// a folder swapped for a link between the two is not defended against (the threat is a hostile
/// checkout, whose files do not change while adapt runs).
extension FileSystem {
    /// The contents of the regular file `path` (at most `limit` bytes), provided its real path,
    /// every link resolved, lies inside `folder`'s real path. Links that stay inside are followed.
    /// Without a folder (a path the user named), links are followed wherever they lead.
    package static func readRegularFile(_ path: String, inside folder: String?, limit: Int) throws(Failure) -> [UInt8] {
        guard let folder else { return try readRegularFile(path, limit: limit) }
        guard let realFolder = realPath(folder) else { throw Failure(path: path, reason: "its folder \(folder) does not exist") }
        guard let real = realPath(path) else {
            // Opening it gives the system's reason (no such file, permission denied, a link loop).
            _ = try readRegularFile(path, limit: limit, followingLinks: false)
            throw Failure(path: path, reason: "cannot be resolved")
        }
        guard isInside(real, realFolder) else {
            throw Failure(path: path, reason: "leads outside \(folder) (to \(real)); only files inside it are read")
        }
        return try readRegularFile(real, limit: limit, followingLinks: false)
    }

    /// Who may have put a file at `path`, for deciding whether to trust a file found by looking
    /// around rather than named by the user.
    package struct Ownership: Hashable, Sendable {
        /// The owner's user id.
        package var owner: UInt32
        /// Anyone may write it (`o+w`): a file anyone could have put there, or a folder anyone
        /// can put files in, such as /tmp.
        package var isWorldWritable: Bool
    }

    /// The ownership of what `path` leads to (or, without `followingLinks`, of the entry itself),
    /// or nil when it does not exist.
    package static func ownership(_ path: String, followingLinks: Bool = true) -> Ownership? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return Ownership(owner: UInt32(info.st_uid), isWorldWritable: info.st_mode & S_IWOTH != 0)
    }

    /// Whether there is an entry at `path`, of any kind: a dangling symbolic link counts.
    package static func entryExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The user this process runs as (its effective user id).
    package static var currentUser: UInt32 { UInt32(geteuid()) }

    /// The contents of a regular file at `path` itself (a symbolic link is refused) of at most
    /// `limit` bytes, provided one of `owners` owns it and not everyone may write it. Checked on
    /// the open descriptor, so the file checked is the file read.
    package static func readTrustedFile(_ path: String, limit: Int, owners: Set<UInt32>) throws(Failure) -> [UInt8] {
        let descriptor = try openRegularFile(path, followingLinks: false)
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path) }
        guard owners.contains(UInt32(info.st_uid)) else {
            throw Failure(path: path, reason: "is owned by another user (uid \(info.st_uid))")
        }
        guard info.st_mode & S_IWOTH == 0 else { throw Failure(path: path, reason: "may be written by every user") }
        return try readRegular(descriptor, path: path, limit: limit)
    }
}
