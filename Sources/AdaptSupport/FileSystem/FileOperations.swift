/// The writes the package's outputs need (slices, pages, baselines, generated accessors), on POSIX,
/// each failing with the path and the system's reason.
///
/// ```swift
/// try FileOperations.writeAtomically("Baseline.json", Array(json.utf8))   // readers never see half of it
/// ```
package enum FileOperations {
    /// The failure for the current `errno`; one that says the machine is out of descriptors or
    /// memory goes to `FileSystem.onEnvironmentFailure` first.
    package static func failure(_ path: String, _ action: String) -> FileSystem.Failure {
        let code = errno
        FileSystem.noteEnvironmentFailure(code, path: path)
        return FileSystem.Failure(path: path, reason: "cannot \(action): \(String(cString: strerror(code)))")
    }

    package static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw failure(path, "create folder") }
    }

    package static func writeFile(_ path: String, _ bytes: [UInt8], exclusive: Bool = false) throws {
        try writeFile(path, exclusive: exclusive) { write in try write(bytes) }
    }

    /// Writes a file in pieces as `produce` hands them over, so that a large file (a device's
    /// manifest at 20,000 sets) never has to be held whole.
    package static func writeFile(
        _ path: String, exclusive: Bool = false,
        _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (exclusive ? O_EXCL : O_TRUNC), 0o644)
        guard descriptor >= 0 else { throw failure(path, "create file") }
        defer { close(descriptor) }
        try produce { bytes in
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw failure(path, "write")
                }
                written += result
            }
        }
    }

    /// Writes a file through a temporary name beside it, so readers never see half of it.
    package static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws {
        let temporary = path + ".partial-\(getpid())"
        // A leftover of a killed run, or a link planted there, is replaced, never written through.
        unlink(temporary)
        try writeFile(temporary, bytes, exclusive: true)
        if rename(temporary, path) != 0 {
            let error = failure(path, "replace")
            unlink(temporary)
            throw error
        }
    }

    package static func symbolicLink(_ target: String, at path: String) throws {
        if symlink(target, path) != 0 { throw failure(path, "create link to \(target)") }
    }

    /// The bytes of the regular files below a folder. Symbolic links are not followed: they
    /// could lead outside the catalog or back up to this folder.
    package static func treeSize(_ path: String) -> Int {
        guard let entries = try? FileSystem.listDirectory(path) else { return FileSystem.fileSize(path) ?? 0 }
        return entries.reduce(0) { total, entry in
            if entry.isSymbolicLink { return total }
            return total + (entry.isDirectory ? treeSize(path + "/" + entry.name) : FileSystem.fileSize(path + "/" + entry.name) ?? 0)
        }
    }

    package static func removeTree(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let entries: [FileSystem.Entry]
            entries = try FileSystem.listDirectory(path)
            for entry in entries { try removeTree(path + "/" + entry.name) }
            if rmdir(path) != 0 { throw failure(path, "remove folder") }
        } else if unlink(path) != 0 {
            throw failure(path, "remove")
        }
    }

    /// Puts `staging` where `output` is. An existing `output` is moved aside first and removed
    /// only after the new one is in place, so at every moment one complete version exists.
    package static func replace(_ output: String, with staging: String) throws {
        var info = stat()
        if lstat(output, &info) == 0 {
            let aside = staging + ".previous"
            guard rename(output, aside) == 0 else { throw failure(output, "move aside") }
            guard rename(staging, output) == 0 else {
                let error = failure(output, "move into place")
                _ = rename(aside, output)
                throw error
            }
            try? removeTree(aside)
        } else if rename(staging, output) != 0 {
            throw failure(output, "move into place")
        }
    }
}
