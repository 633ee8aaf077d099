/// One entry of the RENDITIONS tree, checked and located: where its key values, CSI header,
/// properties and data lie in the file. Made once per rendition by the only code that checks a
/// rendition's structure (this initializer); `RenditionView` then reads the facts in place, and
/// `Rendition` is built from a view. Plain offsets, no references: 200,000 of them are one
/// allocation, and copying one costs no reference counting.
package struct RenditionRecord: Sendable {
    /// Where the key's little-endian 16-bit values start (one per key-format attribute).
    package let keyOffset: Int
    /// Where the CSI header starts; its `Rendition.headerLength` bytes lie inside the file.
    package let valueOffset: Int
    package let propertiesLength: Int
    package let dataLength: Int
    package let payload: RenditionPayload.Shape

    /// The CSI header's tag, `ISTC` in file order, read big-endian.
    private static let headerTag: UInt32 = 0x4953_5443

    /// Checks the rendition whose key and value blocks `entry` names: both blocks inside the
    /// file, a key long enough for `keyCount` attributes, a CSI header, and properties and data
    /// inside the value block. `position` numbers the entry in the tree, for errors.
    package init(_ store: borrowing BOMStore, entry: BOMTree.Entry, position: Int, keyCount: Int) throws(CompiledCatalogError) {
        let file = store.bytes.bytes
        let keyBlock = try store.block(entry.keyBlock, for: "RENDITIONS entry \(position) key")
        guard keyBlock.length >= keyCount * 2 else {
            throw CompiledCatalogError(
                .malformed, "RENDITIONS entry \(position) key (block \(entry.keyBlock))", at: keyBlock.offset,
                "has \(keyBlock.length) bytes, fewer than the \(keyCount) attributes of the key format need")
        }
        let block = try store.block(entry.valueBlock, for: "RENDITIONS entry \(position) value")
        let at = block.offset
        // Named only when an error is reported: formatting the name for every rendition cost
        // more than reading its header.
        func structure() -> String { "RENDITIONS entry \(position) (block \(entry.valueBlock))" }
        // `store.block` checked that the block lies inside the file, so once it is known to be
        // as long as a header, every field of the header can be read.
        guard block.length >= Rendition.headerLength, file.uint32BigEndian(at: at) == Self.headerTag,
            let propertiesLength = file.uint32LittleEndian(at: at + 168), let dataLength = file.uint32LittleEndian(at: at + 180)
        else {
            throw CompiledCatalogError(
                .malformed, structure(), at: at,
                "is not a CSI header ('CTSI' and \(Rendition.headerLength) bytes expected, \(block.length) bytes)")
        }
        // Both lengths are 32-bit, so their sum cannot overflow an Int.
        guard Int(propertiesLength) + Int(dataLength) <= block.length - Rendition.headerLength else {
            throw CompiledCatalogError(
                .malformed, structure(), at: at,
                "says \(propertiesLength) bytes of properties and \(dataLength) of data, more than its \(block.length) bytes hold")
        }
        _ = try RenditionPropertyList.checked(file, offset: at + Rendition.headerLength, length: Int(propertiesLength), structure: structure())
        payload = try RenditionPayload.locate(
            file, offset: at + Rendition.headerLength + Int(propertiesLength), length: Int(dataLength),
            structure: structure())
        keyOffset = keyBlock.offset
        valueOffset = at
        self.propertiesLength = Int(propertiesLength)
        self.dataLength = Int(dataLength)
    }

    /// The CSI header, its properties and its data: what a thinner copies verbatim.
    package var valueRange: RenditionPayload.DataRange {
        RenditionPayload.DataRange(offset: valueOffset, length: Rendition.headerLength + propertiesLength + dataLength)
    }
}
