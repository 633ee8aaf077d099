/// One entry of a CSI header's property list (its TLVs: 4-byte type, 4-byte length, value).
/// The types this reader knows are decoded; any other is kept as its type and byte range.
///
/// ```swift
/// for case .uti(let uti) in rendition.properties { print(uti) }   // "com.adobe.pdf"
/// ```
package enum RenditionProperty: Hashable, Sendable {
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
    /// 1012: an icon stack's or icon group's layers, bottom first (`IconLayer`).
    case iconLayers([IconLayer])
    /// 1020: the material, blur and fill of each of those layers (`IconLayerStyle`).
    case iconLayerStyles([IconLayerStyle])
    /// 1021: the translucency and shadow of each of those layers (`IconLayerEffects`).
    case iconLayerEffects([IconLayerEffects])
    /// Any other type: its number and where its value lies in the file.
    case unknown(type: UInt32, offset: Int, length: Int)

    /// A frame in pixels, such as a packed image's part within its atlas.
    package struct Rectangle: Hashable, Sendable, CustomStringConvertible {
        /// The left edge.
        package var x: UInt32
        /// The top edge.
        package var y: UInt32
        /// The width.
        package var width: UInt32
        /// The height.
        package var height: UInt32
        package var description: String { "\(width)x\(height)+\(x)+\(y)" }
    }

    /// Decodes one TLV of a property list: a type this reader does not know, or a value too short
    /// for its type, is kept as `unknown`.
    package init(_ raw: RawRenditionProperty) {
        let value = raw.value
        let length = value.count
        func word(_ index: Int) -> UInt32? { raw.word(index) }
        func rectangle(from index: Int) -> Rectangle? {
            guard let x = word(index), let y = word(index + 1), let width = word(index + 2), let height = word(index + 3) else { return nil }
            return Rectangle(x: x, y: y, width: width, height: height)
        }
        let decoded: RenditionProperty? =
            switch raw.type {
            case 1001:
                word(0).flatMap { count in
                    Int(count) <= (length - 4) / 16 ? .slices((0..<Int(count)).compactMap { rectangle(from: 1 + 4 * $0) }) : nil
                }
            case 1003: .metrics((0..<(length / 4)).compactMap(word))
            case 1004: word(0).flatMap { mode in value.float32LittleEndian(at: 4).map { .blendModeAndOpacity(blendMode: mode, opacity: $0) } }
            case 1005: raw.utiBytes.map { .uti(String(decoding: $0, as: UTF8.self)) }
            case 1006: word(0).map(RenditionProperty.exifOrientation)
            case 1007: word(0).map(RenditionProperty.bytesPerRow)
            case 1010: raw.internalReference.map { .internalReference(frame: $0.frame, layout: $0.layout, key: $0.key(in: value)) }
            case 1011: rectangle(from: 0).map(RenditionProperty.alphaCroppedFrame)
            case 1012: raw.iconLayers.map(RenditionProperty.iconLayers)
            case 1020: raw.iconLayerStyles.map(RenditionProperty.iconLayerStyles)
            case 1021: raw.iconLayerEffects.map(RenditionProperty.iconLayerEffects)
            default: nil
            }
        self = decoded ?? .unknown(type: raw.type, offset: raw.offset, length: length)
    }
}

/// One TLV of a CSI header's property list, located and not decoded: its type, and its value's
/// bytes, which bound every read of it. The JSON writer reads the one or two it needs from these
/// (a data rendition's UTI, a reference's layout); `RenditionProperty(raw)` decodes any of them.
package struct RawRenditionProperty {
    package let type: UInt32
    /// Where the value starts in the file.
    package let offset: Int
    /// The value's bytes, in the file.
    package let value: UnsafeRawBufferPointer

    /// The value's `index`th little-endian 32-bit word, when the value is that long.
    package func word(_ index: Int) -> UInt32? { value.uint32LittleEndian(at: 4 * index) }

    /// A 1005 property's uniform type identifier, as stored: a length, then the identifier,
    /// NUL-padded. Nil for another type or a length longer than the value.
    /// The identifier's length, a word CoreUI requires to be 0, then the identifier, NUL-padded:
    /// `14000000 00000000 "public.layeredimage\0"` in Xcode 26's layer and icon stacks. Nil for
    /// any other second word (the property is then kept raw) or a length past the value.
    package var utiBytes: UnsafeRawBufferPointer? {
        guard type == 1005, let size = word(0), word(1) == 0, Int(size) <= value.count - 8 else { return nil }
        return value.window(offset: 8, length: Int(size))?.beforeNUL
    }

    /// A 1010 property's reference into a packed image, up to its key: `INLK` (stored `KLNI`), 4
    /// bytes of padding, the frame, the packed image's layout (2 bytes), the length in bytes of
    /// its key (4), then the key. Nil for another type or a value too short for what it states.
    package var internalReference: InternalReference? {
        guard type == 1010, value.count >= 30, value.uint32BigEndian(at: 0) == 0x4B4C_4E49, // "KLNI"
            let x = word(2), let y = word(3), let width = word(4), let height = word(5),
            let layout = value.uint16LittleEndian(at: 24), let keyLength = value.uint32LittleEndian(at: 26),
            Int(keyLength) <= value.count - 30
        else { return nil }
        return InternalReference(
            frame: RenditionProperty.Rectangle(x: x, y: y, width: width, height: height),
            layout: RenditionLayout(rawValue: layout), keyLength: Int(keyLength))
    }

    package struct InternalReference {
        package var frame: RenditionProperty.Rectangle
        package var layout: RenditionLayout
        /// The bytes of the key after the 30-byte header, checked to lie inside the value.
        package var keyLength: Int

        /// The values `key(in:)` gives each attribute of a key format (the last pair of it), or 0
        /// for those it has none of, into `key` (`slots.count` values): read in place, nothing
        /// allocated, each pair once, for files of thousands of references.
        package func readKey(in value: UnsafeRawBufferPointer, slots: KeyFormatSlots, into key: UnsafeMutableBufferPointer<UInt16>) {
            precondition(key.count == slots.count, "a key of another key format")
            key.update(repeating: 0)
            for pair in 0..<(keyLength / 4) {
                guard let stated = value.uint16LittleEndian(at: 30 + 4 * pair),
                    let number = value.uint16LittleEndian(at: 32 + 4 * pair), stated != 0 || number != 0
                else { break }
                if let slot = slots.slot(of: stated) { key[slot] = number }
            }
            slots.copyRepeated(in: key)
        }

        /// The key as (attribute, value) pairs of 16-bit values, ending with a (0, 0) pair.
        func key(in value: UnsafeRawBufferPointer) -> [CARFacet.Attribute] {
            var key: [CARFacet.Attribute] = []
            for pair in 0..<(keyLength / 4) {
                guard let attribute = value.uint16LittleEndian(at: 30 + 4 * pair),
                    let number = value.uint16LittleEndian(at: 32 + 4 * pair), attribute != 0 || number != 0
                else { break }
                key.append(CARFacet.Attribute(attribute: RenditionAttribute(rawValue: UInt32(attribute)), value: number))
            }
            return key
        }
    }
}

/// A CSI header's property list, walked in place: 4-byte type, 4-byte length, value, until the
/// list's bytes end. A TLV that runs past the end stops the walk; `checked` turns that into the
/// error the reader reports, so a list handed out by a record walks to its end.
package struct RenditionPropertyList: Sequence {
    /// The list's bytes, in the file.
    let bytes: UnsafeRawBufferPointer
    /// Where they start in the file.
    let offset: Int

    /// The list of `length` bytes at `offset` of `file`, walked once to check that every TLV
    /// lies inside it. `structure` names the rendition, for errors.
    package static func checked(_ file: UnsafeRawBufferPointer, offset: Int, length: Int, structure: @autoclosure () -> String) throws(CompiledCatalogError)
        -> Self
    {
        let list = Self(bytes: file.window(offset: offset, length: length) ?? UnsafeRawBufferPointer(start: nil, count: 0), offset: offset)
        var walk = list.makeIterator()
        var count = 0
        while walk.next() != nil { count += 1 }
        guard walk.cursor == length else {
            throw CompiledCatalogError(
                .malformed, "\(structure()) property \(count)", at: offset + walk.cursor,
                "runs past the end of the property list (\(length) bytes)")
        }
        return list
    }

    package func makeIterator() -> Iterator { Iterator(list: self) }

    package struct Iterator: IteratorProtocol {
        let list: RenditionPropertyList
        /// Where the next TLV starts, from the start of the list.
        private(set) var cursor = 0

        package mutating func next() -> RawRenditionProperty? {
            let bytes = list.bytes
            guard cursor < bytes.count, let type = bytes.uint32LittleEndian(at: cursor), let size = bytes.uint32LittleEndian(at: cursor + 4),
                Int(size) <= bytes.count - cursor - 8, let value = bytes.window(offset: cursor + 8, length: Int(size))
            else { return nil }
            defer { cursor += 8 + Int(size) }
            return RawRenditionProperty(type: type, offset: list.offset + cursor + 8, value: value)
        }
    }
}

/// What a property says about its rendition's image, read alike from a decoded property
/// (`Rendition`) and a raw one in place (`RenditionView`), so each fact below has one home.
package protocol RenditionPropertyStatement {
    /// The form a UTI takes: a `String` decoded, the stored bytes in place.
    associatedtype UTI
    /// The uniform type identifier, when this is a UTI property (1005).
    var statedUTI: UTI? { get }
    /// The packed image's layout, when this is a reference into one (1010).
    var referencedLayout: RenditionLayout? { get }
}

extension RenditionProperty: RenditionPropertyStatement {
    package var statedUTI: String? {
        if case .uti(let uti) = self { uti } else { nil }
    }

    package var referencedLayout: RenditionLayout? {
        if case .internalReference(_, let layout, _) = self { layout } else { nil }
    }
}

extension RawRenditionProperty: RenditionPropertyStatement {
    package var statedUTI: UnsafeRawBufferPointer? { utiBytes }
    package var referencedLayout: RenditionLayout? { internalReference?.layout }
}

extension Sequence where Element: RenditionPropertyStatement {
    /// A rendition's uniform type identifier: its first UTI property's.
    package var uti: Element.UTI? {
        for property in self { if let uti = property.statedUTI { return uti } }
        return nil
    }

    /// The layout of the image a rendition of layout `layout` with these properties shows: its
    /// own, or for a reference into a packed image, the layout its first reference states.
    package func imageLayout(own layout: RenditionLayout) -> RenditionLayout {
        guard layout == .internalReference else { return layout }
        for property in self { if let referenced = property.referencedLayout { return referenced } }
        return layout
    }
}
