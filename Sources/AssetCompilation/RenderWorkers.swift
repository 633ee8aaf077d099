import AdaptSupport
import Synchronization

/// The running `adapt-render` workers of one program path, each lent to one thread at a time: a
/// compile that draws many vectors starts at most one per thread that draws, and reuses it.
/// A worker that fails (dies, overruns, answers nonsense) is stopped and replaced on the next
/// request; a program that cannot be started is not tried again, and the caller falls back to
/// the per-image programs. Idle workers end when adapt does: their socket closes and they read
/// to its end.
package final class RenderWorkers: Sendable {
    let program: String
    private let idle = Mutex<[WorkerProcess]>([])
    private let cannotStart = Mutex(false)
    /// How many requests this pool has sent, for tests of what is not drawn.
    package let requestCount = Atomic<Int>(0)

    package init(program: String) { self.program = program }

    private static let pools = Mutex<[String: RenderWorkers]>([:])

    /// The pool for `program`, made on first use.
    package static func pool(for program: String) -> RenderWorkers {
        pools.withLock { pools in
            if let pool = pools[program] { return pool }
            let pool = RenderWorkers(program: program)
            pools[program] = pool
            return pool
        }
    }

    /// `$ADAPT_RENDER_WORKER` when it is set (empty: no worker, the per-image programs only);
    /// else `adapt-render` in the running program's folder (the build's or the release's `bin`);
    /// else the name, looked up on `PATH`.
    package static let besideThisProgram: String = {
        if let named = getenv("ADAPT_RENDER_WORKER") { return String(cString: named) }
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            let executable = length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        #else
            let executable = CommandLine.arguments.first ?? ""
        #endif
        if let slash = executable.lastIndex(of: "/") {
            let beside = String(executable[..<slash]) + "/adapt-render"
            if access(beside, X_OK) == 0 { return beside }
        }
        return "adapt-render"
    }()

    /// The worker's reply to `request`, waiting at most `seconds` for it; nil when no worker can
    /// be started. A worker that does not answer in time is killed, and its request has failed.
    package func render(_ request: RenderRequest, seconds: Int) -> RenderReply? {
        guard let worker = idle.withLock({ $0.popLast() }) ?? start() else { return nil }
        requestCount.add(1, ordering: .relaxed)
        let deadline = WorkerProcess.now() + Double(seconds)
        guard worker.send(request.bytes, seconds: seconds),
            let header = worker.receive(RenderReply.headerLength, until: deadline),
            let lengths = RenderReply.lengths(header: header, maxPixels: request.maxPixels),
            let message = worker.receive(lengths.message, until: deadline),
            let pixels = worker.receive(lengths.pixels, until: deadline),
            let reply = RenderReply(header: header, message: message, pixels: pixels)
        else {
            worker.stop()
            return Self.reply(after: worker.ending, seconds: seconds, maxPixels: request.maxPixels)
        }
        idle.withLock { $0.append(worker) }
        return reply
    }

    /// What a request whose worker ended without answering got: a timeout is `stopped`; a worker
    /// that aborted or was killed while it drew ran out of the memory its limit allows (the
    /// libraries abort when an allocation fails), or crashed on the file.
    static func reply(after ending: Subprocess.Outcome?, seconds: Int, maxPixels: UInt64) -> RenderReply {
        switch ending {
        case .timedOut:
            return RenderReply(status: .stopped, message: "adapt-render ran longer than \(seconds) seconds on it, and was stopped")
        case .signalled(let signal):
            return RenderReply(
                status: .outOfMemory,
                message:
                    "adapt-render ended (signal \(signal)) while drawing it: drawing it needs more memory than --max-pixels \(maxPixels) allows, or crashes the renderer"
            )
        case .exited(let status):
            return RenderReply(status: .stopped, message: "adapt-render exited (status \(status)) while drawing it")
        case .notFound, .notStarted:
            return RenderReply(status: .stopped, message: "adapt-render stopped answering while drawing it")
        case nil:
            return RenderReply(status: .failed, message: "adapt-render gave a reply adapt cannot read, and was stopped")
        }
    }

    /// Starts workers until `count` are idle (or one cannot start), without waiting for them to
    /// load their libraries: a compile about to draw calls it ahead of its first drawing.
    func start(_ count: Int) {
        let idleCount = idle.withLock { $0.count }
        for _ in idleCount..<max(idleCount, count) {
            guard let worker = start() else { return }
            idle.withLock { $0.append(worker) }
        }
    }

    private func start() -> WorkerProcess? {
        guard !cannotStart.withLock({ $0 }) else { return nil }
        switch WorkerProcess.start(program) {
        case .success(let worker): return worker
        case .failure:
            cannotStart.withLock { $0 = true }
            return nil
        }
    }
}
