import AdaptSupport
import AssetCatalog
import DeviceProfiles
import Synchronization

/// Writes thinned catalogs: `DIR/<device-id>/<Catalog>.xcassets` with the same folders, every
/// set's Contents.json rewritten to its kept entries (unknown keys and key order kept), only
/// the kept files present (copy-on-write clones where the file system has them, else copies;
/// hard links only with `placement = .hardLink`), and `manifest.json` beside it.
///
/// Devices whose slices are identical share one: the first device (in the order given) gets the
/// folders, and each later one's `<Catalog>.xcassets` is a relative symbolic link to it. Creating
/// folders and files is what thinning costs (every one is a new inode), and the current lineup
/// has many devices that see exactly the same variants.
///
/// Everything is written into a temporary folder beside DIR and moved into place only when
/// complete: a failed or interrupted run leaves an existing DIR as it was. The source catalog is
/// only read, and nothing outside it is: symbolic links leading out of it are skipped. DIR is
/// replaced only when it is absent, empty or an earlier output (see `OutputFolder`), and one run
/// at a time writes it. The bytes written do not depend on the number of threads.
public struct SliceWriter: Sendable {
    /// How many slices are written at once.
    public var concurrency: Int
    /// Called before each file is written into a slice; a test throws from it to simulate a
    /// failure half-way.
    package var beforeEachFile: (@Sendable (String) throws -> Void)?
    /// Called after each device's slice is complete, with (done, total).
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// How kept files get into a slice: clones or copies by default, hard links when asked.
    public var placement: FilePlacement = .clone

    /// A writer using `concurrency` threads, or one per core.
    public init(concurrency: Int? = nil) {
        self.concurrency = max(1, concurrency ?? Machine.coreCount)
    }

    /// Why slices were not written (`OutputFailure`: a kind, a path and a message).
    public typealias Failure = OutputFailure

    /// Writes one slice per plan into `output`, replacing it atomically. Devices given twice
    /// get one slice.
    public func write(_ plans: [ThinningPlan], of catalog: Catalog, to output: String) throws -> [SliceSummary] {
        try write(ThinningPlans(plans, of: catalog), to: output)
    }

    /// Writes one slice per device of `plans` into `output`, replacing it atomically. Devices
    /// given twice get one slice. Each device's full plan is rebuilt while its slice is written
    /// and dropped after, and its manifest is written as it is built: what a run holds at once
    /// is the outlines, the catalog, and one device's plan per thread.
    public func write(_ plans: ThinningPlans, to output: String) throws -> [SliceSummary] {
        let catalog = plans.catalog
        guard let catalogRealPath = FileSystem.realPath(catalog.path) else {
            throw Failure(.unreadableSource, path: catalog.path, message: "\(catalog.path): cannot read the catalog: \(String(cString: strerror(errno)))")
        }
        var seen: Set<String> = []
        let positions = plans.devices.indices.filter { seen.insert(plans.devices[$0].id).inserted }
        if let invalid = positions.first(where: { !DeviceProfile.isValidID(plans.devices[$0].id) }) {
            throw Failure(.invalidDeviceID, path: output, message: "invalid device id '\(plans.devices[invalid].id)': \(DeviceProfile.idRule)")
        }
        return try OutputFolder.write(output, catalogRealPath: catalogRealPath) { folder in
            let summaries = try writeSlices(plans, positions, into: folder.staging, boundary: CatalogBoundary(realRoot: catalogRealPath))
            try FileOperations.writeFile(folder.staging + "/summary.json", JSONWriter.xcodeStyle.bytes(for: Self.summaryDocument(summaries)))
            return summaries
        }
    }

    private func writeSlices(
        _ plans: ThinningPlans, _ positions: [Int], into staging: String,
        boundary: CatalogBoundary
    ) throws -> [SliceSummary] {
        // The first device with each distinct slice materializes it; later ones link to it.
        var firstWithSlice: [[UInt64]: Int] = [:]
        let sharedWith: [Int?] = positions.map { position in
            let key = plans.sliceKey(at: position)
            if let first = firstWithSlice[key] { return first }
            firstWithSlice[key] = position
            return nil
        }
        firstWithSlice = [:]
        let done = Atomic<Int>(0)
        let sizes = FileSizes()
        let entries = SliceManifest.variantEntries(of: plans.catalog)
        let results = Array(positions.indices).concurrentMap(concurrency: concurrency) { index in
            let result = Result {
                try writeSlice(
                    plans.plan(at: positions[index]), sharing: sharedWith[index].map { plans.devices[$0].id }, of: plans.catalog,
                    into: staging, entries: entries, sizes: sizes, boundary: boundary)
            }
            progress?(done.add(1, ordering: .relaxed).newValue, positions.count)
            return result
        }
        return try results.map { try $0.get() }
    }

    /// Writes one device's folder: its slice (or a link to an identical one) and its manifest.
    private func writeSlice(
        _ plan: ThinningPlan, sharing sharedDevice: String?, of catalog: Catalog, into staging: String,
        entries: [[SliceManifest.VariantEntry]], sizes: FileSizes, boundary: CatalogBoundary
    ) throws -> SliceSummary {
        let deviceFolder = staging + "/" + plan.device.id
        let catalogName = boundary.realRoot.lastPathComponent
        try FileOperations.makeDirectory(deviceFolder)
        if let sharedDevice {
            try beforeEachFile?(deviceFolder + "/" + catalogName)
            try FileOperations.symbolicLink("../\(sharedDevice)/\(catalogName)", at: deviceFolder + "/" + catalogName)
        } else {
            try materialize(plan, of: catalog, at: deviceFolder + "/" + catalogName, boundary: boundary)
        }
        try beforeEachFile?(deviceFolder + "/manifest.json")
        return try SliceManifest.write(
            plan: plan, catalog: catalog, entries: entries, sizes: sizes, sharedWith: sharedDevice,
            to: deviceFolder + "/manifest.json")
    }

    private func materialize(_ plan: ThinningPlan, of catalog: Catalog, at root: String, boundary: CatalogBoundary) throws {
        try FileOperations.makeDirectory(root)
        func relative(_ path: String) -> String { String(path.dropFirst(catalog.path.count + 1)) }
        let rootContents = catalog.path + "/Contents.json"
        if FileSystem.exists(rootContents) { try place(rootContents, at: root + "/Contents.json", boundary: boundary) }
        for group in catalog.groups {
            try FileOperations.makeDirectory(root + "/" + relative(group.path))
            let contents = group.path + "/Contents.json"
            if FileSystem.exists(contents) { try place(contents, at: root + "/" + relative(group.path) + "/Contents.json", boundary: boundary) }
        }
        for assetPlan in plan.assets {
            let asset = catalog.assets[assetPlan.asset]
            let folder = root + "/" + relative(asset.path)
            if assetPlan.droppedWhole { continue }
            if assetPlan.keptWhole {
                try FileOperations.copyTree(asset.path, to: folder, placement: placement, boundary: boundary, before: beforeEachFile)
                continue
            }
            try FileOperations.makeDirectory(folder)
            if let contents = asset.contents, let key = asset.type.entriesKey {
                var rewritten = contents
                let keptIndices = Set(assetPlan.kept.map { asset.variants[$0].index })
                if let list = contents[key]?.array {
                    rewritten[key] = .array(list.enumerated().filter { keptIndices.contains($0.offset) }.map(\.element))
                }
                try beforeEachFile?(folder + "/Contents.json")
                try FileOperations.writeFile(folder + "/Contents.json", JSONWriter.xcodeStyle.bytes(for: .object(rewritten)))
            }
            var keptFiles: Set<String> = []
            for position in assetPlan.kept {
                guard let filename = asset.variants[position].filename, keptFiles.insert(filename).inserted else { continue }
                try place(asset.path + "/" + filename, at: folder + "/" + filename, boundary: boundary)
            }
        }
    }

    private func place(_ source: String, at destination: String, boundary: CatalogBoundary) throws {
        try beforeEachFile?(destination)
        try FileOperations.place(source, at: destination, placement: placement, boundary: boundary)
    }
}

/// File and folder sizes, asked for once each across every device's slice. Keyed by positions
/// (asset, and the first variant naming the file), not paths: a path per file of a 20,000-set
/// catalog held as a key was about 19 MB.
final class FileSizes: Sendable {
    private struct Key: Hashable {
        var asset: Int
        /// The first variant naming the file, or -1 for the asset's whole folder.
        var variant: Int
    }

    private let cache = Mutex([Key: Int]())

    /// The size of the file the variant at `position` of `catalog.assets[asset]` names (0 when it
    /// names none or the file is missing). `first` is the first variant naming the same file,
    /// when the caller knows it (`bytes(ofVariants:)` does); else it is looked up.
    func size(ofVariant position: Int, of asset: Int, in catalog: Catalog, first: Int? = nil) -> Int {
        let set = catalog.assets[asset]
        guard let filename = set.variants[position].filename else { return 0 }
        let first = first ?? set.variants.firstIndex { $0.filename == filename } ?? position
        return cached(Key(asset: asset, variant: first)) { FileSystem.fileSize(set.path + "/" + filename) ?? 0 }
    }

    /// The total size of the files below a folder kept whole (an image stack, ...).
    func treeSize(of asset: Int, in catalog: Catalog) -> Int {
        cached(Key(asset: asset, variant: -1)) { FileOperations.treeSize(catalog.assets[asset].path) }
    }

    /// The bytes of the files the variants at `positions` (ascending) name, each file once. One
    /// pass over the set: a set of 10,000 localized entries asked pair by pair was 10^8 string
    /// comparisons per device.
    func bytes(ofVariants positions: some Collection<Int>, of asset: Int, in catalog: Catalog) -> Int {
        guard !positions.isEmpty else { return 0 }
        let variants = catalog.assets[asset].variants
        var firstNaming: [String: Int] = [:]
        for (position, variant) in variants.enumerated() {
            if let filename = variant.filename, firstNaming[filename] == nil { firstNaming[filename] = position }
        }
        var measured: Set<String> = []
        var total = 0
        for position in positions {
            guard let filename = variants[position].filename, measured.insert(filename).inserted else { continue }
            total += size(ofVariant: position, of: asset, in: catalog, first: firstNaming[filename])
        }
        return total
    }

    private func cached(_ key: Key, _ measure: () -> Int) -> Int {
        if let known = cache.withLock({ $0[key] }) { return known }
        let size = measure()
        cache.withLock { $0[key] = size }
        return size
    }
}
