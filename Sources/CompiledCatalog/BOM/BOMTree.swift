/// A B-tree of a BOM file, read as the flat list of its leaf entries, in key order.
///
/// The tree's block holds a header (`tree`, version, root node block, node size, entry count, one
/// flag byte). Each node holds: is-leaf (2 bytes), entry count (2), forward and backward links
/// to the neighbouring leaves (4 each), then (value block, key block) pairs of 4 bytes each.
/// An inner node's value blocks are its children. The walk goes down the first child to the
/// leftmost leaf, then along the forward links: each node is visited once (a link back to a
/// visited node, or a descent deeper than `maximumDepth`, is a malformed file, not a loop).
/// Nodes are told apart by where they lie, not by block number, so a block table whose entries
/// all point at one node cannot make the walk read it again and again, and the entries read are
/// capped by the file's size (8 bytes each), so overlapping nodes cannot either.
///
/// ```swift
/// let tree = try BOMTree(store, named: "FACETKEYS")
/// for entry in tree.entries { let name = try store.block(entry.keyBlock, for: "FACETKEYS key") }
/// ```
package struct BOMTree: Sendable {
    /// One leaf entry: the block numbers of its key and value. Some trees store a number in
    /// place of a key block (`BITMAPKEYS`: a name identifier); the tree's user decides.
    package struct Entry: Hashable, Sendable {
        package var keyBlock: UInt32
        package var valueBlock: UInt32

        package init(keyBlock: UInt32, valueBlock: UInt32) {
            self.keyBlock = keyBlock
            self.valueBlock = valueBlock
        }
    }

    package static let headerLength = 21
    package static let nodeHeaderLength = 12
    /// Deeper than any real tree (a BOM node holds hundreds of entries, so 8 levels address more
    /// blocks than a 32-bit table can).
    package static let maximumDepth = 32

    package let name: String
    /// The block of the tree's header.
    package let headerBlock: UInt32
    package let version: UInt32
    package let rootBlock: UInt32
    /// The size a writer gives each node (4096 in files Xcode writes).
    package let nodeSize: UInt32
    /// The entry count the header states (files in the wild do not always keep it exact).
    package let statedEntryCount: UInt32
    /// The leaf nodes, left to right.
    package private(set) var leafBlocks: [UInt32] = []
    package private(set) var entries: [Entry] = []

    /// The tree a variable names, or nil when the file has no such variable.
    package init?(_ store: BOMStore, named name: String) throws(CompiledCatalogError) {
        guard let (headerBlock, block) = try store.variableBlock(name) else { return nil }
        let bytes = store.bytes
        guard block.length >= Self.headerLength, bytes.matches("tree", at: block.offset),
            let version = bytes.uint32BigEndian(at: block.offset + 4), let root = bytes.uint32BigEndian(at: block.offset + 8),
            let nodeSize = bytes.uint32BigEndian(at: block.offset + 12), let count = bytes.uint32BigEndian(at: block.offset + 16)
        else {
            throw CompiledCatalogError(
                .malformed, "\(name) tree header (block \(headerBlock))", at: block.offset,
                "is not a BOM tree ('tree' and \(Self.headerLength) bytes expected, \(block.length) bytes)")
        }
        self.name = name
        self.headerBlock = headerBlock
        self.version = version
        self.rootBlock = root
        self.nodeSize = nodeSize
        self.statedEntryCount = count
        try walk(store, from: root)
    }

    private mutating func walk(_ store: BOMStore, from root: UInt32) throws(CompiledCatalogError) {
        var visited = Set<Int>() // node offsets
        var current = root
        var referrer = "\(name) tree root"
        var referrerOffset: Int? = nil
        // Down the first children to the leftmost leaf.
        for depth in 0... {
            guard depth < Self.maximumDepth else {
                throw CompiledCatalogError(.malformed, "\(name) tree", at: nil, "is deeper than \(Self.maximumDepth) levels")
            }
            let node = try self.node(store, current, referrer: referrer, at: referrerOffset)
            guard visited.insert(node.offset).inserted else {
                throw CompiledCatalogError(.malformed, referrer, at: referrerOffset, "links back to node \(current): the tree has a cycle")
            }
            if node.isLeaf { break }
            guard node.count > 0, let child = store.bytes.uint32BigEndian(at: node.offset + Self.nodeHeaderLength) else {
                throw CompiledCatalogError(.malformed, "\(name) tree node \(current)", at: node.offset, "is an inner node without children")
            }
            referrer = "\(name) tree node \(current)"
            referrerOffset = node.offset
            current = child
        }
        // Along the leaves (the leftmost one is already marked visited).
        var reserved = false
        var first = true
        while true {
            let node = try self.node(store, current, referrer: referrer, at: referrerOffset)
            if !first {
                guard visited.insert(node.offset).inserted else {
                    throw CompiledCatalogError(
                        .malformed, referrer, at: referrerOffset, "links forward to node \(current), already visited: the tree has a cycle")
                }
            }
            first = false
            guard node.isLeaf else {
                throw CompiledCatalogError(.malformed, referrer, at: referrerOffset, "links to node \(current), which is not a leaf")
            }
            if !reserved {
                // The header's count is a hint only, capped by what the file can hold.
                entries.reserveCapacity(min(Int(statedEntryCount), store.bytes.count / 8))
                reserved = true
            }
            leafBlocks.append(current)
            // Each entry takes 8 bytes of a node: a tree whose nodes overlap cannot list more.
            guard entries.count + node.count <= store.bytes.count / 8 else {
                throw CompiledCatalogError(
                    .malformed, "\(name) tree node \(current)", at: node.offset,
                    "brings the tree to more entries than a \(store.bytes.count)-byte file can hold: its nodes overlap")
            }
            for index in 0..<node.count {
                let at = node.offset + Self.nodeHeaderLength + index * 8
                // `node` checked that all `count` pairs lie inside the block.
                guard let value = store.bytes.uint32BigEndian(at: at), let key = store.bytes.uint32BigEndian(at: at + 4) else { break }
                entries.append(Entry(keyBlock: key, valueBlock: value))
            }
            guard node.forward != 0 else { return }
            referrer = "\(name) tree node \(current)"
            referrerOffset = node.offset
            current = node.forward
        }
    }

    private struct Node {
        var offset: Int
        var isLeaf: Bool
        var count: Int
        var forward: UInt32
    }

    private func node(_ store: BOMStore, _ index: UInt32, referrer: String, at offset: Int?) throws(CompiledCatalogError) -> Node {
        let block = try store.block(index, for: referrer, at: offset)
        let bytes = store.bytes
        guard block.length >= Self.nodeHeaderLength, let leaf = bytes.uint16BigEndian(at: block.offset),
            let count = bytes.uint16BigEndian(at: block.offset + 2), let forward = bytes.uint32BigEndian(at: block.offset + 4)
        else {
            throw CompiledCatalogError(.malformed, "\(name) tree node \(index)", at: block.offset, "is shorter than a node header (\(block.length) bytes)")
        }
        guard Self.nodeHeaderLength + Int(count) * 8 <= block.length else {
            throw CompiledCatalogError(
                .malformed, "\(name) tree node \(index)", at: block.offset,
                "holds \(count) entries, more than its \(block.length) bytes can")
        }
        return Node(offset: block.offset, isLeaf: leaf != 0, count: Int(count), forward: forward)
    }
}
