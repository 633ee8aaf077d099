import AdaptSupport
// Benchmarks for the targets in the issues, each measured against a baseline in the same run.
//
//   swift run -c release adapt-benchmarks core [--sets 10000] [--work DIR]
//
// Prints the medians and the ratios; it asserts nothing, so a slow machine shows a ratio,
// not a failure. Scripts/benchmark runs it.
import AdaptiveAssets
import Dispatch
import Foundation
import Synchronization

struct Options {
    var suite = "core"
    var sets = 10_000
    var queries = 2_000_000
    var repetitions = 5
    var work = FileManager.default.temporaryDirectory.appendingPathComponent("adapt-bench").path
    /// Real catalogs to time besides the generated one (`report`), or to decode (`deepmap2`).
    var catalogs: [String] = []
    /// Raw RGBA files to encode besides the generated bitmaps (`lzfse`).
    var files: [String] = []

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--sets": sets = Int(iterator.next() ?? "") ?? sets
            case "--queries": queries = Int(iterator.next() ?? "") ?? queries
            case "--repetitions": repetitions = Int(iterator.next() ?? "") ?? repetitions
            case "--work": work = iterator.next() ?? work
            case "--catalog": catalogs += iterator.next().map { [$0] } ?? []
            case "--file": files += iterator.next().map { [$0] } ?? []
            default: suite = argument
            }
        }
    }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func format(_ seconds: Double) -> String { String(format: "%8.1f ms", seconds * 1000) }

/// A catalog of `sets` image sets in namespaced groups of 100, each with 6 variants
/// (1x/2x/3x, light and dark) and small valid PNGs sized for their scale, written once and reused.
/// With `distinct`, every set's images have their own pixels (for thumbnails, which are cached by content).
func generateCatalog(sets: Int, under work: String, distinct: Bool = false) throws -> String {
    let path = "\(work)/Synthetic-\(sets)-v2\(distinct ? "-distinct" : "").xcassets"
    var pngs = (1...3).map { scale in Data(smallPNG(side: 16 * scale)) }
    let marker = "\(path)/.complete"
    if FileManager.default.fileExists(atPath: marker) { return path }
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: URL(fileURLWithPath: "\(path)/Contents.json"))
    for set in 0..<sets {
        let group = "\(path)/Group\(set / 100)"
        if set % 100 == 0 {
            try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: true)
            try Data(#"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#.utf8)
                .write(to: URL(fileURLWithPath: "\(group)/Contents.json"))
        }
        let folder = "\(group)/Image\(set).imageset"
        if distinct { pngs = (1...3).map { scale in Data(smallPNG(side: 16 * scale, seed: set)) } }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var images: [JSONValue] = []
        for dark in [false, true] {
            for scale in 1...3 {
                let file = "image\(set)\(dark ? "-dark" : "")@\(scale)x.png"
                _ = FileManager.default.createFile(atPath: "\(folder)/\(file)", contents: pngs[scale - 1])
                var entry: JSONObject = ["filename": .string(file), "idiom": "universal", "scale": .string("\(scale)x")]
                if dark { entry["appearances"] = [["appearance": "luminosity", "value": "dark"]] }
                images.append(.object(entry))
            }
        }
        let contents: JSONValue = ["images": .array(images), "info": ["author": "xcode", "version": 1]]
        try Data(JSONWriter.xcodeStyle.bytes(for: contents)).write(to: URL(fileURLWithPath: "\(folder)/Contents.json"))
    }
    _ = FileManager.default.createFile(atPath: marker, contents: nil)
    return path
}

/// A valid RGB PNG of `side` x `side` pixels, compressed with stored deflate blocks.
func smallPNG(side: Int, seed: Int = 0) -> [UInt8] {
    func be32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    func crc(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc(body))
    }
    var raw: [UInt8] = []
    for row in 0..<side { raw += [0] + (0..<side * 3).map { UInt8(($0 + row + seed) & 0xFF) } }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    let count = raw.count
    let zlib: [UInt8] = [0x78, 0x01, 1, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)] + raw + be32(b << 16 | a)
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(UInt32(side)) + be32(UInt32(side)) + [8, 2, 0, 0, 0])
        + chunk("IDAT", zlib) + chunk("IEND", [])
}

/// Validation of the same catalog against reading it: without images (the rules only), with the
/// PNG walk, and with full decoding on one thread and on every core.
func runValidate(_ options: Options) throws {
    print("Generating \(options.sets) image sets x 6 variants under \(options.work) ...")
    let path = try generateCatalog(sets: options.sets, under: options.work)
    let devices = try DeviceDatabase.builtIn()
    let cores = Machine.coreCount
    var reading: [Double] = []
    var rulesOnly: [Double] = []
    var walk: [Double] = []
    var fullOne: [Double] = []
    var fullAll: [Double] = []
    var catalog: Catalog?
    for _ in 0..<options.repetitions {
        catalog = nil
        reading.append(try seconds { catalog = try CatalogReader().read(at: path) })
        func time(_ level: Validator.ImageCheckLevel, threads: Int) -> Double {
            var validator = Validator(devices: devices, imageChecks: level)
            validator.concurrency = threads
            var result: Validator.Result?
            let elapsed = seconds { result = validator.validate([catalog!]) }
            precondition(result?.hasErrors == false, "the synthetic catalog should validate without errors: \(result!.diagnostics.prefix(3))")
            return elapsed
        }
        rulesOnly.append(time(.none, threads: cores))
        walk.append(time(.walk, threads: cores))
        fullOne.append(time(.full, threads: 1))
        fullAll.append(time(.full, threads: cores))
    }
    print("\nValidation of \(options.sets) sets (median of \(options.repetitions); reading is the baseline)")
    print("  baseline: read the catalog                       \(format(median(reading)))")
    print(
        "  validate, rules only (no image checks)           \(format(median(rulesOnly)))   ratio to reading \(String(format: "%.2f", median(rulesOnly) / median(reading)))x"
    )
    print("  validate, PNG walk and CRCs, \(cores) threads          \(format(median(walk)))")
    print("  validate, full PNG decode, 1 thread              \(format(median(fullOne)))")
    print(
        "  validate, full PNG decode, \(cores) threads             \(format(median(fullAll)))   speed-up \(String(format: "%.2f", median(fullOne) / median(fullAll)))x on \(cores) cores"
    )
}

/// The baseline: find every Contents.json and read its bytes, nothing else. With `listing`, also
/// list each set folder, which the reader does to know which files exist: the reader's I/O floor.
func readContentsBytes(_ root: String, threads: Int, listing: Bool = false) -> Int {
    var folders: [String] = []
    func walk(_ folder: String) {
        for entry in (try? FileSystem.listDirectory(folder)) ?? [] where entry.isDirectory {
            let path = folder + "/" + entry.name
            if entry.name.hasSuffix(".imageset") { folders.append(path) } else { walk(path) }
        }
    }
    walk(root)
    let total = Mutex(0)
    let chunk = (folders.count + threads * 8 - 1) / (threads * 8)
    let work: @Sendable (Int) -> Void = { [folders] index in
        var bytes = 0
        for folder in folders[min(folders.count, index * chunk)..<min(folders.count, (index + 1) * chunk)] {
            if listing {
                bytes += (try? FileSystem.listDirectory(folder, reading: "Contents.json").file?.count) ?? 0
            } else {
                bytes += (try? FileSystem.readFile(folder + "/Contents.json").count) ?? 0
            }
        }
        total.withLock { $0 += bytes }
    }
    if threads == 1 { (0..<threads * 8).forEach(work) } else { DispatchQueue.concurrentPerform(iterations: threads * 8, execute: work) }
    return total.withLock { $0 }
}

func runCore(_ options: Options) throws {
    print("Generating \(options.sets) image sets x 6 variants under \(options.work) ...")
    let path = try generateCatalog(sets: options.sets, under: options.work)
    let cores = Machine.coreCount

    var bytesOnly: [Double] = []
    var bytesOnlyParallel: [Double] = []
    var reading: [Double] = []
    var readingOneThread: [Double] = []
    var ioFloor: [Double] = []
    var ioFloorParallel: [Double] = []
    var index: AssetIndex?
    _ = readContentsBytes(path, threads: 1) // warm the page cache
    for _ in 0..<options.repetitions {
        bytesOnly.append(seconds { _ = readContentsBytes(path, threads: 1) })
        bytesOnlyParallel.append(seconds { _ = readContentsBytes(path, threads: cores) })
        ioFloor.append(seconds { _ = readContentsBytes(path, threads: 1, listing: true) })
        ioFloorParallel.append(seconds { _ = readContentsBytes(path, threads: cores, listing: true) })
        // Results are freed outside the timed region: a command reads once and exits.
        index = nil
        reading.append(try seconds { index = AssetIndex(try CatalogReader().read(at: path)) })
        var oneThread: AssetIndex?
        readingOneThread.append(try seconds { oneThread = AssetIndex(try CatalogReader(concurrency: 1).read(at: path)) })
        withExtendedLifetime(oneThread) {}
    }
    let catalog = index!.catalog
    precondition(catalog.assets.count == options.sets && !catalog.diagnostics.hasErrors, "the synthetic catalog did not read cleanly")

    // Two bytes-only baselines. "find": walk every folder and read every Contents.json, as
    // `find -name Contents.json | xargs cat` does; it is also the reader's own I/O (a set's folder
    // must be listed to know its files exist). "names": skip listing set folders, knowing sets by
    // their extension, and read their Contents.json: the least any tool can do.
    print("\nReading (median of \(options.repetitions), warm cache, \(cores) cores)")
    print("  baseline find:  walk every folder, read every Contents.json, 1 thread   \(format(median(ioFloor)))")
    print("  baseline names: list groups only, read every Contents.json, 1 thread    \(format(median(bytesOnly)))")
    print("  the same baselines on \(cores) threads: find \(format(median(ioFloorParallel))), names \(format(median(bytesOnlyParallel)))")
    print("  read into the index (reader + AssetIndex), \(cores) threads                \(format(median(reading)))")
    print("  read into the index, 1 thread                                       \(format(median(readingOneThread)))")
    print(String(format: "  ratio read / baseline find   (target <= 1.5):                      %.2fx", median(reading) / median(ioFloor)))
    print(String(format: "  ratio read / baseline names  (target <= 1.5):                      %.2fx", median(reading) / median(bytesOnly)))
    print(String(format: "  ratio read / baseline find, both on %d threads:                     %.2fx", cores, median(reading) / median(ioFloorParallel)))
    print(String(format: "  ratio read / baseline find, both on 1 thread:                      %.2fx", median(readingOneThread) / median(ioFloor)))

    // Resolve: a batch of random queries over every asset.
    var generator = SystemRandomNumberGenerator()
    let names = catalog.assets.map(\.name)
    // Each query's name is a fresh string, as when a batch is parsed from JSON lines (sharing the
    // catalog's own string objects would add a cache miss that real batches do not have).
    let batch: [(String, TraitCollection)] = (0..<options.queries).map { _ in
        (
            String(decoding: Array(names.randomElement(using: &generator)!.utf8), as: UTF8.self),
            TraitCollection(
                userInterfaceIdiom: [.phone, .pad].randomElement(using: &generator)!,
                userInterfaceStyle: [.light, .dark].randomElement(using: &generator)!,
                horizontalSizeClass: [.compact, .regular].randomElement(using: &generator)!,
                displayGamut: .sRGB, displayScale: Int.random(in: 1...3, using: &generator))
        )
    }
    let assetIndex = index!
    // The same queries, but over only 100 assets: what resolve costs when the data is in cache.
    let hotNames = Array(names.prefix(100))
    let hotBatch = batch.enumerated().map { (hotNames[$0.offset % hotNames.count], $0.element.1) }
    var resolveTimes: [Double] = []
    var lookupTimes: [Double] = []
    var hotTimes: [Double] = []
    var checksum = 0
    for _ in 0..<options.repetitions {
        resolveTimes.append(
            seconds {
                for (name, traits) in batch { checksum &+= assetIndex.resolve(name, for: traits)?.variant ?? -1 }
            })
        hotTimes.append(
            seconds {
                for (name, traits) in hotBatch { checksum &+= assetIndex.resolve(name, for: traits)?.variant ?? -1 }
            })
        // The floor: finding the asset by name, which every query must do.
        lookupTimes.append(
            seconds {
                for (name, _) in batch { checksum &+= assetIndex.assetPosition(named: name) ?? -1 }
            })
    }
    let perQuery = median(resolveTimes) / Double(options.queries) * 1e9
    let perLookup = median(lookupTimes) / Double(options.queries) * 1e9
    print("\nResolve (\(options.queries) random queries, 6 variants per asset, median of \(options.repetitions))")
    print(String(format: "  baseline: asset lookup by name only     %6.1f ns/query", perLookup))
    print(String(format: "  resolve (lookup + selection rule)       %6.1f ns/query", perQuery))
    print(String(format: "  ratio resolve / lookup (target <= 2.2): %6.2fx", perQuery / perLookup))
    print(String(format: "  resolve over 100 assets (cache-warm)    %6.1f ns/query", median(hotTimes) / Double(options.queries) * 1e9))
    print("  (checksum \(checksum))")
}

let options = Options(CommandLine.arguments)
switch options.suite {
case "core": try runCore(options)
case "validate": try runValidate(options)
case "report": try runReport(options)
case "lzfse": try runLZFSE(options)
case "deepmap2": try runDeepmap2(options)
case "hostile-car-files": try writeHostileCarFiles(options)
case "hostile-car-seeds": try writeHostileCarSeeds(options)
case "compile-floor": try runCompileFloor(options)
default:
    print(
        "usage: adapt-benchmarks core|validate|report|lzfse|deepmap2|hostile-car-files|hostile-car-seeds|compile-floor [--sets N] [--queries N] [--repetitions N] [--work DIR] [--catalog PATH] [--file RAW_RGBA]"
    )
    exit(2)
}
