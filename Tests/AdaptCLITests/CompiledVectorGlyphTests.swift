import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// `adapt inspect` over a custom symbol's glyphs (layout 1017), in a catalog built here in the
/// shape of Apple's: the files themselves may not be committed (`docs/SymbolSetFacts.md`).
@Suite struct CompiledVectorGlyphTests {
    /// Intercom's iOS SDK (github intercom/intercom-ios, `Intercom.xcframework/ios-arm64/
    /// Intercom.framework/Assets.car`, release 18.8.0 of 2025-06-05, Xcode 16.0 16A242d, iOS 15.0)
    /// holds the symbol `gif` as 4 renditions: key format `[7, 13, 12, 15, 16, 26, 27, 8, 25, 17, 1,
    /// 2]` (appearance … glyphWeight, glyphSize … element, part); facet element 85, part 59,
    /// deployment target 5; each rendition named `gif.svg`, layout 1017, pixel format `SVG `,
    /// flags 0x4, scale field 100, properties 1004, 1006, 1018 and 1019, data `RAWD`; keys scale
    /// 1, deployment target 5 and (glyphWeight, glyphSize) (1, 1), (4, 1), (9, 1), (5, 2).
    /// MediaMate.app (Xcode 16.0, macOS) compiled the MoreSFSymbols template `logo.bluetooth.svg`,
    /// all 27 glyphs: each rendition's path is the template glyph whose weight is the 1-to-9th of
    /// Ultralight … Black and whose size the 1-to-3rd of S, M, L, which is how these are named.
    static let keyFormat: [RenditionAttribute] = [
        .appearance, .localization, .scale, .idiom, .subtype, .glyphWeight, .glyphSize, .dimension1, .deploymentTarget, .identifier,
        .element, .part,
    ]

    /// Intercom's properties of its `Ultralight-S` glyph, as the file has them.
    static let glyphProperties: [SyntheticCatalog.Property] = [
        .raw(type: 1004, bytes: [0, 0, 0, 0, 0, 0, 0x80, 0x3F]),
        .raw(type: 1006, bytes: [1, 0, 0, 0]),
        .raw(type: 1018, bytes: hex("0700000011000000333323bf03a63f410000a040ee7c3f3f00c0943fbe6a7d3f00c0943f00000000")),
        .raw(type: 1019, bytes: hex("010000000000000003000000")),
    ]

    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).map { offset in
            let start = text.index(text.startIndex, offsetBy: offset)
            return UInt8(text[start..<text.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    static let svg = Array(#"<svg version="1.1" viewBox="0 0 13.005 10.795"><g id="s"/></svg>"#.utf8)
    /// A rendition's bytes: the 184-byte CSI header, the four properties (each a type and a
    /// length before its value) and `RAWD`'s 12-byte head before the SVG.
    static let renditionSize =
        184
        + glyphProperties.reduce(0) { total, property in
            guard case .raw(_, let bytes) = property else { return total }
            return total + 8 + bytes.count
        } + 12 + svg.count

    static func glyph(weight: UInt16, size: UInt16) -> SyntheticCatalog.Rendition {
        SyntheticCatalog.Rendition(
            "gif.svg", key: [.identifier: 22885, .scale: 1, .glyphWeight: weight, .glyphSize: size, .deploymentTarget: 5],
            layout: RenditionLayout(rawValue: 1017), pixelFormat: .svg, flags: 0x4, properties: glyphProperties, payload: .rawData(svg))
    }

    @Test func eachGlyphInspectsAsAVectorGlyphWithItsTemplateWeightAndSize() throws {
        let catalog = SyntheticCatalog(
            keyFormat: Self.keyFormat,
            facets: [.init("gif", identifier: 22885, attributes: [(.element, 85), (.part, 59), (.deploymentTarget, 5)])],
            renditions: [Self.glyph(weight: 1, size: 1), Self.glyph(weight: 4, size: 1), Self.glyph(weight: 9, size: 1), Self.glyph(weight: 5, size: 2)])
        let folder = try TemporaryCatalog(writeRootContents: false)
        let car = try catalog.write(to: folder.root + "/Assets.car")

        let inspect = try Adapt.run(["inspect", car])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        let lines = inspect.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for glyph in ["Ultralight-S", "Regular-S", "Black-S", "Medium-M"] {
            #expect(
                lines.contains {
                    $0.hasPrefix("gif.svg") && $0.contains(" universal 1x \(glyph) deployment 5 ")
                        && $0.hasSuffix("SVG, VectorGlyph, \(Self.renditionSize) bytes")
                },
                "\(glyph): \(inspect.stdout)")
        }

        let json = try Adapt.run(["inspect", car, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONParser.parse(Array(json.stdout.utf8)).array)
        let glyphs = document.filter { $0["Name"]?.string == "gif" }
        #expect(glyphs.count == 4 && glyphs.allSatisfy { $0["AssetType"]?.string == "VectorGlyph" }, "\(json.stdout)")
    }
}
