/// One rendition of a compiled catalog: its key (which asset, for which traits) and the facts of
/// its CSI header (`ISTC`, 184 bytes, little-endian), properties and data.
///
/// ```swift
/// let rendition = catalog.renditions[0]
/// rendition.name, rendition.renditionName      // "d_iphone", "d_iphone@2x.png"
/// rendition.key.idiom, rendition.key.scale     // phone, 2
/// rendition.pixelFormat, rendition.compression // ARGB, lzfse
/// rendition.valueRange                         // where the CSI header and its data lie in the file
/// ```
public struct Rendition: Hashable, Sendable {
    /// The rendition's key: its trait values, in the file's key format.
    public var key: RenditionKey
    /// The asset's name (its facet's), or nil when no facet has this rendition's name identifier.
    public var name: String?
    /// The file name the rendition was compiled from (`csimetadata.name`).
    public var renditionName: String
    /// The CSI header's version.
    package var csiVersion: UInt32
    /// The CSI header's flags.
    public var flags: RenditionFlags
    /// The width in pixels (0 for non-images).
    public var width: UInt32
    /// The height in pixels (0 for non-images).
    public var height: UInt32
    /// The scale ×100 (200 for @2x; 0 for a scale-independent rendition).
    public var scaleFactor: UInt32
    /// The pixel format.
    public var pixelFormat: PixelFormat
    /// The colour space number of the header's colour-space field (its low 4 bits).
    package var colorSpaceID: UInt32
    /// Seconds since 1970, as stored.
    public var modificationDate: UInt32
    /// The layout: the image slicing, or a non-image kind.
    public var layout: RenditionLayout
    /// The CSI header's properties (TLVs).
    package var properties: [RenditionProperty]
    /// The payload: where the data lies and how it is encoded.
    public var payload: RenditionPayload
    /// The CSI header, its properties and its data, in the file: what a thinner copies verbatim.
    public var valueRange: RenditionPayload.DataRange
    /// The RENDITIONS tree's key and value block numbers.
    package var keyBlock: UInt32
    /// The number of the block holding the value.
    package var valueBlock: UInt32

    package static let headerLength = 184

    /// The compression of a bitmap, or `uncompressed` for raw data; nil otherwise.
    public var compression: RenditionCompression? {
        switch payload {
        case .bitmap(let compression, _): compression
        case .rawData: .uncompressed
        default: nil
        }
    }

    /// The uniform type identifier of a data rendition (`public.json`), when the properties give it.
    public var uti: String? { properties.uti }

    /// The opacity a blend-mode property states, when it has one.
    public var opacity: Float? {
        for case .blendModeAndOpacity(_, let opacity) in properties { return opacity }
        return nil
    }

    /// The layout of the image the rendition shows: its own, or for a reference into a packed
    /// image, the layout the reference states (`OnePartScale` for a plain image).
    public var imageLayout: RenditionLayout { properties.imageLayout(own: layout) }

    /// `assetutil`'s `SizeOnDisk`: the header, its properties and its data.
    public var sizeOnDisk: Int { Self.sizeOnDisk(of: valueRange) }

    /// `assetutil`'s `SizeOnDisk` of a rendition whose header, properties and data lie at
    /// `valueRange`: their length. The one home of the fact, for values and views alike.
    package static func sizeOnDisk(of valueRange: RenditionPayload.DataRange) -> Int { valueRange.length }

    /// The rendition a view reads, copied into a value. `entry` is its RENDITIONS tree entry,
    /// `keyFormat` the file's, `name` its facet's.
    package init(_ view: RenditionView, entry: BOMTree.Entry, keyFormat: [RenditionAttribute], name: String?) {
        key = RenditionKey(attributes: keyFormat, values: (0..<keyFormat.count).map { view.keyValue(at: $0) ?? 0 })
        self.name = name
        renditionName = view.renditionName
        csiVersion = view.csiVersion
        flags = view.flags
        width = view.width
        height = view.height
        scaleFactor = view.scaleFactor
        pixelFormat = view.pixelFormat
        colorSpaceID = view.colorSpaceID
        modificationDate = view.modificationDate
        layout = view.layout
        properties = view.properties.map(RenditionProperty.init)
        payload = RenditionPayload(view.payload, in: view.file)
        valueRange = view.record.valueRange
        keyBlock = entry.keyBlock
        valueBlock = entry.valueBlock
    }
}
