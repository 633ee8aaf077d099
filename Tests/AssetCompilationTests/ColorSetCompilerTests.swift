@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

/// Colour sets (`ColorSetCompiler`): one rendition per colour, its components as CoreUI stores
/// them, keyed at scale 1.
@Suite struct ColorSetCompilerTests {
    static func colorSet(_ entries: [JSONValue]) throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Accent.colorset", entries: entries)
        return fixture
    }

    static func color(_ space: String, _ components: [String: String], appearances: [JSONValue]? = nil) -> JSONValue {
        var members: [JSONObject.Member] = [
            .init(
                key: "color",
                value: .object(
                    JSONObject([
                        .init(key: "color-space", value: .string(space)),
                        .init(
                            key: "components",
                            value: .object(JSONObject(components.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) }))),
                    ]))),
            .init(key: "idiom", value: "universal"),
        ]
        if let appearances { members.append(.init(key: "appearances", value: .array(appearances))) }
        return .object(JSONObject(members))
    }

    /// Each colour is a rendition keyed at scale 1, its components the 32-bit floats actool
    /// stores, widened; a dark entry is keyed by the dark appearance.
    @Test func eachColourIsARenditionAtScaleOneWithItsComponents() throws {
        let fixture = try Self.colorSet([
            Self.color("srgb", ["red": "1.000", "green": "0.500", "blue": "0.176", "alpha": "1.000"]),
            Self.color(
                "display-p3", ["red": "0.000", "green": "0.000", "blue": "1.000", "alpha": "1.000"],
                appearances: [["appearance": "luminosity", "value": "dark"]]),
        ])
        let (product, compiled) = try CompileFixture.compile(fixture, .iphoneos)
        #expect(product.diagnostics.isEmpty, "\(product.diagnostics)")
        let colours = compiled.renditions.filter { $0.name == "Accent" }
        #expect(colours.count == 2 && colours.allSatisfy { $0.key.scale == 1 })
        let light = try #require(colours.first { ($0.key.appearance ?? 0) == 0 })
        #expect(light.payload == .color(colorSpace: RenditionColorSpace.sRGB.rawValue, components: [1, 0.5, Double(Float(0.176)), 1]))
        let dark = try #require(colours.first { ($0.key.appearance ?? 0) != 0 })
        #expect(dark.payload == .color(colorSpace: RenditionColorSpace.displayP3.rawValue, components: [0, 0, 1, 1]))
        #expect(compiled.appearances?.name(of: dark.key.appearance ?? 0) == "UIAppearanceDark")
    }

    /// A colour space CoreUI has no number for leaves its entry out, naming it.
    @Test func aColourSpaceWithoutANumberIsLeftOut() throws {
        let fixture = try Self.colorSet([Self.color("adobe-rgb", ["red": "1", "green": "0", "blue": "0", "alpha": "1"])])
        let (product, compiled) = try CompileFixture.compile(fixture, .iphoneos)
        #expect(compiled.renditions.isEmpty)
        #expect(product.diagnostics.contains { $0.rule == .compileLeftOut && $0.message.contains("colour space 'adobe-rgb' has no CoreUI number") })
    }
}
