import CatalogFixtures
import Foundation
import Testing

/// `adapt validate --accessors` on names from a pull request: collisions are reported like any
/// finding, and the root type name is checked before anything runs.
@Suite struct AccessorNameTests {
    @Test func collisionsAreWarningsInValidateOutput() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("logo.imageset", entries: [])
        try fixture.addSet("Logo.colorset", entries: [])
        let run = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none", "--accessors", "Asset.swift"], in: fixture.root)
        #expect(run.status == 0, "\(run.stderr)")
        let output = run.stdout + run.stderr
        #expect(output.contains("Logo.colorset:1:1: warning: the accessor of asset 'Logo' is Asset.logo__df41e0"), "\(output)")
        #expect(output.contains("[accessors.name-collision]"))
        let source = try String(contentsOfFile: fixture.root + "/Asset.swift", encoding: .utf8)
        #expect(source.contains("public static let logo = AssetName(\"logo\", type: \"imageset\")"))
        #expect(source.contains("public static let logo__df41e0 = AssetName(\"Logo\", type: \"colorset\")"))
        // Without --accessors there is no such finding.
        let plain = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none"], in: fixture.root)
        #expect(!(plain.stdout + plain.stderr).contains("accessors.name-collision"))
    }

    @Test func aBadRootTypeNameIsAUsageError() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("logo.imageset", entries: [])
        for bad in ["AssetName", "Type", "self", "2x", "My Assets", "String", "a\nb"] {
            let run = try HostileAdapt.run(
                ["validate", "Test.xcassets", "--images", "none", "--accessors", "A.swift", "--accessors-type", bad],
                in: fixture.root)
            #expect(run.status == 2, "\(bad.debugDescription): exit \(run.status)")
            #expect(run.stderr.contains("--accessors-type '\(bad.escapingNewlines)'"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: fixture.root + "/A.swift"))
        }
    }
}

extension String {
    fileprivate var escapingNewlines: String { replacingOccurrences(of: "\n", with: "\\n") }
}
