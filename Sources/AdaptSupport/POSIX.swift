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
