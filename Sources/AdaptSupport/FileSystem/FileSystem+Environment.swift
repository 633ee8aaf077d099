import Synchronization

/// Failures that describe the machine running adapt, not the file it was reading.
///
/// Under `ulimit -n 8` every other Contents.json fails with "Too many open files"; reported per
/// file, that is a thousand errors blaming a catalog that is fine. So every failure made from
/// `errno` (`FileSystem.failure`, and the writers' own) passes through `noteEnvironmentFailure`,
/// and a program that cannot go on usefully (the `adapt` command) installs a handler that stops
/// the run once, with one message. Without a handler the failure is returned as before.
///
/// ```swift
/// FileSystem.onEnvironmentFailure { failure in
///     print("error: \(failure)")   // adapt ran out of file descriptors (ulimit -n is 8): A.imageset: Too many open files
///     exit(2)
/// }
/// ```
extension FileSystem {
    /// Why reading or writing `path` failed, when the reason is the process's or the system's
    /// resources (`EMFILE`, `ENFILE`, `ENOMEM`, `ENOBUFS`).
    package struct EnvironmentFailure: Error, Hashable, Sendable, CustomStringConvertible {
        package var path: String
        /// The `errno` value.
        package var code: Int32

        package init(path: String, code: Int32) {
            self.path = path
            self.code = code
        }

        /// What ran out, with the limit when there is one, then the path and the system's words.
        package var description: String {
            let reason = String(cString: strerror(code))
            let what: String
            switch code {
            case EMFILE:
                what = "adapt ran out of file descriptors" + (FileSystem.descriptorLimit.map { " (ulimit -n is \($0))" } ?? "")
            case ENFILE: what = "the system ran out of file descriptors (too many files open system-wide)"
            default: what = "adapt ran out of memory"
            }
            return "\(what): \(path): \(reason); the input was not checked: raise the limit and run again"
        }
    }

    /// Whether `errno` value `code` says the machine is short of a resource (and nothing about
    /// the file): too many open files in the process or the system, or no memory.
    package static func isEnvironmentError(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE || code == ENOMEM || code == ENOBUFS
    }

    /// The process's limit on open files (`ulimit -n`), nil when unlimited or unknown.
    package static var descriptorLimit: UInt64? {
        var limit = rlimit()
        #if canImport(Glibc)
            let status = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
            let status = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        guard status == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// Opens and closes `count` descriptors, and passes an environment failure on when that
    /// fails: for the cause of a failure an API reported without `errno` (Foundation's `Bundle`),
    /// and to fail cleanly before a library that would crash instead (Dispatch).
    package static func noteDescriptorShortage(path: String, count: Int = 1) {
        if let code = openingDescriptors(count) { noteEnvironmentFailure(code, path: path) }
    }

    /// Whether `count` descriptors could be opened now (each is opened, then closed), telling no
    /// handler when they could not.
    package static func hasFreeDescriptors(_ count: Int) -> Bool {
        openingDescriptors(count) == nil
    }

    /// Opens `count` descriptors and closes them again; the `errno` value of the first that
    /// could not be opened, or nil.
    private static func openingDescriptors(_ count: Int) -> Int32? {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        for _ in 0..<count {
            let descriptor = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return errno }
            opened.append(descriptor)
        }
        return nil
    }

    private static let environmentHandler = Mutex<(@Sendable (EnvironmentFailure) -> Void)?>(nil)

    /// Calls `handler` with each environment failure (from any thread) before it is returned to
    /// the caller as an ordinary failure. A command-line tool stops there; see the type's example.
    package static func onEnvironmentFailure(_ handler: (@Sendable (EnvironmentFailure) -> Void)?) {
        environmentHandler.withLock { $0 = handler }
    }

    /// Passes an `errno` value that `isEnvironmentError` to the handler, if one is installed.
    /// Every place that turns `errno` into a failure calls it.
    package static func noteEnvironmentFailure(_ code: Int32, path: String) {
        guard isEnvironmentError(code), let handler = environmentHandler.withLock({ $0 }) else { return }
        handler(EnvironmentFailure(path: path, code: code))
    }
}
