/// The pixel payload of a CoreUI bitmap rendition (what follows the CSI header and its TLVs):
/// a 16-byte `CELM` header (stored as the bytes `MLEC`) — flags, compression, length — and either
/// the compressed bytes, or, when flag bit 0 is set, `length` chunks of rows, each with a 20-byte
/// `KCBC` header (flags, version, row count, length). Flag bit 1 marks the bitmap opaque.
/// (Layout from Timac's article and blacktop/ipsw `pkg/car`; our Xcode 7.3 corpus has both forms.)
///
/// ```swift
/// let payload = try BitmapPayload(bytes)               // framing only, nothing decoded
/// switch try payload.decode(width: 50, height: 50, format: .argb) {
/// case .pixels(let bitmap): bitmap.bytes.count         // 50 * 50 * 4
/// case .notDecoded(let compression): print("skipped: \(compression)")
/// }
/// ```
public struct BitmapPayload: Sendable {
    public struct Chunk: Sendable {
        /// Rows this chunk holds (0 in a lone chunk means "all of them").
        public let rows: Int
        /// Where the chunk's data lies in the payload.
        public let range: Range<Int>
    }

    public let flags: UInt32
    public let compression: BitmapCompression
    public let chunks: [Chunk]
    private let bytes: ArraySlice<UInt8>

    public var isOpaque: Bool { flags & 2 != 0 }

    static let signature: [UInt8] = Array("MLEC".utf8)
    static let chunkSignature: [UInt8] = Array("KCBC".utf8)

    /// Reads the framing; throws when a length or count does not fit the payload.
    public init(_ payload: ArraySlice<UInt8>) throws(DecompressionError) {
        func fail(_ kind: DecompressionError.Kind, _ offset: Int, _ message: String) -> DecompressionError {
            DecompressionError("bitmap", kind, at: offset, message)
        }
        let bytes = payload
        let base = bytes.startIndex
        func word(_ offset: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[base + offset + $1]) << (8 * $1) }
        }
        guard bytes.count >= 16 else { throw fail(.truncated, 0, "bitmap header needs 16 bytes, payload has \(bytes.count)") }
        guard Array(bytes.prefix(4)) == Self.signature else {
            throw fail(.corrupt, 0, "payload starts with \(Array(bytes.prefix(4)).map { hex($0) }.joined()), not CELM")
        }
        flags = word(4)
        compression = BitmapCompression(rawValue: word(8))
        let length = Int(word(12))
        var chunks: [Chunk] = []
        if flags & 1 == 0 {
            guard length <= bytes.count - 16 else {
                throw fail(.truncated, 12, "bitmap holds \(length) bytes, payload has \(bytes.count - 16) after its header")
            }
            chunks.append(Chunk(rows: 0, range: 16..<(16 + length)))
        } else {
            // Each chunk takes at least its 20-byte header, which bounds a hostile count.
            guard length <= (bytes.count - 16) / 20 else {
                throw fail(.corrupt, 12, "\(length) chunks cannot fit in \(bytes.count - 16) bytes")
            }
            var position = 16
            for index in 0..<length {
                guard bytes.count - position >= 20 else { throw fail(.truncated, position, "chunk \(index) header is cut off") }
                guard Array(bytes[(base + position)..<(base + position + 4)]) == Self.chunkSignature else {
                    throw fail(.corrupt, position, "chunk \(index) does not start with KCBC")
                }
                let rows = Int(word(position + 12)), chunkLength = Int(word(position + 16))
                position += 20
                guard chunkLength <= bytes.count - position else {
                    throw fail(.truncated, position, "chunk \(index) holds \(chunkLength) bytes, past the end of the payload")
                }
                chunks.append(Chunk(rows: rows, range: position..<(position + chunkLength)))
                position += chunkLength
            }
        }
        self.chunks = chunks
        self.bytes = bytes
    }

    public init(_ payload: [UInt8]) throws(DecompressionError) {
        try self.init(payload[...])
    }

    /// A chunk's bytes.
    public func data(of chunk: Chunk) -> ArraySlice<UInt8> {
        bytes[(bytes.startIndex + chunk.range.lowerBound)..<(bytes.startIndex + chunk.range.upperBound)]
    }

    /// Decodes the pixels: `height` rows of `rowBytes` (default `width * bytesPerPixel`; a CSI
    /// header's row-bytes TLV can say more) in the format's memory order, or `.notDecoded` with
    /// the compression when this package has no decoder for it. Every chunk must decode to its
    /// rows exactly, and the whole to `rowBytes * height`.
    public func decode(width: Int, height: Int, format: BitmapPixelFormat, rowBytes: Int? = nil) throws(DecompressionError) -> BitmapDecoding {
        guard compression.isDecoded else { return .notDecoded(compression) }
        func fail(_ kind: DecompressionError.Kind, _ offset: Int, _ message: String) -> DecompressionError {
            DecompressionError("bitmap", kind, at: offset, message)
        }
        let tight = width.multipliedReportingOverflow(by: format.bytesPerPixel)
        let stride = rowBytes ?? tight.partialValue
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
    case pixels(DecodedBitmap)
    /// The payload uses a compression this package does not decode (`deepmap2`, `astc`, ...):
    /// the caller names it and skips the rendition.
    case notDecoded(BitmapCompression)
}

/// Decoded pixels, as CoreUI stores them (colour premultiplied, B G R A in memory).
public struct DecodedBitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let rowBytes: Int
    public let format: BitmapPixelFormat
    public let isOpaque: Bool
    public let bytes: [UInt8]
}
