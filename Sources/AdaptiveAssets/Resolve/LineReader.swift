import AdaptSupport

/// Reads a file or a pipe one line at a time, as the lines arrive, holding at most one line and
/// one buffer: what lets `adapt resolve --queries -` serve another program as a long-running
/// resolver, answering each query before the next is written.
///
/// ```swift
/// var reader = try LineReader(path: "-")              // standard input
/// while let line = try reader.next() { ... }          // bytes without the "\n"
/// ```
package struct LineReader {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Lines longer than this are cut off and reported (`Line.isTruncated`), so that input without
    /// newlines cannot grow memory without bound.
    package let maximumLineLength: Int

    package struct Line {
        package var bytes: [UInt8]
        package var isTruncated: Bool
    }

    /// `-` reads standard input.
    package init(path: String, maximumLineLength: Int = 1 << 20) throws(FileSystem.Failure) {
        self.maximumLineLength = maximumLineLength
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw FileSystem.Failure(path: path, reason: String(cString: strerror(errno)))
            }
            ownsDescriptor = true
        }
    }

    package func close() {
        if ownsDescriptor { _ = SystemCall.close(descriptor) }
    }

    /// The next line, nil at the end of the input. A last line without "\n" is still a line.
    package mutating func next() throws(FileSystem.Failure) -> Line? {
        var truncated = false
        var line: [UInt8] = []
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                append(buffer[start..<newline], to: &line, truncated: &truncated)
                start = newline + 1
                return Line(bytes: line, isTruncated: truncated)
            }
            append(buffer[start...], to: &line, truncated: &truncated)
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if atEnd { return line.isEmpty && !truncated ? nil : Line(bytes: line, isTruncated: truncated) }
            try fill()
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8], truncated: inout Bool) {
        let room = maximumLineLength - line.count
        if bytes.count > room { truncated = true }
        line.append(contentsOf: bytes.prefix(max(room, 0)))
    }

    private mutating func fill() throws(FileSystem.Failure) {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw FileSystem.Failure(path: "input", reason: String(cString: strerror(errno))) }
            if count == 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<count]) }
            return
        }
    }
}
