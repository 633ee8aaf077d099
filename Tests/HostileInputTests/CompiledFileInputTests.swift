import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// Issue #26, item 1: a compiled catalog's path that leads to something other than a regular file
/// (a named pipe above all) is refused by every command that reads `.car` files, before it is
/// opened for a read that would wait for a writer forever.
@Suite struct CompiledFileInputTests {
    @Test(arguments: [
        ["inspect", "x.car"],
        ["inspect", "x.car", "--format", "json"],
        ["resolve", "x.car", "Logo", "--idiom", "phone", "--scale", "2"],
        ["thin", "x.car", "--device", "iphone-15", "-o", "out"],
        ["size", "x.car"],
        ["verify", "x.car", "--source", "Missing.xcassets"],
        ["extract", "x.car", "-o", "out"],
    ])
    func aNamedPipeCalledDotCarIsRefusedByName(_ arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-car-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/x.car", 0o644) == 0)
        let run = try HostileAdapt.run(arguments, in: folder, deadline: 20)
        #expect(!run.timedOut, "\(arguments[0]) hung on a named pipe")
        #expect(run.status != 0)
        #expect(
            run.stderr.hasPrefix("x.car:") && run.stderr.contains(": error: the file is not a regular file (a named pipe) [car.unreadable]"),
            "\(arguments): \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "nothing is written")
    }
}

/// Issue #26, items 3, 4 and 8: files built to amplify (`HostileCompiledCatalogs`), run through
/// every command under a memory cap (1.5 GB of address space). Each ends by itself with an exit
/// code, never a signal, prints at most 4 times its input (plus 64 KiB), and what `thin` writes
/// stays within its input plus the writer's bounded overhead.
@Suite struct CompiledAmplificationInputTests {
    static let files: [(name: String, make: @Sendable () throws -> [UInt8])] = [
        // Rebuilt per entry, this BITMAPKEYS was 1.6 GB from 1 MB: SIGABRT under the cap.
        ("shared-bitmapkeys", { try HostileCompiledCatalogs.sharedBitmapKeys(entries: 1_600, blockLength: 1 << 20) }),
        ("many-names", { try HostileCompiledCatalogs.bitmapKeysOfManyNames(names: 400, blockLength: 64 << 10) }),
        ("aliased-trees", { try HostileCompiledCatalogs.aliasedTrees(aliases: 4_000) }),
        ("wide-key-format", { try HostileCompiledCatalogs.wideKeyFormat(attributes: 5_000, renditions: 40) }),
    ]

    @Test(arguments: files.map(\.name))
    func everyCommandEndsWithinBounds(_ name: String) throws {
        let make = try #require(Self.files.first { $0.name == name }?.make)
        let folder = try TemporaryCatalog(writeRootContents: false)
        let input = try make()
        let car = folder.root + "/\(name).car"
        try Data(input).write(to: URL(fileURLWithPath: car))
        for arguments in [
            ["inspect", car], ["inspect", car, "--format", "json"], ["size", car, "--device", "iphone-15"],
            ["thin", car, "--device", "iphone-15", "-o", "Thinned"], ["resolve", car, "Name0", "--idiom", "phone", "--scale", "2"],
            ["extract", car, "-o", "Extracted.xcassets"],
        ] {
            let run = try HostileAdapt.run(arguments, in: folder.root, limits: "ulimit -v 1500000", deadline: 60)
            #expect(!run.timedOut, "\(arguments[0]) hung on \(name)")
            #expect(run.status == 0 || run.status == 1, "\(arguments) ended with \(run.status): \(run.stderr.prefix(400))")
            // What a command prints is bounded by what it reads.
            #expect(run.stdout.utf8.count <= 4 * input.count + (64 << 10), "\(arguments[0]) printed \(run.stdout.utf8.count) bytes from \(input.count)")
            if run.status == 1 {
                #expect(
                    run.stderr.contains("\(name).car") && run.stderr.contains("error:") && run.stderr.contains("[car.malformed]"),
                    "\(arguments): \(run.stderr.prefix(400))")
            }
        }
        // extract's own bound (--max-output's default): 16 times its input, at least 64 MiB.
        // (A file refused as it is read writes no folder at all.)
        let extracted = (FileManager.default.subpaths(atPath: folder.root + "/Extracted.xcassets") ?? []).reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder.root + "/Extracted.xcassets/" + path)[.size] as? Int) ?? 0)
        }
        #expect(extracted <= max(16 * input.count, 64 << 20))
        let slice = folder.root + "/Thinned/iphone-15/Assets.car"
        if FileManager.default.fileExists(atPath: slice) {
            let written = try FileManager.default.attributesOfItem(atPath: slice)[.size] as? Int ?? .max
            #expect(written <= input.count + CompiledCatalog.thinningOverhead, "\(written) bytes written from \(input.count)")
        }
    }
}
