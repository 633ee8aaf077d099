/// References into packed images. actool (from Xcode 7 on) packs small bitmaps of equal traits
/// into atlases, renditions named `ZZZZPackedAsset-<scale>.<n>.<m>` with layout `PackedImage`
/// and no facet; each packed bitmap's own rendition has layout `InternalReference`, no pixels,
/// and an `INLK` property (1010) holding its frame in the atlas and the atlas's key as
/// (attribute, value) pairs. A frame's y counts up from the atlas's bottom edge (Core Graphics'
/// origin) while the atlas's rows are stored top first: checked against the sources of the
/// Xcode 7.3 corpus, where a top-left reading cuts out a neighbour of another colour and the
/// bottom-left one equals the source PNG.
///
/// ```swift
/// if let (atlas, frame) = catalog.packedImage(referencedBy: rendition) {
///     print(atlas.renditionName, frame)   // ZZZZPackedAsset-2.0.0 100x100+2+54
/// }
/// ```
extension CompiledCatalog {
    /// The packed image a reference points into, and the frame it takes from it; nil when the
    /// rendition is no reference, or no packed image has the key it names. The key matches when
    /// every attribute of the file's key format has the value the reference lists (0 for those it
    /// leaves out).
    package func packedImage(referencedBy rendition: Rendition) -> (atlas: Rendition, frame: RenditionProperty.Rectangle)? {
        packedImagePosition(referencedBy: rendition).map { (renditions[$0.position], $0.frame) }
    }

    /// Where in `renditions` the packed image a reference points into lies, and the frame.
    package func packedImagePosition(referencedBy rendition: Rendition) -> (position: Int, frame: RenditionProperty.Rectangle)? {
        Self.packedImageKey(rendition.properties, slots: keyFormatSlots).flatMap { reference in
            packedImagePositions[reference.values].map { ($0, reference.frame) }
        }
    }

    /// The key (its values in the key format's order, `slots`) of the packed image that a
    /// rendition's first reference property names, and the frame it takes; nil without one. Each
    /// attribute takes the value of its last pair, as the view's reading below gives it.
    package static func packedImageKey(
        _ properties: some Sequence<RenditionProperty>, slots: KeyFormatSlots
    ) -> (values: [UInt16], frame: RenditionProperty.Rectangle)? {
        for case .internalReference(let frame, _, let pairs) in properties {
            var values = [UInt16](repeating: 0, count: slots.count)
            values.withUnsafeMutableBufferPointer { key in
                for pair in pairs where pair.attribute.rawValue <= UInt16.max {
                    if let slot = slots.slot(of: UInt16(pair.attribute.rawValue)) { key[slot] = pair.value }
                }
                slots.copyRepeated(in: key)
            }
            return (values, frame)
        }
        return nil
    }

    /// `packedImageKey`'s values for a view, read in place into `key` (`slots.count` values, no
    /// array made: `adapt diff` reads thousands): the first property that decodes as a reference
    /// (`RenditionProperty(raw)` decodes a 1010 one through `internalReference`) names the key,
    /// each attribute's value its last pair's. False when no property names one.
    package static func packedImageKey(_ view: RenditionView, slots: KeyFormatSlots, into key: UnsafeMutableBufferPointer<UInt16>) -> Bool {
        for property in view.properties where property.type == 1010 {
            guard let reference = property.internalReference else { continue }
            reference.readKey(in: property.value, slots: slots, into: key)
            return true
        }
        return false
    }

    /// The first packed image of each key, by its values (`packedImagePositions`), from each
    /// rendition's layout and key values in order.
    package static func firstPackedImages(_ renditions: some Sequence<(layout: RenditionLayout, values: [UInt16])>) -> [[UInt16]: Int] {
        var positions: [[UInt16]: Int] = [:]
        for (position, rendition) in renditions.enumerated() where rendition.layout == .packedImage && positions[rendition.values] == nil {
            positions[rendition.values] = position
        }
        return positions
    }

    func referencedBitmap(of rendition: Rendition, atlases: PackedImageCache?, pixelBudget: Int?) throws(DecompressionError) -> BitmapDecoding? {
        guard let (atlas, frame) = packedImage(referencedBy: rendition) else {
            throw DecompressionError(
                "packed image", .corrupt, at: rendition.valueRange.offset,
                "\(rendition.renditionName) refers to a packed image this file does not have")
        }
        let decoded: BitmapDecoding?
        if let cached = atlases?.decoded(atlas.valueBlock) {
            decoded = cached
        } else {
            decoded = try decodedBitmap(of: atlas, pixelBudget: pixelBudget)
            atlases?.keep(decoded, for: atlas.valueBlock)
        }
        guard let decoded else { return nil }
        guard case .pixels(let pixels) = decoded else { return decoded }
        // The frame's y counts from the bottom edge; rows are stored top first.
        let height = UInt32(clamping: pixels.height)
        var topDown = frame
        topDown.y = frame.y <= height && frame.height <= height - frame.y ? height - frame.y - frame.height : UInt32.max
        guard let cut = pixels.cropped(to: topDown) else {
            throw DecompressionError(
                "packed image", .corrupt, at: rendition.valueRange.offset,
                "frame \(frame) of \(rendition.renditionName) lies outside its \(pixels.width)x\(pixels.height) packed image")
        }
        // The packed image's pixels are premultiplied as the reference's would be; their alpha is
        // kept as stored (flag bit 3 is also a template image's mode: `bitmapPayload(of:)`).
        return .pixels(
            DecodedBitmap(width: cut.width, height: cut.height, rowBytes: cut.rowBytes, format: cut.format, isOpaque: false, bytes: cut.bytes))
    }
}

/// Packed images decoded once for many references, keyed by their value block. It keeps at most `capacity` decoded packed images (the most
/// recently decoded): `adapt extract` visits references grouped by their packed image and keeps
/// one, so that its memory holds one packed image however many the file has.
public final class PackedImageCache {
    private var decoded: [UInt32: BitmapDecoding?] = [:]
    /// The blocks in `decoded`, oldest first.
    private var order: [UInt32] = []
    private let capacity: Int

    /// A cache keeping at most `capacity` decoded packed images.
    public init(capacity: Int = .max) { self.capacity = max(1, capacity) }

    fileprivate func decoded(_ block: UInt32) -> BitmapDecoding?? { decoded[block] }

    fileprivate func keep(_ decoding: BitmapDecoding?, for block: UInt32) {
        if decoded[block] == nil, order.count >= capacity {
            decoded[order.removeFirst()] = nil
        }
        if decoded.updateValue(decoding, forKey: block) == nil { order.append(block) }
    }
}

extension DecodedBitmap {
    /// The pixels inside `frame` (from the top-left corner), tightly packed; nil when the frame
    /// does not lie wholly inside the bitmap.
    package func cropped(to frame: RenditionProperty.Rectangle) -> DecodedBitmap? {
        let x = Int(frame.x)
        let y = Int(frame.y)
        let width = Int(frame.width)
        let height = Int(frame.height)
        guard width > 0, height > 0, x <= self.width, width <= self.width - x, y <= self.height, height <= self.height - y else { return nil }
        let pixel = format.bytesPerPixel
        let rowLength = width * pixel
        var out: [UInt8] = []
        out.reserveCapacity(rowLength * height)
        for row in y..<(y + height) {
            let start = row * rowBytes + x * pixel
            guard start + rowLength <= bytes.count else { return nil }
            out += bytes[start..<(start + rowLength)]
        }
        return DecodedBitmap(width: width, height: height, rowBytes: rowLength, format: format, isOpaque: isOpaque, bytes: out)
    }
}
