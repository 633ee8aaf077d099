import CatalogFixtures
import Testing

@testable import CompiledCatalog

/// The test fixture `SyntheticCatalog` against the reader: every field it writes reads back as
/// given, so tests built on it state what they mean.
@Suite struct SyntheticCatalogTests {
    static let keyFormat: [RenditionAttribute] = [.appearance, .scale, .idiom, .identifier, .element, .part]

    @Test func everyFieldReadsBackAsGiven() throws {
        var synthetic = SyntheticCatalog(
            keyFormat: Self.keyFormat,
            facets: [.init("Accent", identifier: 7), .init("Dot", identifier: 9), .init("Notes", identifier: 8)],
            renditions: [
                .color("Accent", key: [.identifier: 7], space: 4, components: [1.25, 0.5, 0, 1]),
                .data("notes.json", key: [.identifier: 8], uti: "public.json", bytes: Array("{}".utf8)),
                .bitmap("dot@2x.png", key: [.identifier: 9, .scale: 2, .idiom: 1, .appearance: 1], width: 1, height: 1, pixels: [10, 20, 30, 255]),
            ],
            trees: [
                .namedValues("APPEARANCEKEYS", [("UIAppearanceAny", 0), ("UIAppearanceDark", 1)]),
                .bitmapKeys([(identifier: 7, masks: [0xFFFF_FFFF, 2, 1, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])]),
            ])
        synthetic.platform = ("atv", "26.2")
        synthetic.thinningArguments = "optimized <idiom 3>"
        let catalog = try CompiledCatalog(bytes: try synthetic.bytes())

        #expect(catalog.header.storageVersion == 17 && catalog.header.coreUIVersion == 972 && catalog.header.renditionCount == 3)
        #expect(catalog.header.versionString == "Xcode 26.3 (17C529)")
        #expect(catalog.metadata?.deploymentPlatform == "atv" && catalog.metadata?.deploymentPlatformVersion == "26.2")
        #expect(catalog.metadata?.thinningArguments == "optimized <idiom 3>")
        #expect(catalog.keyFormat.attributes == Self.keyFormat)
        #expect(catalog.facets.map(\.name) == ["Accent", "Dot", "Notes"] && catalog.facets.map(\.nameIdentifier) == [7, 9, 8])
        #expect(catalog.appearances?.name(of: 1) == "UIAppearanceDark")
        #expect(catalog.bitmapKeyCount == 1)

        let color = catalog.renditions[0]
        #expect(color.name == "Accent" && color.renditionName == "Accent" && color.layout == .color)
        guard case .color(let space, let components) = color.payload else {
            Issue.record("not a colour")
            return
        }
        #expect(space == 4 && components == [1.25, 0.5, 0, 1])

        let data = catalog.renditions[1]
        #expect(data.name == "Notes" && data.layout == .data && data.pixelFormat == .data && data.uti == "public.json")
        #expect(try catalog.rawData(of: data) == Array("{}".utf8))

        let dot = catalog.renditions[2]
        #expect(dot.key.scale == 2 && dot.key.idiom == .phone && dot.key.appearance == 1 && dot.key.nameIdentifier == 9)
        #expect(dot.width == 1 && dot.height == 1 && dot.scaleFactor == 200 && dot.pixelFormat == .argb && dot.colorSpace == .sRGB)
        guard case .pixels(let bitmap)? = try catalog.decodedBitmap(of: dot) else {
            Issue.record("not decoded")
            return
        }
        #expect(bitmap.bytes == [10, 20, 30, 255])
    }

    @Test func bitmapKeysEntriesHoldTheIdentifierAndTheMaskBlock() throws {
        let synthetic = SyntheticCatalog(
            keyFormat: [.scale, .identifier], facets: [.init("A", identifier: 6849)],
            trees: [.bitmapKeys([(identifier: 6849, masks: [6, 0xFFFF_FFFF])])])
        let store = try BOMStore(ByteReader(try synthetic.bytes()))
        let tree = try #require(try BOMTree(store, named: "BITMAPKEYS"))
        #expect(tree.entries.map(\.keyBlock) == [6849])
        let block = try store.block(try #require(tree.entries.first).valueBlock, for: "BITMAPKEYS value")
        #expect(store.bytes.copy(offset: block.offset, length: block.length) == LittleEndian.words([1, 0, 12, 2, 6, 0xFFFF_FFFF]))
    }
}
