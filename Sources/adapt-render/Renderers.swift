import AdaptSupport

/// The C libraries `adapt-render` draws with, opened at run time (`dlopen`) rather than linked:
/// cairo, poppler's GLib binding (GPL) for PDF and librsvg (LGPL) for SVG. So this program builds
/// on a machine without their headers, a missing library is a reply (`unavailable`) rather than a
/// program that does not start, and no binary of this package links poppler. Each function is
/// the one `pdftocairo` and `rsvg-convert` call to draw the same image, so that the pixels are
/// theirs (`VectorRasterizer` falls back to those programs).
struct Libraries {
    typealias Pointer = OpaquePointer

    // cairo
    let imageSurfaceCreate: @convention(c) (Int32, Int32, Int32) -> Pointer?
    let surfaceStatus: @convention(c) (Pointer?) -> Int32
    let surfaceFlush: @convention(c) (Pointer?) -> Void
    let surfaceDestroy: @convention(c) (Pointer?) -> Void
    let surfaceData: @convention(c) (Pointer?) -> UnsafeMutablePointer<UInt8>?
    let surfaceStride: @convention(c) (Pointer?) -> Int32
    let create: @convention(c) (Pointer?) -> Pointer?
    let scale: @convention(c) (Pointer?, Double, Double) -> Void
    let destroy: @convention(c) (Pointer?) -> Void
    // GLib
    let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let errorFree: @convention(c) (UnsafeMutableRawPointer?) -> Void

    struct Poppler {
        let documentFromData:
            @convention(c) (UnsafeMutablePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Pointer?
        let pageCount: @convention(c) (Pointer?) -> Int32
        let page: @convention(c) (Pointer?, Int32) -> Pointer?
        let pageSize: @convention(c) (Pointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void
        let render: @convention(c) (Pointer?, Pointer?) -> Void
    }

    /// librsvg's `RsvgDimensionData`, 24 bytes: the intrinsic size in whole pixels (two C ints),
    /// then em and ex (doubles). A Swift struct is not a C type, so it is read from raw memory.
    static let dimensionDataLength = 24

    struct RSVG {
        let handleFromData: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Pointer?
        let dimensions: @convention(c) (Pointer?, UnsafeMutableRawPointer?) -> Void
        let renderCairo: @convention(c) (Pointer?, Pointer?) -> Int32
    }

    let poppler: Poppler?
    let rsvg: RSVG?

    /// Opens the libraries by their Debian (and Homebrew) names; nil when cairo or GLib is missing.
    static func open() -> Libraries? {
        func library(_ names: [String]) -> UnsafeMutableRawPointer? {
            for name in names { if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle } }
            return nil
        }
        func symbol<T>(_ handle: UnsafeMutableRawPointer?, _ name: String, as type: T.Type) -> T? {
            guard let handle, let address = dlsym(handle, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard let cairo = library(["libcairo.so.2", "libcairo.2.dylib"]),
            let gobject = library(["libgobject-2.0.so.0", "libgobject-2.0.0.dylib"]),
            let glib = library(["libglib-2.0.so.0", "libglib-2.0.0.dylib"])
        else { return nil }
        let popplerLibrary = library(["libpoppler-glib.so.8", "libpoppler-glib.8.dylib"])
        let rsvgLibrary = library(["librsvg-2.so.2", "librsvg-2.2.dylib"])
        var poppler: Poppler?
        if let documentFromData = symbol(popplerLibrary, "poppler_document_new_from_data", as: Poppler.documentFromDataType),
            let pageCount = symbol(popplerLibrary, "poppler_document_get_n_pages", as: (@convention(c) (Pointer?) -> Int32).self),
            let page = symbol(popplerLibrary, "poppler_document_get_page", as: (@convention(c) (Pointer?, Int32) -> Pointer?).self),
            let pageSize = symbol(
                popplerLibrary, "poppler_page_get_size",
                as: (@convention(c) (Pointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void).self),
            let render = symbol(popplerLibrary, "poppler_page_render", as: (@convention(c) (Pointer?, Pointer?) -> Void).self)
        {
            poppler = Poppler(documentFromData: documentFromData, pageCount: pageCount, page: page, pageSize: pageSize, render: render)
        }
        var rsvg: RSVG?
        if let handleFromData = symbol(
            rsvgLibrary, "rsvg_handle_new_from_data",
            as: (@convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Pointer?).self),
            let dimensions = symbol(
                rsvgLibrary, "rsvg_handle_get_dimensions", as: (@convention(c) (Pointer?, UnsafeMutableRawPointer?) -> Void).self),
            let renderCairo = symbol(rsvgLibrary, "rsvg_handle_render_cairo", as: (@convention(c) (Pointer?, Pointer?) -> Int32).self)
        {
            rsvg = RSVG(handleFromData: handleFromData, dimensions: dimensions, renderCairo: renderCairo)
        }
        guard let imageSurfaceCreate = symbol(cairo, "cairo_image_surface_create", as: (@convention(c) (Int32, Int32, Int32) -> Pointer?).self),
            let surfaceStatus = symbol(cairo, "cairo_surface_status", as: (@convention(c) (Pointer?) -> Int32).self),
            let surfaceFlush = symbol(cairo, "cairo_surface_flush", as: (@convention(c) (Pointer?) -> Void).self),
            let surfaceDestroy = symbol(cairo, "cairo_surface_destroy", as: (@convention(c) (Pointer?) -> Void).self),
            let surfaceData = symbol(cairo, "cairo_image_surface_get_data", as: (@convention(c) (Pointer?) -> UnsafeMutablePointer<UInt8>?).self),
            let surfaceStride = symbol(cairo, "cairo_image_surface_get_stride", as: (@convention(c) (Pointer?) -> Int32).self),
            let create = symbol(cairo, "cairo_create", as: (@convention(c) (Pointer?) -> Pointer?).self),
            let scale = symbol(cairo, "cairo_scale", as: (@convention(c) (Pointer?, Double, Double) -> Void).self),
            let destroy = symbol(cairo, "cairo_destroy", as: (@convention(c) (Pointer?) -> Void).self),
            let objectUnref = symbol(gobject, "g_object_unref", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            let errorFree = symbol(glib, "g_error_free", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        else { return nil }
        return Libraries(
            imageSurfaceCreate: imageSurfaceCreate, surfaceStatus: surfaceStatus, surfaceFlush: surfaceFlush, surfaceDestroy: surfaceDestroy,
            surfaceData: surfaceData, surfaceStride: surfaceStride, create: create, scale: scale, destroy: destroy, objectUnref: objectUnref,
            errorFree: errorFree, poppler: poppler, rsvg: rsvg)
    }

    /// A GError's message (its third field, after the domain and code), freed.
    func message(of error: UnsafeMutableRawPointer?, otherwise: String) -> String {
        guard let error else { return otherwise }
        defer { errorFree(error) }
        guard let text = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) else { return otherwise }
        return String(cString: text)
    }

    /// Why `draw` drew nothing: memory (an allocation failed under the worker's limit), or
    /// another cairo status (a side past cairo's 32,767 pixels).
    enum DrawFailure: Error {
        case memory
        case cairo(Int32)
    }

    /// Draws into a transparent ARGB32 surface of `width` × `height` pixels, scaled by `scaleX`
    /// and `scaleY`, and returns its rows packed (premultiplied B G R A in memory).
    func draw(width: Int, height: Int, scaleX: Double, scaleY: Double, _ body: (Pointer?) -> Void) -> Result<[UInt8], DrawFailure> {
        let formatARGB32: Int32 = 0
        let statusNoMemory: Int32 = 1
        guard let surface = imageSurfaceCreate(formatARGB32, Int32(width), Int32(height)) else { return .failure(.memory) }
        defer { surfaceDestroy(surface) }
        let status = surfaceStatus(surface)
        guard status == 0 else { return .failure(status == statusNoMemory ? .memory : .cairo(status)) }
        let context = create(surface)
        scale(context, scaleX, scaleY)
        body(context)
        destroy(context)
        surfaceFlush(surface)
        // A drawing that ran out of memory leaves the surface in error (and its pixels unfinished).
        let drawnStatus = surfaceStatus(surface)
        guard drawnStatus == 0, let data = surfaceData(surface) else { return .failure(drawnStatus == statusNoMemory ? .memory : .cairo(drawnStatus)) }
        let stride = Int(surfaceStride(surface))
        // Under the memory limit an array that cannot be made stops the program; a
        // failed allocation here is a reply instead.
        guard let buffer = malloc(max(1, width * height * 4)) else { return .failure(.memory) }
        free(buffer)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { out in
            for row in 0..<height { (out.baseAddress! + row * width * 4).copyMemory(from: data + row * stride, byteCount: width * 4) }
        }
        return .success(pixels)
    }
}

extension Libraries.Poppler {
    static var documentFromDataType:
        (@convention(c) (UnsafeMutablePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?).Type
    {
        (@convention(c) (UnsafeMutablePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?).self
    }
}
