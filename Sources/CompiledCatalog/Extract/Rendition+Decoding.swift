/// A rendition's data, decoded: the link between the reader (`Rendition`, `RenditionPayload`)
/// and the decompressors (`BitmapPayload`, `RawDataPayload`).
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "Assets.car")
/// for rendition in catalog.renditions {
///     switch try catalog.decodedBitmap(of: rendition) {
///     case .pixels(let bitmap)?: print(rendition.renditionName, bitmap.width, bitmap.height)
///     case .notDecoded(let compression)?: print("skipped: \(compression)")
///     case nil: break   // not a bitmap
///     }
/// }
/// ```
extension CompiledCatalog {
    /// The bytes after a rendition's CSI header and properties: its `CELM`, `RAWD`, ... block.
    /// (CSI layout: the properties' length is the 32-bit word at 168, the data follows the
    /// 184-byte header and the properties.)
    package func dataBytes(of rendition: Rendition) -> ArraySlice<UInt8> {
        let bytes = store.bytes.bytes
        let start = rendition.valueRange.offset
        let end = start + rendition.valueRange.length
        guard let propertiesLength = store.bytes.uint32LittleEndian(at: start + 168),
              Rendition.headerLength + Int(propertiesLength) <= rendition.valueRange.length, end <= bytes.count else { return [] }
        return bytes[(start + Rendition.headerLength + Int(propertiesLength))..<end]
    }

    /// The pixels of a bitmap rendition (`CELM` payload, ARGB/GA8/... pixel format), or nil
    /// when the rendition is not one. Uses the rendition's bytes-per-row property when present.
    public func decodedBitmap(of rendition: Rendition) throws(DecompressionError) -> BitmapDecoding? {
        guard case .bitmap = rendition.payload, let format = BitmapPixelFormat(rendition.pixelFormat) else { return nil }
        var rowBytes: Int?
        for case .bytesPerRow(let value) in rendition.properties { rowBytes = Int(value) }
        let payload = try BitmapPayload(dataBytes(of: rendition))
        return try payload.decode(width: Int(rendition.width), height: Int(rendition.height), format: format, rowBytes: rowBytes)
    }

    /// The file inside a raw-data rendition (a PDF, a JPEG, a data set's file), decompressed
    /// when CoreUI compressed it; nil when the rendition is not raw data.
    public func rawData(of rendition: Rendition, limit: DecodeLimit = .atMost(DecodeLimit.hardCap)) throws(DecompressionError) -> [UInt8]? {
        guard case .rawData = rendition.payload else { return nil }
        return try RawDataPayload.contents(of: dataBytes(of: rendition), limit: limit)
    }
}

extension BitmapPixelFormat {
    /// The decoder's layout for a reader's pixel format, when it is a bitmap format.
    public init?(_ format: PixelFormat) {
        self.init(rawValue: format.code)
    }
}
