import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// What became of one rendition in extract's first pass: skipped (with why), or rendered into
/// a pending file (or, for a colour, into its entry alone) that the second pass places.
enum Rendered {
    case skipped(reason: String, detail: String, rule: RuleID?)
    case placed(traits: [JSONObject.Member], Placed)

    struct Placed {
        var members: [JSONObject.Member]
        var file: PendingFile?
    }

    /// A file written under `.pending/` in the staging folder, waiting for its name.
    struct PendingFile {
        var pending: String
        var size: Int
        var proposedName: String
        var nameChanges: [ExtractNames.Change]
        var isBitmap: Bool
    }
}

extension CompiledExtraction {
    /// The first pass: every rendition of `sets` decoded and written to a pending file, in the
    /// order of what it is made from (its packed image and frame, else its value block), so
    /// that a packed image shared by many references is decoded once and only it is held, and
    /// renditions that share one value block (or one cut of one packed image) are decoded and
    /// encoded once (`decoded` counts those that were). Returns the outcomes per set, in the
    /// sets' order.
    func render(_ sets: [(asset: String, set: SetBuilder)], into output: inout ExtractOutput, decoded: inout Int) throws -> [[Rendered]] {
        let atlases = PackedImageCache(capacity: 1)
        var outcomes: [[Rendered?]] = sets.map { [Rendered?](repeating: nil, count: $0.set.renditions.count) }
        var order: [(source: [UInt32], set: Int, member: Int)] = []
        for (setIndex, entry) in sets.enumerated() {
            for (member, rendition) in entry.set.renditions.enumerated() {
                order.append((source(of: rendition, atlases: atlases), setIndex, member))
            }
        }
        // Stable: equal sources keep the sets' order.
        order = order.enumerated().sorted { left, right in
            left.element.source != right.element.source ? left.element.source.lexicographicallyPrecedes(right.element.source) : left.offset < right.offset
        }.map(\.element)
        var last: (source: [UInt32], content: Swift.Result<SetBuilder.Content, SetBuilder.NotWritten>)?
        var pendingNumber = 0
        try output.makeFolder(ExtractOutput.pendingFolder, recorded: false)
        for (source, setIndex, member) in order {
            let set = sets[setIndex].set
            let rendition = set.renditions[member]
            let traits: [JSONObject.Member]
            switch ExtractEntry.traits(of: rendition, in: catalog) {
            case .success(let members): traits = members
            case .failure(let unknown):
                outcomes[setIndex][member] = .skipped(
                    reason: "unknown-trait", detail: "not written: its \(unknown) has no established Contents.json value",
                    rule: .extractNotDecoded)
                continue
            }
            let content: Swift.Result<SetBuilder.Content, SetBuilder.NotWritten>
            if let last, last.source == source {
                content = last.content
            } else {
                content = set.made(of: rendition, catalog: catalog, atlases: atlases, pixelBudget: pixelBudget)
                last = (source, content)
                decoded += 1
            }
            switch content {
            case .failure(let reason):
                outcomes[setIndex][member] = .skipped(reason: reason.code, detail: reason.detail, rule: reason.rule)
            case .success(let made):
                var file: Rendered.PendingFile?
                if let bytes = made.bytes {
                    let (name, changes) = SetBuilder.fileName(of: rendition, content: made)
                    let pending = ExtractOutput.pendingFolder + "/\(pendingNumber)"
                    pendingNumber += 1
                    try output.write(pending, bytes, recorded: false)
                    file = Rendered.PendingFile(pending: pending, size: bytes.count, proposedName: name, nameChanges: changes, isBitmap: made.isBitmap)
                }
                outcomes[setIndex][member] = .placed(traits: traits, Rendered.Placed(members: made.members, file: file))
            }
        }
        return outcomes.map { $0.map { $0! } }
    }

    /// What a rendition is made from, as a sort key: a reference's packed image, frame and
    /// opacity; any other rendition's value block.
    private func source(of rendition: Rendition, atlases: PackedImageCache) -> [UInt32] {
        if rendition.layout == .internalReference, let (atlas, frame) = catalog.packedImage(referencedBy: rendition) {
            return [
                atlas.valueBlock, 1, frame.x, frame.y, frame.width, frame.height, rendition.flags.isOpaque ? 1 : 0,
                rendition.pixelFormat.rawValue, UInt32(rendition.layout.rawValue),
            ]
        }
        return [rendition.valueBlock, 0]
    }
}

/// The staging folder as extract fills it: every write charged against the output limit, and
/// every path it places recorded for the manifest.
struct ExtractOutput {
    /// Where rendered files wait for their names (removed once all are placed).
    static let pendingFolder = ".pending"

    let root: String
    let limit: Int
    var beforeEachFile: (@Sendable (String) throws -> Void)?
    private(set) var bytesWritten = 0
    private(set) var files: [(path: String, size: Int)] = []
    private(set) var folders: [String] = []

    init(root: String, limit: Int, beforeEachFile: (@Sendable (String) throws -> Void)?) {
        self.root = root
        self.limit = limit
        self.beforeEachFile = beforeEachFile
    }

    mutating func makeFolder(_ relative: String, recorded: Bool = true) throws {
        try FileOperations.makeDirectory(root + "/" + relative)
        if recorded { folders.append(relative) }
    }

    /// Writes a new file, refused (before anything is written) when it would take the run
    /// past its limit. The refusal names no path: it is about the input file, which the
    /// command names.
    mutating func write(_ relative: String, _ bytes: [UInt8], recorded: Bool = true) throws {
        try charge(bytes.count)
        try beforeEachFile?(root + "/" + relative)
        try FileOperations.writeFile(root + "/" + relative, bytes, exclusive: true)
        if recorded { files.append((relative, bytes.count)) }
    }

    /// Gives a pending file its place (already charged).
    mutating func move(_ pending: String, to relative: String, size: Int) throws {
        guard rename(root + "/" + pending, root + "/" + relative) == 0 else { throw FileOperations.failure(root + "/" + relative, "move into place") }
        files.append((relative, size))
    }

    private mutating func charge(_ count: Int) throws {
        guard count <= limit - bytesWritten else {
            throw CompiledExtraction.Failure(
                .outputLimit(limit: limit),
                message: "extracting would write more than \(limit) bytes "
                    + "(--max-output \(limit)); nothing was written. A file this size rarely extracts to more than "
                    + "\(CompiledExtraction.outputRatio) times its size: raise --max-output if you trust it")
        }
        bytesWritten += count
    }
}
