// The C library, once for the whole package: a file that imports AdaptSupport has `open`, `stat`,
// `errno` and the rest on Linux (glibc or musl) and on Darwin alike, so no other file needs its own
// `#if canImport(Glibc)` ladder. AdaptSupport is never re-exported by the library product, so this
// does not leak the C library into a library user's namespace.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif

/// The C library's calls under names no method shadows, for types that have a `read`, `write`,
/// `close` or `exit` of their own (a line reader's `read`, a command's `exit`).
package enum SystemCall {
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        readFromDescriptor(descriptor, buffer, count)
    }
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        writeToDescriptor(descriptor, buffer, count)
    }
    package static func close(_ descriptor: Int32) -> Int32 { closeDescriptor(descriptor) }
    package static func exit(_ status: Int32) -> Never { exitProcess(status) }
}

private let readFromDescriptor = read
private let writeToDescriptor = write
private let closeDescriptor = close
private let exitProcess = exit

extension SystemCall {
    /// The process's address-space limit (`RLIMIT_AS`): its soft and hard values, or nil.
    package static func addressSpaceLimit() -> rlimit? {
        var limit = rlimit()
        return getrlimit(addressSpace, &limit) == 0 ? limit : nil
    }

    /// Sets the process's address-space limit; false when the system refuses.
    @discardableResult package static func setAddressSpaceLimit(_ limit: rlimit) -> Bool {
        var limit = limit
        return setrlimit(addressSpace, &limit) == 0
    }

    #if canImport(Glibc)
        private static let addressSpace = __rlimit_resource_t(RLIMIT_AS.rawValue)
    #else
        private static let addressSpace = RLIMIT_AS
    #endif

    /// glibc gives each thread that allocates an arena of 64 MB of address space; under an
    /// address-space limit, threads would spend it on reservations, so one arena serves all.
    /// Other C libraries: nothing.
    package static func keepMallocArenasFew() {
        #if canImport(Glibc)
            // mallopt is in <malloc.h>, which the Glibc module leaves out; M_ARENA_MAX is -8.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            if let mallopt = dlsym(nil, "mallopt") { _ = unsafeBitCast(mallopt, to: Mallopt.self)(-8, 1) }
        #endif
    }
}
