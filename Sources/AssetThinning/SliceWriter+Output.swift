import AdaptSupport
import AssetCatalog

/// The folder `adapt thin` replaces, and the rules that keep that replacement from destroying
/// anything else: users type `-o` in a hurry (`-o .`, `-o "$PWD/"`, `-o App.xcassets`), and a
/// thinning run must never delete a catalog, a project or their files.
///
/// OUTPUT is replaced only when it is absent, an empty folder, or an earlier output of
/// `adapt thin` (its `summary.json` carries `SliceWriter.outputFormat`). It is refused when it
/// is a file or a symbolic link, when it is, contains or lies inside the source catalog, or when
/// it is or contains the working folder. Paths are compared as real paths, so `..`, trailing
/// slashes and symbolic links change nothing.
///
/// One run at a time writes an OUTPUT: the run holds `flock` on `.<name>.lock` beside it, and a
/// second run is refused at once. Holding the lock, a run removes the staging folders of earlier
/// runs that were killed (their process no longer exists).
///
/// `adapt extract` follows the same rules with its own `Owner` (its marker is the root
/// `Contents.json`'s `info.author`), so the two commands never replace each other's output.
///
/// ```swift
/// let summaries = try OutputFolder.write("Thinned", catalogRealPath: "/src/app/Assets.xcassets") { output in
///     // write into output.staging; it replaces Thinned when this returns
/// }
/// ```
///
/// Every refusal is an `OutputFailure`: its kind, the path as the user gave it, and the message.
package struct OutputFolder {
    /// The command that owns an output folder: how messages name it and its work, and how it
    /// recognises a folder an earlier run of it wrote.
    package struct Owner: Sendable {
        package var command: String
        package var work: String
        /// What it writes, for messages: `slices`.
        package var product: String
        package var marker: String
        package var isEarlierOutput: @Sendable (String) -> Bool
        /// Why a folder that is no earlier output is refused, in the owner's words (what it
        /// holds that the owner did not write); nil for the general message.
        package var refusal: (@Sendable (String) -> String?)?

        package init(
            command: String, work: String, product: String, marker: String, isEarlierOutput: @escaping @Sendable (String) -> Bool,
            refusal: (@Sendable (String) -> String?)? = nil
        ) {
            self.command = command
            self.work = work
            self.product = product
            self.marker = marker
            self.isEarlierOutput = isEarlierOutput
            self.refusal = refusal
        }

        package static let thin = Owner(
            command: "adapt thin", work: "thinning", product: "slices", marker: "summary.json", isEarlierOutput: OutputFolder.isEarlierOutput)
    }

    /// The path as the user gave it, for messages.
    package let userPath: String
    package let realPath: String
    package let staging: String
    private let lockPath: String
    private let lockDescriptor: Int32

    /// Messages name no path: the command prints them at the path the user gave.
    static func failure(_ kind: OutputFailure.Kind, _ path: String, _ reason: String) -> OutputFailure {
        OutputFailure(kind, path: path, message: reason)
    }

    /// Checks that `path` may be replaced, takes the lock, and clears stale staging folders.
    package static func claim(_ path: String, catalogRealPath: String, owner: Owner = .thin) throws(OutputFailure) -> OutputFolder {
        guard !path.isEmpty else { throw failure(.emptyPath, path, "the output folder is empty") }
        let normalized = FileSystem.lexicallyNormalized(path)
        if FileSystem.isSymbolicLink(normalized) {
            throw failure(.symbolicLink, path, "is a symbolic link; give the output folder itself, not a link to it")
        }
        guard let real = FileSystem.realPathAllowingMissingLeaf(normalized) else {
            let parent = normalized.contains("/") ? String(normalized[..<normalized.lastIndex(of: "/")!]) : "."
            throw failure(.missingParent, path, "cannot write \(owner.product): its parent folder '\(parent.isEmpty ? "/" : parent)' does not exist")
        }
        guard real != "/" else { throw failure(.rootFolder, path, "the root folder cannot be an output folder") }
        if FileSystem.isInside(real, catalogRealPath) {
            throw failure(.insideSource, path, "lies inside the source catalog \(catalogRealPath); write \(owner.product) outside it")
        }
        if FileSystem.isInside(catalogRealPath, real) {
            throw failure(
                .containsSource, path, "is or contains the source catalog \(catalogRealPath); \(owner.work) replaces OUTPUT, so it would delete the catalog")
        }
        if let workingFolder = FileSystem.realPath("."), FileSystem.isInside(workingFolder, real) {
            throw failure(
                .containsWorkingFolder, path, "is or contains the working folder \(workingFolder); \(owner.work) replaces OUTPUT, so it would delete it")
        }
        let parent = String(real[..<real.lastIndex(of: "/")!])
        let directory = parent.isEmpty ? "/" : parent
        let name = real.lastPathComponent
        let lockPath = directory + "/." + name + ".lock"
        let lock = try acquireLock(lockPath, userPath: path, owner: owner)
        do throws(OutputFailure) {
            try checkReplaceable(real, userPath: path, owner: owner)
            removeStaleStaging(in: directory, of: name)
        } catch {
            releaseLock(lock, at: lockPath)
            throw error
        }
        return OutputFolder(
            userPath: path, realPath: real, staging: directory + "/." + name + ".partial-\(getpid())",
            lockPath: lockPath, lockDescriptor: lock)
    }

    package func release() { Self.releaseLock(lockDescriptor, at: lockPath) }

    /// The one output transaction of `thin`, compiled `thin` and `extract`: claims `path`
    /// (`claim`), lets `fill` write everything into a fresh staging folder beside it, then
    /// replaces OUTPUT with that folder. When `fill` or the replacement throws, the staging
    /// folder is removed and OUTPUT is left as it was; the lock is released either way.
    /// `fill` gets the claimed folder, to write into its `staging` and to check its `realPath`
    /// again just before the replacement.
    package static func write<Value>(
        _ path: String, catalogRealPath: String, owner: Owner = .thin,
        _ fill: (OutputFolder) throws -> Value
    ) throws -> Value {
        let folder = try claim(path, catalogRealPath: catalogRealPath, owner: owner)
        defer { folder.release() }
        try? FileOperations.removeTree(folder.staging)
        do {
            try FileOperations.makeDirectory(folder.staging)
            let value = try fill(folder)
            try FileOperations.replace(folder.realPath, with: folder.staging)
            return value
        } catch {
            try? FileOperations.removeTree(folder.staging)
            throw error
        }
    }

    /// OUTPUT must be absent, an empty folder, or an earlier output of the owner.
    private static func checkReplaceable(_ real: String, userPath: String, owner: Owner) throws(OutputFailure) {
        var info = stat()
        guard lstat(real, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw failure(
                .notAFolder, userPath,
                "is a file, not a folder; \(owner.work) replaces OUTPUT, so give a folder that is absent, empty or an earlier output of \(owner.command)")
        }
        let entries: [FileSystem.Entry]
        do { entries = try FileSystem.listDirectory(real) } catch { throw failure(.unreadable, userPath, error.description) }
        if entries.isEmpty || owner.isEarlierOutput(real) { return }
        if let reason = owner.refusal?(real) { throw failure(.notEarlierOutput, userPath, reason) }
        throw failure(
            .notEarlierOutput, userPath,
            "holds files \(owner.command) did not write (it has no \(owner.marker) from \(owner.command)); \(owner.work) replaces OUTPUT, so give a folder that is absent, empty or an earlier output, or remove this one yourself"
        )
    }

    /// Whether `folder/summary.json` says an `adapt thin` run wrote the folder.
    static func isEarlierOutput(_ folder: String) -> Bool {
        guard let bytes = try? FileSystem.readRegularFile(folder + "/summary.json", limit: 64 << 20, followingLinks: false),
            let summary = try? JSONParser.parse(bytes)
        else { return false }
        return summary["format"]?.string == SliceWriter.outputFormat
    }

    private static func acquireLock(_ lockPath: String, userPath: String, owner: Owner) throws(OutputFailure) -> Int32 {
        while true {
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                throw failure(.lock, userPath, "cannot create the lock file \(lockPath): \(String(cString: strerror(errno)))")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let busy = errno == EWOULDBLOCK
                close(descriptor)
                if busy { throw failure(.busy, userPath, "another \(owner.command) is writing this output folder; it was not touched") }
                throw failure(.lock, userPath, "cannot lock \(lockPath): \(String(cString: strerror(errno)))")
            }
            // A run that finished may have removed the file between our open and flock: then the
            // lock is on a deleted file and another run could lock a new one. Retry until the
            // locked file is the one at the path.
            var held = stat()
            var current = stat()
            if fstat(descriptor, &held) == 0, lstat(lockPath, &current) == 0,
                held.st_dev == current.st_dev, held.st_ino == current.st_ino
            {
                return descriptor
            }
            close(descriptor)
        }
    }

    private static func releaseLock(_ descriptor: Int32, at lockPath: String) {
        unlink(lockPath)
        close(descriptor)
    }

    /// Removes `.<name>.partial-<pid>` and `.<name>.partial-<pid>.previous` folders left by runs
    /// that were killed: those whose process no longer exists.
    private static func removeStaleStaging(in directory: String, of name: String) {
        let prefix = "." + name + ".partial-"
        guard let entries = try? FileSystem.listDirectory(directory) else { return }
        for entry in entries where entry.name.hasPrefix(prefix) {
            let rest = entry.name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let pid = pid_t(digits), pid > 0, rest.dropFirst(digits.count).isEmpty || rest.dropFirst(digits.count) == ".previous"
            else { continue }
            if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
                try? FileOperations.removeTree(directory + "/" + entry.name)
            }
        }
    }
}

/// Why an output was not written: what kind of refusal or failure, the path it is about (the
/// output folder as the user gave it, or a source file), and the message the command prints
/// there. Commands print the message; code that needs to know what happened reads the kind.
///
/// ```swift
/// do { try writer.write(plans, to: "Thinned") }
/// catch let failure as OutputFailure where failure.kind == .busy { /* another run holds it */ }
/// ```
public struct OutputFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, so a caller can tell a busy output from a refused one without reading the message.
    public enum Kind: Hashable, Sendable {
        /// The output path is empty.
        case emptyPath
        /// OUTPUT is a symbolic link.
        case symbolicLink
        /// OUTPUT's parent folder does not exist.
        case missingParent
        /// OUTPUT is the root folder.
        case rootFolder
        /// OUTPUT lies inside the source catalog.
        case insideSource
        /// OUTPUT is or contains the source catalog.
        case containsSource
        /// OUTPUT is or contains the working folder.
        case containsWorkingFolder
        /// OUTPUT is a file.
        case notAFolder
        /// OUTPUT holds files that are no earlier output of the command.
        case notEarlierOutput
        /// OUTPUT could not be listed.
        case unreadable
        /// The lock beside OUTPUT could not be created or taken.
        case lock
        /// Another run holds the lock beside OUTPUT.
        case busy
        /// A device id is not one a folder may be named by.
        case invalidDeviceID
        /// The source catalog, or a file in it, could not be read.
        case unreadableSource
        /// A file or folder of the output could not be created, written or renamed into place.
        case unwritable
    }

    /// What went wrong.
    public var kind: Kind
    /// The path the failure is about: the output folder as the user gave it, or the source.
    public var path: String
    /// What the command prints (naming no path when `path` is the output folder).
    public var message: String
    public var description: String { message }

    package init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }
}

extension SliceWriter {
    /// The `format` of `summary.json`, by which a later run recognises a folder it may replace.
    package static let outputFormat = "adaptive-assets.thin-output"

    /// `summary.json`: the format marker, and one entry per device (as `SliceSummary.json`).
    package static func summaryDocument(_ summaries: [SliceSummary]) -> JSONValue {
        ["format": .string(outputFormat), "formatVersion": 1, "devices": SliceSummary.json(summaries)]
    }
}
