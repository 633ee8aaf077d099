import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Issue #9, part C: a folder that is not a catalog gets a clear answer, not a walk of the project.
@Suite struct CarelessUseTests {
    @Test func aProjectFolderIsRefusedListingTheCatalogsInside() throws {
        let fixture = try thinnableCatalog()
        try fixture.write("// app", to: "../Sources/App/main.swift")
        // (`validate .` validates the catalogs inside instead, for CI: see ConfigFileTests.aFolderStandsForTheCatalogsInside.)
        for command in [["inspect", "."], ["thin", ".", "--device", "iphone-6", "-o", "out"]] {
            let before = snapshot(fixture.root)
            let run = try HostileAdapt.run(command, in: fixture.root)
            #expect(run.status == 1, "\(command[0]): \(run.stderr)")
            #expect(run.stderr.contains("error: not an asset catalog") && run.stderr.contains("Test.xcassets")
                    && run.stderr.contains("[catalog.not-a-catalog]"), "\(command[0]): \(run.stderr)")
            #expect(!run.stderr.contains("main.swift"), "the project was walked as a catalog")
            #expect(snapshot(fixture.root) == before)
        }
        try FileManager.default.createDirectory(atPath: fixture.root + "/empty", withIntermediateDirectories: true)
        let empty = try HostileAdapt.run(["inspect", "empty"], in: fixture.root)
        #expect(empty.status == 1)
        #expect(empty.stderr.hasPrefix("empty:1:1: error: not an asset catalog") && empty.stderr.contains("no .xcassets folder was found"))
    }

    @Test func aCatalogInsideACatalogIsNotReadAsAGroup() throws {
        let fixture = try thinnableCatalog()
        try fixture.write(#"{"images":[{"idiom":"universal","filename":"missing.png"}]}"#, to: "Inner.xcassets/X.imageset/Contents.json")
        let run = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none"], in: fixture.root)
        #expect(run.stderr.contains("Test.xcassets/Inner.xcassets:1:1: warning:") && run.stderr.contains("[catalog.nested]"), "\(run.stderr)")
        #expect(!run.stderr.contains("missing.png"))
    }

    @Test func theSameCatalogTwiceDoesNotCollideWithItself() throws {
        let fixture = try thinnableCatalog()
        let run = try HostileAdapt.run(["validate", "Test.xcassets", "Test.xcassets/", "./Test.xcassets", "--images", "none"], in: fixture.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("name.collision"))
    }
}
