import CatalogFixtures
import Testing

@_spi(AdaptTool) @testable import AdaptiveAssets

@Suite struct AccessorGeneratorTests {
    @Test func namesBecomeValidIdentifiers() {
        #expect(AccessorGenerator.identifier("Delivery Status BG 1", upper: false) == "deliveryStatusBG1")
        #expect(AccessorGenerator.identifier("Bottom", upper: false) == "bottom")
        #expect(AccessorGenerator.identifier("URLIcon", upper: false) == "urlIcon")
        #expect(AccessorGenerator.identifier("3d-box", upper: false) == "_3dBox")
        #expect(AccessorGenerator.identifier("box", upper: true) == "Box")
        #expect(AccessorGenerator.identifier("é-+", upper: false) == "unnamed")
        #expect(AccessorGenerator.escaped("default") == "`default`")
        #expect(AccessorGenerator.escaped("_") == "`_`")
        #expect(AccessorGenerator.escaped("precedencegroup") == "`precedencegroup`")
    }

    @Test func namespacesNestAndCollisionsGetSuffixesFromTheirOwnNames() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addGroup("box", providesNamespace: true)
        try fixture.addSet("box/Bottom.imageset", entries: [])
        try fixture.addSet("box/bottom-.imageset", entries: [])
        try fixture.addSet("default.colorset", entries: [])
        let source = AccessorGenerator().source(for: [try fixture.read()])
        #expect(source.contains("public enum Asset {"))
        #expect(source.contains("    public enum Box {"))
        let bottom = AccessorGenerator.Member(kind: .asset, name: "Bottom", qualified: "box/Bottom")
        let dash = AccessorGenerator.Member(kind: .asset, name: "bottom-", qualified: "box/bottom-")
        let names = AccessorGenerator().names(for: [bottom, dash]).map(\.identifier)
        #expect(names[0].hasPrefix("bottom__") && names[1].hasPrefix("bottom__") && names[0] != names[1])
        #expect(source.contains("public static let \(names[0]) = AssetName(\"box/Bottom\", type: \"imageset\")"))
        #expect(source.contains("public static let \(names[1]) = AssetName(\"box/bottom-\", type: \"imageset\")"))
        #expect(source.contains("public static let `default` = AssetName(\"default\", type: \"colorset\")"))
        #expect(AccessorGenerator().source(for: [try fixture.read()]) == source, "deterministic")
    }

    @Test func literalsEscapeEverythingButPlainASCII() {
        #expect(AccessorGenerator.literal("box/Bottom") == #""box/Bottom""#)
        #expect(AccessorGenerator.literal("a\"b\\c`d") == #""a\u{22}b\u{5C}c\u{60}d""#)
        #expect(AccessorGenerator.literal("\n\r\u{1}\u{7F}\u{202E}\u{2066}\u{2028}é") == #""\u{A}\u{D}\u{1}\u{7F}\u{202E}\u{2066}\u{2028}\u{E9}""#)
        #expect(AccessorGenerator.literal("\"\"\" */ /* #if \\(x)") == #""\u{22}\u{22}\u{22} */ /* #if \u{5C}(x)""#)
    }

    @Test func theRootTypeNameIsChecked() {
        #expect(AccessorGenerator.rootTypeNameProblem("Asset") == nil)
        #expect(AccessorGenerator.rootTypeNameProblem("R") == nil)
        #expect(AccessorGenerator.rootTypeNameProblem("_Assets2") == nil)
        for bad in [
            "", "AssetName", "Type", "Protocol", "Self", "self", "_", "class", "precedencegroup", "String", "Swift",
            "2Assets", "My Assets", "Asset\n", "Ассет", "`Asset`", "Asset.Name", "Sendable",
        ] {
            #expect(AccessorGenerator.rootTypeNameProblem(bad) != nil, "\(bad.debugDescription) was accepted")
        }
    }
}
