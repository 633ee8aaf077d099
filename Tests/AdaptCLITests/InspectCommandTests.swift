import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

@Suite struct InspectCommandTests {
    @Test func showcaseListingMatchesTheSnapshot() throws {
        let run = try Adapt.run(["inspect", "Assets/Showcase.xcassets"])
        #expect(run.status == 0, "\(run.stderr)")
        try assertSnapshot(run.stdout, named: "inspect-showcase.txt")
        // The findings are validate's, counted the same (issue #20).
        let validate = try Adapt.run(["validate", "Assets/Showcase.xcassets"])
        #expect(run.stderr == validate.stderr)
    }

    @Test func jsonListsEveryAssetAndVariant() throws {
        let run = try Adapt.run(["inspect", "Assets/Showcase.xcassets", "--format", "json"])
        #expect(run.status == 0)
        let json = try JSONParser.parse(Array(run.stdout.utf8))
        let assets = try #require(json["assets"]?.array)
        let names = assets.compactMap { $0["name"]?.string }
        #expect(names.contains("Icons/Star") && names.contains("AppIcon") && names.contains("Level"))
        let logo = try #require(assets.first { $0["name"] == "Logo" })
        #expect(logo["type"] == "imageset")
        #expect(logo["variants"]?.array?.count == 12)
        #expect(json["diagnostics"]?.array?.contains { $0["severity"] == "error" } == false)
    }

    @Test func errorsPrintInTheCompilerFormatAndExitOne() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write("{ \"images\" : [ }", to: "Broken.imageset/Contents.json")
        let run = try Adapt.run(["inspect", fixture.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(fixture.path)/Broken.imageset/Contents.json:1:16: error: malformed JSON"))
        let json = try Adapt.run(["inspect", fixture.path, "--format", "json"])
        #expect(json.status == 1)
        let diagnostics = try JSONParser.parse(Array(json.stdout.utf8))["diagnostics"]?.array
        #expect(diagnostics?.first?["line"] == 1)
        #expect(diagnostics?.first?["code"] == "json.malformed")
    }

    @Test func missingCatalogAndUsageErrorsHaveTheirExitCodes() throws {
        let missing = try Adapt.run(["inspect", "Nope.xcassets"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Nope.xcassets:1:1: error:"))
        let usage = try Adapt.run(["inspect", "Assets/Showcase.xcassets", "--format", "yaml"])
        #expect(usage.status == 2)
        #expect(usage.stdout.isEmpty)
        #expect(try Adapt.run(["frobnicate"]).status == 2)
    }
}
