import AdaptSupport
import AssetCatalog
import CompiledCatalog
import Synchronization

/// `adapt diff OLD.car NEW.car` without the model of what is alike. Selection is per asset name
/// (docs/Selection.md), so an asset whose renditions are the same bytes under the same keys on
/// both sides shows no change, and every device keeps the same of it on both sides. Only the
/// assets that differ (added, removed, or any rendition other) are adapted into the model and
/// compared by content, exactly as `init(old:new:...)` compares them; sizes are planned one asset
/// per shape (`CompiledDiffSide.bytesByDevice`). The output is the same, byte for byte.
extension CatalogDiff {
    /// Why `comparing(old:new:...)` failed: a side that cannot be opened, as
    /// `CatalogSource.open` reports it, or a slice that cannot be sized.
    package enum Failure: Error {
        case open(CatalogSource.Failure)
        case compiled(CompiledCatalogError)

        package var diagnostic: Diagnostic {
            switch self {
            case .open(let failure): failure.diagnostic
            case .compiled(let error): error.diagnostic
            }
        }
    }

    /// Opens both paths and compares them: `init(old:new:...)` of `CatalogSource.open`'s
    /// catalogs, without the model of what two compiled sides have alike.
    package static func comparing(
        old: String, new: String, database: DeviceDatabase, devices: [DeviceProfile]? = nil,
        pixelTolerance: Int = CatalogDiff.pixelTolerance, concurrency: Int = Machine.coreCount
    ) throws(Failure) -> CatalogDiff {
        try comparing(Sides.reading(old: old, new: new), database: database, devices: devices, pixelTolerance: pixelTolerance, concurrency: concurrency)
    }

    /// The two sides of a diff, read as far as they can be without the device database: two
    /// compiled files are read and checked (`CompiledDiffSide`), so that a command can load the
    /// database meanwhile (`adapt diff` does: 2 ms of every diff); other forms are opened when
    /// compared.
    package struct Sides: Sendable {
        let old: String
        let new: String
        /// Both compiled sides, read; nil when either path is of another form.
        fileprivate let compiled: [HeldSide]?

        /// Reads `old` and `new` when both are compiled files: both at once, `old` on another
        /// thread; the first path's failure is the one told. Neither reading runs inside the
        /// other's `concurrentPerform`, so each checks its renditions on every core there is: a
        /// nested one gets one thread, and the file read first left its core idle while the
        /// other was checked on one.
        package static func reading(old: String, new: String) throws(Failure) -> Sides {
            guard CatalogSource.form(of: old) == .compiled, CatalogSource.form(of: new) == .compiled else {
                return Sides(old: old, new: new, compiled: nil)
            }
            @Sendable func read(_ path: String) -> Result<HeldSide, CompiledCatalogError> {
                Result { () throws(CompiledCatalogError) -> HeldSide in HeldSide(try CompiledDiffSide(path: path)) }
            }
            let first = Started { read(old) }
            let second = read(new)
            let sides = [first.value, second]
            do {
                return Sides(old: old, new: new, compiled: try sides.map { result throws(CompiledCatalogError) in try result.get() })
            } catch {
                throw .open(CatalogSource.Failure(diagnostic: error.diagnostic))
            }
        }
    }

    /// Compares two sides `Sides.reading` read.
    package static func comparing(
        _ sides: Sides, database: DeviceDatabase, devices: [DeviceProfile]? = nil, pixelTolerance: Int = CatalogDiff.pixelTolerance,
        concurrency: Int = Machine.coreCount
    ) throws(Failure) -> CatalogDiff {
        guard let held = sides.compiled else {
            let opened: [OpenedCatalog]
            do { opened = try CatalogSource.open(all: [sides.old, sides.new]) } catch { throw .open(error) }
            do {
                return try CatalogDiff(old: opened[0], new: opened[1], database: database, devices: devices, pixelTolerance: pixelTolerance)
            } catch {
                throw .compiled(error)
            }
        }
        // Given back once compared, each on its own thread (a file's pages are dropped under a
        // lock both share, `ByteReader.mapping`): two files of 60,000 renditions and their tables
        // took 10 ms to give back on one thread, 7 ms on two.
        defer { _ = held.concurrentMap(concurrency: 2) { $0.release() } }
        do {
            return try comparing(held[0].side, held[1].side, database: database, devices: devices, pixelTolerance: pixelTolerance, concurrency: concurrency)
        } catch {
            throw .compiled(error)
        }
    }

    /// Two compiled sides compared; they are this function's alone while it runs, so the holders'
    /// `release` then drops their last references.
    private static func comparing(
        _ old: CompiledDiffSide, _ new: CompiledDiffSide, database: DeviceDatabase, devices: [DeviceProfile]?, pixelTolerance: Int,
        concurrency: Int
    ) throws(CompiledCatalogError) -> CatalogDiff {
        // Files that translate keys otherwise are compared through the whole model.
        guard compiledAlike(old.index, new.index) else {
            return try CatalogDiff(
                old: OpenedCatalog(CompiledCatalog(old.index)), new: OpenedCatalog(CompiledCatalog(new.index)), database: database,
                devices: devices, pixelTolerance: pixelTolerance, concurrency: concurrency)
        }
        return try CatalogDiff(compiled: old, new, database: database, devices: devices, pixelTolerance: pixelTolerance, concurrency: concurrency)
    }

    /// A compiled side held until `release`, which drops the holder's reference on the thread it
    /// runs on: with no other left, the file is unmapped and the tables freed there.
    fileprivate final class HeldSide: Sendable {
        private let held: Mutex<CompiledDiffSide?>

        init(_ side: CompiledDiffSide) { held = Mutex(side) }

        /// The side; only before `release`.
        var side: CompiledDiffSide { held.withLock { $0! } }

        func release() { held.withLock { $0 = nil } }
    }

    /// Two compiled sides that translate keys alike (`compiledAlike`): the model only of the
    /// assets that differ.
    init(
        compiled old: CompiledDiffSide, _ new: CompiledDiffSide, database: DeviceDatabase, devices: [DeviceProfile]?, pixelTolerance: Int,
        concurrency: Int
    ) throws(CompiledCatalogError) {
        oldPath = old.path
        newPath = new.path
        comparison = .content(pixelTolerance: pixelTolerance)
        let devices = devices ?? new.defaultDevices(in: database)
        // The slices are sized while the content is compared: each step alone kept the two cores busy
        // three quarters of its time.
        let (_, bytes) = alongside(
            {
                let (oldAssets, newAssets) = Self.differingAssets(old, new, concurrency: concurrency)
                compareAssets(old.model(keeping: oldAssets), new.model(keeping: newAssets), pixelTolerance: pixelTolerance, concurrency: concurrency)
            },
            { Result { () throws(CompiledCatalogError) in try CompiledDiffSide.bytesByDevice(old, new, devices) } })
        let sized = try bytes.get()
        sizes = Self.sizeChanges(devices: devices, before: sized.before, after: sized.after)
    }

    /// Whether two compiled files read keys into traits alike: the same key format, and the
    /// same names for appearances and localizations (`AlikeRenditions`'s condition).
    static func compiledAlike(_ old: CompiledCatalogIndex, _ new: CompiledCatalogIndex) -> Bool {
        old.keyFormat.attributes == new.keyFormat.attributes && old.appearances == new.appearances && old.localizations == new.localizations
    }

    /// The assets of each side the model must compare: those of a name only one side has, or
    /// that several assets share (as Swift strings: the model then matches the first), and
    /// those whose renditions are not alike (`CompiledDiffSide.sameRenditions`).
    static func differingAssets(_ old: CompiledDiffSide, _ new: CompiledDiffSide, concurrency: Int) -> (old: [Int], new: [Int]) {
        let (oldByName, newByName) = (old.assetsByName, new.assetsByName)
        var oldDiffers = [Bool](repeating: true, count: old.assetCount)
        var newDiffers = [Bool](repeating: true, count: new.assetCount)
        // In the new side's asset order, not the dictionary's: the renditions are then read in
        // file order, a few streams the processor fetches ahead, rather than at random.
        var oldOf = [Int](repeating: -1, count: new.assetCount)
        for (name, asset) in newByName where asset >= 0 {
            if let before = oldByName[name], before >= 0 { oldOf[asset] = before }
        }
        let pairs = oldOf.indices.compactMap { asset in oldOf[asset] >= 0 ? (old: oldOf[asset], new: asset) : nil }
        // Compared in batches on every core: a batch's bytes are read once, by one thread.
        let batch = max(64, pairs.count / max(4 * concurrency, 1))
        let packedImages = SamePackedImages()
        let batches = stride(from: 0, to: pairs.count, by: batch).map { $0..<min($0 + batch, pairs.count) }
        let alike = batches.concurrentMap(concurrency: concurrency) { range in
            pairs[range].map { old.sameRenditions($0.old, as: $0.new, of: new, packedImages: packedImages) }
        }
        for (range, answers) in zip(batches, alike) {
            for (pair, same) in zip(pairs[range], answers) where same {
                oldDiffers[pair.old] = false
                newDiffers[pair.new] = false
            }
        }
        return (oldDiffers.indices.filter { oldDiffers[$0] }, newDiffers.indices.filter { newDiffers[$0] })
    }
}

extension CompiledDiffSide {
    /// The model (`OpenedCatalog`) of the assets at `assets` alone, with the packed images their
    /// references point into (each the first of its key, so still found by it): their assets and
    /// variants are those of the whole file's model, in the same order, as each is made from its
    /// own renditions and the file's names.
    func model(keeping assets: some Sequence<Int>) -> OpenedCatalog {
        var positions: [Int] = []
        for asset in assets {
            for position in members(of: asset) {
                positions.append(position)
                if atlasOf[position] >= 0 { positions.append(Int(atlasOf[position])) }
            }
        }
        return OpenedCatalog(CompiledCatalog(index.keeping(Array(Set(positions)).sorted())))
    }
}
