@testable import AdaptiveAssets
import CatalogFixtures
import Testing

@Suite struct AccessorGeneratorTests {
    @Test func namesBecomeValidNonCollidingIdentifiers() {
        #expect(AccessorGenerator.identifier("Delivery Status BG 1", upper: false) == "deliveryStatusBG1")
        #expect(AccessorGenerator.identifier("Bottom", upper: false) == "bottom")
        #expect(AccessorGenerator.identifier("URLIcon", upper: false) == "urlIcon")
        #expect(AccessorGenerator.identifier("3d-box", upper: false) == "_3dBox")
        #expect(AccessorGenerator.identifier("box", upper: true) == "Box")
        #expect(AccessorGenerator.identifier("é-+", upper: false) == "unnamed")
        #expect(AccessorGenerator.escaped("default") == "`default`")
    }

    @Test func namespacesNestAndCollisionsGetSuffixes() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addGroup("box", providesNamespace: true)
        try fixture.addSet("box/Bottom.imageset", entries: [])
        try fixture.addSet("box/bottom-.imageset", entries: [])
        try fixture.addSet("default.colorset", entries: [])
        let source = AccessorGenerator().source(for: [try fixture.read()])
        #expect(source.contains("public enum Asset {"))
        #expect(source.contains("    public enum Box {"))
        #expect(source.contains("public static let bottom = AssetName(\"box/Bottom\", type: \"imageset\")"))
        #expect(source.contains("public static let bottom2 = AssetName(\"box/bottom-\", type: \"imageset\")"))
        #expect(source.contains("public static let `default` = AssetName(\"default\", type: \"colorset\")"))
        #expect(AccessorGenerator().source(for: [try fixture.read()]) == source, "deterministic")
    }
}
