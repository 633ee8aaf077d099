import CatalogFixtures
import Foundation
import Testing

/// Issue #26, item 6, through the tool: `inspect` counts and lists every facet of names Swift's
/// `String` equality merges, telling look-alikes apart by their bytes, and `thin` keeps them all.
@Suite struct CompiledMergingNamesTests {
    @Test func inspectAndThinKeepEveryLookAlikeName() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let car = folder.root + "/Assets.car"
        try Data(try HostileCompiledCatalogs.namesThatMerge()).write(to: URL(fileURLWithPath: car))
        let inspect = try Adapt.run(["inspect", car])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("6 assets, 6 renditions"), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("Caf\u{E9}  (name bytes 43 61 66 c3 a9)"), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("(name bytes 43 61 66 65 cc 81)"), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("(name bytes 58 ff)") && inspect.stdout.contains("(name bytes 58 fe)"), "\(inspect.stdout)")
        // A NUL is part of the name, escaped in the listing.
        #expect(inspect.stdout.contains("\nA\\u{00}B\n") && inspect.stdout.contains("\nA\\u{00}C\n"), "\(inspect.stdout)")
        let thin = try Adapt.run(["thin", car, "--device", "iphone-6", "-o", folder.root + "/Thinned"])
        #expect(thin.status == 0, "\(thin.stderr)")
        let slice = try Adapt.run(["inspect", folder.root + "/Thinned/iphone-6/Assets.car"])
        #expect(slice.stdout.contains("6 assets, 6 renditions"), "\(slice.stdout)")
    }
}
