import AdaptSupport
import AssetCatalog
import AssetThinning
import CompiledCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a compile's files into actool's `--compile DIR`: `Assets.car` and the files beside it.
///
/// actool writes into a folder that holds other things (an app bundle being built), so the
/// folder is never replaced as a whole. Each file is written to a staging name in the folder and
/// renamed over its place only when every file has been staged; a file already at a place is
/// replaced only when it is what a compiler writes under that name (a compiled catalog that
/// reads as one, a PNG, an `.icns`, a property list), so a user's own file is never lost. On any
/// failure the staged files are removed and the folder holds what it held before.
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
        }
        guard FileSystem.isDirectory(folder) else { throw OutputFailure(.notAFolder, path: folder, message: "\(folder) is not a folder") }
        return created
    }

    /// Writes `files` into `folder`, creating it if missing. Returns the paths written.
    package static func write(_ files: [File], into folder: String) throws(OutputFailure) -> [String] {
        try prepare(folder)
        // Refuse before writing anything: a file adapt may not replace stops the whole write.
        for file in files {
            // Names are adapt's (`Assets.car`, an icon set's name and a size): never a path.
            guard !file.name.isEmpty, !file.name.contains("/"), file.name != ".", file.name != ".." else {
                throw OutputFailure(.unwritable, path: folder, message: "'\(file.name)' is not a file name adapt compile may write")
            }
            let path = folder.appendingPathComponent(file.name)
            guard FileSystem.exists(path) || FileSystem.isSymbolicLink(path) else { continue }
            if let refusal = replacementRefusal(path, name: file.name) { throw OutputFailure(.notEarlierOutput, path: path, message: "\(path) \(refusal)") }
        }
        var staged: [(staging: String, path: String)] = []
        let suffix = ".adapt-compile-\(getpid())"
        do {
            for file in files {
                let path = folder.appendingPathComponent(file.name)
                let staging = path + suffix
                unlink(staging)
                try FileOperations.writeFile(staging, exclusive: true) { write in try file.produce(write) }
                staged.append((staging, path))
            }
        } catch {
            for file in staged { unlink(file.staging) }
            throw OutputFailure(.unwritable, path: folder, message: "\(folder) cannot be written: \(error)")
        }
        for (index, file) in staged.enumerated() where rename(file.staging, file.path) != 0 {
            for rest in staged[index...] { unlink(rest.staging) }
            throw OutputFailure(.unwritable, path: file.path, message: "\(file.path) cannot be replaced")
        }
        return staged.map(\.path)
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
