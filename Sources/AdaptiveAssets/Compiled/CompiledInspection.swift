import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// What `adapt inspect FILE.car` reports: the file's header, then every asset with its
/// renditions, each with the traits its key selects and what its data is.
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "Assets.car")
/// print(CompiledInspection(catalog).text)
/// // Assets.car: compiled catalog, storage version 11 (CoreUI 374), 30 assets, 202 renditions
/// //
/// // d_iphone
/// //   green.png      phone 1x   50x50 ARGB, lzfse, 1,024 bytes
/// ```
///
/// The listing is written as the assetutil JSON is (`CompiledCatalog.AssetutilDocument`): from
/// the file read only as far as an index, each rendition formatted in place in the file's bytes,
/// straight to bytes, on every core, and handed out in pieces. Two passes: the first formats
/// each rendition's fields in the file's order, right after the reader checks it
/// (`write(path:flush:)`: the file's pages are given back every few tens of megabytes); the
/// second puts them in lines, asset by asset in name order, from those fields alone. A file of
/// 200,000 renditions (229 MB) built a `Rendition` value and a few strings for each before, and
/// took half a gigabyte.
///
/// `@_spi(AdaptTool)`: not the library's API. It is the `adapt` tool's own, public only so that the
/// fuzz targets (`FuzzTesting/`, a package of their own) can drive it.
@_spi(AdaptTool) public struct CompiledInspection: Sendable {
    let index: CompiledCatalogIndex

    @_spi(AdaptTool) public init(_ catalog: CompiledCatalog) { self.init(catalog.index) }

    /// The listing of a file read as far as an index, its renditions checked (`records`).
    package init(_ index: CompiledCatalogIndex) { self.index = index }

    /// A listing for people, every line escaped (`[String].textOutput`), ending with a newline.
    @_spi(AdaptTool) public var text: String {
        var bytes: [UInt8] = []
        write { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The listing in pieces, handed to `flush` in order; each piece is valid only during its call.
    package func write(flush: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let formatter = InspectionLineFormatter(index)
        var fields = InspectionFields()
        index.withRenditions { fields.add($0, 0..<index.entries.count, with: formatter) }
        try write(fields, formatter: formatter, flush: flush)
    }

    /// The listing of the file at `path`, read once: each rendition is formatted as soon as it
    /// is checked, while its page is mapped, and the pages are given back as the reader goes,
    /// so a large file is listed in little memory. Nothing is written when the file is broken.
    package static func write(path: String, flush: (UnsafeRawBufferPointer) -> Void) throws(CompiledCatalogError) {
        let index = try CompiledCatalogIndex(path: path, checkingRenditions: false)
        let formatter = InspectionLineFormatter(index)
        let fields = InspectionFields(try index.checkRenditions { views, _ in InspectionFields.format(views, 0..<views.count, with: formatter) })
        CompiledInspection(index).write(fields, formatter: formatter, flush: flush)
    }

    /// Lines are put together in units of about `unitSize` renditions (an asset is never
    /// split), a few units per core at a time.
    private func write(
        _ fields: InspectionFields, formatter: InspectionLineFormatter,
        flush: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        let groups = InspectionGroups(index, facets: fields)
        var head: [UInt8] = []
        for line in headerLines(assetCount: groups.assets.count) {
            head.append(contentsOf: line.escapingControlCharacters.utf8)
            head.append(UInt8(ascii: "\n"))
        }
        try head.withUnsafeBytes(flush)
        let units = groups.units(of: Self.unitSize)
        let cores = CompiledCatalog.concurrency
        let groupSize = cores * 4
        // Slot i of each group of units writes into buffers[i], emptied and reused from one
        // group to the next: fresh memory for every piece cost a page fault per page.
        var buffers = (0..<min(groupSize, units.count)).map { _ in InspectionBytes(capacity: 96 * Self.unitSize) }
        defer { for buffer in buffers { buffer.deallocate() } }
        try fields.withLines { lines in
            for start in stride(from: 0, to: units.count, by: groupSize) {
                let slots = Array(0..<min(groupSize, units.count - start))
                let reused = buffers
                buffers =
                    slots.concurrentMap(concurrency: cores) { slot in
                        let unit = units[start + slot]
                        var output = InspectionBytes(reusing: reused[slot])
                        for asset in groups.assets[unit.assets] {
                            lines.write(asset, positions: groups.positions[asset.positions], formatter: formatter, into: &output)
                        }
                        return output
                    } + reused[slots.count...]
                for slot in slots { try flush(buffers[slot].all) }
            }
        }
    }

    /// About this many renditions are put in lines by one task into one buffer.
    static let unitSize = 2048

    private func headerLines(assetCount: Int) -> [String] {
        let header = index.header
        var lines: [String] = []
        lines.append(
            "\(index.path): compiled catalog, storage version \(header.storageVersion) (CoreUI \(header.coreUIVersion)), "
                + "\(counted(assetCount, "asset")), \(counted(index.entries.count, "rendition"))")
        if let metadata = index.metadata {
            var platform = "platform \(metadata.deploymentPlatform) \(metadata.deploymentPlatformVersion)"
            if !metadata.thinningArguments.isEmpty { platform += ", thinned: \(metadata.thinningArguments)" }
            lines.append(platform)
        }
        lines.append("key format: " + index.keyFormat.attributes.map(\.shortName).joined(separator: ", "))
        return lines
    }

    /// The traits the key selects, most telling first: `phone 2x compact-width memory 2`.
    func traitSummary(_ rendition: Rendition) -> String {
        var bytes = InspectionBytes(capacity: 64)
        defer { bytes.deallocate() }
        InspectionLineFormatter(index).writeTraits(of: { rendition.key.values[$0] }, into: &bytes)
        return String(decoding: bytes.all, as: UTF8.self)
    }
}

/// The renditions of an index grouped as `CompiledCatalog.assets` groups them: by facet, in name
/// order (`CompiledCatalogIndex.facetOrder`), renditions whose name identifier no facet declares
/// last, each group's renditions in tree order. Only positions are kept, never renditions.
struct InspectionGroups: Sendable {
    struct Asset: Sendable {
        var name: String?
        /// Its renditions' positions, a range of `positions`.
        var positions: Range<Int>
    }

    /// A run of whole assets put in lines together.
    struct Unit: Sendable {
        var assets: Range<Int>
        var renditionCount: Int
    }

    var assets: [Asset] = []
    /// Rendition positions, asset after asset.
    var positions: [Int32] = []

    /// `facets` gives each rendition's facet (`facetCount` for none).
    init(_ index: CompiledCatalogIndex, facets: InspectionFields) {
        let count = index.entries.count
        let facetCount = index.facets.count
        // Positions by facet, in tree order within each (a counting sort).
        var starts = [Int](repeating: 0, count: facetCount + 2)
        for facet in facets.facets { starts[Int(facet) + 1] += 1 }
        for slot in 1..<starts.count { starts[slot] += starts[slot - 1] }
        var byFacet = [Int32](repeating: 0, count: count)
        var next = starts
        for (position, facet) in facets.facets.enumerated() {
            byFacet[next[Int(facet)]] = Int32(position)
            next[Int(facet)] += 1
        }
        // One asset per facet that has renditions (`CompiledCatalog.assets`), in the listings'
        // order; look-alike names are labelled with their bytes. Renditions no facet names last.
        var used = (0..<facetCount).filter { starts[$0 + 1] > starts[$0] }
        used.sort { index.facetOrder($0, $1) }
        var labels: [String?] = index.facetLabels(used)
        if starts[facetCount + 1] > starts[facetCount] {
            used.append(facetCount)
            labels.append(nil)
        }
        positions.reserveCapacity(count)
        assets.reserveCapacity(used.count)
        for (facet, label) in zip(used, labels) {
            let start = positions.count
            positions += byFacet[starts[facet]..<starts[facet + 1]]
            assets.append(Asset(name: label, positions: start..<positions.count))
        }
    }

    /// Runs of whole assets of about `size` renditions each, in order.
    func units(of size: Int) -> [Unit] {
        var units: [Unit] = []
        var first = 0
        var renditionCount = 0
        for (position, asset) in assets.enumerated() {
            renditionCount += asset.positions.count
            if renditionCount >= size || position == assets.count - 1 {
                units.append(Unit(assets: first..<(position + 1), renditionCount: renditionCount))
                first = position + 1
                renditionCount = 0
            }
        }
        return units
    }
}
