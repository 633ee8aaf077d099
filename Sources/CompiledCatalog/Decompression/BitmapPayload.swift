/// The pixel payload of a CoreUI bitmap rendition, ready to decode: its compression and its
/// chunks of rows, as the reader found them (`RenditionPayload.bitmap`), over the bytes they lie
/// in. The framing (`CELM`, `KCBC`) is read once, by the reader; this type only decodes.
///
/// ```swift
/// let payload = BitmapPayload(rendition, in: catalog)   // or BitmapPayload(celmBytes) for a lone payload
/// switch try payload?.decode(width: 50, height: 50, format: .argb) {
/// case .pixels(let bitmap)?: bitmap.bytes.count         // 50 * 50 * 4
/// case .notDecoded(let compression)?: print("skipped: \(compression)")
/// case nil: break                                        // not a bitmap
/// }
/// ```
package struct BitmapPayload: Sendable {
    package struct Chunk: Sendable {
        /// Rows this chunk holds (0 in a lone chunk means "all of them").
        package let rows: Int
        /// Where the chunk's data lies in `bytes`.
        package let range: Range<Int>
    }

    package let compression: RenditionCompression
    package let chunks: [Chunk]
    package let isOpaque: Bool
    private let bytes: ArraySlice<UInt8>

    /// A payload over `bytes` (a whole file, or a lone payload) whose chunks the reader located.
    package init(bytes: ArraySlice<UInt8>, compression: RenditionCompression, chunks: [RenditionPayload.BitmapChunk], isOpaque: Bool) {
        self.bytes = bytes
        self.compression = compression
        self.isOpaque = isOpaque
        self.chunks = chunks.map { Chunk(rows: $0.rows, range: $0.offset..<($0.offset + $0.length)) }
    }

    /// A lone `CELM` payload (tests, tools holding one rendition's data): framed by the reader's
    /// own parser, so there is one reading of the layout. The opaque flag is the `CELM` flags'
    /// bit 1 (a rendition in a catalog takes its CSI header's).
    package init(_ payload: [UInt8]) throws(DecompressionError) {
        let reader = ByteReader(payload)
        guard reader.matches("MLEC", at: 0) else {
            throw DecompressionError("bitmap", .corrupt, at: 0, "payload starts with \(payload.prefix(4).map { hex($0) }.joined()), not CELM")
        }
        let framed: RenditionPayload
        do {
            framed = try RenditionPayload.read(reader, offset: 0, length: payload.count, structure: "bitmap")
        } catch {
            throw DecompressionError("bitmap", .truncated, at: error.offset ?? 0, error.problem)
        }
        guard case .bitmap(let compression, let chunks) = framed else {
            throw DecompressionError("bitmap", .corrupt, at: 0, "payload is not a CELM block")
        }
        let flags = reader.uint32LittleEndian(at: 4) ?? 0
        self.init(bytes: payload[...], compression: compression, chunks: chunks, isOpaque: flags & 2 != 0)
    }

    /// A chunk's bytes.
    package func data(of chunk: Chunk) -> ArraySlice<UInt8> {
        bytes[chunk.range]
    }

    /// Decodes the pixels: `height` rows of `rowBytes` (default `width * bytesPerPixel`; a CSI
    /// header's row-bytes TLV can say more) in the format's memory order, or `.notDecoded` with
    /// the compression when this package has no decoder for it. Every chunk must decode to its
    /// rows exactly, and the whole to `rowBytes * height`.
    package func decode(width: Int, height: Int, format: BitmapPixelFormat, rowBytes: Int? = nil) throws(DecompressionError) -> BitmapDecoding {
        guard compression.isDecoded else { return .notDecoded(compression) }
        func fail(_ kind: DecompressionError.Kind, _ offset: Int, _ message: String) -> DecompressionError {
            DecompressionError("bitmap", kind, at: offset, message)
        }
        let tight = width.multipliedReportingOverflow(by: format.bytesPerPixel)
        // deepmap2 holds tight rows whatever the bytes-per-row property says (Stasis's grey
        // layers say 4 bytes a pixel: CoreUI's own buffer, not the data).
        let stride = compression == .deepmap2 ? tight.partialValue : rowBytes ?? tight.partialValue
        guard width >= 0, height >= 0, !tight.overflow, stride >= tight.partialValue else {
            throw fail(.corrupt, 0, "cannot lay out \(width) x \(height) \(format.rawValue) pixels in \(stride)-byte rows")
        }
        let total = stride.multipliedReportingOverflow(by: height)
        guard !total.overflow, total.partialValue <= DecodeLimit.hardCap else {
            throw fail(.tooLarge, 0, "\(width) x \(height) pixels is more than this decoder allows")
        }
        var output: [UInt8] = []
        output.reserveCapacity(total.partialValue)
        var rowsDone = 0
        for chunk in chunks {
            let rows = chunk.rows == 0 && chunks.count == 1 ? height : chunk.rows
            guard rows > 0 || height == 0, rows <= height - rowsDone else {
                throw fail(.corrupt, max(0, chunk.range.lowerBound - 8), "chunk of \(rows) rows does not fit the \(height - rowsDone) rows left")
            }
            let data = data(of: chunk)
            let limit = DecodeLimit.exactly(rows * stride)
            let part: [UInt8]
            do throws(DecompressionError) {
                switch compression {
                case .uncompressed:
                    // Some "uncompressed" chunks are LZFSE streams all the same.
                    if LZFSE.hasBlockMagic(data) {
                        part = try LZFSE.decode(data, limit: limit)
                    } else {
                        try limit.check(produced: data.count, codec: "bitmap", at: 0)
                        part = Array(data)
                    }
                case .rle:
                    part = try CoreUIRLE.decode(data, width: width, rows: rows, bytesPerPixel: format.bytesPerPixel, rowBytes: stride)
                case .zip: part = try Zlib.decode(data, limit: limit)
                case .lzvn:
                    part = LZFSE.hasBlockMagic(data) ? try LZFSE.decode(data, limit: limit) : try LZVN.decode(data, limit: limit)
                case .lzfse: part = try LZFSE.decode(data, limit: limit)
                case .deepmap2:
                    guard let pixels = try Deepmap2.decode(data, width: width, height: rows, format: format) else { return .notDecoded(compression) }
                    part = pixels
                default: return .notDecoded(compression)
                }
            } catch {
                throw error.shifted(by: chunk.range.lowerBound)
            }
            output += part
            rowsDone += rows
        }
        guard rowsDone == height else { throw fail(.sizeMismatch, 0, "chunks hold \(rowsDone) rows, the rendition has \(height)") }
        return .pixels(DecodedBitmap(width: width, height: height, rowBytes: stride, format: format, isOpaque: isOpaque, bytes: output))
    }
}

/// What `BitmapPayload.decode` gives back.
public enum BitmapDecoding: Sendable {
    /// The pixels, decoded.
    case pixels(DecodedBitmap)
    /// The payload uses a compression (or a deepmap2 variant) this package does not decode (`astc`, ...):
    /// the caller names it and skips the rendition.
    case notDecoded(RenditionCompression)
}

/// Decoded pixels, as CoreUI stores them (colour premultiplied, B G R A in memory).
public struct DecodedBitmap: Sendable, Equatable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bytes from one row's start to the next's.
    public let rowBytes: Int
    /// How the pixels are laid out.
    public let format: BitmapPixelFormat
    /// Whether the rendition says every pixel is opaque.
    public let isOpaque: Bool
    /// The pixels, `rowBytes` × `height` bytes.
    public let bytes: [UInt8]

    package init(width: Int, height: Int, rowBytes: Int, format: BitmapPixelFormat, isOpaque: Bool, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.rowBytes = rowBytes
        self.format = format
        self.isOpaque = isOpaque
        self.bytes = bytes
    }
}
