import AdaptSupport
import AssetCatalog
import AssetThinning
import CompiledCatalog

/// Writes a compile's files: `Assets.car` and the files beside it in actool's `--compile DIR`,
/// each asset pack's `Assets.car`, the partial Info.plist and the dependency info.
///
/// actool writes into a folder that holds other things (an app bundle being built), so the
/// folder is never replaced as a whole. All or nothing, across every folder of the run: each
/// file is written to a staging name beside its place, every place is checked, and only then is
/// every file renamed over its place. A file already at a place is replaced only when it is what
/// a compiler writes under that name (a compiled catalog that reads as one, a PNG, an `.icns`, a
/// property list), so a user's own file is never lost. On any failure the staged files are
/// removed and the folders hold what they held before (see `CompileOutput+Staging.swift` for
/// staging names, the sweep of a killed run's leftovers, and `abandon()`).
///
/// ```swift
/// let written = try CompileOutput.write([
///     CompileOutput.Destination([CompileOutput.File(name: "Assets.car", bytes: car)], into: "Build/App.app"),
///     CompileOutput.Destination([CompileOutput.File(name: "partial.plist", bytes: plist)], into: "Build"),
/// ])
/// ```
package enum CompileOutput {
    /// The name actool gives the compiled catalog.
    package static let catalogName = "Assets.car"

    /// One file to write: its name in the folder, and what writes its bytes, piece by piece.
    package struct File {
        package var name: String
        package var produce: (_ emit: ([UInt8]) throws -> Void) throws -> Void

        package init(name: String, produce: @escaping (_ emit: ([UInt8]) throws -> Void) throws -> Void) {
            self.name = name
            self.produce = produce
        }

        package init(name: String, bytes: [UInt8]) {
            self.init(name: name) { emit in try emit(bytes) }
        }
    }

    /// Files to write into one folder.
    package struct Destination {
        package var folder: String
        package var files: [File]

        package init(_ files: [File], into folder: String) {
            self.folder = folder
            self.files = files
        }

        /// Where the files go, in order.
        package var paths: [String] { files.map { folder.appendingPathComponent($0.name) } }
    }

    /// Creates `folder` when it is missing (its parent must exist); refuses a path that is not a
    /// folder. Returns whether it created the folder, so a failed compile can take it away again.
    @discardableResult
    package static func prepare(_ folder: String) throws(OutputFailure) -> Bool {
        var created = false
        if !FileSystem.exists(folder) && !FileSystem.isSymbolicLink(folder) {
            do { try FileOperations.makeDirectory(folder) } catch {
                throw OutputFailure(.unwritable, path: folder, message: "\(folder) cannot be created: \(error)")
            }
            created = true
            noteCreated(folder)
        }
        guard FileSystem.isDirectory(folder) else { throw OutputFailure(.notAFolder, path: folder, message: "\(folder) is not a folder") }
        return created
    }

    /// Writes `files` into `folder`, creating it if missing. Returns the paths written.
    package static func write(_ files: [File], into folder: String) throws(OutputFailure) -> [String] {
        try write([Destination(files, into: folder)])
    }

    /// Writes every file of `destinations`, or none of them, creating a missing folder (whose
    /// parent exists). Returns the paths written.
    package static func write(_ destinations: [Destination]) throws(OutputFailure) -> [String] {
        var created: [String] = []
        var staged: [(staging: String, path: String)] = []
        do throws(OutputFailure) {
            for destination in destinations where try prepare(destination.folder) { created.append(destination.folder) }
            // Refuse before writing anything: a file adapt may not replace stops the whole write.
            try checkPlaces(destinations)
            for folder in Set(destinations.map(\.folder)) { sweepStaleStaging(in: folder) }
            for destination in destinations {
                for (file, path) in zip(destination.files, destination.paths) {
                    let staging = try stagingPath(for: path)
                    staged.append((staging, path))
                    do { try FileOperations.writeFile(staging, exclusive: true) { write in try file.produce(write) } } catch {
                        throw OutputFailure(.unwritable, path: destination.folder, message: "\(destination.folder) cannot be written: \(error)")
                    }
                }
            }
            // Staging the catalog takes a while: a place is checked again just before it is replaced.
            try commit(staged) { () throws(OutputFailure) in try checkPlaces(destinations) }
        } catch {
            discard(staged.map(\.staging))
            for folder in created.reversed() { rmdir(folder) }
            throw error
        }
        return staged.map(\.path)
    }

    /// Refuses a name that is a path, a place two files would take, and a file at a place that
    /// adapt may not replace.
    private static func checkPlaces(_ destinations: [Destination]) throws(OutputFailure) {
        var taken: Set<String> = []
        for destination in destinations {
            let real = FileSystem.realPath(destination.folder) ?? destination.folder
            for (file, path) in zip(destination.files, destination.paths) {
                // Names are adapt's (`Assets.car`, an icon set's name and a size) or a flag's last
                // component: never a path.
                guard !file.name.isEmpty, !file.name.contains("/"), file.name != ".", file.name != ".." else {
                    throw OutputFailure(.unwritable, path: destination.folder, message: "'\(file.name)' is not a file name adapt compile may write")
                }
                // `--output-partial-info-plist Build/Assets.car` would replace the catalog just written.
                guard taken.insert(real.appendingPathComponent(file.name)).inserted else {
                    throw OutputFailure(.unwritable, path: path, message: "\(path) would be written twice in one compile (two outputs name it)")
                }
                guard FileSystem.exists(path) || FileSystem.isSymbolicLink(path) else { continue }
                if let refusal = replacementRefusal(path, name: file.name) { throw OutputFailure(.notEarlierOutput, path: path, message: "\(path) \(refusal)") }
            }
        }
    }

    /// Why the existing file at `path` may not be replaced by a compile's `name`, or nil when it may.
    static func replacementRefusal(_ path: String, name: String) -> String? {
        if FileSystem.isSymbolicLink(path) { return "is a symbolic link; adapt compile replaces only the files a compiler wrote" }
        guard let prefix = try? FileSystem.readPrefix(path, count: 8) else { return "cannot be read to tell whether a compiler wrote it" }
        let lower = name.lowercased()
        let isOurs: Bool
        if lower.hasSuffix(".car") {
            isOurs = prefix.starts(with: Array("BOMStore".utf8))
        } else if lower.hasSuffix(".png") {
            isOurs = prefix.starts(with: [0x89, 0x50, 0x4E, 0x47])
        } else if lower.hasSuffix(".icns") {
            isOurs = prefix.starts(with: Array("icns".utf8))
        } else if lower.hasSuffix(".plist") {
            isOurs = prefix.starts(with: Array("bplist".utf8)) || prefix.starts(with: Array("<?xml".utf8))
        } else {
            // A dependency info file (`--export-dependency-info`) has no extension of its own.
            isOurs = DependencyInfo.looksLikeOne(prefix)
        }
        return isOurs ? nil : "is not a file a compiler writes under that name; adapt compile does not replace it (move it away, or choose another folder)"
    }
}
