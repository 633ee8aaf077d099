import AssetCatalog
import CompiledCatalog

/// One rendition to make, as planning leaves it for encoding: where it comes from, its key, and
/// how to encode it. A plain value: no case carries a closure, so a plan can be read, compared
/// and encoded on any core.
struct RenditionJob: Sendable {
    enum Source: Sendable {
        case png(path: String, flags: UInt32, slicing: Slicing? = nil, alignment: CSIRendition.AlignmentInsets? = nil)
        case jpeg(path: String, flags: UInt32)
        case heif(path: String, flags: UInt32)
        /// A bitmap whose bytes are a format adapt decodes itself (`DecodedImage`), then sliced and
        /// inset as a PNG is.
        case decoded(path: String, format: DecodedImage.Format, flags: UInt32, slicing: Slicing? = nil, alignment: CSIRendition.AlignmentInsets? = nil)
        /// A PDF's first page or an SVG, rasterised at the key's scale (`VectorRasterizer`), then
        /// sliced and inset as a PNG is, in that scale's pixels.
        case vector(path: String, flags: UInt32, isSVG: Bool, slicing: Slicing? = nil, alignment: CSIRendition.AlignmentInsets? = nil)
        /// A PDF or SVG kept as it is (`preserves-vector-representation`).
        case vectorFile(path: String, flags: UInt32, isSVG: Bool)
        case data(path: String, uti: String)
        case color(colorSpace: RenditionColorSpace, components: [Double])
        case multisize([RenditionPayload.MultisizeEntry])
        /// An image stack's own rendition: its size in points and its layers' names, back to
        /// front, numbered once the file's names are (`ImageStacks`).
        case layerStack(width: Int, height: Int, layers: [String])
        /// An image stack's flattened or radiosity image, drawn from its layers' PNGs (`ImageStacks`).
        case stackImage(StackImage)
        /// A rendition of an Icon Composer icon, and the numbers of the names it refers to.
        case iconComposer(IconComposerCompiler.Piece, identifiers: [String: UInt16])
    }

    /// An image stack's flattened or radiosity image at one scale: the layers' PNGs back to
    /// front, drawn on a canvas of the stack's size in that scale's pixels.
    struct StackImage: Sendable {
        var layers: [String]
        var width: Int
        var height: Int
        var scale: Int
        var radiosity: Bool
        /// The stack's name, for findings.
        var subject: String
    }

    var assetName: String
    var facetPart: UInt16
    var renditionName: String
    var key: [RenditionAttribute: UInt16]
    var source: Source
    /// The Contents.json entry, for findings.
    var location: SourceLocation?
    /// Whether the bitmap may be packed into an atlas when small (`PackingRule`): not an image
    /// stack's layer, which no Apple file shows packed.
    var mayBePacked = true
}

/// Element and part numbers actool gives each kind (the real files): every asset's facet and
/// key say element 85; an image's part is 181, a colour's 217, an app icon's images 220 and
/// its size list 218.
enum CompiledPart {
    static let element: UInt16 = 85
    static let image: UInt16 = 181
    static let color: UInt16 = 217
    static let iconSizes: UInt16 = 218
    static let icon: UInt16 = 220
}

extension CatalogCompiler {
    typealias Work = RenditionJob
    typealias Part = CompiledPart
}
