import AdaptSupport
import AssetThinning
import Synchronization

/// Staging files and what becomes of them: every one this process has open is known, so a run
/// stopped from another thread (the time budget's watchdog, `abandon()`) removes them and renames
/// none; and one left by a run that was killed (`Assets.car.adapt-compile-4711`, whose process is
/// gone) is swept by the next write into its folder, so it is not signed and shipped in the app.
extension CompileOutput {
    /// The suffix of a staging name, before the writing process's id: `Assets.car.adapt-compile-4711`.
    static let stagingMarker = ".adapt-compile-"

    private struct Pending {
        /// Staging files written or being written, not yet renamed or removed.
        var staging: Set<String> = []
        /// Folders this process created, taken away again (when empty) if it is stopped.
        var createdFolders: [String] = []
        /// Set by `abandon()`: nothing is staged or renamed any more.
        var abandoned = false
        /// A write renamed its files into place.
        var committed = false
    }

    private static let pending = Mutex(Pending())

    /// The staging name of `path` for this process, registered so that `abandon()` finds it.
    static func stagingPath(for path: String) throws(OutputFailure) -> String {
        let staging = path + stagingMarker + String(getpid())
        let stopped = pending.withLock { state in
            if !state.abandoned { state.staging.insert(staging) }
            return state.abandoned
        }
        guard !stopped else { throw OutputFailure(.unwritable, path: path, message: "\(path) was not written: the compile was stopped") }
        // A leftover of this process id (a killed run long ago), or a link planted there, is
        // replaced by the exclusive create that follows, never written through.
        unlink(staging)
        return staging
    }

    static func noteCreated(_ folder: String) {
        pending.withLock { $0.createdFolders.append(folder) }
    }

    /// Removes staging files.
    static func discard(_ staging: [String]) {
        pending.withLock { state in
            for path in staging {
                unlink(path)
                state.staging.remove(path)
            }
        }
    }

    /// Runs `check`, then renames every staged file over its place; not once `abandon()` has run,
    /// and never while it runs. A rename that fails leaves the rest unrenamed (and removed).
    /// (Renames cannot be undone as a group: a place checked just before can still refuse, rarely.)
    static func commit(_ staged: [(staging: String, path: String)], check: () throws(OutputFailure) -> Void) throws(OutputFailure) {
        // Outside the lock: a check that runs out of descriptors calls the environment handler,
        // which calls `abandon()`, which takes the lock.
        try check()
        try pending.withLock { state throws(OutputFailure) in
            guard !state.abandoned else {
                throw OutputFailure(.unwritable, path: staged.first?.path ?? "", message: "nothing was written: the compile was stopped")
            }
            for (index, file) in staged.enumerated() where rename(file.staging, file.path) != 0 {
                let code = errno
                for rest in staged[index...] { unlink(rest.staging) }
                for each in staged { state.staging.remove(each.staging) }
                throw OutputFailure(.unwritable, path: file.path, message: "\(file.path) cannot be replaced: \(String(cString: strerror(code)))")
            }
            for file in staged { state.staging.remove(file.staging) }
            state.createdFolders = []
            state.committed = true
        }
    }

    /// Stops every write of this process for good: removes its staging files and the folders it
    /// created that are still empty, and keeps anything from being renamed into place. Returns
    /// false, doing nothing, when a write has already renamed its files and none is under way:
    /// the run is then past writing, and ending it would report a failure with the files in place.
    /// Safe to call from any thread (the compile's watchdog, and the environment failure handler,
    /// call it before `_exit`).
    @discardableResult
    package static func abandon() -> Bool {
        pending.withLock { state in
            if state.committed && state.staging.isEmpty { return false }
            state.abandoned = true
            for path in state.staging { unlink(path) }
            state.staging = []
            for folder in state.createdFolders.reversed() { rmdir(folder) }
            state.createdFolders = []
            return true
        }
    }

    /// Removes from `folder` the staging files of runs that are over: named
    /// `<name>.adapt-compile-<process id>`, and no process of that id is alive. A file of a
    /// running process (another user's, or another compile's into a shared folder) is left alone.
    static func sweepStaleStaging(in folder: String) {
        guard let entries = try? FileSystem.listDirectory(folder) else { return }
        for entry in entries where !entry.isDirectory || entry.isSymbolicLink {
            guard let owner = stagingOwner(entry.name), owner != getpid(), !isAlive(owner) else { continue }
            unlink(folder.appendingPathComponent(entry.name))
        }
    }

    /// The process id a staging name carries (`Assets.car.adapt-compile-4711`: 4711), nil for
    /// any other name. An id beyond `pid_t` is -1, the id of no process.
    static func stagingOwner(_ name: String) -> pid_t? {
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        let tail = name[name.index(after: dot)...]
        guard tail.hasPrefix(stagingMarker.dropFirst()) else { return nil }
        let digits = tail.dropFirst(stagingMarker.count - 1)
        guard !digits.isEmpty, digits.count <= 20, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return pid_t(digits) ?? -1
    }

    /// Whether a process of id `pid` exists (EPERM: it does, and is another user's).
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
