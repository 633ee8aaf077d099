import AdaptiveAssets
import CatalogExtraction
import CatalogFixtures
import Foundation
import Testing

/// `adapt extract FILE.car -o DIR`: every corpus `.car` comes back as a catalog the reader
/// accepts, with the sets its source declares for the platform, each PNG its rendition's size;
/// hostile names stay inside DIR; a folder extract did not write is never replaced.
@Suite struct CompiledExtractTests {
    static let data = "/compiled/acextract/acextractTests/data/"

    static func corpusFile(_ name: String) throws -> String { try Corpus.root + data + name }

    /// The idioms each corpus file was compiled for (its Makefile's `--platform`/`--target-device`).
    static let families: [String: Set<String>] = [
        "assets_ios.car": ["universal", "iphone", "ipad"], "assets_iphone.car": ["universal", "iphone"],
        "assets_ipad.car": ["universal", "ipad"], "assets_mac.car": ["universal", "mac"],
        "assets_tv.car": ["universal", "tv"], "assets_watch.car": ["universal", "watch"],
    ]

    /// The names of the source's image sets with at least one entry for `idioms`.
    static func sourceSets(for idioms: Set<String>) throws -> Set<String> {
        let catalog = try CatalogReader().read(at: try Corpus.root + "/compiled/acextract/Images.xcassets")
        return Set(
            catalog.assets.filter { asset in
                asset.contents?["images"]?.array?.contains { idioms.contains($0["idiom"]?.string ?? "") } ?? false
            }.map(\.name))
    }

    @Test(arguments: families.keys.sorted())
    func extractsAReadableCatalogWithTheSourcesSets(_ file: String) throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let output = folder.root + "/Extracted.xcassets"
        let compiled = try CompiledCatalog(path: try Self.corpusFile(file))
        let result = try CompiledExtraction(compiled).write(to: output)
        #expect(result.skipped.isEmpty, "\(file): \(result.skipped)")
        #expect(result.diagnostics.isEmpty, "\(file): \(result.diagnostics)")

        let extracted = try CatalogReader().read(at: output)
        #expect(!extracted.diagnostics.hasErrors, "\(file): \(extracted.diagnostics.filter { $0.severity == .error })")
        let expected = try Self.sourceSets(for: Self.families[file] ?? [])
        #expect(Set(extracted.assets.map(\.name)) == expected, "\(file)")

        // Every rendition with a facet is written (a PNG, or a PDF for the vectors), and each PNG
        // decodes to its rendition's pixel size.
        let named = compiled.renditions.filter { $0.name != nil }.count
        #expect(result.written == named && result.files.count == named)
        var pngs = 0
        for written in result.files {
            let report = PNGInspector().inspect(file: output + "/" + written.path)
            guard let size = written.pixelSize else {
                #expect(written.path.hasSuffix(".pdf"), "\(written.path)")
                continue
            }
            #expect(report.problems.isEmpty && report.decoded, "\(written.path): \(report.problems)")
            #expect(report.header.map { (Int($0.width), Int($0.height)) } ?? (0, 0) == size, "\(written.path)")
            pngs += 1
        }
        #expect(pngs > 0)
    }

    @Test func tracesPackedTraitsIntoContents() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let output = folder.root + "/Out.xcassets"
        _ = try CompiledExtraction(try CompiledCatalog(path: try Self.corpusFile("assets_ios.car"))).write(to: output)
        let catalog = try CatalogReader().read(at: output)
        let mix = try #require(catalog.assets.first { $0.name == "g_mix" }?.contents?["images"]?.array)
        #expect(Set(mix.compactMap { $0["graphics-feature-set"]?.string }) == ["metal1v2", "metal2v2", "metal3v1"])
        let memory = try #require(catalog.assets.first { $0.name == "m_4gb" }?.contents?["images"]?.array)
        #expect(memory.contains { $0["memory"]?.string == "4GB" && $0["scale"]?.string == "2x" })
        let iphone4 = try #require(catalog.assets.first { $0.name == "d_iphone4" }?.contents?["images"]?.array)
        #expect(iphone4.contains { $0["subtype"]?.string == "retina4" && $0["idiom"]?.string == "iphone" })
        let sizeClass = try #require(catalog.assets.first { $0.name == "sc_wh_a&r&c" }?.contents?["images"]?.array)
        #expect(sizeClass.contains { $0["width-class"]?.string == "regular" && $0["height-class"]?.string == "compact" })
    }

    /// A rendition renamed to `../../cyan.png` in the file: written inside its set, reported.
    @Test func aHostileRenditionNameIsSanitizedAndReported() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.corpusFile("assets_tv.car"))))
        let original = try CompiledCatalog(bytes: bytes)
        let victim = try #require(original.renditions.first { $0.name == "d_tv" && $0.renditionName == "cyan.png" })
        let hostile = Array("../../cyan.png".utf8)
        bytes.replaceSubrange((victim.valueRange.offset + 40)..<(victim.valueRange.offset + 40 + hostile.count + 1), with: hostile + [0])
        let car = folder.root + "/hostile.car"
        try Data(bytes).write(to: URL(fileURLWithPath: car))
        try FileManager.default.createDirectory(atPath: folder.root + "/inner", withIntermediateDirectories: true)
        let output = folder.root + "/inner/Out.xcassets"
        let result = try CompiledExtraction(try CompiledCatalog(path: car)).write(to: output)
        let renamed = result.diagnostics.filter { $0.rule == .extractRenamed }
        #expect(renamed.count == 1 && renamed[0].message.contains("../../cyan.png"), "\(result.diagnostics)")
        let file = try #require(result.files.first { $0.rendition == "../../cyan.png" })
        #expect(file.path == "d_tv.imageset/cyan.png")
        #expect(FileManager.default.fileExists(atPath: output + "/d_tv.imageset/cyan.png"))
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/cyan.png"))
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/inner/cyan.png"))
    }

    /// A bitmap whose compression is set to ASTC (7), which this package does not decode: named
    /// with its compression, skipped with a warning; the rest is written and the run exits 0.
    @Test func anUndecodedCompressionIsNamedAndSkipped() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.corpusFile("assets_tv.car"))))
        let original = try CompiledCatalog(bytes: bytes)
        let victim = try #require(original.renditions.first { $0.name == "m_1gb" && $0.renditionName == "blue@2x.png" })
        let start = victim.valueRange.offset
        let celm = try #require((start..<(start + victim.valueRange.length - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(Array("MLEC".utf8)) })
        bytes[celm + 8] = 7
        let car = folder.root + "/astc.car"
        try Data(bytes).write(to: URL(fileURLWithPath: car))
        let output = folder.root + "/Out.xcassets"
        let run = try Adapt.run(["extract", car, "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "warning: m_1gb/blue@2x.png (universal 2x memoryClass 1): not written: compression astc is not decoded [extract.not-decoded]"),
            "\(run.stderr)")
        #expect(run.stdout.contains("wrote 113 files in 26 sets") && run.stdout.contains("skipped 1: not-decoded 1"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output + "/m_1gb.imageset/blue@2x.png"))
        #expect(FileManager.default.fileExists(atPath: output + "/m_1gb.imageset/blue.png"))
    }

    @Test func anUnrelatedFolderIsRefusedAndLeftAlone() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let output = folder.root + "/Mine"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: output + "/notes.txt"))
        let compiled = try CompiledCatalog(path: try Self.corpusFile("assets_tv.car"))
        #expect { try CompiledExtraction(compiled).write(to: output) } throws: { "\($0)".contains("did not write") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["notes.txt"])
        #expect(try String(contentsOfFile: output + "/notes.txt", encoding: .utf8) == "keep")
        // An Xcode catalog is not extract's either.
        let xcode = try TemporaryCatalog()
        #expect(throws: (any Error).self) { try CompiledExtraction(compiled).write(to: xcode.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: xcode.path) == ["Contents.json"])
        // Its own earlier output is replaced.
        let again = folder.root + "/Again.xcassets"
        _ = try CompiledExtraction(compiled).write(to: again)
        #expect(try CompiledExtraction(compiled).write(to: again).written > 0)
    }

    @Test func aFailureHalfWayLeavesNothingBehind() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let output = folder.root + "/Out.xcassets"
        var extraction = CompiledExtraction(try CompiledCatalog(path: try Self.corpusFile("assets_tv.car")))
        let count = Counter()
        extraction.beforeEachFile = { _ in if count.next() == 40 { throw DiskFull() } }
        #expect { try extraction.write(to: output) } throws: { "\($0)".contains("disk full") }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.root)
        #expect(left == ["Test.xcassets"], "no output, staging folder or lock left: \(left)")
    }

    @Test func cliWritesJSON() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let output = folder.root + "/Out.xcassets"
        let run = try Adapt.run(["extract", try Self.corpusFile("assets_watch.car"), "-o", output, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONParser.parse(Array(run.stdout.utf8)).object)
        #expect(document["written"]?.int == 102 && document["sets"]?.int == 27 && document["packedImages"]?.int == 34)
        #expect(document["skipped"]?.array?.isEmpty == true)
        #expect(FileManager.default.fileExists(atPath: output + "/d_watch.imageset/Contents.json"))
        let refused = try Adapt.run(["extract", try Self.corpusFile("assets_watch.car"), "-o", folder.root, "--format", "json"])
        #expect(refused.status == 1 && refused.stdout.contains("\"extract.output\""), "\(refused.stdout)")
    }
}

struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }

/// A thread-safe count for `beforeEachFile`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
