/// What the reader and the writers need to treat a catalog as untrusted input: real paths,
/// symbolic links and where they lead, folder identities (to walk no folder twice), and reads
/// that accept only regular files of bounded size.
///
/// ```swift
/// let root = FileSystem.realPath("Assets/Showcase.xcassets/")       // "/src/app/Assets/Showcase.xcassets"
/// FileSystem.isInside("/src/app/Assets/Showcase.xcassets/A.imageset", root!)   // true
/// let bytes = try FileSystem.readRegularFile("A.imageset/Contents.json", limit: FileSystem.contentsSizeLimit)
/// ```
extension FileSystem {
    /// The largest Contents.json read (16 MiB); real ones are a few kilobytes, and a larger one
    /// is a mistake or an attempt to exhaust memory.
    package static let contentsSizeLimit = 16 << 20

    /// The largest file `readFile` reads unless told otherwise (256 MiB): far above any image a
    /// catalog ships, far below what would exhaust memory.
    package static let fileSizeLimit = 256 << 20

    /// The absolute path with every symbolic link, `.`, `..` and repeated slash resolved, or nil
    /// when the path does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The real path of a path that may not exist yet: its parent's real path and its own name.
    /// Nil when the parent does not exist either.
    package static func realPathAllowingMissingLeaf(_ path: String) -> String? {
        if let real = realPath(path) { return real }
        let trimmed = lexicallyNormalized(path)
        let leaf = trimmed.lastPathComponent
        guard leaf != "." && leaf != ".." else { return nil }
        let parent = trimmed.contains("/") ? String(trimmed[..<trimmed.lastIndex(of: "/")!]) : "."
        guard let realParent = realPath(parent.isEmpty ? "/" : parent) else { return nil }
        return realParent == "/" ? "/" + leaf : realParent + "/" + leaf
    }

    /// The path with repeated slashes collapsed and trailing slashes and `/.` removed, so that
    /// `Cat.xcassets//` and `Cat.xcassets/.` both name `Cat.xcassets`. Does not touch the disk.
    package static func lexicallyNormalized(_ path: String) -> String {
        var result = ""
        var previousWasSlash = false
        for character in path {
            if character == "/" && previousWasSlash { continue }
            previousWasSlash = character == "/"
            result.append(character)
        }
        while result.count > 1 && (result.hasSuffix("/") || result.hasSuffix("/.")) {
            result.removeLast(result.hasSuffix("/") ? 1 : 2)
        }
        return result.isEmpty ? "/" : result
    }

    /// Whether `path` is `folder` or lies below it. Both must be real paths (see `realPath`).
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// How `path` overlaps the catalog at `catalog` (both real paths), in the words of a refusal:
    /// "is the catalog", "lies inside the catalog" or "contains the catalog"; nil when apart. A
    /// parent folder of the catalog must not be told it lies inside it.
    package static func catalogOverlap(_ path: String, _ catalog: String) -> String? {
        if path == catalog { return "is the catalog" }
        if isInside(path, catalog) { return "lies inside the catalog" }
        if isInside(catalog, path) { return "contains the catalog" }
        return nil
    }

    /// Whether the entry itself (not what it points to) is a symbolic link.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Where a symbolic link points, as written in the link (for messages).
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A folder's or file's identity on disk (device and inode): two paths with the same
    /// identity are the same folder, however many links lead there.
    package struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identity of what `path` leads to, or nil when it does not exist.
    package static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Opens a file for reading without blocking on a FIFO or a device, and refuses anything but
    /// a regular file: a named pipe in place of an image would otherwise hang every command.
    package static func openRegularFile(_ path: String, followingLinks: Bool = true) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            if errno == ELOOP && !followingLinks { throw Failure(path: path, reason: "is a symbolic link") }
            throw failure(path)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = failure(path)
            close(descriptor)
            throw error
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw Failure(path: path, reason: "not a regular file (\(kindDescription(info.st_mode)))", isNotARegularFile: true)
        }
        return descriptor
    }

    /// The whole contents of a regular file of at most `limit` bytes; a FIFO, a device, a folder
    /// or a larger file is refused with the reason. Without `followingLinks`, a symbolic link is
    /// refused too.
    package static func readRegularFile(
        _ path: String, limit: Int = contentsSizeLimit,
        followingLinks: Bool = true
    ) throws(Failure) -> [UInt8] {
        let descriptor = try openRegularFile(path, followingLinks: followingLinks)
        defer { close(descriptor) }
        return try readRegular(descriptor, path: path, limit: limit)
    }

    /// Standard input, to at most `limit` bytes (more is refused, not read on): what a user pipes
    /// in on purpose (`--config /dev/stdin`), read as a pipe is read, waiting for the writer.
    package static func readStandardInput(limit: Int, path: String = "/dev/stdin") throws(Failure) -> [UInt8] {
        let bytes = try readAll(STDIN_FILENO, path: path, limit: limit)
        guard bytes.count <= limit else { throw Failure(path: path, reason: "is more than the limit of \(limit) bytes") }
        return bytes
    }

    /// Reads an open descriptor that must be a regular file of at most `limit` bytes.
    static func readRegular(_ descriptor: Int32, path: String, limit: Int) throws(Failure) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(path: path, reason: "not a regular file (\(kindDescription(info.st_mode)))", isNotARegularFile: true)
        }
        guard Int(info.st_size) <= limit else { throw tooLarge(path, size: Int(info.st_size), limit: limit) }
        let bytes = try readAll(descriptor, path: path, limit: limit)
        // The file may have grown between fstat and read.
        guard bytes.count <= limit else {
            throw Failure(path: path, reason: "is more than the limit of \(limit) bytes", exceededLimit: limit)
        }
        return bytes
    }

    /// What a file of `mode` is, for an error that refuses it (`a named pipe`).
    package static func kindDescription(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }
}

extension FileSystem {
    /// Why a command must not write its output file at `path`, or nil when it may. The rule of
    /// every file adapt writes beside the catalogs (`--write-baseline`, `report -o`), so that a
    /// mistyped `main.swift` or `App.xcassets/Contents.json` is refused instead of overwritten:
    ///
    /// - never inside one of `catalogs` (nor over one), compared by real path;
    /// - a new path, or an existing regular file that `isOwn` recognises as one `writer` wrote;
    ///   never a folder, a symbolic link, a FIFO or a device.
    ///
    /// ```swift
    /// FileSystem.outputFileRefusal("main.swift", catalogs: ["App.xcassets"], writer: "adapt report") { _ in false }
    /// // "exists and was not written by adapt report; it is not overwritten (choose a new path, or delete it)"
    /// ```
    package static func outputFileRefusal(
        _ path: String, catalogs: [String], writer: String,
        isOwn: (String) -> Bool
    ) -> String? {
        let normalized = lexicallyNormalized(path)
        guard let real = realPathAllowingMissingLeaf(normalized) else { return "its parent folder does not exist" }
        for catalog in catalogs {
            if let catalogReal = realPath(catalog), let overlap = catalogOverlap(real, catalogReal) {
                return "\(overlap) \(catalog); \(writer) writes outside the catalogs"
            }
        }
        var info = stat()
        guard lstat(normalized, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: return "is a symbolic link; give the file itself"
        default: return "exists and is \(kindDescription(info.st_mode)), not a file \(writer) wrote"
        }
        guard isOwn(normalized) else {
            return "exists and was not written by \(writer); it is not overwritten (choose a new path, or delete it)"
        }
        return nil
    }
}
