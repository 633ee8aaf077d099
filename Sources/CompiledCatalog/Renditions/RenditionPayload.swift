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
    /// `ARGG` (as stored): an Icon Composer icon's named gradient (layout 1021).
    case gradient(IconGradient)
    /// A tag this reader does not know, and where its bytes lie.
    case unknown(tag: String, DataRange)

    /// A span of the file.
    public struct DataRange: Hashable, Sendable {
        /// The byte offset in the file.
        public var offset: Int
        /// The length in bytes.
        public var length: Int
    }

    /// One stretch of a bitmap's compressed rows: where it lies in the file and how many rows it
    /// decodes to (0 for the lone range of an unchunked bitmap: all of them).
    public struct BitmapChunk: Hashable, Sendable {
        /// The chunk's data offset in the file.
        public var offset: Int
        /// The chunk's data length in bytes.
        public var length: Int
        /// How many rows of pixels the chunk holds.
        public var rows: Int

        /// The chunk's data, as a span.
        public var range: DataRange { DataRange(offset: offset, length: length) }
    }

    /// One size of a multisize image: which rendition holds it.
    public struct MultisizeEntry: Hashable, Sendable {
        /// The width in points.
        public var width: UInt32
        /// The height in points.
        public var height: UInt32
        /// The index of the rendition that holds this size.
        public var index: UInt16
        /// The idiom the size is for.
        public var idiom: CompiledIdiom

        package init(width: UInt32, height: UInt32, index: UInt16, idiom: CompiledIdiom) {
            self.width = width
            self.height = height
            self.index = index
            self.idiom = idiom
        }
    }

    /// The tag as CoreUI names it (`CELM`, `RAWD`, `COLR`, `MSIS`), or the unknown tag as stored.
    public var tag: String? {
        switch self {
        case .none: nil
        case .bitmap: "CELM"
        case .rawData: "RAWD"
        case .color: "COLR"
        case .multisizeImage: "MSIS"
        case .gradient: "ARGG"
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
}
