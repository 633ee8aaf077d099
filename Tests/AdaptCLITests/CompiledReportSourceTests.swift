import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// `adapt report FILE.car --source DIR` (issue #38): the report of a compiled catalog lists what
/// `adapt verify` finds against the `.xcassets` it was compiled from, each on its asset's sheet.
@Suite struct CompiledReportSourceTests {
    static var source: String { get throws { try Corpus.root + "/compiled/acextract/Images.xcassets" } }

    static func report(_ file: String, source: String?) throws -> ReportV1 {
        var builder = ReportBuilder(database: try DeviceDatabase.builtIn())
        builder.makeThumbnails = false
        builder.thumbnailer.cacheFolder = nil
        let compiled = AdaptedCompiledCatalog(try CompiledCatalog(path: try CompiledInspectCommandTests.corpusFile(file)))
        builder.devices = CompiledThinning.devices(for: compiled.compiled, in: builder.database)
        return try builder.build(compiled: compiled, source: try source.map { try CatalogReader().read(at: $0) })
    }

    /// A source with an entry the iPhone file lacks (as `adapt verify` says): the report lists it,
    /// on the sheet of its set.
    @Test func aSourceThatDiffersShowsVerifysFindings() throws {
        let source = try CompiledVerifyCommandTests.sourceWithAnExtraEntry()
        defer { try? FileManager.default.removeItem(atPath: (source as NSString).deletingLastPathComponent) }
        let report = try Self.report("assets_iphone.car", source: source)
        let found = report.diagnostics.filter { $0.diagnostic.code.hasPrefix("compiled.") }
        #expect(found.count == 1, "\(found.map(\.diagnostic.description))")
        #expect(found.allSatisfy { $0.diagnostic.code == "compiled.missing" })
        let sheets = Set(found.compactMap { $0.asset.map { report.assets[$0].name } })
        #expect(sheets == ["d_universal"])
        // Without a source, none.
        #expect(try Self.report("assets_iphone.car", source: nil).diagnostics.allSatisfy { !$0.diagnostic.code.hasPrefix("compiled.") })
    }

    /// The iPhone file holds its source exactly: the source adds nothing to the report.
    @Test func aSourceThatAgreesAddsNothing() throws {
        let with = try Self.report("assets_iphone.car", source: try Self.source)
        let without = try Self.report("assets_iphone.car", source: nil)
        #expect(with.diagnostics == without.diagnostics)
        #expect(!with.diagnostics.contains { $0.diagnostic.code.hasPrefix("compiled.") })
    }

    @Test func theCommandWritesTheFindingsIntoThePage() throws {
        let folder = CompiledThinCommandTests.temporary("report-source")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try CompiledVerifyCommandTests.sourceWithAnExtraEntry()
        defer { try? FileManager.default.removeItem(atPath: (source as NSString).deletingLastPathComponent) }
        let iphone = try CompiledInspectCommandTests.corpusFile("assets_iphone.car")
        let run = try Adapt.run(["report", iphone, "--source", source, "-o", folder + "/iphone.html"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOfFile: folder + "/iphone.html", encoding: .utf8)
        #expect(page.contains("compiled.missing") && page.contains("extra@2x.png"))
        let plain = try Adapt.run(["report", iphone, "-o", folder + "/plain.html"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!(try String(contentsOfFile: folder + "/plain.html", encoding: .utf8)).contains("compiled.missing"))
        // A folder has no compiled form to verify.
        let folderRun = try Adapt.run(["report", try Self.source, "--source", try Self.source, "-o", folder + "/folder.html"])
        #expect(folderRun.status != 0 && folderRun.stderr.contains("--source"))
    }
}
