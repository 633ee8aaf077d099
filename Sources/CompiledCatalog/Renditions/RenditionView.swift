/// One rendition read in place: its key values, CSI header fields, properties and payload, read
/// from the file's bytes when asked, nothing copied or allocated. The JSON writer formats views
/// straight to bytes; `Rendition(view, …)` copies one into a value.
///
/// A view points into the file's bytes without owning them: views are lent by
/// `CompiledCatalogIndex.withRenditions`, which keeps the bytes alive while they are used, and
/// each pairs a record with the very bytes the record was checked against.
///
/// ```swift
/// index.withRenditions { renditions in
///     for rendition in renditions { print(rendition.width, rendition.layout) }
/// }
/// ```
package struct RenditionView {
    /// The whole file.
    package let file: UnsafeRawBufferPointer
    package let record: RenditionRecord
    /// The attributes of the key format: how many 16-bit values the key holds.
    package let keyCount: Int

    @usableFromInline
    init(file: UnsafeRawBufferPointer, record: RenditionRecord, keyCount: Int) {
        // What makes the unchecked reads below safe: the record was made against these bytes,
        // after checking that the header and the key's values lie inside them. Checked again
        // here, once per view, so a view over other bytes stops instead of reading outside.
        precondition(
            file.contains(offset: record.valueOffset, length: Rendition.headerLength)
                && file.contains(offset: record.keyOffset, length: 2 * keyCount), "a rendition record read against other bytes")
        self.file = file
        self.record = record
        self.keyCount = keyCount
    }

    /// The CSI header's 32-bit field at `offset` (every caller passes a constant below 184).
    @inlinable
    func field(_ offset: Int) -> UInt32 {
        // Safe: `offset + 4 <= Rendition.headerLength`, and the init checked that the header's
        // bytes lie inside the file.
        file.loadUnaligned(fromByteOffset: record.valueOffset + offset, as: UInt32.self).littleEndian
    }

    /// The key's value for the key format's attribute `index`, or nil past the key format.
    @inlinable
    package func keyValue(at index: Int) -> UInt16? {
        guard index >= 0 && index < keyCount else { return nil }
        // Safe: `index < keyCount`, and the init checked that the key's `keyCount` values lie
        // inside the file.
        return file.loadUnaligned(fromByteOffset: record.keyOffset + 2 * index, as: UInt16.self).littleEndian
    }

    @inlinable package var csiVersion: UInt32 { field(4) }
    @inlinable package var flags: RenditionFlags { RenditionFlags(rawValue: field(8)) }
    @inlinable package var width: UInt32 { field(12) }
    @inlinable package var height: UInt32 { field(16) }
    @inlinable package var scaleFactor: UInt32 { field(20) }
    @inlinable package var pixelFormat: PixelFormat { PixelFormat(rawValue: field(24)) }
    @inlinable package var colorSpaceID: UInt32 { field(28) & 0xF }
    @inlinable package var modificationDate: UInt32 { field(32) }
    @inlinable package var layout: RenditionLayout { RenditionLayout(rawValue: UInt16(truncatingIfNeeded: field(36))) }

    /// `csimetadata.name`, as stored: the 128-byte field up to its first NUL.
    package var renditionNameBytes: UnsafeRawBufferPointer {
        // Safe: the field (bytes 40..<168) lies inside the header, which lies inside the file.
        UnsafeRawBufferPointer(rebasing: file[(record.valueOffset + 40)..<(record.valueOffset + 168)]).beforeNUL
    }

    /// The file name, invalid UTF-8 repaired (the field comes from an untrusted file).
    package var renditionName: String { String(decoding: renditionNameBytes, as: UTF8.self) }

    /// The property list, checked to lie inside the value block when the record was made.
    package var properties: RenditionPropertyList {
        // The record checked this range, so the window is never empty for a non-empty list.
        RenditionPropertyList(
            bytes: file.window(offset: record.valueOffset + Rendition.headerLength, length: record.propertiesLength)
                ?? UnsafeRawBufferPointer(start: nil, count: 0),
            offset: record.valueOffset + Rendition.headerLength)
    }

    @inlinable package var payload: RenditionPayload.Shape { record.payload }

    /// `assetutil`'s `SizeOnDisk`: the header, its properties and its data.
    package var sizeOnDisk: Int { Rendition.sizeOnDisk(of: record.valueRange) }

    /// The header, its properties and its data, as the file stores them: the bytes assetutil's
    /// `SHA1Digest` is the SHA-256 of. Nil only for a record made against other bytes.
    package var valueBytes: UnsafeRawBufferPointer? {
        file.window(offset: record.valueRange.offset, length: record.valueRange.length)
    }

    /// The image's pixel size: the CSI header's, or where that is 0x0 (a JPEG stored as it is), the
    /// size of its one slice, as assetutil prints it.
    package var pixelSize: (width: UInt32, height: UInt32) {
        let width = self.width
        let height = self.height
        guard width == 0 && height == 0 else { return (width, height) }
        for property in properties where property.type == 1001 {
            guard property.word(0) == 1, let sliceWidth = property.word(3), let sliceHeight = property.word(4) else { break }
            return (sliceWidth, sliceHeight)
        }
        return (width, height)
    }

    /// The uniform type identifier of the first UTI property, as stored (`Rendition.uti`'s bytes).
    package var utiBytes: UnsafeRawBufferPointer? { properties.uti }

    /// The layout of the image the rendition shows (`Rendition.imageLayout`): its own, or for a
    /// reference into a packed image, the layout its first reference property states.
    package var imageLayout: RenditionLayout { properties.imageLayout(own: layout) }
}
