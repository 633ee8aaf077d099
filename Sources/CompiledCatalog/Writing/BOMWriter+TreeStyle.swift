import AdaptSupport

extension BOMWriter {
    /// How a tree's header is written. Thinning keeps the 21-byte header of the files it reads
    /// (`legacy`); `adapt compile` writes Xcode 15's 29 bytes: a path-internal flag (a tree whose
    /// key fields are numbers, `BITMAPKEYS`, with 1024-byte nodes), the length every key shares
    /// (big-endian, `0xFFFFFFFF` when they differ), and 4 zero bytes.
    package enum TreeStyle {
        case legacy
        /// Keys in blocks, each of the given lengths.
        case keys([Int])
        /// Keys in blocks, all of this length.
        case fixedKeys(Int)
        /// Key fields that are numbers, not blocks.
        case pathInternal

        var nodeSize: Int { if case .pathInternal = self { 1024 } else { BOMWriter.nodeSize } }

        /// The header's bytes: "tree", version, root, node size and count (20), then the style's.
        var headerLength: Int { if case .legacy = self { 21 } else { 29 } }
    }

    /// One node of `appendTree`: leaf flag, count, links, then the pairs, zero-padded to `nodeSize`.
    static func node(isLeaf: Bool, pairs: [(first: UInt32, second: UInt32)], forward: UInt32, backward: UInt32, size nodeSize: Int) -> [UInt8] {
        var node: [UInt8] = []
        node.reserveCapacity(nodeSize)
        node.appendBigEndian(UInt16(isLeaf ? 1 : 0))
        node.appendBigEndian(UInt16(pairs.count))
        node.appendBigEndian(forward)
        node.appendBigEndian(backward)
        for pair in pairs {
            node.appendBigEndian(pair.first)
            node.appendBigEndian(pair.second)
        }
        node += repeatElement(0, count: nodeSize - node.count)
        return node
    }
}
