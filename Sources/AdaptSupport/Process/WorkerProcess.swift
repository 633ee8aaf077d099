/// Another program kept running to answer many requests, for work whose cost is mostly the
/// program's start (a renderer loading its libraries): `Subprocess`'s isolation (no shell, the
/// arguments as an array, standard error dropped, killed when it overruns), with one socket as
/// its standard input and output so that a request costs a write and a read. A worker that dies,
/// overruns its time or answers nonsense is stopped and not used again.
///
/// One thread at a time uses a worker: a pool hands each out and takes it back.
package final class WorkerProcess: @unchecked Sendable {
    private var socket: Int32
    private let pid: pid_t
    private var stopped = false

    /// How the worker ended, once it has: `.timedOut` when adapt stopped it at a deadline, else
    /// its own exit or signal (an abort when its memory limit refused an allocation); nil when
    /// adapt stopped it for another reason (`stop()`: it answered nonsense).
    package private(set) var ending: Subprocess.Outcome?

    private init(socket: Int32, pid: pid_t) {
        (self.socket, self.pid) = (socket, pid)
    }

    /// Starts `program` (a path, or a name looked up on `PATH`), or says why it could not start.
    package static func start(_ program: String, _ arguments: [String] = []) -> Result<WorkerProcess, Subprocess.StartFailure> {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc) || canImport(Musl)
            let streamType = Int32(SOCK_STREAM.rawValue)
        #else
            let streamType = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, streamType, 0, &ends) == 0 else {
            let code = errno
            FileSystem.noteEnvironmentFailure(code, path: program)
            return .failure(.notStarted(code))
        }
        // Ours is not inherited by this or any later program; the worker's end becomes its
        // standard input and output, and is closed here once it has started.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = argv.withUnsafeBufferPointer { posix_spawnp(&pid, program, &actions, nil, $0.baseAddress!, environ) }
        _ = SystemCall.close(ends[1])
        guard started == 0 else {
            _ = SystemCall.close(ends[0])
            FileSystem.noteEnvironmentFailure(started, path: program)
            return .failure(started == ENOENT ? .notFound : .notStarted(started))
        }
        ChildProcesses.started(pid)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            // Darwin's send has no MSG_NOSIGNAL: the socket itself is told not to raise SIGPIPE.
            var on: Int32 = 1
            _ = setsockopt(ends[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return .success(WorkerProcess(socket: ends[0], pid: pid))
    }

    /// Sends `bytes` whole, or stops the worker and returns false (it died, or stopped reading
    /// for `seconds`).
    package func send(_ bytes: [UInt8], seconds: Int) -> Bool {
        guard !stopped else { return false }
        let deadline = Self.now() + Double(seconds)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a worker that has died is an error here, not a SIGPIPE that ends adapt.
            let count = bytes.withUnsafeBytes { SocketSend.send(socket, $0.baseAddress! + sent, bytes.count - sent) }
            if count > 0 {
                sent += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                stop(.ended)
                return false
            }
            guard wait(for: Int16(POLLOUT), until: deadline) else {
                stop(.timedOut)
                return false
            }
        }
        return true
    }

    /// Reads exactly `count` bytes, or stops the worker and returns nil (it died, or `deadline`,
    /// a time from `now()`, passed first).
    package func receive(_ count: Int, until deadline: Double) -> [UInt8]? {
        guard !stopped else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            let read = bytes.withUnsafeMutableBytes { SystemCall.read(socket, $0.baseAddress! + received, count - received) }
            if read > 0 {
                received += read
                continue
            }
            guard read < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                stop(.ended)
                return nil
            }
            guard wait(for: Int16(POLLIN), until: deadline) else {
                stop(.timedOut)
                return nil
            }
        }
        return bytes
    }

    /// Seconds on a monotonic clock, for deadlines.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Waits until the socket is ready for `events`; false when the deadline passes first.
    private func wait(for events: Int16, until deadline: Double) -> Bool {
        while true {
            let left = deadline - Self.now()
            guard left > 0 else { return false }
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }

    /// Ends the worker: its input closes (a worker that reads to the end exits), and it is killed
    /// in case it does not, then reaped.
    package func stop() { stop(.byAdapt) }

    /// Why a worker is stopped: it ended by itself (its socket closed), it overran, or adapt
    /// decided to.
    private enum Cause { case ended, timedOut, byAdapt }

    private func stop(_ cause: Cause) {
        guard !stopped else { return }
        stopped = true
        _ = SystemCall.close(socket)
        // A worker that has already ended keeps the status it ended with: the kill does not change it.
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while ChildProcesses.reap(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        switch cause {
        case .ended: ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        case .timedOut: ending = .timedOut
        case .byAdapt: ending = nil
        }
    }

    deinit { stop() }
}

extension Subprocess {
    /// Why a program did not start.
    package enum StartFailure: Error, Equatable {
        /// No program of that name on `PATH`.
        case notFound
        /// It could not be started for another reason (the C library's error number).
        case notStarted(Int32)
    }
}

/// `send(2)` that never raises SIGPIPE: with `MSG_NOSIGNAL` on Linux; on Darwin the socket has
/// `SO_NOSIGPIPE` (set in `start`).
private enum SocketSend {
    static func send(_ socket: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.send(socket, buffer, count, Int32(MSG_NOSIGNAL))
        #elseif canImport(Musl)
            Musl.send(socket, buffer, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(socket, buffer, count, 0)
        #endif
    }
}
