import AdaptSupport

/// Lays out a new BOM file: numbered blocks (copied from a source file or built here), B-trees
/// over them, and named variables, in the layout `BOMStore` reads (big-endian throughout).
///
/// The layout is simple and fixed, so the same calls always give the same bytes:
/// - the 32-byte header, zero-padded to 512 bytes (where Apple's writer starts its blocks too);
/// - every block, in block-number order, back to back (block 0 is the null block);
/// - the variables (count, then block number, name length and name of each);
/// - the block table (count, then offset and length of each block), then an empty free list.
///
/// Trees get 4096-byte nodes of at most 510 entries: leaves linked forward and backward, and
/// when there is more than one leaf, index nodes above them whose entries pair each child with
/// its last entry's key (as Apple's writer does), up to a single root.
///
/// Copied blocks are kept as ranges of the source until `bytes()` assembles the file, so the
/// length of a file can be known (`length`) without building it.
///
/// ```swift
/// var writer = BOMWriter(source: store.bytes)
/// let header = try writer.copy(block: 1, from: store)
/// writer.setVariable("CARHEADER", header)
/// let bytes = try writer.bytes()
/// ```
package struct BOMWriter {
    package static let nodeSize = 4096
    package static let entriesPerNode = (nodeSize - BOMTree.nodeHeaderLength) / 8
    /// Where blocks start: the header is padded to this.
    package static let firstBlockOffset = 512

    private enum Content {
        case built([UInt8])
        case copied(offset: Int, length: Int)
        /// Bytes set aside in a `ByteSpool`, read back only when the file is written.
        case spooled(Range<Int>)

        var length: Int {
            switch self {
            case .built(let bytes): bytes.count
            case .copied(_, let length): length
            case .spooled(let range): range.count
            }
        }
    }

    private let source: ByteReader
    /// The most bytes the blocks may take (nil: no limit), checked as each block is added, so a
    /// file that would grow past it is refused before its blocks are held in memory.
    private let limit: Int?
    /// Whether the file is only measured (`length`), never written: trees are counted, not
    /// built, which is most of the work of sizing many slices of one file (`adapt diff`).
    private let measuring: Bool
    /// The blocks, the null block first; a measuring writer keeps none, only their count.
    private var blocks: [Content] = [.built([])]
    private var variables: [(name: String, block: UInt32)] = []
    /// Source block number → block number here (0: not copied yet), so a block named twice is
    /// copied once. An array over the source's block table, made at the first copy: a thinned
    /// file copies thousands of blocks, and hashing each cost more than copying it.
    private var copies: [UInt32] = []
    /// Bytes copied from the source so far: distinct blocks of a well-formed file do not overlap,
    /// so they add up to no more than the file; a hostile file's overlapping blocks would.
    package private(set) var copiedLength = 0
    /// Bytes of every block so far, built or copied.
    package private(set) var blocksLength = 0
    /// Blocks so far, the null block among them.
    package private(set) var blockCount = 1

    /// A writer whose blocks come from `source` or are built here. With a `limit`, adding a block
    /// that brings the blocks past it throws: the thinner sets one so that no input, however its
    /// structures point at each other, makes it write (or hold) more than a bounded multiple of it.
    /// A `measuring` writer gives the same `length` and throws the same errors, but cannot write.
    package init(source: ByteReader, limit: Int? = nil, measuring: Bool = false) {
        self.source = source
        self.limit = limit
        self.measuring = measuring
    }

    /// What a thinned file may hold beyond its source's bytes: the header's padding and the trees'
    /// nodes, which this writer makes 4096 bytes each as actool does even where a compact source
    /// had smaller ones (sixteen trees' worth).
    package static let overheadBeyondSource = 64 << 10

    /// Adds a block made here; returns its number. Throws when a limit is set and the blocks
    /// would pass it.
    package mutating func append(_ bytes: [UInt8], for structure: @autoclosure () -> String = "a built block") throws(CompiledCatalogError) -> UInt32 {
        try reserve(bytes.count, for: structure())
        return add(.built(bytes))
    }

    /// Adds a block whose bytes lie at `range` of the spool `write(_:spool:)` is given; returns its number.
    package mutating func appendSpooled(_ range: Range<Int>, for structure: @autoclosure () -> String = "a spooled block") throws(CompiledCatalogError)
        -> UInt32
    {
        try reserve(range.count, for: structure())
        return add(.spooled(range))
    }

    /// Numbers a block: kept to be written, or only counted by a measuring writer (its bytes are
    /// counted by `reserve`). A thinned file's blocks are tens of thousands, and keeping each
    /// was most of what measuring one cost in memory.
    @discardableResult
    private mutating func add(_ content: @autoclosure () -> Content) -> UInt32 {
        if !measuring { blocks.append(content()) }
        blockCount += 1
        return UInt32(blockCount - 1)
    }

    /// Counts a block about to be added: its bytes, and its entry in the block table.
    private mutating func reserve(_ length: Int, for structure: @autoclosure () -> String) throws(CompiledCatalogError) {
        blocksLength += length
        if let limit, Self.firstBlockOffset + blocksLength + 8 * (blockCount + 1) > limit {
            throw CompiledCatalogError(
                .malformed, structure(),
                "would bring the written file past \(limit) bytes, the bound for a file of \(source.count) "
                    + "(its structures point at the same bytes many times over)")
        }
    }

    /// Adds (once) a copy of the source's block `index`, checked to lie in the source; returns its
    /// number here. Throws when the copies would add up to more than the source file holds.
    package mutating func copy(block index: UInt32, from store: BOMStore, for structure: @autoclosure () -> String) throws(CompiledCatalogError) -> UInt32 {
        if index == 0 { return 0 }
        if copies.isEmpty { copies = [UInt32](repeating: 0, count: store.blocks.count) }
        if Int(index) < copies.count, copies[Int(index)] != 0 { return copies[Int(index)] }
        let block = try store.block(index, for: structure())
        copiedLength += block.length
        guard copiedLength <= source.count else {
            throw CompiledCatalogError(
                .malformed, structure(), at: block.offset,
                "overlaps other blocks: copying it brings the copies past the file's \(source.count) bytes")
        }
        try reserve(block.length, for: structure())
        let number = add(.copied(offset: block.offset, length: block.length))
        if Int(index) < copies.count { copies[Int(index)] = number }
        return number
    }

    /// Whether the source's block `index` was copied.
    package func hasCopied(_ index: UInt32) -> Bool { Int(index) < copies.count && copies[Int(index)] != 0 }

    /// Points variable `name` at `block` (variables are written in the order they are set).
    package mutating func setVariable(_ name: String, _ block: UInt32) {
        variables.append((name, block))
    }

    /// Adds a tree holding `entries` in the order given; returns the number of its header block.
    package mutating func appendTree(_ entries: [BOMTree.Entry], style: TreeStyle = .legacy) throws(CompiledCatalogError) -> UInt32 {
        let nodeSize = style.nodeSize
        let entriesPerNode = (nodeSize - BOMTree.nodeHeaderLength) / 8
        if measuring { return try measureTree(entries.count, style: style, entriesPerNode: entriesPerNode) }
        // Leaves first (an empty tree is one empty leaf), numbered in a row so links are known.
        var level: [(block: UInt32, lastKey: UInt32)] = []
        let chunks =
            entries.isEmpty
            ? [[]]
            : stride(from: 0, to: entries.count, by: entriesPerNode).map {
                Array(entries[$0..<min($0 + entriesPerNode, entries.count)])
            }
        var pairs = chunks.map { chunk in chunk.map { (first: $0.valueBlock, second: $0.keyBlock) } }
        var isLeaf = true
        while true {
            let first = UInt32(blockCount)
            for (position, nodePairs) in pairs.enumerated() {
                let forward = position + 1 < pairs.count ? first + UInt32(position + 1) : 0
                let backward = position > 0 ? first + UInt32(position - 1) : 0
                try reserve(nodeSize, for: "a tree of \(entries.count) entries")
                add(.built(Self.node(isLeaf: isLeaf, pairs: nodePairs, forward: forward, backward: backward, size: nodeSize)))
            }
            level = pairs.enumerated().map { (first + UInt32($0.offset), $0.element.last?.second ?? 0) }
            guard level.count > 1 else { break }
            // An index level above: each entry is a child and its last key.
            pairs = stride(from: 0, to: level.count, by: entriesPerNode).map { start in
                level[start..<min(start + entriesPerNode, level.count)].map { (first: $0.block, second: $0.lastKey) }
            }
            isLeaf = false
        }
        var header: [UInt8] = Array("tree".utf8)
        header.appendBigEndian(UInt32(1)) // version
        header.appendBigEndian(level[0].block) // root
        header.appendBigEndian(UInt32(nodeSize))
        header.appendBigEndian(UInt32(entries.count))
        switch style {
        case .legacy:
            header.append(0)
        case .keys(let lengths):
            let shared = lengths.first.flatMap { first in lengths.allSatisfy { $0 == first } ? UInt32(first) : nil }
            header.append(0)
            header.appendBigEndian(shared ?? 0xFFFF_FFFF)
            header.appendBigEndian(UInt32(0))
        case .fixedKeys(let length):
            header.append(0)
            header.appendBigEndian(UInt32(length))
            header.appendBigEndian(UInt32(0))
        case .pathInternal:
            header.append(1)
            header.appendBigEndian(UInt32(0))
            header.appendBigEndian(UInt32(0))
        }
        return try append(header, for: "a tree of \(entries.count) entries")
    }

    /// What `appendTree` adds for `count` entries, counted: the same nodes, level by level, and
    /// a header of the same length, each reserved as it would be (and, this writer measuring,
    /// numbered by `add` without being made).
    private mutating func measureTree(_ count: Int, style: TreeStyle, entriesPerNode: Int) throws(CompiledCatalogError) -> UInt32 {
        var nodes = max(1, (count + entriesPerNode - 1) / entriesPerNode)
        while true {
            for _ in 0..<nodes {
                try reserve(style.nodeSize, for: "a tree of \(count) entries")
                add(.built([]))
            }
            guard nodes > 1 else { break }
            nodes = (nodes + entriesPerNode - 1) / entriesPerNode
        }
        try reserve(style.headerLength, for: "a tree of \(count) entries")
        return add(.built([]))
    }

    private var variablesLength: Int { 4 + variables.reduce(0) { $0 + 5 + min($1.name.utf8.count, 255) } }
    private var tableLength: Int { 4 + blockCount * 8 + 4 }

    /// The length of the file `bytes()` writes.
    package var length: Int {
        Self.firstBlockOffset + blocksLength + variablesLength + tableLength
    }

    /// The file. Throws when it would not fit the format's 32-bit offsets.
    package func bytes(spool: ByteSpool? = nil) throws(CompiledCatalogError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(length)
        try write(spool: spool) { out += $0 }
        return out
    }

    /// Writes the file piece by piece to `emit`, in order: a spooled block is read back from
    /// `spool` as it is written, so the file is never whole in memory. Throws when the file
    /// would not fit the format's 32-bit offsets, or `emit` throws.
    package func write(spool: ByteSpool? = nil, _ emit: ([UInt8]) throws -> Void) throws(CompiledCatalogError) {
        precondition(!measuring, "a measuring writer only counts its blocks")
        let total = length
        guard total <= Int(UInt32.max) else {
            throw CompiledCatalogError(.malformed, "the written file", "would be \(total) bytes, more than a BOM file's 32-bit offsets address")
        }
        func send(_ bytes: [UInt8]) throws(CompiledCatalogError) {
            do { try emit(bytes) } catch {
                throw error as? CompiledCatalogError ?? CompiledCatalogError(.unreadable, "the written file", "cannot be written: \(error)")
            }
        }
        var head: [UInt8] = Array("BOMStore".utf8)
        let variablesOffset = Self.firstBlockOffset + blocksLength
        let tableOffset = variablesOffset + variablesLength
        head.appendBigEndian(UInt32(1))
        head.appendBigEndian(UInt32(blocks.count - 1)) // blocks in use, the null block aside
        head.appendBigEndian(UInt32(tableOffset))
        head.appendBigEndian(UInt32(tableLength))
        head.appendBigEndian(UInt32(variablesOffset))
        head.appendBigEndian(UInt32(variablesLength))
        head += repeatElement(0, count: Self.firstBlockOffset - head.count)
        try send(head)
        var offsets: [Int] = []
        offsets.reserveCapacity(blocks.count)
        var position = Self.firstBlockOffset
        // Small blocks are gathered, so the sink sees few large writes.
        var pending: [UInt8] = []
        for block in blocks {
            offsets.append(block.length == 0 ? 0 : position)
            position += block.length
            switch block {
            case .built(let bytes): pending += bytes
            case .copied(let offset, let length): pending += source.bytes[offset..<(offset + length)]
            case .spooled(let range):
                guard let spool else { preconditionFailure("a spooled block written without its spool") }
                pending += try spool.read(range)
            }
            if pending.count >= 1 << 20 {
                try send(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        var tail = pending
        tail.appendBigEndian(UInt32(variables.count))
        for variable in variables {
            let name = Array(variable.name.utf8.prefix(255))
            tail.appendBigEndian(variable.block)
            tail.append(UInt8(name.count))
            tail += name
        }
        tail.appendBigEndian(UInt32(blocks.count))
        for (block, offset) in zip(blocks, offsets) {
            tail.appendBigEndian(UInt32(offset))
            tail.appendBigEndian(UInt32(block.length))
        }
        tail.appendBigEndian(UInt32(0)) // no free blocks
        try send(tail)
    }
}
