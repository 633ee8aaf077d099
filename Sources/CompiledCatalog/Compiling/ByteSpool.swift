import AdaptSupport

/// Bytes set aside while a file is assembled, so that a compile of 20,000 sets holds its
/// renditions on disk rather than in memory: appended once, read back once when the file is
/// written. Backed by memory, or by a temporary file in a given folder that is unlinked as soon as
/// it is opened (nothing is left behind, even by a killed run).
///
/// ```swift
/// let spool = try ByteSpool(folder: "Build")
/// let range = try spool.append(renditionBytes)
/// let back = try spool.read(range)
/// ```
package final class ByteSpool {
    private var memory: [UInt8] = []
    private let descriptor: Int32?
    private(set) var count = 0

    /// A spool in memory.
    package init() {
        descriptor = nil
    }

    /// A spool in an unlinked temporary file in `folder`.
    package init(folder: String) throws(CompiledCatalogError) {
        var template = Array((folder + "/.adapt-spool-XXXXXX").utf8CString)
        let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard opened >= 0 else {
            throw CompiledCatalogError(.unreadable, folder, "cannot hold a temporary file: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = opened
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Appends `bytes`; returns where they lie.
    package func append(_ bytes: [UInt8]) throws(CompiledCatalogError) -> Range<Int> {
        let start = count
        if let descriptor {
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, bytes.count - written, off_t(start + written)) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw CompiledCatalogError(.unreadable, "the temporary file", "cannot be written: \(String(cString: strerror(errno)))")
                }
                written += result
            }
        } else {
            memory += bytes
        }
        count += bytes.count
        return start..<count
    }

    /// Appends the file at `path`, which must hold exactly `length` bytes, a megabyte at a time:
    /// a large data set passes through without being held. Returns where it lies.
    package func append(contentsOf path: String, length: Int) throws(CompiledCatalogError) -> Range<Int> {
        let file: Int32
        do { file = try FileSystem.openRegularFile(path) } catch {
            throw CompiledCatalogError(.unreadable, path, "cannot be read: \(error.reason)")
        }
        defer { close(file) }
        let start = count
        var chunk = [UInt8](repeating: 0, count: min(length, 1 << 20))
        var done = 0
        while done < length {
            let wanted = min(chunk.count, length - done)
            let result = chunk.withUnsafeMutableBytes { pread(file, $0.baseAddress!, wanted, off_t(done)) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw CompiledCatalogError(.unreadable, path, "changed while it was read (it is shorter than \(length) bytes)") }
            _ = try append(result == chunk.count ? chunk : Array(chunk[..<result]))
            done += result
        }
        return start..<count
    }

    /// The bytes at `range` (one that `append` returned).
    package func read(_ range: Range<Int>) throws(CompiledCatalogError) -> [UInt8] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range the spool handed out")
        guard let descriptor else { return Array(memory[range]) }
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let result = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, range.count - done, off_t(range.lowerBound + done)) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                throw CompiledCatalogError(.unreadable, "the temporary file", "cannot be read back")
            }
            done += result
        }
        return bytes
    }
}
