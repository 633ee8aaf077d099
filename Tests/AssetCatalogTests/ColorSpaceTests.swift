import AssetCatalog
import CatalogFixtures
import Testing

/// Colour sets in every colour space Xcode writes, with components however Xcode spells them.
@Suite struct ColorSpaceTests {
    func read(_ color: JSONValue) throws -> (ColorDefinition?, [Diagnostic]) {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Tint.colorset", entries: [["idiom": "universal", "color": color]])
        let catalog = try fixture.read()
        return (catalog.asset(named: "Tint")?.variants.first?.color, catalog.diagnostics)
    }

    @Test(arguments: ["srgb", "display-p3", "extended-srgb", "extended-linear-srgb"])
    func rgbSpacesReadWithoutWarnings(space: String) throws {
        let (color, diagnostics) = try read(["color-space": .string(space), "components": ["red": "0.5", "green": "0.25", "blue": "1.000", "alpha": "1.000"]])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(color?.colorSpace == space)
        #expect(color?.componentValue("green") == 0.25)
    }

    @Test(arguments: ["gray-gamma-22", "extended-gray"])
    func greySpacesUseWhite(space: String) throws {
        let (color, diagnostics) = try read(["color-space": .string(space), "components": ["white": "0.800", "alpha": "1.000"]])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(color?.componentValue("white") == 0.8)
    }

    @Test func systemColourReferencesNeedNoComponents() throws {
        let (color, diagnostics) = try read(["platform": "ios", "reference": "systemBackgroundColor"])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(color?.reference == "systemBackgroundColor" && color?.platform == "ios")
    }

    @Test(arguments: [("0.502", 0.502), ("128", 128.0 / 255), ("0x80", 128.0 / 255), ("0XFF", 1.0), ("1", 1.0 / 255), ("1.000", 1.0), ("-0.1", -0.1)])
    func componentsAsFloatsIntegersOrHex(text: String, value: Double) {
        #expect(ColorDefinition.fraction(of: text) == value)
    }

    @Test func numbersWrittenAsJSONNumbersReadLikeStrings() throws {
        let (color, diagnostics) = try read(["color-space": "srgb", "components": ["red": .number("0.5"), "green": 255, "blue": 0, "alpha": .number("1.0")]])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(color?.componentValue("red") == 0.5 && color?.componentValue("green") == 1)
    }

    @Test func unknownSpacesAndUnreadableComponentsAreWarnings() throws {
        let (color, diagnostics) = try read([
            "color-space": "cmyk", "components": ["red": "lots", "green": "256", "blue": "0xFFF", "alpha": "1", "cyan": "0.5"],
        ])
        #expect(color?.colorSpace == "cmyk", "kept as written")
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics.map(\.code).sorted() == ["contents.unknown-key"] + Array(repeating: "contents.unknown-value", count: 4))
        #expect(diagnostics.contains { $0.message.contains("unknown colour space 'cmyk'") })
    }
}
