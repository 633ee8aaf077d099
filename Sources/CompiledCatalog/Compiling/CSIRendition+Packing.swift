/// A bitmap held back to be packed into an atlas: the header and properties its own rendition
/// would have, and its pixels as they would be stored (premultiplied B G R A, or grey and alpha
/// when `header.pixelFormat` is `GA8 `), rows top first, uncompressed.
package struct PackableBitmap: Sendable {
    package var header: CSIRendition
    package var pixels: [UInt8]

    package var width: Int { Int(header.width) }
    package var height: Int { Int(header.height) }
    package var bytesPerPixel: Int { header.pixelFormat == .grayAlpha8 ? 2 : 4 }
}

/// Packed images as actool writes them (Grid's, eink-assistant's and sudoku's files from Xcode 26,
/// acextract's from Xcode 7.3): the atlas is a bitmap rendition of layout `PackedImage` with no
/// facet, and each packed bitmap a rendition of layout `InternalReference` with no data, whose
/// `INLK` property (1010) holds its frame in the atlas and the atlas's key.
extension CSIRendition {
    /// A bitmap's rendition without its data, and the pixels it would store: what
    /// `bitmap(name:…)` writes, before compression.
    package static func packableBitmap(
        name: String, width: Int, height: Int, scale: Int, pixels: UnsafeBufferPointer<UInt8>, flags: UInt32,
        layout: RenditionLayout = .onePartScale, slices: [[UInt32]]? = nil, alignment: AlignmentInsets? = nil
    ) -> PackableBitmap {
        precondition(pixels.count == width * height * 4, "a bitmap's pixels are width × height × 4 bytes")
        let grey = greyAndAlpha(pixels)
        let header = bitmapHeader(
            name: name, width: width, height: height, scale: scale, isGrey: grey != nil, flags: flags, layout: layout, slices: slices,
            alignment: alignment)
        return PackableBitmap(header: header, pixels: grey ?? Array(pixels))
    }

    /// The atlas: flags 0, layout `PackedImage`, one empty slice (1001 of Apple's atlases is a
    /// count of 1 and four zeros), normal blend, upright, bytes per row, and the pixels chunked
    /// and compressed as any bitmap's. `pixels` are `width * height` pixels of `pixelFormat`.
    package static func packedImage(
        name: String, width: Int, height: Int, scale: Int, pixelFormat: PixelFormat, pixels: [UInt8],
        compress: (UnsafeRawBufferPointer) -> [UInt8]
    ) -> CSIRendition {
        let bytesPerPixel = pixelFormat == .grayAlpha8 ? 2 : 4
        precondition(pixels.count == width * height * bytesPerPixel, "an atlas's pixels are width × height pixels")
        var rendition = CSIRendition(name: name, layout: .packedImage)
        rendition.width = UInt32(width)
        rendition.height = UInt32(height)
        rendition.scaleFactor = UInt32(scale * 100)
        rendition.pixelFormat = pixelFormat
        rendition.colorSpace = pixelFormat == .grayAlpha8 ? .grayGamma22 : .sRGB
        rendition.properties =
            [(1001, words([1, 0, 0, 0, 0]))] + blendAndOrientation + [(1007, words([UInt32(width * bytesPerPixel)]))]
        rendition.data = pixels.withUnsafeBytes {
            chunkedPayload($0, rowBytes: width * bytesPerPixel, height: height, isOpaque: false, compress: compress)
        }
        return rendition
    }

    /// The rendition of a packed bitmap: its own header (size, scale, format, flags), layout
    /// `InternalReference`, its slices and metrics, then `INLK` and blend and orientation, as
    /// Apple's references order them; no data. `frame` is x, y (from the atlas's bottom edge, as
    /// Core Graphics counts), width and height; `atlasKey` the atlas's key attributes.
    package static func packedReference(
        to bitmap: CSIRendition, frame: (x: UInt32, y: UInt32, width: UInt32, height: UInt32), atlasKey: [RenditionAttribute: UInt16]
    ) -> CSIRendition {
        var rendition = bitmap
        rendition.layout = .internalReference
        rendition.data = []
        let sliceAndMetrics = bitmap.properties.filter { $0.type == 1001 || $0.type == 1003 }
        rendition.properties = sliceAndMetrics + [(1010, link(frame: frame, layout: bitmap.layout, atlasKey: atlasKey))] + blendAndOrientation
        return rendition
    }

    /// `INLK` (stored `KLNI`): a zero word, the frame, the bitmap's own layout, then the key's
    /// length and its (attribute, value) pairs in attribute order, ending with a (0, 0) pair the
    /// length counts.
    static func link(frame: (x: UInt32, y: UInt32, width: UInt32, height: UInt32), layout: RenditionLayout, atlasKey: [RenditionAttribute: UInt16])
        -> [UInt8]
    {
        var out = ByteWriter()
        out.append(Array("KLNI".utf8))
        for word in [0, frame.x, frame.y, frame.width, frame.height] { out.append32(word) }
        out.append16(UInt16(layout.rawValue))
        let pairs = atlasKey.filter { $0.value != 0 }.sorted { $0.key.rawValue < $1.key.rawValue }
        out.append32(UInt32(4 * (pairs.count + 1)))
        for (attribute, value) in pairs {
            out.append16(UInt16(attribute.rawValue))
            out.append16(value)
        }
        out.append32(0)
        return out.bytes
    }
}
