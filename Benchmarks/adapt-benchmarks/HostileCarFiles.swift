import CatalogFixtures
import Foundation

/// Writes the hostile compiled catalogs of `HostileCompiledCatalogs` at two sizes into `work`, for
/// `Scripts/benchmark hostile-car` (Scripts/benchmark-hostile-car.py), which times every command
/// on them. Each file's name says its shape and size: `shared-bitmapkeys-small.car`, ….
func writeHostileCarFiles(_ options: Options) throws {
    try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
    let files: [(name: String, small: () throws -> [UInt8], large: () throws -> [UInt8])] = [
        (
            "shared-bitmapkeys", { try HostileCompiledCatalogs.sharedBitmapKeys(entries: 1_000, blockLength: 40_000) },
            { try HostileCompiledCatalogs.sharedBitmapKeys(entries: 2_000, blockLength: 80_000) }
        ),
        (
            "bitmapkeys-of-many-names", { try HostileCompiledCatalogs.bitmapKeysOfManyNames(names: 500, blockLength: 8_000) },
            { try HostileCompiledCatalogs.bitmapKeysOfManyNames(names: 1_000, blockLength: 16_000) }
        ),
        (
            "aliased-trees", { try HostileCompiledCatalogs.aliasedTrees(aliases: 2_000) },
            { try HostileCompiledCatalogs.aliasedTrees(aliases: 8_000) }
        ),
        (
            "packed-references", { try HostileCompiledCatalogs.packedReferences(references: 2_000, atlases: 200) },
            { try HostileCompiledCatalogs.packedReferences(references: 8_000, atlases: 800) }
        ),
        // Extract's PNG writing at its most (issue 35), against the flat image of the same size as
        // its baseline: one 2048² or 4096² image of noise in about 64 or 128 KB, and one flat.
        (
            "noisy-bitmap", { try HostileCompiledCatalogs.noisyBitmap(side: 2048).bytes() },
            { try HostileCompiledCatalogs.noisyBitmap(side: 4096).bytes() }
        ),
        (
            "flat-bitmap", { try HostileCompiledCatalogs.hugeBitmap(width: 2048, height: 2048, padding: 1024).bytes() },
            { try HostileCompiledCatalogs.hugeBitmap(width: 4096, height: 4096, padding: 1024).bytes() }
        ),
    ]
    for file in files {
        for (size, make) in [("small", file.small), ("large", file.large)] {
            let path = "\(options.work)/\(file.name)-\(size).car"
            try Data(try make()).write(to: URL(fileURLWithPath: path))
            print(path)
        }
    }
}

/// The same shapes, small enough for the fuzzer's inputs (under its 64 KB `-max_len`): the seeds
/// `FuzzTesting/Seeds/FuzzCAR/hostile-*.car`, written again by `adapt-benchmarks hostile-car-seeds --work DIR`.
func writeHostileCarSeeds(_ options: Options) throws {
    try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
    let seeds: [(name: String, bytes: [UInt8])] = [
        ("hostile-shared-bitmapkeys", try HostileCompiledCatalogs.sharedBitmapKeys(entries: 64, blockLength: 4_096)),
        ("hostile-bitmapkeys-of-many-names", try HostileCompiledCatalogs.bitmapKeysOfManyNames(names: 24, blockLength: 1_024)),
        ("hostile-aliased-trees", try HostileCompiledCatalogs.aliasedTrees(aliases: 256)),
        ("hostile-packed-references", try HostileCompiledCatalogs.packedReferences(references: 48, atlases: 6)),
        ("hostile-merging-names", try HostileCompiledCatalogs.namesThatMerge()),
        ("hostile-wide-key-format", try HostileCompiledCatalogs.wideKeyFormat(attributes: 64, renditions: 8)),
    ]
    for seed in seeds {
        precondition(seed.bytes.count <= 65_536, "\(seed.name) is \(seed.bytes.count) bytes, more than the fuzzer's -max_len")
        try Data(seed.bytes).write(to: URL(fileURLWithPath: "\(options.work)/\(seed.name).car"))
    }
}
