import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// What a finding is about is data (`Diagnostic.Subject`): `--format json` and SARIF print it, and
/// baselines, the report and JUnit read it instead of guessing from paths and line numbers.
@Suite struct FindingSubjectTests {
    /// Findings of several rule families: reading (`contents.missing-file`), sets (`set.unassigned`,
    /// in a namespace too), selection (`variant.duplicate`, `scale.gap` naming a device) and app
    /// icon slots (`icon.missing-slot`).
    static func subjects() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog(name: "Subjects.xcassets")
        try fixture.addSet(
            "Logo.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "logo.png"],
                ["idiom": "universal", "scale": "2x", "filename": "logo@2x.png"],
            ], files: ["logo.png", "stray.png"])
        try fixture.addSet(
            "Dup.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "a.png"],
                ["idiom": "universal", "scale": "1x", "filename": "b.png"],
            ], files: ["a.png", "b.png"])
        try fixture.addGroup("Icons", providesNamespace: true)
        try fixture.addSet("Icons/Star.imageset", entries: [["idiom": "universal", "filename": "star.png"]], files: ["star.png", "old.png"])
        try fixture.addSet(
            "Gap.imageset",
            entries: [
                ["idiom": "universal", "scale": "3x", "filename": "a@3x.png"],
                ["idiom": "universal", "scale": "2x", "filename": "d@2x.png", "appearances": [["appearance": "luminosity", "value": "dark"]]],
            ], files: ["a@3x.png", "d@2x.png"])
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "i.png"]],
            files: ["i.png"])
        return fixture
    }

    static func jsonFindings(_ fixture: TemporaryCatalog) throws -> [[String: Any]] {
        let run = try Adapt.run(["validate", "--images", "none", "--format", "json", "Subjects.xcassets"], in: fixture.root)
        return try run.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func jsonNamesTheCatalogAssetEntrySlotAndDevice() throws {
        let findings = try Self.jsonFindings(try Self.subjects())
        func finding(_ code: String, asset: String) throws -> [String: Any] {
            try #require(findings.first { $0["code"] as? String == code && $0["asset"] as? String == asset }, "\(code) on \(asset): \(findings)")
        }
        #expect(findings.allSatisfy { ($0["catalog"] as? String)?.hasSuffix("Subjects.xcassets") == true }, "\(findings)")
        #expect(try finding("contents.missing-file", asset: "Logo")["variant"] as? Int == 1)
        #expect(try finding("set.unassigned", asset: "Logo")["variant"] == nil)
        #expect(try finding("set.unassigned", asset: "Icons/Star")["catalog"] != nil)
        #expect(try finding("variant.duplicate", asset: "Dup")["variant"] as? Int == 1)
        let gap = try finding("scale.gap", asset: "Gap")
        #expect(gap["variant"] as? Int == 1 && gap["device"] is String && gap["traitSet"] is String, "\(gap)")
        let slots = try finding("icon.missing-slot", asset: "AppIcon")["slot"] as? String
        #expect(slots?.contains("iphone 20x20@2x") == true, "\(slots ?? "no slot")")
    }

    @Test func sarifCarriesTheSubjectAsLogicalLocations() throws {
        let fixture = try Self.subjects()
        let run = try Adapt.run(["validate", "--images", "none", "--format", "sarif", "Subjects.xcassets"], in: fixture.root)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try #require((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        func logical(_ code: String) -> [[String: Any]] {
            results.filter { $0["ruleId"] as? String == code }.flatMap { result in
                ((result["locations"] as? [[String: Any]]) ?? []).flatMap { ($0["logicalLocations"] as? [[String: Any]]) ?? [] }
            }
        }
        let duplicate = logical("variant.duplicate")
        #expect(duplicate.contains { $0["kind"] as? String == "module" && $0["name"] as? String == "Subjects.xcassets" })
        #expect(duplicate.contains { $0["kind"] as? String == "resource" && $0["fullyQualifiedName"] as? String == "Subjects.xcassets/Dup" })
        #expect(duplicate.contains { $0["kind"] as? String == "element" && $0["fullyQualifiedName"] as? String == "Subjects.xcassets/Dup/entry 1" })
        #expect(logical("set.unassigned").contains { $0["fullyQualifiedName"] as? String == "Subjects.xcassets/Icons/Star" })
        let gap = try #require(results.first { $0["ruleId"] as? String == "scale.gap" })
        #expect((gap["properties"] as? [String: Any])?["device"] is String)
    }

    /// A minified Contents.json puts every entry on line 1; pretty-printing it moves them. The
    /// baseline names the entry by its subject, so it matches before and after (matching by line
    /// took the first entry of the line for each finding, so the reformatted file looked new).
    @Test func aBaselineStillMatchesWhenAnEditMovesTheLines() throws {
        let fixture = try TemporaryCatalog(name: "Lines.xcassets")
        let minified =
            #"{"images":[{"idiom":"universal","scale":"1x","filename":"a.png"},{"idiom":"universal","scale":"2x","filename":"b.png"},"#
            + #"{"idiom":"universal","scale":"2x","filename":"c.png"}],"info":{"author":"xcode","version":1}}"#
        try fixture.write(minified, to: "Set.imageset/Contents.json")
        for file in ["a.png", "b.png", "c.png"] { try fixture.write(PNGFixture.png(width: 4, height: 4), to: "Set.imageset/" + file) }
        let write = try Adapt.run(["validate", "--images", "none", "--write-baseline", "baseline.json", "Lines.xcassets"], in: fixture.root)
        #expect(write.status == 0)
        let baseline = try String(contentsOfFile: fixture.root + "/baseline.json", encoding: .utf8)
        #expect(baseline.contains(#""variant" : "c.png""#), "\(baseline)")

        let pretty = try JSONWriter.xcodeStyle.string(for: JSONParser.parse(Array(minified.utf8)))
        try fixture.write(pretty, to: "Set.imageset/Contents.json")
        let run = try Adapt.run(["validate", "--images", "none", "--baseline", "baseline.json", "Lines.xcassets"], in: fixture.root)
        #expect(run.stdout.contains("0 errors, 0 warnings;"), "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("fixed since the baseline"), "\(run.stderr)")
    }

    /// A link in a sub-folder of a set points two levels below the set's folder, and a brand
    /// asset's layer is a child set: both are the set's findings on its sheet, by the subject.
    @Test func theReportPutsAFindingOnTheSheetOfTheSetItIsAbout() throws {
        let fixture = try TemporaryCatalog(name: "Sheets.xcassets")
        try fixture.addSet("Logo.imageset", entries: [["idiom": "universal", "filename": "logo.png"]], files: ["logo.png"])
        try fixture.addSet("Logo2.imageset", entries: [["idiom": "universal", "filename": "logo.png"]], files: ["logo.png"])
        try FileManager.default.createDirectory(atPath: fixture.path + "/Logo.imageset/extra", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/Logo.imageset/extra/link.png", withDestinationPath: "../logo.png")
        var builder = ReportBuilder(database: try DeviceDatabase.builtIn())
        builder.imageChecks = .none
        builder.makeThumbnails = false
        builder.thumbnailer.cacheFolder = nil
        let report = try builder.build(catalogsAt: [fixture.path])
        let link = try #require(report.diagnostics.first { $0.diagnostic.code == "catalog.symlink" }, "\(report.diagnostics)")
        let sheet = try #require(link.asset.map { report.assets[$0] })
        #expect(sheet.name == "Logo")
    }

    /// `Outer.xcassets` holds `Inner.xcassets`; validating both, the outer catalog's
    /// `catalog.nested` (located at the inner catalog's folder) is in the outer catalog's suite.
    @Test func junitPutsEachFindingInTheSuiteOfItsCatalog() throws {
        let outer = try TemporaryCatalog(name: "Outer.xcassets")
        try outer.addSet("A.imageset", entries: [["idiom": "universal", "filename": "a.png"]], files: ["a.png"])
        try outer.write(#"{"info":{"author":"xcode","version":1}}"#, to: "Inner.xcassets/Contents.json")
        try outer.addSet("Inner.xcassets/B.imageset", entries: [["idiom": "universal", "filename": "b.png"]], files: ["b.png", "stray.png"])
        let run = try Adapt.run(
            ["validate", "--images", "none", "--format", "junit", "Outer.xcassets", "Outer.xcassets/Inner.xcassets"],
            in: outer.root)
        let suites = run.stdout.components(separatedBy: "<testsuite ").dropFirst()
        let outerSuite = try #require(suites.first { $0.hasPrefix(#"name="Outer.xcassets""#) }, "\(run.stdout)")
        let innerSuite = try #require(suites.first { $0.hasPrefix(#"name="Outer.xcassets/Inner.xcassets""#) }, "\(run.stdout)")
        #expect(outerSuite.contains(#"<testcase name="catalog.nested""#), "\(run.stdout)")
        #expect(!innerSuite.contains("catalog.nested") && innerSuite.contains(#"<testcase name="set.unassigned""#), "\(run.stdout)")
    }

    /// `adapt diff`: a finding whose message changes but whose rule and subject do not is not new
    /// (a 3x image added beside a lone 1x one changes which scales `scale.gap` names, not the
    /// entry it is about).
    @Test func diffComparesFindingsByRuleAndSubject() throws {
        func version(scales: [Int]) throws -> TemporaryCatalog {
            let fixture = try TemporaryCatalog(name: "Diff.xcassets")
            let entries: [JSONValue] = scales.map { ["idiom": "universal", "scale": .string("\($0)x"), "filename": .string("a\($0).png")] }
            try fixture.addSet("Set.imageset", entries: entries, files: scales.map { "a\($0).png" })
            return fixture
        }
        let old = try version(scales: [1])
        let new = try version(scales: [1, 3])
        let database = try DeviceDatabase.builtIn()
        func gap(_ fixture: TemporaryCatalog) throws -> Diagnostic? {
            Validator(devices: database, imageChecks: .none).validate([try fixture.read()]).diagnostics.first { $0.code == "scale.gap" }
        }
        let before = try #require(try gap(old))
        let after = try #require(try gap(new))
        #expect(before.message != after.message, "the message changes: \(before.message) / \(after.message)")
        let diff = CatalogDiff(old: try old.read(), new: try new.read(), database: database, imageChecks: .none)
        #expect(diff.newDiagnostics.filter { $0.code == "scale.gap" }.isEmpty, "\(diff.newDiagnostics)")
    }
}
