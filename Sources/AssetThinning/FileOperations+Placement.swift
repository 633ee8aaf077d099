import AdaptSupport
import AssetCatalog
import Synchronization

/// How a slice gets the files it keeps from the source catalog.
///
/// ```swift
/// var writer = SliceWriter()
/// writer.placement = .copy       // real copies: a slice is independent of the catalog
/// ```
public enum FilePlacement: String, Sendable, CaseIterable {
    /// The default: a copy-on-write clone where the file system has them (Btrfs, XFS, APFS-like
    /// reflinks through Linux's `FICLONE`), which shares no bytes editing could change; else a
    /// hard link, which takes no time and no space but *is* the catalog's file (editing it in place
    /// edits the catalog: `adapt thin --help` and docs/Commands.md say so, and `--copy` avoids it); else,
    /// across file systems, a real copy.
    case clone
    /// Always a real byte copy.
    case copy
    /// A hard link where source and slice share a file system (else a clone or copy). Fast and
    /// takes no space, but the slice's file and the catalog's are one file: editing either in
    /// place edits both. Only when asked for.
    case hardLink
}

extension FileOperations {
    /// Per source file system (`st_dev`), whether a clone worked there, once tried.
    private static let clonesWork = Mutex<[UInt64: Bool]>([:])

    /// Puts `source` at `destination` by `placement`, staying inside `boundary`: a symbolic link
    /// leading outside the catalog is skipped (its target is never read or written), as is
    /// anything that is not a regular file (a FIFO, a device). Those are reported when the
    /// catalog is read. An existing destination is left as it is.
    static func place(_ source: String, at destination: String, placement: FilePlacement, boundary: CatalogBoundary) throws {
        var from = source
        if FileSystem.isSymbolicLink(source) {
            guard let real = FileSystem.realPath(source), boundary.contains(real) else { return }
            from = real
        }
        let input: Int32
        do {
            input = try FileSystem.openRegularFile(from)
        } catch {
            if error.isNotARegularFile { return }
            throw OutputFailure(.unreadableSource, path: from, message: error.description)
        }
        defer { close(input) }
        if placement == .hardLink, try hardLink(from, source, destination) { return }
        // Most file systems (ext4) have no reflinks: after the first failed clone on a file system,
        // go straight to the hard link instead of creating, trying and removing a file each time.
        var info = stat()
        let device = fstat(input, &info) == 0 ? UInt64(info.st_dev) : nil
        if placement == .clone, let device, Self.clonesWork.withLock({ $0[device] }) == false {
            if try hardLink(from, source, destination) { return }
            return try place(source, at: destination, placement: .copy, boundary: boundary)
        }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard output >= 0 else {
            if errno == EEXIST { return }
            throw failure(destination, "create file")
        }
        var closed = false
        defer { if !closed { close(output) } }
        if placement == .clone {
            #if os(Linux)
                // FICLONE = _IOW(0x94, 9, int): the destination shares the source's blocks until either
                // is written. Fails (EOPNOTSUPP, EXDEV, EINVAL) where the file system has no reflinks.
                let cloned = ioctl(output, UInt(0x4004_9409), input) == 0
                if let device { Self.clonesWork.withLock { $0[device] = cloned } }
                if cloned { return }
            #endif
            // No reflinks here: a hard link in place of the empty file, when the file system allows.
            close(output)
            closed = true
            guard unlink(destination) == 0 else { throw failure(destination, "replace the empty file") }
            if try hardLink(from, source, destination) { return }
            return try place(source, at: destination, placement: .copy, boundary: boundary)
        }
        try copyBytes(from: input, to: output, destination: destination)
    }

    /// Hard-links `from` at `destination`; false when the file systems differ or forbid it.
    private static func hardLink(_ from: String, _ source: String, _ destination: String) throws -> Bool {
        if link(from, destination) == 0 || errno == EEXIST { return true }
        guard errno == EXDEV || errno == EPERM || errno == EMLINK || errno == ENOTSUP else {
            throw failure(destination, "link \(source)")
        }
        return false
    }

    private static func copyBytes(from input: Int32, to output: Int32, destination: String) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(destination, "read the source file")
            }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw failure(destination, "write")
                }
                written += result
            }
        }
    }

    /// Copies a folder kept whole (an image stack, ...) by `placement`, without leaving the
    /// catalog and without walking any folder twice (a link back to a parent is a loop).
    static func copyTree(
        _ source: String, to destination: String, placement: FilePlacement, boundary: CatalogBoundary,
        before: (@Sendable (String) throws -> Void)?
    ) throws {
        var walked: Set<FileSystem.Identity> = []
        try copyTree(source, to: destination, placement: placement, boundary: boundary, walked: &walked, before: before)
    }

    private static func copyTree(
        _ source: String, to destination: String, placement: FilePlacement, boundary: CatalogBoundary,
        walked: inout Set<FileSystem.Identity>, before: (@Sendable (String) throws -> Void)?
    ) throws {
        if let identity = FileSystem.identity(source), !walked.insert(identity).inserted { return }
        try makeDirectory(destination)
        let entries: [FileSystem.Entry]
        do { entries = try FileSystem.listDirectory(source) } catch { throw OutputFailure(.unreadableSource, path: source, message: error.description) }
        for entry in entries {
            var from = source + "/" + entry.name
            let to = destination + "/" + entry.name
            if entry.isSymbolicLink {
                guard let real = FileSystem.realPath(from), boundary.contains(real) else { continue }
                from = real
            }
            if entry.isDirectory {
                try copyTree(from, to: to, placement: placement, boundary: boundary, walked: &walked, before: before)
            } else {
                try before?(to)
                try place(from, at: to, placement: placement, boundary: boundary)
            }
        }
    }
}
