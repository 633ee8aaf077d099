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
            #expect(
                run.stderr.contains("error: not an asset catalog") && run.stderr.contains("Test.xcassets")
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

    /// A user in a hurry: a negative number, a device id without its dash, an asset name in the
    /// wrong case and a missing file each get a message that says what is wrong and what is close.
    @Test func mistypedArgumentsGetAnAnswerThatHelps() throws {
        let fixture = try thinnableCatalog()
        for option in ["--scale", "--memory", "--screen-width"] {
            let negative = try HostileAdapt.run(["resolve", "Test.xcassets", "A", option, "-1"], in: fixture.root)
            #expect(negative.status == 2)
            #expect(negative.stderr.contains("\(option) must be") && !negative.stderr.contains("Missing value"), "\(negative.stderr)")
        }
        let jobs = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "iphone-6", "-o", "out", "--jobs", "-2"], in: fixture.root)
        #expect(jobs.status == 2 && jobs.stderr.contains("--jobs must be at least 1"), "\(jobs.stderr)")

        let device = try HostileAdapt.run(["resolve", "Test.xcassets", "A", "--device", "iphone15"], in: fixture.root)
        #expect(device.status == 2)
        #expect(device.stderr.contains("Unknown device 'iphone15'. Did you mean 'iphone-15'?"), "\(device.stderr)")
        #expect(device.stderr.contains("Usage: adapt resolve"), "the subcommand's usage, not the root's: \(device.stderr)")
        let shouting = try HostileAdapt.run(["thin", "Test.xcassets", "--device", "IPHONE-15", "-o", "out"], in: fixture.root)
        #expect(shouting.stderr.contains("Did you mean 'iphone-15'") && shouting.stderr.contains("Usage: adapt thin"), "\(shouting.stderr)")

        let asset = try HostileAdapt.run(["resolve", "Test.xcassets", "a", "--scale", "2"], in: fixture.root)
        #expect(asset.status == 1)
        #expect(asset.stdout.contains("the catalog has no asset named 'a'. Did you mean 'A'?"), "\(asset.stdout)")

        let missing = try HostileAdapt.run(["png", "missing.png"], in: fixture.root)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("[png.unreadable]") || missing.stderr.contains("[png.unreadable]"), "\(missing.stdout)\(missing.stderr)")
        #expect(!(missing.stdout + missing.stderr).contains("png.truncated"), "a missing file is not a truncated PNG")
    }
}
