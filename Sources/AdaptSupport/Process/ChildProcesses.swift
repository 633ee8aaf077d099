import Synchronization

/// The programs this process started and has not reaped (renderers run by `Subprocess`, drawing
/// workers), so that a run stopped from another thread (`adapt compile`'s time budget) ends them
/// too instead of leaving them drawing for their own 30 seconds after adapt has gone.
///
/// A child is reaped only through `reap`, under the same lock as `killAll`, so an id is never
/// signalled after it was reaped and could have been given to another process.
///
/// ```swift
/// ChildProcesses.started(pid)
/// while ChildProcesses.reap(pid, &status, 0) < 0 && errno == EINTR {}
/// ChildProcesses.killAll()   // from the watchdog, before _exit
/// ```
package enum ChildProcesses {
    private static let running = Mutex<Set<pid_t>>([])

    /// Records a child just started.
    package static func started(_ pid: pid_t) {
        _ = running.withLock { $0.insert(pid) }
    }

    /// `waitpid(pid, &status, options)`, forgetting the child once it is reaped.
    package static func reap(_ pid: pid_t, _ status: inout Int32, _ options: Int32) -> pid_t {
        running.withLock { running in
            let reaped = waitpid(pid, &status, options)
            if reaped == pid || (reaped < 0 && errno == ECHILD) { running.remove(pid) }
            return reaped
        }
    }

    /// Kills (SIGKILL) every child started and not reaped.
    package static func killAll() {
        running.withLock { running in
            for pid in running { kill(pid, SIGKILL) }
        }
    }
}
