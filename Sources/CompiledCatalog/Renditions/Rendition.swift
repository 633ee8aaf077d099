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
    public var key: RenditionKey
    /// The asset's name (its facet's), or nil when no facet has this rendition's name identifier.
    public var name: String?
    /// The file name the rendition was compiled from (`csimetadata.name`).
    public var renditionName: String
    public var csiVersion: UInt32
    public var flags: RenditionFlags
    public var width: UInt32
    public var height: UInt32
    /// The scale ×100 (200 for @2x; 0 for a scale-independent rendition).
    public var scaleFactor: UInt32
    public var pixelFormat: PixelFormat
    /// The colour space number of the header's colour-space field (its low 4 bits).
    public var colorSpaceID: UInt32
    /// Seconds since 1970, as stored.
    public var modificationDate: UInt32
    public var layout: RenditionLayout
    public var properties: [RenditionProperty]
    public var payload: RenditionPayload
    /// The CSI header, its properties and its data, in the file: what a thinner copies verbatim.
    public var valueRange: RenditionPayload.DataRange
    /// The RENDITIONS tree's key and value block numbers.
    public var keyBlock: UInt32
    public var valueBlock: UInt32

    package static let headerLength = 184

    /// The compression of a bitmap, or `uncompressed` for raw data; nil otherwise.
    public var compression: RenditionCompression? {
        switch payload {
        case .bitmap(let compression, _): compression
        case .rawData: .uncompressed
        default: nil
        }
    }

    public var uti: String? {
        for case .uti(let uti) in properties { return uti }
        return nil
    }

    /// The opacity a blend-mode property states, when it has one.
    public var opacity: Float? {
        for case .blendModeAndOpacity(_, let opacity) in properties { return opacity }
        return nil
    }

    /// The layout of the image the rendition shows: its own, or for a reference into a packed
    /// image, the layout the reference states (`OnePartScale` for a plain image).
    public var imageLayout: RenditionLayout {
        guard layout == .internalReference else { return layout }
        for case .internalReference(_, let layout, _) in properties { return layout }
        return layout
    }

    /// `assetutil`'s `SizeOnDisk`: the header, its properties and its data.
    public var sizeOnDisk: Int { valueRange.length }

    /// Reads the rendition whose key and value blocks are given. `position` numbers it in the tree.
    package init(_ store: BOMStore, entry: BOMTree.Entry, position: Int, keyFormat: [RenditionAttribute]) throws(CompiledCatalogError) {
        let bytes = store.bytes
        let keyBlock = try store.block(entry.keyBlock, for: "RENDITIONS entry \(position) key")
        guard keyBlock.length >= keyFormat.count * 2 else {
            throw CompiledCatalogError(.malformed, "RENDITIONS entry \(position) key (block \(entry.keyBlock))", at: keyBlock.offset,
                                       "has \(keyBlock.length) bytes, fewer than the \(keyFormat.count) attributes of the key format need")
        }
        let values = (0..<keyFormat.count).map { bytes.uint16LittleEndian(at: keyBlock.offset + 2 * $0) ?? 0 }
        key = RenditionKey(attributes: keyFormat, values: values)

        let block = try store.block(entry.valueBlock, for: "RENDITIONS entry \(position) value")
        let at = block.offset
        // Named only when an error is reported: formatting the name for every rendition cost
        // more than reading its header.
        func structure() -> String { "RENDITIONS entry \(position) (block \(entry.valueBlock))" }
        guard block.length >= Self.headerLength, bytes.matches("ISTC", at: at),
              let version = bytes.uint32LittleEndian(at: at + 4), let flags = bytes.uint32LittleEndian(at: at + 8),
              let width = bytes.uint32LittleEndian(at: at + 12), let height = bytes.uint32LittleEndian(at: at + 16),
              let scale = bytes.uint32LittleEndian(at: at + 20), let format = bytes.uint32LittleEndian(at: at + 24),
              let colorSpace = bytes.uint32LittleEndian(at: at + 28), let modified = bytes.uint32LittleEndian(at: at + 32),
              let layout = bytes.uint16LittleEndian(at: at + 36), let name = bytes.fixedString(at: at + 40, length: 128),
              let propertiesLength = bytes.uint32LittleEndian(at: at + 168), let dataLength = bytes.uint32LittleEndian(at: at + 180)
        else {
            throw CompiledCatalogError(.malformed, structure(), at: at,
                                       "is not a CSI header ('CTSI' and \(Self.headerLength) bytes expected, \(block.length) bytes)")
        }
        // Both lengths are 32-bit, so their sum cannot overflow an Int.
        guard Int(propertiesLength) + Int(dataLength) <= block.length - Self.headerLength else {
            throw CompiledCatalogError(.malformed, structure(), at: at,
                                       "says \(propertiesLength) bytes of properties and \(dataLength) of data, more than its \(block.length) bytes hold")
        }
        csiVersion = version
        self.flags = RenditionFlags(rawValue: flags)
        self.width = width
        self.height = height
        scaleFactor = scale
        pixelFormat = PixelFormat(rawValue: format)
        colorSpaceID = colorSpace & 0xF
        modificationDate = modified
        self.layout = RenditionLayout(rawValue: layout)
        renditionName = name
        properties = try RenditionProperty.list(bytes, offset: at + Self.headerLength, length: Int(propertiesLength), structure: structure())
        payload = try RenditionPayload.read(bytes, offset: at + Self.headerLength + Int(propertiesLength), length: Int(dataLength), structure: structure())
        valueRange = RenditionPayload.DataRange(offset: at, length: Self.headerLength + Int(propertiesLength) + Int(dataLength))
        self.keyBlock = entry.keyBlock
        self.valueBlock = entry.valueBlock
    }
}
