import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// Every rendition's formatted fields, in tree order, in batches of `batchSize`: the first pass
/// of `adapt inspect FILE.car` (text) formats them in the file's order, the second puts them in
/// lines in name order from these alone.
struct InspectionFields: Sendable {
    struct Field: Sendable {
        /// Where the label, the traits and the payload end in the batch's bytes (each starts
        /// where the one before ends, the label where the rendition before ends).
        var labelEnd, traitsEnd, end: Int
        /// The label's and the traits' length in characters.
        var labelWidth, traitWidth: Int32
        /// The rendition's facet (the facet count for none).
        var facet: Int32
        /// Whether the three are printable ASCII, so that the line needs no escaping.
        var isPlain: Bool
    }

    /// The fields of `batchSize` renditions (fewer in the last), in memory of its own: written
    /// once when made, only read after, from any thread.
    final class Batch: @unchecked Sendable {
        let bytes: InspectionBytes
        let fields: UnsafeMutableBufferPointer<Field>

        /// Takes `bytes` and `fields` (every element initialized) over: it frees them.
        init(bytes: InspectionBytes, fields: UnsafeMutableBufferPointer<Field>) {
            self.bytes = bytes
            self.fields = fields
        }

        deinit {
            bytes.deallocate()
            fields.deallocate()
        }
    }

    static let batchSize = 2048
    var batches: [Batch] = []
    /// Each rendition's facet (the facet count for none), in tree order.
    var facets: [Int32] = []

    init() {}

    /// The formatted batches, in tree order.
    init(_ batches: [Batch]) {
        self.batches = batches
        facets.reserveCapacity(batches.count * Self.batchSize)
        for batch in batches { facets += batch.fields.lazy.map(\.facet) }
    }

    /// Formats `renditions`, the renditions `positions` of the file (whole batches, but the
    /// last), on every core, and adds them.
    mutating func add(_ renditions: RenditionViews, _ positions: Range<Int>, with formatter: InspectionLineFormatter) {
        precondition(
            positions.lowerBound == batches.count * Self.batchSize && renditions.count == positions.count,
            "renditions are added in order, in whole batches")
        let starts = Array(stride(from: 0, to: renditions.count, by: Self.batchSize))
        let added = starts.concurrentMap(concurrency: CompiledCatalog.concurrency) { start in
            Self.format(renditions, start..<min(start + Self.batchSize, renditions.count), with: formatter)
        }
        for batch in added { facets += batch.fields.lazy.map(\.facet) }
        batches += added
    }

    /// One batch: the renditions `range` of `renditions`.
    static func format(_ renditions: RenditionViews, _ range: Range<Int>, with formatter: InspectionLineFormatter) -> Batch {
        var bytes = InspectionBytes(capacity: 96 * range.count)
        let fields = UnsafeMutableBufferPointer<Field>.allocate(capacity: range.count)
        var cache = FormatCache()
        for position in range {
            renditions.prefetch(position + BOMStore.prefetchDistance)
            // Safe: `position - range.lowerBound` is below `range.count`, the buffer's capacity.
            (fields.baseAddress! + (position - range.lowerBound)).initialize(to: formatter.format(renditions[position], into: &bytes, cache: &cache))
        }
        return Batch(bytes: bytes, fields: fields)
    }

    /// Lends `body` the fields' memory, batch by batch, for lines written from many threads.
    func withLines<Result>(_ body: (InspectionLines) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(batches) {
            try body(InspectionLines(bytes: batches.map { $0.bytes.bytes(0..<$0.bytes.count) }, fields: batches.map { UnsafeBufferPointer($0.fields) }))
        }
    }
}

/// The second pass: lines from the formatted fields, over memory `InspectionFields.withLines`
/// keeps alive while they are written.
struct InspectionLines: @unchecked Sendable {
    // Unchecked Sendable: the batches are immutable once made, and outlive this value.
    let bytes: [UnsafeBufferPointer<UInt8>]
    let fields: [UnsafeBufferPointer<InspectionFields.Field>]

    /// An empty line, the asset's name, and a line per rendition, its label and traits padded
    /// to the asset's widest (traits to at most 72 characters).
    func write(_ asset: InspectionGroups.Asset, positions: ArraySlice<Int32>, formatter: InspectionLineFormatter, into output: inout InspectionBytes) {
        output.append(UInt8(ascii: "\n"))
        var name = asset.name ?? "(no facet: packed images)"
        name.withUTF8 { formatter.appendLine($0, to: &output) }
        let size = InspectionFields.batchSize
        var labelWidth = 0
        var traitWidth = 0
        for position in positions.lazy.map(Int.init) {
            let field = fields[position / size][position % size]
            labelWidth = max(labelWidth, Int(field.labelWidth))
            traitWidth = max(traitWidth, Int(field.traitWidth))
        }
        traitWidth = min(traitWidth, InspectionLineFormatter.traitWidthLimit)
        // A line to escape is put together first; nearly none needs it, so none is allocated
        // until one does.
        var line: InspectionBytes?
        defer { line?.deallocate() }
        for position in positions.lazy.map(Int.init) {
            let batch = fields[position / size]
            let offset = position % size
            let bytes = self.bytes[position / size]
            let field = batch[offset]
            let start = offset == 0 ? 0 : batch[offset - 1].end
            func write(into output: inout InspectionBytes) {
                output.appendSpaces(2)
                output.append(UnsafeBufferPointer(rebasing: bytes[start..<field.labelEnd]))
                output.appendSpaces(max(0, labelWidth - Int(field.labelWidth)) + 2)
                output.append(UnsafeBufferPointer(rebasing: bytes[field.labelEnd..<field.traitsEnd]))
                output.appendSpaces(max(0, traitWidth - Int(field.traitWidth)) + 2)
                output.append(UnsafeBufferPointer(rebasing: bytes[field.traitsEnd..<field.end]))
            }
            if field.isPlain {
                output.appendLine(
                    label: UnsafeBufferPointer(rebasing: bytes[start..<field.labelEnd]),
                    labelPadding: max(0, labelWidth - Int(field.labelWidth)) + 2,
                    traits: UnsafeBufferPointer(rebasing: bytes[field.labelEnd..<field.traitsEnd]),
                    traitPadding: max(0, traitWidth - Int(field.traitWidth)) + 2,
                    payload: UnsafeBufferPointer(rebasing: bytes[field.traitsEnd..<field.end]))
            } else {
                var unescaped = line.map(InspectionBytes.init(reusing:)) ?? InspectionBytes(capacity: 256)
                write(into: &unescaped)
                formatter.appendLine(unescaped.bytes(0..<unescaped.count), to: &output)
                line = unescaped
            }
        }
    }
}
