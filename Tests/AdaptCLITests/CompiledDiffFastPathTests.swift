import AdaptSupport
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

@testable import AdaptiveAssets

/// Issue #38's `adapt diff OLD.car NEW.car` builds the model only of the assets that differ
/// (`CatalogDiff.comparing`); what it prints must be what the whole model prints
/// (`CatalogDiff(old:new:)` of `CatalogSource.open`'s catalogs), in every format, for every
/// device and for one, on real files and on files made from them with renditions added,
/// removed and changed, and with packed images changed under references that are not.
@Suite struct CompiledDiffFastPathTests {
    static let data = "/compiled/acextract/acextractTests/data/"

    /// The acextract files (Xcode 7.3: packed images, PDFs, every platform), each against each.
    @Test func theAcextractFilesDiffAlikeBothWays() throws {
        let names = ["assets.car", "assets_ios.car", "assets_iphone.car", "assets_ipad.car", "assets_mac.car", "assets_tv.car", "assets_watch.car"]
        let files = try names.map { try Corpus.root + Self.data + $0 }
        for old in files {
            for new in files { try Self.expectAlike(old, new) }
        }
    }

    /// `adapt diff` reads two compiled files while the device database loads (`CatalogDiff.Sides`);
    /// a problem with a device or the database is still the one told, as when nothing was read
    /// before them, and the files' own problem once those are fine.
    @Test func aDeviceProblemIsToldBeforeTheFilesOnes() throws {
        let folder = CompiledThinCommandTests.temporary("diff-order")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = try Corpus.root + Self.data + "assets_ios.car"
        let broken = folder + "/broken.car"
        try Data(try Data(contentsOf: URL(fileURLWithPath: good)).prefix(4_000)).write(to: URL(fileURLWithPath: broken))
        let devices = folder + "/devices.json"
        try Data("{\"devices\": 3}".utf8).write(to: URL(fileURLWithPath: devices))

        let unknown = try Adapt.run(["diff", broken, good, "--device", "iphone-0"])
        #expect(unknown.status == 2 && unknown.stderr.contains("Unknown device 'iphone-0'"), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("broken.car"), "\(unknown.stderr)")
        let database = try Adapt.run(["diff", broken, good, "--devices", devices])
        #expect(database.status != 0 && database.stderr.contains("devices.json") && !database.stderr.contains("broken.car"), "\(database.stderr)")
        let file = try Adapt.run(["diff", good, broken, "--device", "iphone-6"])
        #expect(file.status == 1 && file.stderr.contains("broken.car"), "\(file.stderr)")
        let both = try Adapt.run(["diff", good, good, "--device", "iphone-6", "--format", "json"])
        #expect(both.status == 0 && both.stdout.contains("\"sizes\""), "\(both.stderr)")
    }

    /// `adapt diff OLD NEW ...` starts reading both files before its arguments are parsed
    /// (`DiffCommand.readAhead`); with an option before the paths it reads them after. Both answer
    /// alike, output, errors and exit status: two compiled files, a source catalog against one, a
    /// damaged file on either side, a missing one, and a device problem, told before the files'.
    @Test func filesReadBeforeTheArgumentsAreParsedAnswerAsFilesReadAfter() throws {
        let folder = CompiledThinCommandTests.temporary("diff-read-ahead")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = try Corpus.root + Self.data + "assets_ios.car"
        let other = try Corpus.root + Self.data + "assets_iphone.car"
        let source = try Corpus.root + "/compiled/acextract/Images.xcassets"
        let broken = folder + "/broken.car"
        try Data(try Data(contentsOf: URL(fileURLWithPath: good)).prefix(4_000)).write(to: URL(fileURLWithPath: broken))
        let json = ["--device", "iphone-6", "--format", "json"]
        let cases: [(paths: [String], options: [String])] = [
            ([good, other], json), ([good, other], []), ([source, good], json), ([good, broken], json), ([broken, good], json),
            ([folder + "/missing.car", good], json), ([broken, good], ["--device", "iphone-0"]),
        ]
        for (paths, options) in cases {
            let ahead = try Adapt.run(["diff"] + paths + options)
            let after = try Adapt.run(["diff", "--pixel-tolerance", "\(CatalogDiff.pixelTolerance)"] + paths + options)
            #expect(ahead.status == after.status, "\(paths) \(options)")
            #expect(ahead.stdout == after.stdout, "\(paths) \(options)")
            #expect(ahead.stderr == after.stderr, "\(paths) \(options)")
        }
        #expect(try Adapt.run(["diff", good, other, "--device", "iphone-6"]).stdout.contains("iphone-6"))
    }

    /// `Scripts/make-car.py` files: one with 5% more renditions (assets added, one asset with
    /// renditions added), the other way round (removed), other pixels under the same names
    /// (`assets_iphone.car` against `assets_ios.car`), and renditions whose bytes changed but
    /// not what they show (their CSI header's date).
    @Test func generatedFilesWithRenditionsAddedRemovedAndChangedDiffAlike() throws {
        let folder = CompiledThinCommandTests.temporary("diff-fast-path")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let small = try Self.makeCar("assets_ios.car", renditions: 400, in: folder)
        let large = try Self.makeCar("assets_ios.car", renditions: 420, in: folder)
        let other = try Self.makeCar("assets_iphone.car", renditions: 400, in: folder)
        let dated = folder + "/dated.car"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: small)))
        let catalog = try CompiledCatalog(path: small)
        for position in stride(from: 7, to: catalog.renditions.count, by: 50) { bytes[catalog.renditions[position].valueRange.offset + 32] ^= 1 }
        try Data(bytes).write(to: URL(fileURLWithPath: dated))
        for (old, new) in [(small, large), (large, small), (small, other), (other, small), (small, dated)] { try Self.expectAlike(old, new) }
        // Alike assets never reach the model: of 400 and 420 renditions, only what was added
        // and the asset cut short at 400 differ.
        let differing = CatalogDiff.differingAssets(try CompiledDiffSide(path: small), try CompiledDiffSide(path: large), concurrency: 2)
        let diff = try CatalogDiff.comparing(old: small, new: large, database: try DeviceDatabase.builtIn())
        #expect(differing.new.count == diff.added.count + diff.changed.count && !diff.added.isEmpty)
        #expect(differing.old.count == diff.changed.count)
    }

    /// References whose bytes are alike but whose packed images are not (two atlases of one size
    /// swapped): the references' cut-out pixels changed, and both paths say so.
    @Test func packedImagesChangedUnderAlikeReferencesDiffAlike() throws {
        let folder = CompiledThinCommandTests.temporary("diff-fast-path-atlas")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Corpus.root + Self.data + "assets_ios.car"
        let catalog = try CompiledCatalog(path: original)
        let atlases = catalog.renditions.filter { $0.layout == .packedImage }
        func sameSize(_ first: Int, _ second: Int) -> Bool {
            atlases[second].width == atlases[first].width && atlases[second].height == atlases[first].height
                && atlases[second].sizeOnDisk != atlases[first].sizeOnDisk
        }
        var found: (UInt32, UInt32)?
        for first in atlases.indices where found == nil {
            if let second = atlases.indices.first(where: { $0 > first && sameSize(first, $0) }) {
                found = (atlases[first].valueBlock, atlases[second].valueBlock)
            }
        }
        let pair = try #require(found)
        // Swapped in the block table (big-endian offset and length, 8 bytes an entry).
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: original)))
        let table = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        for offset in 0..<8 { bytes.swapAt(table + 4 + 8 * Int(pair.0) + offset, table + 4 + 8 * Int(pair.1) + offset) }
        let swapped = folder + "/swapped.car"
        try Data(bytes).write(to: URL(fileURLWithPath: swapped))
        try Self.expectAlike(original, swapped)
        let diff = try CatalogDiff.comparing(old: original, new: swapped, database: try DeviceDatabase.builtIn())
        #expect(!diff.changed.isEmpty && diff.added.isEmpty && diff.removed.isEmpty)
    }

    /// Both paths' text, JSON and SARIF (with a failure per device that grows), for every
    /// device of the platform and for one.
    static func expectAlike(_ old: String, _ new: String) throws {
        let database = try DeviceDatabase.builtIn()
        for devices in [nil, [try #require(database.profile(matching: "iphone-6"))]] {
            let fast = try CatalogDiff.comparing(old: old, new: new, database: database, devices: devices)
            let full = try CatalogDiff(old: try CatalogSource.open(old), new: try CatalogSource.open(new), database: database, devices: devices)
            let label = "\(old.lastPathComponent) → \(new.lastPathComponent), \(devices == nil ? "every device" : "iphone-6")"
            #expect(fast.text == full.text, "\(label)")
            #expect(JSONWriter.xcodeStyle.string(for: fast.json) == JSONWriter.xcodeStyle.string(for: full.json), "\(label)")
            let sarif = (fast.sarif(workingDirectory: "/", failures: fast.growth(over: 0)), full.sarif(workingDirectory: "/", failures: full.growth(over: 0)))
            #expect(sarif.0 == sarif.1, "\(label)")
        }
    }

    /// A file `Scripts/make-car.py` writes from a corpus file.
    static func makeCar(_ source: String, renditions: Int, in folder: String) throws -> String {
        let output = folder + "/\(source)-\(renditions).car"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Corpus.repositoryRoot + "/Scripts/make-car.py", try Corpus.root + data + source, output, "--renditions", String(renditions),
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "Scripts/make-car.py failed")
        return output
    }
}
