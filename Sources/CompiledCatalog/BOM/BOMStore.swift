/// A BOM ("bill of materials") container, the file format `Assets.car` is stored in: a header,
/// a table of blocks (offset and length of each), and named variables that point at blocks.
/// Every integer of the container is big-endian; what the blocks hold is up to their user (CoreUI
/// writes little-endian structures into them).
///
/// Layout, as read here:
/// - header (32 bytes): `BOMStore`, version, number of non-empty blocks, block table offset and
///   length, variables offset and length;
/// - block table: a count, then that many (offset, length) pairs; block 0 is the null block;
/// - variables: a count, then (block index, name length, name) records.
///
/// The structures are read, checked and kept as values with their raw fields, so that a writer
/// (the `.car` thinner) can lay out a new file from them.
///
/// ```swift
/// let store = try BOMStore(ByteReader(bytes))
/// let header = try store.variable("CARHEADER")           // a block
/// let renditions = try store.tree(named: "RENDITIONS")    // a BOMTree
/// ```
package struct BOMStore: Sendable {
    package struct Header: Hashable, Sendable {
        package var version: UInt32
        /// The header's count of blocks in use (the table may hold more, empty, entries).
        package var blockCount: UInt32
        package var blockTableOffset: Int
        package var blockTableLength: Int
        package var variablesOffset: Int
        package var variablesLength: Int
    }

    /// One entry of the block table: where a block lies in the file.
    package struct Block: Hashable, Sendable {
        package var offset: Int
        package var length: Int
    }

    /// A named variable: a name such as `RENDITIONS` and the block it points at.
    package struct Variable: Hashable, Sendable {
        package var name: String
        package var blockIndex: UInt32
    }

    package static let headerLength = 32
    package static let magic: StaticString = "BOMStore"

    package let bytes: ByteReader
    package let header: Header
    /// The block table, indexed by block number, read in place.
    package let blocks: BlockTable
    /// The variables, in file order.
    package let variables: [Variable]

    /// Whether `bytes` start like a BOM file.
    package static func looksLikeBOM(_ bytes: ByteReader) -> Bool { bytes.matches(magic, at: 0) }

    package init(_ bytes: ByteReader) throws(CompiledCatalogError) {
        self.bytes = bytes
        guard Self.looksLikeBOM(bytes) else {
            throw CompiledCatalogError(.notACatalog, "the file", at: 0, "does not start with 'BOMStore' (\(bytes.count) bytes)")
        }
        guard bytes.contains(offset: 0, length: Self.headerLength),
            let version = bytes.uint32BigEndian(at: 8), let blockCount = bytes.uint32BigEndian(at: 12),
            let tableOffset = bytes.uint32BigEndian(at: 16), let tableLength = bytes.uint32BigEndian(at: 20),
            let variablesOffset = bytes.uint32BigEndian(at: 24), let variablesLength = bytes.uint32BigEndian(at: 28)
        else {
            throw CompiledCatalogError(.malformed, "the BOM header", at: 0, "is cut short (\(bytes.count) bytes of \(Self.headerLength))")
        }
        header = Header(
            version: version, blockCount: blockCount, blockTableOffset: Int(tableOffset), blockTableLength: Int(tableLength),
            variablesOffset: Int(variablesOffset), variablesLength: Int(variablesLength))
        blocks = try Self.readBlockTable(bytes, header)
        variables = try Self.readVariables(bytes, header, blockCount: blocks.count)
    }

    private static func readBlockTable(_ bytes: ByteReader, _ header: Header) throws(CompiledCatalogError) -> BlockTable {
        let start = header.blockTableOffset
        guard bytes.contains(offset: start, length: header.blockTableLength), header.blockTableLength >= 4,
            let count = bytes.uint32BigEndian(at: start)
        else {
            throw CompiledCatalogError(
                .malformed, "the block table", at: start,
                "(\(header.blockTableLength) bytes) does not fit in the file (\(bytes.count) bytes)")
        }
        // Each entry takes 8 bytes: a count the table's own length cannot hold is refused.
        guard Int(count) <= (header.blockTableLength - 4) / 8 else {
            throw CompiledCatalogError(
                .malformed, "the block table", at: start,
                "claims \(count) blocks but its \(header.blockTableLength) bytes hold at most \((header.blockTableLength - 4) / 8)")
        }
        return BlockTable(bytes: bytes, entries: start + 4, count: Int(count))
    }

    private static func readVariables(_ bytes: ByteReader, _ header: Header, blockCount: Int) throws(CompiledCatalogError) -> [Variable] {
        let start = header.variablesOffset
        let end = start &+ header.variablesLength
        guard bytes.contains(offset: start, length: header.variablesLength), header.variablesLength >= 4,
            let count = bytes.uint32BigEndian(at: start)
        else {
            throw CompiledCatalogError(
                .malformed, "the variables table", at: start,
                "(\(header.variablesLength) bytes) does not fit in the file (\(bytes.count) bytes)")
        }
        var variables: [Variable] = []
        var cursor = start + 4
        for number in 0..<Int(count) {
            // A record is at least 5 bytes, so the loop ends within the table whatever `count` says.
            guard cursor + 5 <= end, let blockIndex = bytes.uint32BigEndian(at: cursor), let length = bytes.uint8(at: cursor + 4),
                cursor + 5 + Int(length) <= end, let name = bytes.fixedString(at: cursor + 5, length: Int(length))
            else {
                throw CompiledCatalogError(.malformed, "variable \(number) of \(count)", at: cursor, "runs past the end of the variables table")
            }
            guard Int(blockIndex) < blockCount else {
                throw CompiledCatalogError(
                    .malformed, "variable '\(name)'", at: cursor,
                    "names block \(blockIndex), but the block table has \(blockCount)")
            }
            variables.append(Variable(name: name, blockIndex: blockIndex))
            cursor += 5 + Int(length)
        }
        return variables
    }

    /// The block a variable points at, or nil when the file has no such variable.
    package func variableBlock(_ name: String) throws(CompiledCatalogError) -> (index: UInt32, block: Block)? {
        guard let variable = variables.first(where: { $0.name == name }) else { return nil }
        return (variable.blockIndex, try block(variable.blockIndex, for: name))
    }

    /// Block `index`, checked to exist and to lie inside the file. `structure` names what refers
    /// to it, for the error (`RENDITIONS tree node 12`), and `offset` where the reference is.
    package func block(_ index: UInt32, for structure: @autoclosure () -> String, at offset: Int? = nil) throws(CompiledCatalogError) -> Block {
        guard Int(index) < blocks.count else {
            throw CompiledCatalogError(.malformed, structure(), at: offset, "names block \(index), but the block table has \(blocks.count)")
        }
        let block = blocks[Int(index)]
        guard bytes.contains(offset: block.offset, length: block.length) else {
            throw CompiledCatalogError(
                .malformed, structure(), at: offset ?? block.offset,
                "points past the end of the file (block \(index) at \(block.offset), \(block.length) bytes; the file has \(bytes.count))")
        }
        return block
    }
}
