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

/// The pixel size an image of `width` × `height` points has at `scale`, as adapt rounds it.
func pixelSize(_ width: Double, _ height: Double, scale: UInt32) -> (width: Int, height: Int) {
    (max(1, Int((width * Double(scale)).rounded())), max(1, Int((height * Double(scale)).rounded())))
}

func fits(_ width: Int, _ height: Int, _ request: RenderRequest) -> Bool {
    width <= 1 << 20 && height <= 1 << 20 && UInt64(width) * UInt64(height) <= request.maxPixels
}

func renderPDF(_ request: RenderRequest, _ libraries: Libraries) -> RenderReply {
    guard let poppler = libraries.poppler else { return RenderReply(status: .unavailable, message: "libpoppler-glib8") }
    var file: [UInt8]
    do { file = try FileSystem.readRegularFile(request.path, limit: fileLimit) } catch {
        return RenderReply(status: .failed, message: error.reason)
    }
    return file.withUnsafeMutableBufferPointer { buffer -> RenderReply in
        var error: UnsafeMutableRawPointer?
        let data = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
        guard let document = poppler.documentFromData(data, Int32(buffer.count), nil, &error) else {
            return RenderReply(status: .failed, message: libraries.message(of: error, otherwise: "poppler cannot open it"))
        }
        defer { libraries.objectUnref(UnsafeMutableRawPointer(document)) }
        guard poppler.pageCount(document) > 0, let page = poppler.page(document, 0) else {
            return RenderReply(status: .failed, message: "it has no first page")
        }
        defer { libraries.objectUnref(UnsafeMutableRawPointer(page)) }
        // The crop box in points, turned by the page's rotation, as pdftocairo measures it.
        var points = (width: 0.0, height: 0.0)
        poppler.pageSize(page, &points.width, &points.height)
        guard points.width > 0, points.height > 0, points.width.isFinite, points.height.isFinite else {
            return RenderReply(status: .failed, message: "its first page has no size")
        }
        let size = pixelSize(points.width, points.height, scale: request.scale)
        guard fits(size.width, size.height, request) else { return RenderReply(status: .tooLarge, width: UInt32(size.width), height: UInt32(size.height)) }
        let pixels = libraries.draw(
            width: size.width, height: size.height, scaleX: Double(size.width) / points.width, scaleY: Double(size.height) / points.height
        ) { context in poppler.render(page, context) }
        guard let pixels else { return RenderReply(status: .failed, message: "cairo could not make a surface of \(size.width) x \(size.height)") }
        return RenderReply(status: .drawn, width: UInt32(size.width), height: UInt32(size.height), pixels: pixels)
    }
}

func renderSVG(_ request: RenderRequest, _ libraries: Libraries) -> RenderReply {
    guard let rsvg = libraries.rsvg else { return RenderReply(status: .unavailable, message: "librsvg2-2") }
    let width = Int(request.width)
    let height = Int(request.height)
    guard width > 0, height > 0, fits(width, height, request) else { return RenderReply(status: .tooLarge, width: request.width, height: request.height) }
    do { _ = try FileSystem.readPrefix(request.path, count: 1) } catch { return RenderReply(status: .failed, message: error.reason) }
    var error: UnsafeMutableRawPointer?
    guard let handle = rsvg.handleFromFile(request.path, &error) else {
        return RenderReply(status: .failed, message: libraries.message(of: error, otherwise: "librsvg cannot read it"))
    }
    defer { libraries.objectUnref(UnsafeMutableRawPointer(handle)) }
    let dimensions = UnsafeMutableRawPointer.allocate(byteCount: Libraries.dimensionDataLength, alignment: 8)
    defer { dimensions.deallocate() }
    dimensions.initializeMemory(as: UInt8.self, repeating: 0, count: Libraries.dimensionDataLength)
    rsvg.dimensions(handle, dimensions)
    let intrinsic = (width: dimensions.load(as: Int32.self), height: dimensions.load(fromByteOffset: 4, as: Int32.self))
    guard intrinsic.width > 0, intrinsic.height > 0 else { return RenderReply(status: .failed, message: "librsvg finds no size in it") }
    // rsvg-convert --width --height: the document stretched to that size.
    var drawn = true
    let pixels = libraries.draw(
        width: width, height: height, scaleX: Double(width) / Double(intrinsic.width), scaleY: Double(height) / Double(intrinsic.height)
    ) { context in drawn = rsvg.renderCairo(handle, context) != 0 }
    guard let pixels, drawn else { return RenderReply(status: .failed, message: "librsvg could not draw it") }
    return RenderReply(status: .drawn, width: request.width, height: request.height, pixels: pixels)
}

let libraries = Libraries.open()
while let header = readExactly(RenderRequest.headerLength) {
    guard let length = RenderRequest.pathLength(header: header), let path = readExactly(length),
        let request = RenderRequest(header: header, path: path)
    else { SystemCall.exit(2) }
    let reply: RenderReply
    if let libraries {
        reply = request.kind == .pdf ? renderPDF(request, libraries) : renderSVG(request, libraries)
    } else {
        reply = RenderReply(status: .unavailable, message: "libcairo2")
    }
    guard writeAll(reply.bytes) else { SystemCall.exit(1) }
}
