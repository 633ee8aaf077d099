import AdaptSupport

// adapt-render: draws PDF and SVG images for `adapt compile`, one request after another on its
// standard input, each answered on its standard output (`RenderRequest`, `RenderReply`), until
// its input ends. adapt starts it once per compile and thread, so a vector costs a request
// rather than a program's start; it is a program of its own, kept apart from adapt, because the
// libraries it opens include poppler (GPL), and so that adapt can kill it when a hostile file
// makes it run too long. Standard error is not read.

/// The most bytes of a file this program reads: as `adapt compile` reads an image.
let fileLimit = 256 << 20

func readExactly(_ count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var received = 0
    while received < count {
        let read = bytes.withUnsafeMutableBytes { SystemCall.read(0, $0.baseAddress! + received, count - received) }
        if read > 0 {
            received += read
        } else if read < 0 && errno == EINTR {
            continue
        } else {
            return nil
        }
    }
    return bytes
}

func writeAll(_ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
        let written = bytes.withUnsafeBytes { SystemCall.write(1, $0.baseAddress! + sent, bytes.count - sent) }
        if written > 0 {
            sent += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return false
        }
    }
    return true
}

func fits(_ width: Int, _ height: Int, _ request: RenderRequest) -> Bool {
    width <= 1 << 20 && height <= 1 << 20 && UInt64(width) * UInt64(height) <= request.maxPixels
}

/// A file's identity: the same path with the same device, inode, size and modification time is
/// the same file, so what was opened from it can be drawn again.
struct FileIdentity: Equatable {
    var path: String
    var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        (self.path, device, inode, size) = (path, UInt64(status.st_dev), UInt64(status.st_ino), Int64(status.st_size))
        (seconds, nanoseconds) = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
    }
}

/// The PDFs opened most recently, so that a page drawn at 1x, 2x and 3x is read and parsed once:
/// actool's scales of one image arrive as consecutive requests. Each holds its file's bytes
/// (poppler reads from them for the document's life) and its document and first page.
final class OpenPDF {
    let identity: FileIdentity
    let bytes: UnsafeMutableBufferPointer<CChar>
    let document: OpaquePointer
    let page: OpaquePointer
    let unref: @convention(c) (UnsafeMutableRawPointer?) -> Void

    init(identity: FileIdentity, bytes: UnsafeMutableBufferPointer<CChar>, document: OpaquePointer, page: OpaquePointer, libraries: Libraries) {
        (self.identity, self.bytes, self.document, self.page, unref) = (identity, bytes, document, page, libraries.objectUnref)
    }

    deinit {
        unref(UnsafeMutableRawPointer(page))
        unref(UnsafeMutableRawPointer(document))
        bytes.deallocate()
    }
}

/// At most this many open PDFs (and SVGs), and this many of the PDFs' bytes, are kept.
let openPDFLimit = (count: 8, bytes: 32 << 20)
var openPDFs: [OpenPDF] = []

/// Why a PDF could not be opened: the reply that says so.
struct NotOpened: Error { var reply: RenderReply }

@MainActor func openPDF(_ path: String, _ poppler: Libraries.Poppler, _ libraries: Libraries) -> Result<OpenPDF, NotOpened> {
    guard let identity = FileIdentity(path) else {
        // Read to learn why it cannot be (no such file, no permission), in the reader's words.
        do { _ = try FileSystem.readPrefix(path, count: 1) } catch { return .failure(NotOpened(reply: RenderReply(status: .failed, message: error.reason))) }
        return .failure(NotOpened(reply: RenderReply(status: .failed, message: "cannot be examined")))
    }
    if let index = openPDFs.firstIndex(where: { $0.identity == identity }) {
        let open = openPDFs.remove(at: index)
        openPDFs.append(open)
        return .success(open)
    }
    let file: [UInt8]
    do { file = try FileSystem.readRegularFile(path, limit: fileLimit) } catch {
        return .failure(NotOpened(reply: RenderReply(status: .failed, message: error.reason)))
    }
    let bytes = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(1, file.count))
    _ = file.withUnsafeBytes { memcpy(bytes.baseAddress!, $0.baseAddress!, file.count) }
    var error: UnsafeMutableRawPointer?
    guard let document = poppler.documentFromData(bytes.baseAddress, Int32(file.count), nil, &error) else {
        bytes.deallocate()
        return .failure(NotOpened(reply: RenderReply(status: .failed, message: libraries.message(of: error, otherwise: "poppler cannot open it"))))
    }
    guard poppler.pageCount(document) > 0, let page = poppler.page(document, 0) else {
        libraries.objectUnref(UnsafeMutableRawPointer(document))
        bytes.deallocate()
        return .failure(NotOpened(reply: RenderReply(status: .failed, message: "it has no first page")))
    }
    let open = OpenPDF(
        identity: identity, bytes: UnsafeMutableBufferPointer(start: bytes.baseAddress, count: file.count), document: document,
        page: page, libraries: libraries)
    openPDFs.append(open)
    while openPDFs.count > openPDFLimit.count || openPDFs.reduce(0, { $0 + $1.bytes.count }) > openPDFLimit.bytes { openPDFs.removeFirst() }
    return .success(open)
}

@MainActor func renderPDF(_ request: RenderRequest, _ libraries: Libraries) -> RenderReply {
    guard let poppler = libraries.poppler else { return RenderReply(status: .unavailable, message: "libpoppler-glib8") }
    let open: OpenPDF
    switch openPDF(request.path, poppler, libraries) {
    case .success(let opened): open = opened
    case .failure(let notOpened): return notOpened.reply
    }
    // The crop box in points, turned by the page's rotation, as pdftocairo measures it.
    var points = (width: 0.0, height: 0.0)
    poppler.pageSize(open.page, &points.width, &points.height)
    guard points.width > 0, points.height > 0, points.width.isFinite, points.height.isFinite else {
        return RenderReply(status: .failed, message: "its first page has no size")
    }
    let size: (width: Int, height: Int)
    switch DrawingSize.pixels(width: points.width, height: points.height, scale: Int(request.scale)) {
    case .success(let pixels): size = pixels
    case .failure(let refusal): return RenderReply(status: .failed, message: refusal.reason)
    }
    guard fits(size.width, size.height, request) else { return RenderReply(status: .tooLarge, width: UInt32(size.width), height: UInt32(size.height)) }
    let pixels = libraries.draw(
        width: size.width, height: size.height, scaleX: Double(size.width) / points.width, scaleY: Double(size.height) / points.height
    ) { context in poppler.render(open.page, context) }
    switch pixels {
    case .success(let pixels): return RenderReply(status: .drawn, width: UInt32(size.width), height: UInt32(size.height), pixels: pixels)
    case .failure(let failure): return failed(failure, size, request)
    }
}

/// The reply for a drawing that `Libraries.draw` could not finish.
func failed(_ failure: Libraries.DrawFailure, _ size: (width: Int, height: Int), _ request: RenderRequest) -> RenderReply {
    switch failure {
    case .memory: MemoryLimit.exceeded(request)
    case .cairo(let status): RenderReply(status: .failed, message: "cairo could not make a surface of \(size.width) x \(size.height) (status \(status))")
    }
}

/// The SVGs opened most recently, as `openPDFs`: a parsed document and its intrinsic size.
final class OpenSVG {
    let identity: FileIdentity
    let handle: OpaquePointer
    let intrinsic: (width: Int32, height: Int32)
    let unref: @convention(c) (UnsafeMutableRawPointer?) -> Void

    init(identity: FileIdentity, handle: OpaquePointer, intrinsic: (width: Int32, height: Int32), libraries: Libraries) {
        (self.identity, self.handle, self.intrinsic, unref) = (identity, handle, intrinsic, libraries.objectUnref)
    }

    deinit { unref(UnsafeMutableRawPointer(handle)) }
}

var openSVGs: [OpenSVG] = []

@MainActor func openSVG(_ path: String, _ rsvg: Libraries.RSVG, _ libraries: Libraries) -> Result<OpenSVG, NotOpened> {
    // Read first to learn why a file cannot be (no such file, not a regular file), in the reader's words.
    do { _ = try FileSystem.readPrefix(path, count: 1) } catch { return .failure(NotOpened(reply: RenderReply(status: .failed, message: error.reason))) }
    guard let identity = FileIdentity(path) else { return .failure(NotOpened(reply: RenderReply(status: .failed, message: "cannot be examined"))) }
    if let index = openSVGs.firstIndex(where: { $0.identity == identity }) {
        let open = openSVGs.remove(at: index)
        openSVGs.append(open)
        return .success(open)
    }
    let file: [UInt8]
    do { file = try FileSystem.readRegularFile(path, limit: fileLimit) } catch {
        return .failure(NotOpened(reply: RenderReply(status: .failed, message: error.reason)))
    }
    // Entities that could blow up are refused before librsvg's parser sees them.
    if case .failure(let refusal) = SVGSource.root(file) { return .failure(NotOpened(reply: RenderReply(status: .failed, message: refusal.reason))) }
    // From its bytes, not its path: librsvg then has no base to resolve a reference against, and
    // loads no file (an image, an xi:include, a CSS @import, an feImage) but `data:` URLs.
    var error: UnsafeMutableRawPointer?
    let loaded = file.withUnsafeBufferPointer { rsvg.handleFromData($0.baseAddress, $0.count, &error) }
    guard let handle = loaded else {
        return .failure(NotOpened(reply: RenderReply(status: .failed, message: libraries.message(of: error, otherwise: "librsvg cannot read it"))))
    }
    let dimensions = UnsafeMutableRawPointer.allocate(byteCount: Libraries.dimensionDataLength, alignment: 8)
    defer { dimensions.deallocate() }
    dimensions.initializeMemory(as: UInt8.self, repeating: 0, count: Libraries.dimensionDataLength)
    rsvg.dimensions(handle, dimensions)
    let open = OpenSVG(
        identity: identity, handle: handle, intrinsic: (dimensions.load(as: Int32.self), dimensions.load(fromByteOffset: 4, as: Int32.self)),
        libraries: libraries)
    // Only small files are kept: a parsed document can be many times its file, and what is kept
    // counts against the next request's memory limit.
    if identity.size <= 1 << 20 {
        openSVGs.append(open)
        if openSVGs.count > openPDFLimit.count { openSVGs.removeFirst() }
    }
    return .success(open)
}

@MainActor func renderSVG(_ request: RenderRequest, _ libraries: Libraries) -> RenderReply {
    guard let rsvg = libraries.rsvg else { return RenderReply(status: .unavailable, message: "librsvg2-2") }
    let width = Int(request.width)
    let height = Int(request.height)
    guard width > 0, height > 0, fits(width, height, request) else { return RenderReply(status: .tooLarge, width: request.width, height: request.height) }
    let open: OpenSVG
    switch openSVG(request.path, rsvg, libraries) {
    case .success(let opened): open = opened
    case .failure(let notOpened): return notOpened.reply
    }
    let intrinsic = open.intrinsic
    guard intrinsic.width > 0, intrinsic.height > 0 else { return RenderReply(status: .failed, message: "librsvg finds no size in it") }
    // rsvg-convert --width --height: the document stretched to that size.
    var drawn = true
    let pixels = libraries.draw(
        width: width, height: height, scaleX: Double(width) / Double(intrinsic.width), scaleY: Double(height) / Double(intrinsic.height)
    ) { context in drawn = rsvg.renderCairo(open.handle, context) != 0 }
    switch pixels {
    case .success(let pixels) where drawn: return RenderReply(status: .drawn, width: request.width, height: request.height, pixels: pixels)
    // librsvg says no more than that: a surface it needed could not be made (the memory limit), or
    // an element it could not draw.
    case .success:
        return RenderReply(
            status: .outOfMemory,
            message: "librsvg could not draw it: it needs more memory than --max-pixels \(request.maxPixels) allows the renderer, or librsvg stops on it")
    case .failure(let failure): return failed(failure, (width, height), request)
    }
}

MemoryLimit.keepArenasFew()
let libraries = Libraries.open()
while let header = readExactly(RenderRequest.headerLength) {
    guard let length = RenderRequest.pathLength(header: header), let path = readExactly(length),
        let request = RenderRequest(header: header, path: path)
    else { SystemCall.exit(2) }
    MemoryLimit.apply(for: request)
    let reply: RenderReply
    if let libraries {
        reply = request.kind == .pdf ? renderPDF(request, libraries) : renderSVG(request, libraries)
    } else {
        reply = RenderReply(status: .unavailable, message: "libcairo2")
    }
    // The header, then the pixels as they are: joining them would copy the largest thing held.
    guard writeAll(reply.head), writeAll(reply.pixels) else { SystemCall.exit(1) }
}
