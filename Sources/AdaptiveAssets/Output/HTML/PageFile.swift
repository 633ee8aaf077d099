import AdaptSupport

/// The file a page is streamed into: a temporary file beside the destination, written as the page
/// is rendered and renamed over the destination only when complete, so a reader (or a killed run)
/// never leaves half a page where the report was. The same temporary name and the same care as
/// `FileOperations.writeAtomically`: a leftover or a link planted at that name is removed, and the
/// file is created exclusively without following links.
///
/// A write that fails is remembered and the rest ignored: rendering goes on, and `commit` throws.
final class PageFile {
    let path: String
    let temporary: String
    private var descriptor: Int32
    private var failure: Failure?

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    init(replacing path: String) throws {
        self.path = path
        temporary = path + ".partial-\(getpid())"
        unlink(temporary)
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw Self.failure(temporary, "create file") }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, descriptor >= 0, let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, base + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                failure = Self.failure(temporary, "write")
                return
            }
            written += result
        }
    }

    /// Closes the file and puts it in place; throws the first failed write, if any.
    func commit() throws {
        if let failure { throw failure }
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0 { throw Self.failure(temporary, "write") }
        if rename(temporary, path) != 0 { throw Self.failure(path, "replace") }
    }

    /// Removes the temporary file (after a failure).
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporary)
    }

    private static func failure(_ path: String, _ action: String) -> Failure {
        let code = errno
        FileSystem.noteEnvironmentFailure(code, path: path)
        return Failure(message: "\(path): cannot \(action): \(String(cString: strerror(code)))")
    }
}
