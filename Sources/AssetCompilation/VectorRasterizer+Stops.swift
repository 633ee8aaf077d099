import AdaptSupport
import Synchronization

extension VectorRasterizer {
    /// The image sets (a vector's folder) whose drawing stopped hard: the renderer ran out of time
    /// or memory, or crashed. The rest of such a set is not drawn, so a set of hostile files costs
    /// one time limit rather than one per file and scale. The drawings of one set take turns, so
    /// that the one after a stop never starts; sets draw in parallel.
    package final class Stops: Sendable {
        private let gates = Mutex<[String: Gate]>([:])

        package init() {}

        private final class Gate: Sendable {
            /// The file whose drawing stopped (as it was then: an edited file is drawn again) and why.
            let stop = Mutex<(file: FileStamp, reason: String)?>(nil)
        }

        /// `draw`'s result, unless the set of `path` has stopped; `draw` says (`hard`) when its own
        /// failure stops the set.
        func draw(_ path: String, _ draw: (_ hard: inout Bool) -> Result<Image, Failure>) -> Result<Image, Failure> {
            let set = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            let gate = gates.withLock { gates in
                if let gate = gates[set] { return gate }
                let gate = Gate()
                gates[set] = gate
                return gate
            }
            return gate.stop.withLock { stop -> Result<Image, Failure> in
                if let earlier = stop, FileStamp(earlier.file.path) == earlier.file {
                    return .failure(.setStopped)
                }
                stop = nil
                var hard = false
                let result = draw(&hard)
                if hard, case .failure(.renderFailed(let reason)) = result, let stamp = FileStamp(path) { stop = (stamp, reason) }
                return result
            }
        }
    }
}

/// A file as it is now: the same path, device, inode, size and modification time is the same file.
struct FileStamp: Equatable, Sendable {
    var path: String
    var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        (self.path, device, inode, size) = (path, UInt64(status.st_dev), UInt64(status.st_ino), Int64(status.st_size))
        #if canImport(Darwin)
            (seconds, nanoseconds) = (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
        #else
            (seconds, nanoseconds) = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
        #endif
    }
}
