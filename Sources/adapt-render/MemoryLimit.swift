import AdaptSupport

/// The address space this program may use while it draws one request (`RLIMIT_AS`), so that a
/// small file that makes a library allocate without bound (a pattern scaled up, a filter chain
/// keeping every result, a page holding a huge image) fails that file instead of taking the
/// machine's memory. `--max-pixels` bounds only the final image; this bounds the drawing.
///
/// The limit is `base + 8 × file size + 16 × max-pixels` bytes:
/// - `base`, 384 MB: a worker that has loaded cairo, poppler and librsvg and drawn a PDF, an SVG
///   with a filter and one with text (pango, fontconfig's caches) maps 92 to 118 MB on Debian 12
///   (with one malloc arena, below), so this is three times that, leaving room for parsing and
///   the open-file caches;
/// - the file read whole (an array, and poppler's copy) and its parsed document;
/// - four images of `--max-pixels` at 4 bytes a pixel: cairo's surface, the packed copy sent
///   back, and two intermediate surfaces (a filter's or a group's).
///
/// The soft limit is lowered (or raised, up to the hard one) for each request, as requests differ
/// in `--max-pixels`. Darwin does not enforce `RLIMIT_AS`; there the time limit remains.
enum MemoryLimit {
    static let base: UInt64 = 384 << 20

    static func bytes(maxPixels: UInt64, fileSize: UInt64) -> UInt64 {
        // Saturating: a request may state any 64-bit limit.
        let (pixels, overflow) = maxPixels.multipliedReportingOverflow(by: 16)
        let file = min(fileSize, UInt64(fileLimit)) * 8
        return overflow || pixels > UInt64.max - base - file ? UInt64.max : base + file + pixels
    }

    /// Sets the limit for drawing `request` (its file's size read from the file system).
    static func apply(for request: RenderRequest) {
        var status = stat()
        let fileSize = stat(request.path, &status) == 0 ? UInt64(max(0, status.st_size)) : 0
        guard var limit = SystemCall.addressSpaceLimit() else { return }
        let wanted = bytes(maxPixels: request.maxPixels, fileSize: fileSize)
        limit.rlim_cur = rlim_t(min(UInt64(limit.rlim_max), wanted))
        SystemCall.setAddressSpaceLimit(limit)
    }

    /// One malloc arena for all threads (`SystemCall.keepMallocArenasFew`).
    static func keepArenasFew() { SystemCall.keepMallocArenasFew() }

    /// The reply when an allocation for drawing `request` failed under the limit.
    static func exceeded(_ request: RenderRequest) -> RenderReply {
        RenderReply(status: .outOfMemory, message: message(maxPixels: request.maxPixels))
    }

    static func message(maxPixels: UInt64) -> String {
        "drawing it needs more memory than --max-pixels \(maxPixels) allows the renderer"
    }
}
