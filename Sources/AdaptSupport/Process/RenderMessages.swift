/// What `adapt` and `adapt-render` say to each other over the worker's pipes: one request, one
/// reply, little-endian, so that a worker started once draws every vector of a compile. Both
/// ends read with this one definition, and each checks what it reads, as neither trusts a pipe
/// whose other end may have died halfway.
///
/// ```swift
/// let request = RenderRequest(kind: .svg, path: "Logo.svg", scale: 2, width: 20, height: 10, maxPixels: 1 << 26)
/// worker.send(request.bytes)
/// ```
package struct RenderRequest: Equatable, Sendable {
    package enum Kind: UInt32, Sendable {
        case pdf = 1
        case svg = 2
    }

    package var kind: Kind
    /// The file to draw; the worker reads it itself.
    package var path: String
    /// The scale the image is drawn at: a PDF's page is its size in points times this.
    package var scale: UInt32
    /// An SVG's pixel size, measured by adapt (`VectorRasterizer.svgSize`); 0 for a PDF, whose
    /// page the worker measures.
    package var width: UInt32
    package var height: UInt32
    /// The most pixels the image may have; a larger one is refused before it is drawn.
    package var maxPixels: UInt64

    package init(kind: Kind, path: String, scale: UInt32, width: UInt32 = 0, height: UInt32 = 0, maxPixels: UInt64) {
        (self.kind, self.path, self.scale, self.width, self.height, self.maxPixels) = (kind, path, scale, width, height, maxPixels)
    }

    static let magic: [UInt8] = Array("ARQ1".utf8)
    /// The longest path a request carries: far beyond any real one, and small enough to read at once.
    static let maxPathLength = 1 << 16

    package var bytes: [UInt8] {
        var out = Self.magic
        for word in [kind.rawValue, scale, width, height] { out += Wire.bytes(of: word) }
        out += Wire.bytes(of: maxPixels)
        let path = Array(path.utf8)
        out += Wire.bytes(of: UInt32(path.count))
        return out + path
    }

    /// The fixed part before the path: magic, four words, the limit and the path's length.
    package static let headerLength = 4 + 16 + 8 + 4

    /// The request a header and path state, or nil when they are not one.
    package init?(header: [UInt8], path: [UInt8]) {
        guard header.count == Self.headerLength, Array(header.prefix(4)) == Self.magic,
            let kind = Kind(rawValue: Wire.word(header, 4)), Int(Wire.word(header, 28)) == path.count
        else { return nil }
        self.init(
            kind: kind, path: String(decoding: path, as: UTF8.self), scale: Wire.word(header, 8), width: Wire.word(header, 12),
            height: Wire.word(header, 16), maxPixels: Wire.doubleWord(header, 20))
    }

    /// The path length a request header states, or nil when the header is not one or the path
    /// is longer than any request carries.
    package static func pathLength(header: [UInt8]) -> Int? {
        guard header.count == headerLength, Array(header.prefix(4)) == magic else { return nil }
        let length = Int(Wire.word(header, 28))
        return length <= maxPathLength ? length : nil
    }
}

/// The worker's answer: the pixels (premultiplied B G R A, `width * 4` bytes a row, as cairo's
/// ARGB32 is in memory on a little-endian machine and as CoreUI stores them), or why not.
package struct RenderReply: Equatable, Sendable {
    package enum Status: UInt32, Sendable {
        case drawn = 0
        /// Larger than the request's limit, at `width` × `height`; nothing was drawn.
        case tooLarge = 1
        /// The file could not be read or drawn; `message` says why.
        case failed = 2
        /// The library for this kind (poppler's GLib binding, librsvg) is not installed.
        case unavailable = 3
        /// Drawing it needs more memory than the worker's limit (`--max-pixels`) allows: an
        /// allocation failed, or the worker ended while drawing. `message` says how.
        case outOfMemory = 4
        /// The worker ran past its time on it and was stopped (adapt's own verdict, never sent).
        case stopped = 5
    }

    package var status: Status
    package var width: UInt32
    package var height: UInt32
    package var message: String
    package var pixels: [UInt8]

    package init(status: Status, width: UInt32 = 0, height: UInt32 = 0, message: String = "", pixels: [UInt8] = []) {
        (self.status, self.width, self.height, self.message, self.pixels) = (status, width, height, message, pixels)
    }

    static let magic: [UInt8] = Array("ARP1".utf8)
    /// Magic, status, width, height and the message's length.
    package static let headerLength = 20
    static let maxMessageLength = 1 << 12

    package var bytes: [UInt8] { head + pixels }

    /// The reply without its pixels: its header and message.
    package var head: [UInt8] {
        let text = Array(message.utf8.prefix(Self.maxMessageLength))
        var out = Self.magic
        for word in [status.rawValue, width, height, UInt32(text.count)] { out += Wire.bytes(of: word) }
        return out + text
    }

    /// What follows a reply's header: the message's length and the pixels' (the size's, for a
    /// drawn image, which must be under `maxPixels`), or nil when the header is not a reply's.
    package static func lengths(header: [UInt8], maxPixels: UInt64) -> (message: Int, pixels: Int)? {
        guard header.count == headerLength, Array(header.prefix(4)) == magic, let status = Status(rawValue: Wire.word(header, 4)) else { return nil }
        let message = Int(Wire.word(header, 16))
        guard message <= maxMessageLength else { return nil }
        guard status == .drawn else { return (message, 0) }
        let pixels = UInt64(Wire.word(header, 8)) * UInt64(Wire.word(header, 12))
        guard pixels > 0, pixels <= maxPixels else { return nil }
        return (message, Int(pixels) * 4)
    }

    package init?(header: [UInt8], message: [UInt8], pixels: [UInt8]) {
        guard header.count == Self.headerLength, let status = Status(rawValue: Wire.word(header, 4)) else { return nil }
        self.init(
            status: status, width: Wire.word(header, 8), height: Wire.word(header, 12), message: String(decoding: message, as: UTF8.self), pixels: pixels)
    }
}

/// Little-endian words, for the messages above.
private enum Wire {
    static func bytes(of value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func bytes(of value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
    static func word(_ bytes: [UInt8], _ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) } }
    static func doubleWord(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
}
