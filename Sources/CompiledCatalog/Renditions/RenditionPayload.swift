/// What follows a CSI header's properties: the rendition's data, by its tag.
///
/// Data is located, not copied: each range is an offset and length into the file, so extract
/// and thin can copy bytes verbatim and decompress only what they need.
public enum RenditionPayload: Hashable, Sendable {
    /// No data (an internal reference takes its pixels from a packed image).
    case none
    /// `CELM` (stored `MLEC`): bitmap data, compressed as stated, in one range or (flag bit 0)
    /// in `KCBC` chunks of rows.
    case bitmap(compression: RenditionCompression, chunks: [BitmapChunk])
    /// `RAWD` (stored `DWAR`): raw bytes (a PDF, a data set's file, a JPEG).
    case rawData(DataRange)
    /// `COLR` (stored `RLOC`): a colour's colour space and components.
    case color(colorSpace: UInt32, components: [Double])
    /// `MSIS` (stored `SISM`): the sizes of a multisize image set (an app icon's slots).
    case multisizeImage([MultisizeEntry])
    /// A tag this reader does not know, and where its bytes lie.
    case unknown(tag: String, DataRange)

    public struct DataRange: Hashable, Sendable {
        public var offset: Int
        public var length: Int
    }

    /// One stretch of a bitmap's compressed rows: where it lies in the file and how many rows it
    /// decodes to (0 for the lone range of an unchunked bitmap: all of them).
    public struct BitmapChunk: Hashable, Sendable {
        public var offset: Int
        public var length: Int
        public var rows: Int

        public var range: DataRange { DataRange(offset: offset, length: length) }
    }

    public struct MultisizeEntry: Hashable, Sendable {
        public var width: UInt32
        public var height: UInt32
        public var index: UInt16
        public var idiom: CompiledIdiom
    }

    /// The tag as CoreUI names it (`CELM`, `RAWD`, `COLR`, `MSIS`), or the unknown tag as stored.
    public var tag: String? {
        switch self {
        case .none: nil
        case .bitmap: "CELM"
        case .rawData: "RAWD"
        case .color: "COLR"
        case .multisizeImage: "MSIS"
        case .unknown(let tag, _): tag
        }
    }

    /// The bytes of data the payload holds (compressed bitmap chunks, raw data), when it holds some.
    public var dataLength: Int? {
        switch self {
        case .bitmap(_, let chunks): chunks.reduce(0) { $0 + $1.length }
        case .rawData(let range): range.length
        default: nil
        }
    }

    package static func read(_ bytes: ByteReader, offset: Int, length: Int, structure: @autoclosure () -> String) throws(CompiledCatalogError) -> RenditionPayload {
        guard length > 0 else { return .none }
        func malformed(_ problem: String) -> CompiledCatalogError {
            CompiledCatalogError(.malformed, structure() + " data", at: offset, problem)
        }
        func word(_ at: Int) -> UInt32? { at + 4 <= offset + length ? bytes.uint32LittleEndian(at: at) : nil }
        let end = offset + length
        guard length >= 4, let tag = bytes.uint32BigEndian(at: offset) else { throw malformed("is shorter than a tag (\(length) bytes)") }
        // Tags compared as numbers (the bytes in file order, read big-endian): one comparison
        // per rendition instead of a string.
        switch tag {
        case Tag.celm:
            guard let flags = word(offset + 4), let compression = word(offset + 8), let field = word(offset + 12) else {
                throw malformed("is shorter than a CELM header (\(length) bytes)")
            }
            // Flag bit 0: chunked (bit 1 marks the pixels opaque, which the CSI header's flags
            // say too). Xcode 7 writes 0 and 1 here; older readers call the word a version.
            if flags & 1 == 0 {
                // The data's length, then the data.
                guard Int(field) <= end - offset - 16 else { throw malformed("says \(field) bytes of pixels, more than its \(length) bytes hold") }
                return .bitmap(compression: RenditionCompression(rawValue: compression), chunks: [BitmapChunk(offset: offset + 16, length: Int(field), rows: 0)])
            }
            // A chunk count, then chunks of `KCBC`, 8 reserved bytes, a row count and a length,
            // then the chunk's data. Each chunk takes at least its 20-byte header, which bounds
            // a hostile count before anything is reserved.
            guard Int(field) <= (end - offset - 16) / 20 else {
                throw malformed("says \(field) chunks, more than its \(length) bytes can hold")
            }
            var chunks: [BitmapChunk] = []
            var cursor = offset + 16
            for chunk in 0..<Int(field) {
                guard cursor + 20 <= end, bytes.matches("KCBC", at: cursor), let rows = word(cursor + 12), let size = word(cursor + 16),
                      Int(size) <= end - cursor - 20 else {
                    throw malformed("chunk \(chunk) of \(field) at offset 0x\(String(cursor, radix: 16, uppercase: true)) runs past the end of the data (\(length) bytes)")
                }
                chunks.append(BitmapChunk(offset: cursor + 20, length: Int(size), rows: Int(rows)))
                cursor += 20 + Int(size)
            }
            return .bitmap(compression: RenditionCompression(rawValue: compression), chunks: chunks)
        case Tag.rawd:
            guard let size = word(offset + 8), Int(size) <= end - offset - 12 else { throw malformed("is a RAWD block longer than its \(length) bytes") }
            return .rawData(DataRange(offset: offset + 12, length: Int(size)))
        case Tag.colr:
            guard let flags = word(offset + 8), let count = word(offset + 12), Int(count) <= (end - offset - 16) / 8 else {
                throw malformed("is a COLR block with more components than its \(length) bytes hold")
            }
            let components = (0..<Int(count)).compactMap { bytes.float64LittleEndian(at: offset + 16 + 8 * $0) }
            return .color(colorSpace: flags & 0xFF, components: components)
        case Tag.msis:
            guard let count = word(offset + 8), Int(count) <= (end - offset - 12) / 12 else {
                throw malformed("is an MSIS block with more sizes than its \(length) bytes hold")
            }
            let entries = (0..<Int(count)).compactMap { index -> MultisizeEntry? in
                let at = offset + 12 + 12 * index
                guard let width = word(at), let height = word(at + 4), let slot = bytes.uint16LittleEndian(at: at + 8),
                      let idiom = bytes.uint16LittleEndian(at: at + 10) else { return nil }
                return MultisizeEntry(width: width, height: height, index: slot, idiom: CompiledIdiom(rawValue: idiom))
            }
            return .multisizeImage(entries)
        default:
            return .unknown(tag: FourCharacterCode.text(of: tag), DataRange(offset: offset, length: length))
        }
    }

    /// The tags as their bytes appear in the file, read as big-endian numbers.
    private enum Tag {
        static let celm: UInt32 = 0x4D4C_4543  // "MLEC"
        static let rawd: UInt32 = 0x4457_4152  // "DWAR"
        static let colr: UInt32 = 0x524C_4F43  // "RLOC"
        static let msis: UInt32 = 0x5349_534D  // "SISM"
    }
}
