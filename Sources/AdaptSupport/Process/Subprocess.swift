/// Runs another program, for work adapt leaves to a separate tool whose licence it must not link
/// (poppler's `pdftocairo` is GPL): no shell, the arguments as an array, standard input from
/// `/dev/null`, files written only into a private temporary folder, and a time
/// limit after which the program is killed, so a hostile input cannot hang a build. Its output is
/// read as it comes through pipes, the first 4 KB of each kept and the rest dropped, so a program
/// that writes without end neither blocks nor fills memory or disk.
///
/// ```swift
/// let folder = try Subprocess.temporaryFolder()
/// defer { try? FileOperations.removeTree(folder) }
/// let result = Subprocess.run("pdftocairo", ["-png", "in.pdf", folder + "/page"], seconds: 30)
/// ```
package enum Subprocess {
    /// How a run ended.
    package enum Outcome: Equatable, Sendable {
        /// The program ran and exited with this status.
        case exited(Int32)
        /// Killed by this signal (not by adapt).
        case signalled(Int32)
        /// Still running at the time limit, and killed.
        case timedOut
        /// No program of that name on `PATH`.
        case notFound
        /// It could not be started for another reason (the C library's error number).
        case notStarted(Int32)
    }

    package struct Result: Sendable {
        package var outcome: Outcome
        /// The first 4 KB of what it wrote to standard output, then of standard error.
        package var output: [UInt8]
        package var errors: [UInt8]
    }

    /// A new folder only this user can read, below `$TMPDIR` (or `/tmp`).
    package static func temporaryFolder() throws(FileSystem.Failure) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/adapt-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw FileSystem.Failure(path: base, reason: "cannot make a temporary folder: \(String(cString: strerror(errno)))") }
        return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    /// Runs `program` (looked up on `PATH`) with `arguments`, and waits at most `seconds`.
    package static func run(_ program: String, _ arguments: [String], seconds: Int) -> Result {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        // Out of descriptors or memory is the machine's failure, not the input's: the handler hears it first.
        guard closeOnExecPipe(&outputPipe) else {
            let code = errno
            FileSystem.noteEnvironmentFailure(code, path: program)
            return Result(outcome: .notStarted(code), output: [], errors: [])
        }
        guard closeOnExecPipe(&errorPipe) else {
            let code = errno
            FileSystem.noteEnvironmentFailure(code, path: program)
            for descriptor in outputPipe { _ = SystemCall.close(descriptor) }
            return Result(outcome: .notStarted(code), output: [], errors: [])
        }
        var readEnds = [outputPipe[0], errorPipe[0]]
        defer { for descriptor in readEnds where descriptor >= 0 { _ = SystemCall.close(descriptor) } }
        for descriptor in readEnds {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t = nil // an opaque pointer there, a struct on Linux
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = argv.withUnsafeBufferPointer { pointers in
            posix_spawnp(&pid, program, &actions, nil, pointers.baseAddress!, environ)
        }
        _ = SystemCall.close(outputPipe[1])
        _ = SystemCall.close(errorPipe[1])
        guard started == 0 else {
            FileSystem.noteEnvironmentFailure(started, path: program)
            return Result(outcome: started == ENOENT ? .notFound : .notStarted(started), output: [], errors: [])
        }
        ChildProcesses.started(pid)

        var kept: [[UInt8]] = [[], []]
        var buffer = [UInt8](repeating: 0, count: 4096)
        /// Reads what is waiting on both pipes, keeping the first 4 KB of each.
        func drain() {
            for index in 0..<2 where readEnds[index] >= 0 {
                while true {
                    let count = buffer.withUnsafeMutableBytes { SystemCall.read(readEnds[index], $0.baseAddress, $0.count) }
                    if count > 0 {
                        kept[index] += buffer.prefix(min(count, 4096 - kept[index].count))
                        continue
                    }
                    if count == 0 {
                        _ = SystemCall.close(readEnds[index])
                        readEnds[index] = -1
                    }
                    break
                }
            }
        }
        var status: Int32 = 0
        var outcome = Outcome.timedOut
        // Polled every 10 ms: a child's end cannot be waited for with a time limit otherwise
        // without a signal handler, which a library must not install.
        let deadline = seconds * 100
        var ticks = 0
        while true {
            drain()
            let reaped = ChildProcesses.reap(pid, &status, WNOHANG)
            if reaped == pid {
                // WIFEXITED / WEXITSTATUS / WTERMSIG, written out: Swift does not import the macros.
                let signal = status & 0x7F
                outcome = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
                break
            }
            if reaped < 0 && errno != EINTR {
                outcome = .notStarted(errno)
                break
            }
            if ticks >= deadline {
                kill(pid, SIGKILL)
                while ChildProcesses.reap(pid, &status, 0) < 0 && errno == EINTR {}
                outcome = .timedOut
                break
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            ticks += 1
        }
        drain()
        return Result(outcome: outcome, output: kept[0], errors: kept[1])
    }

    /// A pipe whose ends a program started later does not inherit. (Another thread may start
    /// one between `pipe` and `fcntl`: harmless, as the end of a run is learned from `waitpid`,
    /// never from the pipe's end of file.)
    private static func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for descriptor in ends { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return true
    }
}
