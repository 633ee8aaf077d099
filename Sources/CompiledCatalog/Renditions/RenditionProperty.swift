/// One entry of a CSI header's property list (its TLVs: 4-byte type, 4-byte length, value).
/// The types this reader knows are decoded; any other is kept as its type and byte range.
///
/// ```swift
/// for case .uti(let uti) in rendition.properties { print(uti) }   // "com.adobe.pdf"
/// ```
public enum RenditionProperty: Hashable, Sendable {
    /// 1001: the slice rectangles of a three- or nine-part image.
    case slices([Rectangle])
    /// 1003: the image's metrics (insets and size), as stored.
    case metrics([UInt32])
    /// 1004: blend mode and opacity.
    case blendModeAndOpacity(blendMode: UInt32, opacity: Float)
    /// 1005: the uniform type identifier of a data rendition (`public.layeredimage` for a stack).
    case uti(String)
    /// 1006: the EXIF orientation (1 is upright).
    case exifOrientation(UInt32)
    /// 1007: bytes per row of the decoded bitmap.
    case bytesPerRow(UInt32)
    /// 1010: a reference into a packed image (`INLK`): the frame it takes from it, and the
    /// packed image's key as attribute pairs.
    case internalReference(frame: Rectangle, layout: RenditionLayout, key: [CARFacet.Attribute])
    /// 1011: the frame left after cropping transparent edges.
    case alphaCroppedFrame(Rectangle)
    /// Any other type: its number and where its value lies in the file.
    case unknown(type: UInt32, offset: Int, length: Int)

    public struct Rectangle: Hashable, Sendable, CustomStringConvertible {
        public var x: UInt32, y: UInt32, width: UInt32, height: UInt32
        public var description: String { "\(width)x\(height)+\(x)+\(y)" }
    }

    /// Reads the property list of `length` bytes at `offset`. `structure` names the rendition,
    /// for errors.
    package static func list(_ bytes: ByteReader, offset: Int, length: Int, structure: @autoclosure () -> String) throws(CompiledCatalogError) -> [RenditionProperty] {
        var properties: [RenditionProperty] = []
        var cursor = offset
        let end = offset + length
        while cursor < end {
            guard cursor + 8 <= end, let type = bytes.uint32LittleEndian(at: cursor), let size = bytes.uint32LittleEndian(at: cursor + 4),
                  Int(size) <= end - cursor - 8 else {
                throw CompiledCatalogError(.malformed, "\(structure()) property \(properties.count)", at: cursor,
                                           "runs past the end of the property list (\(length) bytes)")
            }
            properties.append(decode(bytes, type: type, at: cursor + 8, length: Int(size)))
            cursor += 8 + Int(size)
        }
        return properties
    }

    private static func decode(_ bytes: ByteReader, type: UInt32, at offset: Int, length: Int) -> RenditionProperty {
        func word(_ index: Int) -> UInt32? { 4 * (index + 1) <= length ? bytes.uint32LittleEndian(at: offset + 4 * index) : nil }
        func rectangle(from index: Int) -> Rectangle? {
            guard let x = word(index), let y = word(index + 1), let width = word(index + 2), let height = word(index + 3) else { return nil }
            return Rectangle(x: x, y: y, width: width, height: height)
        }
        let decoded: RenditionProperty? = switch type {
        case 1001:
            word(0).flatMap { count in
                Int(count) <= (length - 4) / 16 ? .slices((0..<Int(count)).compactMap { rectangle(from: 1 + 4 * $0) }) : nil
            }
        case 1003: .metrics((0..<(length / 4)).compactMap(word))
        case 1004: word(0).flatMap { mode in bytes.float32LittleEndian(at: offset + 4).map { .blendModeAndOpacity(blendMode: mode, opacity: $0) } }
        case 1005:
            // The identifier's length, a word CoreUI requires to be 0, then the identifier,
            // NUL-padded: `14000000 00000000 "public.layeredimage\0"` in Xcode 26's layer and
            // icon stacks. Any other second word is kept raw.
            word(0).flatMap { size in
                word(1) == 0 && Int(size) <= length - 8 ? bytes.fixedString(at: offset + 8, length: Int(size)).map(RenditionProperty.uti) : nil
            }
        case 1006: word(0).map(RenditionProperty.exifOrientation)
        case 1007: word(0).map(RenditionProperty.bytesPerRow)
        case 1010: internalReference(bytes, at: offset, length: length)
        case 1011: rectangle(from: 0).map(RenditionProperty.alphaCroppedFrame)
        default: nil
        }
        return decoded ?? .unknown(type: type, offset: offset, length: length)
    }

    /// `INLK` (stored `KLNI`), 4 bytes of padding, the frame, the packed image's layout (2
    /// bytes), the length in bytes of its key (4), then the key as (attribute, value) pairs of
    /// 16-bit values, ending with a (0, 0) pair.
    private static func internalReference(_ bytes: ByteReader, at offset: Int, length: Int) -> RenditionProperty? {
        guard length >= 30, bytes.matches("KLNI", at: offset),
              let x = bytes.uint32LittleEndian(at: offset + 8), let y = bytes.uint32LittleEndian(at: offset + 12),
              let width = bytes.uint32LittleEndian(at: offset + 16), let height = bytes.uint32LittleEndian(at: offset + 20),
              let layout = bytes.uint16LittleEndian(at: offset + 24), let keyLength = bytes.uint32LittleEndian(at: offset + 26),
              Int(keyLength) <= length - 30 else { return nil }
        var key: [CARFacet.Attribute] = []
        for pair in 0..<(Int(keyLength) / 4) {
            guard let attribute = bytes.uint16LittleEndian(at: offset + 30 + 4 * pair),
                  let value = bytes.uint16LittleEndian(at: offset + 32 + 4 * pair), attribute != 0 || value != 0 else { break }
            key.append(CARFacet.Attribute(attribute: RenditionAttribute(rawValue: UInt32(attribute)), value: value))
        }
        return .internalReference(frame: Rectangle(x: x, y: y, width: width, height: height), layout: RenditionLayout(rawValue: layout), key: key)
    }
}
