import AssetCatalog
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes thinned catalogs: `DIR/<device-id>/<Catalog>.xcassets` with the same folders, every
/// set's Contents.json rewritten to its kept entries (unknown keys and key order kept), only
/// the kept files present (hard links when possible, else copies), and `manifest.json` beside it.
///
/// Everything is written into a temporary folder beside DIR and moved into place only when
/// complete: a failed or interrupted run leaves an existing DIR as it was. The source catalog is
/// only read. The bytes written do not depend on the number of threads.
public struct SliceWriter: Sendable {
    public var concurrency: Int
    /// Called before each file is written into a slice; a test throws from it to simulate a
    /// failure half-way.
    public var beforeEachFile: (@Sendable (String) throws -> Void)?
    /// Called after each device's slice is complete, with (done, total).
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(concurrency: Int = CatalogReader.coreCount) {
        self.concurrency = concurrency
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Writes one slice per plan into `output`, replacing it atomically.
    public func write(_ plans: [ThinningPlan], of catalog: Catalog, to output: String) throws -> [SliceManifest] {
        let output = output.count > 1 && output.hasSuffix("/") ? String(output.dropLast()) : output
        let parent = output.contains("/") ? String(output[..<output.lastIndex(of: "/")!]) : "."
        let staging = "\(parent.isEmpty ? "/" : parent)/.\(output.lastPathComponent).partial-\(getpid())"
        try? FileOperations.removeTree(staging)
        try FileOperations.makeDirectory(staging)
        do {
            let manifests = try writeSlices(plans, of: catalog, into: staging)
            try FileOperations.writeFile(staging + "/summary.json", JSONWriter.xcodeStyle.bytes(for: SliceManifest.summaryJSON(manifests)))
            try FileOperations.replace(output, with: staging)
            return manifests
        } catch {
            try? FileOperations.removeTree(staging)
            throw error
        }
    }

    private func writeSlices(_ plans: [ThinningPlan], of catalog: Catalog, into staging: String) throws -> [SliceManifest] {
        let results = Mutex([Result<SliceManifest, any Error>?](repeating: nil, count: plans.count))
        let next = Atomic<Int>(0), done = Atomic<Int>(0)
        let sizes = FileSizes()
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < plans.count else { return }
                let result = Result { try writeSlice(plans[index], of: catalog, into: staging, sizes: sizes) }
                results.withLock { $0[index] = result }
                let finished = done.add(1, ordering: .relaxed).newValue
                progress?(finished, plans.count)
            }
        }
        if concurrency <= 1 || plans.count < 2 { work(0) } else {
            DispatchQueue.concurrentPerform(iterations: min(concurrency, plans.count), execute: work)
        }
        return try results.withLock { try $0.map { try $0!.get() } }
    }

    private func writeSlice(_ plan: ThinningPlan, of catalog: Catalog, into staging: String, sizes: FileSizes) throws -> SliceManifest {
        let deviceFolder = staging + "/" + plan.device.id
        let root = deviceFolder + "/" + catalog.path.lastPathComponent
        try FileOperations.makeDirectory(deviceFolder)
        try FileOperations.makeDirectory(root)
        func relative(_ path: String) -> String { String(path.dropFirst(catalog.path.count + 1)) }
        let rootContents = catalog.path + "/Contents.json"
        if FileSystem.exists(rootContents) { try place(rootContents, at: root + "/Contents.json") }
        for group in catalog.groups {
            try FileOperations.makeDirectory(root + "/" + relative(group.path))
            let contents = group.path + "/Contents.json"
            if FileSystem.exists(contents) { try place(contents, at: root + "/" + relative(group.path) + "/Contents.json") }
        }
        var manifest = SliceManifest(device: plan.device, catalogName: catalog.path.lastPathComponent)
        for assetPlan in plan.assets {
            let asset = catalog.assets[assetPlan.asset]
            let folder = root + "/" + relative(asset.path)
            try FileOperations.makeDirectory(folder)
            var entry = SliceManifest.AssetEntry(name: asset.name, type: asset.type.rawValue, path: relative(asset.path))
            if assetPlan.keptWhole {
                try FileOperations.copyTree(asset.path, to: folder, link: true, before: beforeEachFile)
                let bytes = FileOperations.treeSize(asset.path)
                entry.bytesBefore = bytes
                entry.bytesAfter = bytes
                entry.keptWhole = true
                manifest.assets.append(entry)
                continue
            }
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
                try place(asset.path + "/" + filename, at: folder + "/" + filename)
            }
            let allFiles = Set(asset.variants.compactMap { $0.fileProblem == nil ? $0.filename : nil })
            entry.bytesBefore = allFiles.reduce(0) { $0 + sizes.size(of: asset.path + "/" + $1) }
            entry.bytesAfter = keptFiles.reduce(0) { $0 + sizes.size(of: asset.path + "/" + $1) }
            entry.kept = assetPlan.kept.map { SliceManifest.VariantEntry(asset.variants[$0], in: asset) }
            entry.dropped = assetPlan.dropped.map { SliceManifest.VariantEntry(asset.variants[$0], in: asset) }
            entry.unmatched = assetPlan.unmatched
            manifest.assets.append(entry)
        }
        try beforeEachFile?(deviceFolder + "/manifest.json")
        try FileOperations.writeFile(deviceFolder + "/manifest.json", JSONWriter.xcodeStyle.bytes(for: manifest.json))
        return manifest
    }

    private func place(_ source: String, at destination: String) throws {
        try beforeEachFile?(destination)
        try FileOperations.linkOrCopy(source, to: destination)
    }
}

/// File sizes, asked for once each across every device's slice.
final class FileSizes: Sendable {
    private let cache = Mutex([String: Int]())

    func size(of path: String) -> Int {
        if let known = cache.withLock({ $0[path] }) { return known }
        let size = FileSystem.fileSize(path) ?? 0
        cache.withLock { $0[path] = size }
        return size
    }
}
