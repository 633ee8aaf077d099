/// Reading a payload: first where its parts lie (`Shape`, checked, nothing copied), then, for a
/// `Rendition`, the arrays of `RenditionPayload` built from it. The JSON writer stops at the shape.
extension RenditionPayload {
    /// A payload located and checked, with offsets into the file and no arrays: what a rendition's
    /// record keeps, so the JSON writer reads a payload's facts without building its chunk or
    /// component lists, and a `Rendition`'s payload is built from it.
    package enum Shape: Hashable, Sendable {
        case none
        case bitmap(compression: RenditionCompression, chunks: ChunkList)
        case rawData(DataRange)
        /// The components are `count` little-endian doubles from `components.offset`.
        case color(colorSpace: UInt32, components: ElementList)
        /// The entries are `count` 12-byte records from `entries.offset`.
        case multisizeImage(ElementList)
        /// The gradient's bytes, from its tag, checked to read as one.
        case gradient(DataRange)
        case unknown(tag: UInt32, DataRange)
    }

    /// Fixed-size elements in the file: where the first lies, and how many there are (checked
    /// to fit the payload when the shape was made).
    package struct ElementList: Hashable, Sendable {
        package var offset: Int
        package var count: Int
    }

    /// A bitmap's data: one range (`chunkCount` nil), or `chunkCount` `KCBC` chunks one after the
    /// other from `offset`, within `length` bytes.
    package struct ChunkList: Hashable, Sendable {
        package var offset: Int
        package var length: Int
        package var chunkCount: Int?

        /// The chunks, in file order (an unchunked bitmap's lone range has `rows` 0: all of them).
        package func chunks(in file: UnsafeRawBufferPointer) -> [BitmapChunk] {
            var chunks: [BitmapChunk] = []
            chunks.reserveCapacity(chunkCount ?? 1)
            // The shape was made only after a walk that read every chunk.
            _ = walk(in: file) { chunks.append($0) }
            return chunks
        }

        /// Hands each chunk to `body`, in file order, reading each `KCBC` header where the one
        /// before ends. Returns where the walk stopped short, the number of the chunk that does
        /// not fit and where its header starts, or nil when every chunk fit.
        func walk(in file: UnsafeRawBufferPointer, _ body: (BitmapChunk) -> Void) -> (chunk: Int, at: Int)? {
            guard let chunkCount else {
                body(BitmapChunk(offset: offset, length: length, rows: 0))
                return nil
            }
            var cursor = offset
            for number in 0..<chunkCount {
                guard let chunk = BitmapChunk.read(file, at: cursor, end: offset + length) else { return (number, cursor) }
                body(chunk)
                cursor = chunk.offset + chunk.length
            }
            return nil
        }
    }

    /// Reads the payload of `length` bytes at `offset` (a `ByteReader`'s copy of one payload, or
    /// a rendition's data in its file). `structure` names the rendition, for errors.
    package static func read(_ bytes: ByteReader, offset: Int, length: Int, structure: @autoclosure () -> String) throws(CompiledCatalogError)
        -> RenditionPayload
    {
        RenditionPayload(try locate(bytes.bytes, offset: offset, length: length, structure: structure()), in: bytes.bytes)
    }

    /// The payload a shape locates, its arrays read from `file` (the bytes the shape was made from).
    package init(_ shape: Shape, in file: UnsafeRawBufferPointer) {
        switch shape {
        case .none: self = .none
        case .bitmap(let compression, let chunks): self = .bitmap(compression: compression, chunks: chunks.chunks(in: file))
        case .rawData(let range): self = .rawData(range)
        case .color(let colorSpace, let components):
            self = .color(colorSpace: colorSpace, components: (0..<components.count).compactMap { Self.component($0, of: components, in: file) })
        case .multisizeImage(let entries):
            self = .multisizeImage((0..<entries.count).compactMap { MultisizeEntry.read(file, at: entries.offset + 12 * $0) })
        case .gradient(let range):
            // The shape was made only after the bytes read as a gradient.
            self = file.window(offset: range.offset, length: range.length).flatMap(IconGradient.read).map(Self.gradient) ?? .unknown(tag: "ARGG", range)
        case .unknown(let tag, let range): self = .unknown(tag: FourCharacterCode.text(of: tag), range)
        }
    }

    /// Component `index` of a colour.
    package static func component(_ index: Int, of components: ElementList, in file: UnsafeRawBufferPointer) -> Double? {
        file.float64LittleEndian(at: components.offset + 8 * index)
    }

    /// Where the parts of the payload of `length` bytes at `offset` lie, each count and length
    /// checked against the payload's bytes. `structure` names the rendition, for errors.
    package static func locate(_ file: UnsafeRawBufferPointer, offset: Int, length: Int, structure: @autoclosure () -> String) throws(CompiledCatalogError)
        -> Shape
    {
        guard length > 0 else { return .none }
        func malformed(_ problem: String) -> CompiledCatalogError {
            CompiledCatalogError(.malformed, structure() + " data", at: offset, problem)
        }
        func word(_ at: Int) -> UInt32? { at + 4 <= offset + length ? file.uint32LittleEndian(at: at) : nil }
        let end = offset + length
        guard length >= 4, let tag = file.uint32BigEndian(at: offset) else { throw malformed("is shorter than a tag (\(length) bytes)") }
        // Tags compared as numbers (the bytes in file order, read big-endian): one comparison
        // per rendition instead of a string.
        switch tag {
        case Tag.celm:
            guard let flags = word(offset + 4), let compression = word(offset + 8), let field = word(offset + 12) else {
                throw malformed("is shorter than a CELM header (\(length) bytes)")
            }
            // Flag bit 0: chunked (bit 1 marks the pixels opaque, which the CSI header's flags
            // say too). Xcode 7 writes 0 and 1 here; older readers call the word a version.
            if flags & 1 == 0 {
                // The data's length, then the data.
                guard Int(field) <= end - offset - 16 else { throw malformed("says \(field) bytes of pixels, more than its \(length) bytes hold") }
                return .bitmap(compression: RenditionCompression(rawValue: compression), chunks: ChunkList(offset: offset + 16, length: Int(field)))
            }
            // A chunk count, then chunks of `KCBC`, 8 reserved bytes, a row count and a length,
            // then the chunk's data. Each chunk takes at least its 20-byte header, which bounds
            // a hostile count before anything is reserved.
            guard Int(field) <= (end - offset - 16) / 20 else {
                throw malformed("says \(field) chunks, more than its \(length) bytes can hold")
            }
            let chunks = ChunkList(offset: offset + 16, length: end - offset - 16, chunkCount: Int(field))
            if let short = chunks.walk(in: file, { _ in }) {
                throw malformed(
                    "chunk \(short.chunk) of \(field) at offset 0x\(String(short.at, radix: 16, uppercase: true)) runs past the end of the data (\(length) bytes)"
                )
            }
            return .bitmap(compression: RenditionCompression(rawValue: compression), chunks: chunks)
        case Tag.rawd:
            guard let size = word(offset + 8), Int(size) <= end - offset - 12 else { throw malformed("is a RAWD block longer than its \(length) bytes") }
            return .rawData(DataRange(offset: offset + 12, length: Int(size)))
        case Tag.colr:
            guard let flags = word(offset + 8), let count = word(offset + 12), Int(count) <= (end - offset - 16) / 8 else {
                throw malformed("is a COLR block with more components than its \(length) bytes hold")
            }
            return .color(colorSpace: flags & 0xFF, components: ElementList(offset: offset + 16, count: Int(count)))
        case Tag.msis:
            guard let count = word(offset + 8), Int(count) <= (end - offset - 12) / 12 else {
                throw malformed("is an MSIS block with more sizes than its \(length) bytes hold")
            }
            return .multisizeImage(ElementList(offset: offset + 12, count: Int(count)))
        case Tag.argg:
            guard let bytes = file.window(offset: offset, length: length), IconGradient.read(bytes) != nil else {
                throw malformed("is an ARGG gradient whose stops run past its \(length) bytes")
            }
            return .gradient(DataRange(offset: offset, length: length))
        default:
            return .unknown(tag: tag, DataRange(offset: offset, length: length))
        }
    }

    /// The tags as their bytes appear in the file, read as big-endian numbers.
    private enum Tag {
        static let celm: UInt32 = 0x4D4C_4543 // "MLEC"
        static let rawd: UInt32 = 0x4457_4152 // "DWAR"
        static let colr: UInt32 = 0x524C_4F43 // "RLOC"
        static let msis: UInt32 = 0x5349_534D // "SISM"
        static let argg: UInt32 = 0x4152_4747 // "ARGG"
    }
}

extension RenditionPayload.BitmapChunk {
    /// The chunk whose 20-byte header (`KCBC`, 8 reserved bytes, row count, length) is at
    /// `cursor`, when the header and the length it states fit before `end`.
    static func read(_ file: UnsafeRawBufferPointer, at cursor: Int, end: Int) -> Self? {
        guard cursor + 20 <= end, file.uint32BigEndian(at: cursor) == 0x4B43_4243, // "KCBC"
            let rows = file.uint32LittleEndian(at: cursor + 12), let size = file.uint32LittleEndian(at: cursor + 16),
            Int(size) <= end - cursor - 20
        else { return nil }
        return Self(offset: cursor + 20, length: Int(size), rows: Int(rows))
    }
}

extension RenditionPayload.MultisizeEntry {
    /// The 12-byte entry at `offset`: width, height (4 bytes each), slot index and idiom (2 each).
    package static func read(_ file: UnsafeRawBufferPointer, at offset: Int) -> Self? {
        guard let width = file.uint32LittleEndian(at: offset), let height = file.uint32LittleEndian(at: offset + 4),
            let slot = file.uint16LittleEndian(at: offset + 8), let idiom = file.uint16LittleEndian(at: offset + 10)
        else { return nil }
        return Self(width: width, height: height, index: slot, idiom: CompiledIdiom(rawValue: idiom))
    }
}
