import AdaptSupport
import AssetThinning

extension CompileOutput {
    /// One compile at a time writes into a `--compile` folder: two would mix their files, and
    /// each could rename the other's half over its own. The lock is `flock` on the folder's own
    /// descriptor, not on a lock file in it: the folder is often an app bundle about to be
    /// signed, and a file left there would ship. A second compile is refused at once (exit 1,
    /// `compile.output`) rather than made to wait: a build that starts two compiles into one
    /// folder is itself wrong, and waiting would hide it. The lock ends with the process, so a
    /// killed run never leaves the folder locked.
    ///
    /// ```swift
    /// let lock = try CompileOutput.FolderLock("Build/App.app")   // throws .busy while another holds it
    /// defer { lock.release() }
    /// ```
    package final class FolderLock {
        private var descriptor: Int32

        package init(_ folder: String) throws(OutputFailure) {
            descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                FileSystem.noteEnvironmentFailure(code, path: folder)
                throw OutputFailure(.lock, path: folder, message: "\(folder) cannot be opened to lock it: \(String(cString: strerror(code)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return }
            let code = errno
            // A file system without locks (some network mounts) is written unlocked, as before.
            if code == ENOLCK || code == EOPNOTSUPP || code == ENOTSUP { return }
            close(descriptor)
            descriptor = -1
            guard code == EWOULDBLOCK || code == EAGAIN else {
                throw OutputFailure(.lock, path: folder, message: "\(folder) cannot be locked: \(String(cString: strerror(code)))")
            }
            throw OutputFailure(
                .busy, path: folder,
                message:
                    "another adapt compile is writing into \(folder); two compiles into one folder would mix their files, so this one wrote nothing (run them one after the other, or into different folders)"
            )
        }

        /// Ends the lock (closing the descriptor ends it; so does the process's end).
        package func release() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }

        deinit { release() }
    }
}
