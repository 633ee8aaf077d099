/// A rendition's data, decoded: the link between the reader (`Rendition`, `RenditionPayload`)
/// and the decompressors (`BitmapPayload`, `RawDataPayload`).
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "Assets.car")
/// let atlases = PackedImageCache()
/// for rendition in catalog.renditions {
///     switch try catalog.decodedBitmap(of: rendition, atlases: atlases) {
///     case .pixels(let bitmap)?: print(rendition.renditionName, bitmap.width, bitmap.height)
///     case .notDecoded(let compression)?: print("skipped: \(compression)")
///     case nil: break   // not a bitmap
///     }
/// }
/// ```
extension CompiledCatalog {
    /// The most bytes of pixels one rendition may decode to: 256 times the file's size (LZFSE
    /// shrinks a flat image a great deal, but not without bound), at least 64 MiB, at most
    /// `DecodeLimit.hardCap`. A header claiming more is refused before anything is allocated.
    public var pixelBudget: Int {
        let scaled = store.bytes.count.multipliedReportingOverflow(by: 256)
        return min(DecodeLimit.hardCap, max(64 << 20, scaled.overflow ? DecodeLimit.hardCap : scaled.partialValue))
    }

    /// The bitmap payload of a rendition, over the file's bytes, or nil when it has none.
    package func bitmapPayload(of rendition: Rendition) -> BitmapPayload? {
        guard case .bitmap(let compression, let chunks) = rendition.payload, let first = chunks.map(\.offset).min() else { return nil }
        // The file is mapped; the decoders read an array. Only this rendition's span is copied, with
        // the chunks rebased onto it, so decoding every rendition stays one pass over the file.
        let end = chunks.map { $0.offset + $0.length }.max()!
        guard first >= 0, end <= store.bytes.count else { return nil }
        let span = [UInt8](store.bytes.bytes[first..<end])
        let rebased = chunks.map { RenditionPayload.BitmapChunk(offset: $0.offset - first, length: $0.length, rows: $0.rows) }
        // Not `flags.isOpaque`: bit 3 is also the template mode's low bit (acextract's `r_template`,
        // whose source has 158 transparent pixels, has it set), so the stored alpha is kept as it is.
        return BitmapPayload(bytes: span[...], compression: compression, chunks: rebased, isOpaque: false)
    }

    /// The pixels of a bitmap rendition, or nil when the rendition is not one. A reference into
    /// a packed image (`InternalReference`) is cut out of its packed image by its frame; give
    /// `atlases` to decode each packed image once across many references. Uses the rendition's
    /// bytes-per-row property when present. `pixelBudget` lowers the file's own (`pixelBudget`):
    /// a rendition (or the packed image it refers to) claiming more is refused before anything
    /// is allocated.
    public func decodedBitmap(
        of rendition: Rendition, atlases: PackedImageCache? = nil,
        pixelBudget budget: Int? = nil
    ) throws(DecompressionError) -> BitmapDecoding? {
        if rendition.layout == .internalReference { return try referencedBitmap(of: rendition, atlases: atlases, pixelBudget: budget) }
        let pixelBudget = min(budget ?? self.pixelBudget, self.pixelBudget)
        guard let payload = bitmapPayload(of: rendition), let format = BitmapPixelFormat(rendition.pixelFormat) else { return nil }
        var rowBytes: Int?
        for case .bytesPerRow(let value) in rendition.properties { rowBytes = Int(value) }
        let stride = rowBytes ?? Int(rendition.width) * format.bytesPerPixel
        let size = stride.multipliedReportingOverflow(by: Int(rendition.height))
        guard !size.overflow, size.partialValue <= pixelBudget else {
            throw DecompressionError(
                "bitmap", .tooLarge, at: rendition.valueRange.offset,
                "\(rendition.width) x \(rendition.height) pixels is more than "
                    + (pixelBudget < self.pixelBudget
                        ? "the \(pixelBudget) bytes of pixels decoded for one rendition"
                        : "a \(store.bytes.count)-byte file may hold (at most \(pixelBudget) bytes of pixels)"))
        }
        return try payload.decode(width: Int(rendition.width), height: Int(rendition.height), format: format, rowBytes: rowBytes)
    }

    /// The file inside a raw-data rendition (a PDF, a JPEG, a data set's file), decompressed
    /// when CoreUI compressed it; nil when the rendition is not raw data. The decompressed file may
    /// be at most ``pixelBudget`` bytes: a rendition claiming more throws before anything is allocated.
    public func rawData(of rendition: Rendition) throws(DecompressionError) -> [UInt8]? {
        try rawData(of: rendition, limit: nil)
    }

    /// `rawData(of:)` under a tighter bound than the file's own (`adapt extract`'s output budget).
    package func rawData(of rendition: Rendition, limit: DecodeLimit?) throws(DecompressionError) -> [UInt8]? {
        guard case .rawData(let range) = rendition.payload else { return nil }
        // The reader located the data after its 12-byte RAWD header.
        let start = range.offset - 12
        guard start >= 0, range.offset + range.length <= store.bytes.count else { return nil }
        return try RawDataPayload.contents(of: [UInt8](store.bytes.bytes[start..<(range.offset + range.length)])[...], limit: limit ?? .atMost(pixelBudget))
    }
}
