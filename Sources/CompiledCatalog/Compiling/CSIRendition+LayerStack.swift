/// The renditions of a tvOS layered image (an image stack), in the layout Xcode 26.2's actool
/// wrote for Stasis's `App Icon` (`../shared/corpus/compiled/recent/Stasis`) and Xcode 26.5's for a
/// brand asset with a home-screen and an App Store icon (a file seen in the public
/// kagurasumusun/Apple-Toolsets repository; its facts only):
///
/// - the stack: layout `LayerStack` (1002), `DATA`, the stack's size in points, scale factor 100,
///   flags 0, properties 1012 (the layers), 1020 and 1021 (per layer, all zero but a 1), 1004,
///   1005 (`public.layeredimage`), 1006, in that order, and an empty `RAWD`; the rendition is
///   named `Contents.json`;
/// - its flattened image: layout 0 (no CoreUI name), `ARGB` premultiplied, flags 0, properties
///   1001 (one slice, all zero), 1004, 1006 and 1007 (no metrics), `CELM` chunks as any bitmap.
extension CSIRendition {
    /// The stack's rendition. `layerIdentifiers` are the layers' name identifiers, back to front
    /// (the reverse of Contents.json's front-first list), each referred to by element 85, part 181
    /// and its identifier over the whole stack's frame.
    package static func layerStack(width: UInt32, height: UInt32, layerIdentifiers: [UInt16]) -> CSIRendition {
        var rendition = CSIRendition(name: "Contents.json", layout: .layerStack)
        rendition.width = width
        rendition.height = height
        rendition.scaleFactor = 100
        rendition.pixelFormat = .data
        let count = UInt32(layerIdentifiers.count)
        // 1012: the count, a 0 word, then per layer: flags 0, frame (x, y, width, height), blend
        // mode 0 (normal), opacity 1.0, the length of its key (16 bytes) and the key as attribute
        // pairs ending with (0, 0).
        var references = ByteWriter()
        references.append32(count)
        references.append32(0)
        for identifier in layerIdentifiers {
            for word: UInt32 in [0, 0, 0, width, height, 0, Float(1).bitPattern, 16] { references.append32(word) }
            for half: UInt16 in [1, 85, 2, 181, 17, identifier, 0, 0] { references.append16(half) }
        }
        // 1020: the count, a 0 word, then 13 bytes a layer: 8 zero bytes, a 1, 4 zero bytes.
        var flags = ByteWriter()
        flags.append32(count)
        flags.append32(0)
        for _ in layerIdentifiers { flags.append([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]) }
        // 1021: the count, a 0 word, then 20 zero bytes a layer.
        var reserved = ByteWriter()
        reserved.append32(count)
        reserved.append32(0)
        for _ in layerIdentifiers { reserved.append([UInt8](repeating: 0, count: 20)) }
        let uti = data(name: "", uti: "public.layeredimage", file: []).properties.filter { $0.type == 1005 }
        rendition.properties =
            [(1012, references.bytes), (1020, flags.bytes), (1021, reserved.bytes), blendAndOrientation[0]] + uti + [blendAndOrientation[1]]
        rendition.data = rawData([])
        return rendition
    }

    /// A stack's flattened (part 208) or radiosity (part 209) image: premultiplied B G R A, kept
    /// `ARGB` whatever its colours (both of the real files store them so), LZFSE in chunks.
    package static func stackImage(
        name: String, width: Int, height: Int, scale: Int, pixels: [UInt8], isOpaque: Bool,
        compress: (UnsafeRawBufferPointer) -> [UInt8]
    ) -> CSIRendition {
        precondition(pixels.count == width * height * 4, "a bitmap's pixels are width × height × 4 bytes")
        var rendition = CSIRendition(name: name, layout: RenditionLayout(rawValue: 0))
        rendition.width = UInt32(width)
        rendition.height = UInt32(height)
        rendition.scaleFactor = UInt32(scale * 100)
        rendition.pixelFormat = .argb
        rendition.colorSpace = .sRGB
        rendition.data = pixels.withUnsafeBytes { chunkedPayload($0, rowBytes: width * 4, height: height, isOpaque: isOpaque, compress: compress) }
        rendition.properties = [(1001, words([1, 0, 0, 0, 0]))] + blendAndOrientation + [(1007, words([UInt32(width * 4)]))]
        return rendition
    }
}
