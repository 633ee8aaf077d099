/// The few file-system calls the reader needs, made directly on POSIX.
///
/// The reader lists each set folder once and reads each Contents.json once; doing that through
/// `opendir`/`read` rather than FileManager keeps reading close to the cost of the bytes alone
/// (see the reading benchmark).
package enum FileSystem {
    package struct Entry: Hashable, Sendable {
        package var name: String
        /// True for a folder, and for a symbolic link to one (see `isSymbolicLink`).
        package var isDirectory: Bool
        /// The entry itself is a symbolic link: callers that must stay inside a folder check
        /// where it leads (`FileSystem.linkTarget`) before following it.
        package var isSymbolicLink = false
    }

    /// Why a file or folder could not be read: the path and the system's words for it.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var path: String
        package var reason: String
        /// The limit the file is larger than, when that is the failure: a fact about the file
        /// (say a sparse 15 TB "image"), never about the machine.
        package var exceededLimit: Int?
        /// The path leads to something other than a regular file (a FIFO, a device, a folder),
        /// refused before it was read: callers that skip such files test this, not the reason.
        package var isNotARegularFile: Bool
        /// Nothing is at the path (`ENOENT`): callers that report a missing file apart from one
        /// they cannot read test this, not the reason.
        package var isMissing: Bool
        package var description: String { "\(path): \(reason)" }

        package init(path: String, reason: String, exceededLimit: Int? = nil, isNotARegularFile: Bool = false, isMissing: Bool = false) {
            self.path = path
            self.reason = reason
            self.exceededLimit = exceededLimit
            self.isNotARegularFile = isNotARegularFile
            self.isMissing = isMissing
        }
    }

    /// The entries of a folder, sorted by name, without `.` and `..`.
    package static func listDirectory(_ path: String) throws(Failure) -> [Entry] {
        guard let directory = opendir(path) else { throw failure(path) }
        return try list(directory, path: path)
    }

    /// A folder's listing together with one file inside it, read through the folder's descriptor:
    /// one path lookup for the folder instead of one per call. Used for a set folder and its
    /// Contents.json. The file is nil when it does not exist.
    package static func listDirectory(_ path: String, reading fileName: String) throws(Failure)
        -> (entries: [Entry], file: [UInt8]?)
    {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw failure(path) }
        var file: [UInt8]?
        // Not following a link and not blocking on a FIFO: a hostile catalog must not make the
        // reader wait forever, read /dev/zero, or read a file outside the catalog.
        let descriptor = openat(folder, fileName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor >= 0 {
            defer { close(descriptor) }
            do {
                file = try readRegular(descriptor, path: path + "/" + fileName, limit: contentsSizeLimit)
            } catch {
                close(folder)
                throw error
            }
        } else if errno == ELOOP {
            let error = Failure(path: path + "/" + fileName, reason: "is a symbolic link; a Contents.json must be a regular file")
            close(folder)
            throw error
        } else if errno != ENOENT {
            let error = failure(path + "/" + fileName)
            close(folder)
            throw error
        }
        guard let directory = fdopendir(folder) else {
            let error = failure(path)
            close(folder)
            throw error
        }
        return (try list(directory, path: path), file)
    }

    private static func list(_ directory: OpaquePointer, path: String) throws(Failure) -> [Entry] {
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entryPointer = readdir(directory) {
            let name = withUnsafePointer(to: &entryPointer.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let isDirectory: Bool
            var isSymbolicLink = Int32(entryPointer.pointee.d_type) == Int32(DT_LNK)
            switch Int32(entryPointer.pointee.d_type) {
            case Int32(DT_DIR): isDirectory = true
            case Int32(DT_UNKNOWN):
                isSymbolicLink = Self.isSymbolicLink(path + "/" + name)
                isDirectory = Self.isDirectory(path + "/" + name)
            case Int32(DT_LNK): isDirectory = Self.isDirectory(path + "/" + name)
            default: isDirectory = false
            }
            entries.append(Entry(name: name, isDirectory: isDirectory, isSymbolicLink: isSymbolicLink))
        }
        entries.sort { $0.name < $1.name }
        return entries
    }

    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The size of a regular file in bytes, or nil when it cannot be read.
    package static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// The whole contents of a regular file of at most `limit` bytes (links are followed).
    ///
    /// Opened without blocking and checked on the descriptor, so a FIFO or a device in place of
    /// an image fails at once, naming the path, instead of hanging `report` or `diff`, or
    /// reading /dev/zero until memory runs out. Callers that must stay inside a catalog check
    /// links themselves (or use `readRegularFile(_:limit:followingLinks:)`).
    package static func readFile(_ path: String, limit: Int = fileSizeLimit) throws(Failure) -> [UInt8] {
        try readRegularFile(path, limit: limit)
    }

    /// Calls `body` with the whole file: read into memory when it is smaller than
    /// `mappingThreshold`, mapped read-only otherwise. Mapping saves a copy of a large file;
    /// mapping and unmapping many small ones from several threads contends on the process's
    /// memory map, so those are read. One open and one fstat either way.
    ///
    /// A file larger than `limit` is refused before it is mapped, with `exceededLimit` set: a
    /// sparse 15 TB file takes no disk, but mapping it fails for want of address space (ENOMEM,
    /// which would stop the run as the machine's fault) or, mapped, takes hours to scan.
    package static func withContents<Result>(
        of path: String, limit: Int = fileSizeLimit, mappingThreshold: Int = 4 << 20, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path) }
        let size = Int(info.st_size)
        guard size <= limit else { throw tooLarge(path, size: size, limit: limit) }
        guard size > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        if size < mappingThreshold {
            return try readAll(descriptor, path: path).withUnsafeBufferPointer { try body($0) }
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw failure(path)
        }
        defer { munmap(address, size) }
        return try body(UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size))
    }

    /// At most the first `count` bytes of a file.
    package static func readPrefix(_ path: String, count: Int) throws(Failure) -> [UInt8] {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(filled))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if result == 0 { break }
            filled += result
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Reads to the end, or to one byte past `limit` (a file growing while it is read, or a pipe,
    /// must not take all memory: the caller sees more than `limit` bytes and refuses them).
    static func readAll(_ descriptor: Int32, path: String, limit: Int = .max) throws(Failure) -> [UInt8] {
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        let cap = limit == .max ? limit : limit + 1
        var bytes = [UInt8](repeating: 0, count: min(max(expected, 0) + 1, cap))
        var filled = 0
        while filled < cap {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(max(4096, bytes.count), cap - bytes.count))) }
            let result = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if result == 0 { break }
            filled += result
            // A regular file that gave exactly its size is complete; skip the read that sees EOF.
            if filled == expected && expected > 0 { break }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The failure for a file of `size` bytes where at most `limit` are read.
    static func tooLarge(_ path: String, size: Int, limit: Int) -> Failure {
        Failure(path: path, reason: "is \(size) bytes, more than the limit of \(limit) bytes", exceededLimit: limit)
    }

    /// The failure for the current `errno`. One that says the machine is out of descriptors or
    /// memory is reported to `onEnvironmentFailure` first: it says nothing about the file.
    static func failure(_ path: String) -> Failure {
        let code = errno
        noteEnvironmentFailure(code, path: path)
        return Failure(path: path, reason: String(cString: strerror(code)), isMissing: code == ENOENT)
    }
}

extension String {
    /// The last path component.
    package var lastPathComponent: String {
        guard let slash = lastIndex(of: "/") else { return self }
        return String(self[index(after: slash)...])
    }

    /// The folder the path names a file in: everything before the last slash, `/` for a file at
    /// the root, `.` for a bare name.
    package var parentFolder: String {
        guard let slash = lastIndex(of: "/") else { return "." }
        return slash == startIndex ? "/" : String(self[..<slash])
    }

    /// The extension after the last dot of the last component, without the dot, or "".
    package var pathExtension: String {
        let name = lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The last component without its extension.
    package var deletingPathExtension: String {
        let name = lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    package func appendingPathComponent(_ component: String) -> String {
        hasSuffix("/") ? self + component : self + "/" + component
    }
}
