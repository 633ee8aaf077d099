import AssetCatalog
import AssetSelection
import AssetThinning
import CatalogFixtures
import DeviceProfiles
import Testing

/// Issue #20, part 4: every set type is read with its variants, and kept only on the devices that
/// can show it.
@Suite struct SetTypeThinningTests {
    let database = try! DeviceDatabase.builtIn()

    /// A catalog with one set of each type that used to read as empty.
    func catalog() throws -> Catalog {
        let fixture = try TemporaryCatalog()
        for name in ["icon_16x16.png", "icon_16x16@2x.png", "icon_512x512@2x.png", "README.txt"] {
            try fixture.write(PNGFixture.png(width: 16, height: 16), to: "Mac.iconset/" + name)
        }
        try fixture.addSet(
            "Pack.stickerpack", entries: [["filename": "Cat.sticker"], ["filename": "Run.stickersequence"]],
            properties: ["grid-size": "regular"])
        try fixture.write(#"{"info":{"author":"xcode","version":1},"properties":{"filename":"cat.png"}}"#, to: "Pack.stickerpack/Cat.sticker/Contents.json")
        try fixture.write(PNGFixture.png(width: 8, height: 8), to: "Pack.stickerpack/Cat.sticker/cat.png")
        try fixture.addSet("Pack.stickerpack/Run.stickersequence", entries: [["filename": "1.png"], ["filename": "2.png"]], files: ["1.png", "2.png"])
        try fixture.addSet("Stone.textureset", entries: [["idiom": "universal", "filename": "Base.mipmapset"]])
        try fixture.addSet("Stone.textureset/Base.mipmapset", entries: [["idiom": "universal", "filename": "s.png", "mipmap-level": "base"]], files: ["s.png"])
        try fixture.addImageStack()
        return try fixture.read()
    }

    @Test func eachSetTypeIsReadWithItsVariants() throws {
        let catalog = try catalog()
        let icons = try #require(catalog.asset(named: "Mac"))
        #expect(
            icons.variants.map { "\($0.idiom.contentsValue) \($0.size ?? "") \($0.scale ?? 0)x \($0.filename ?? "")" }
                == ["mac 16x16 1x icon_16x16.png", "mac 16x16 2x icon_16x16@2x.png", "mac 512x512 2x icon_512x512@2x.png"])
        let pack = try #require(catalog.asset(named: "Pack"))
        #expect(pack.variants.count == 2)
        #expect(pack.children.map(\.name).sorted() == ["Pack/Cat", "Pack/Run"])
        #expect(pack.children.first { $0.type == .sticker }?.variants.map(\.filename) == ["cat.png"])
        #expect(pack.children.first { $0.type == .stickerSequence }?.variants.count == 2)
        let stone = try #require(catalog.asset(named: "Stone"))
        #expect(stone.variants.count == 1 && stone.children.first?.variants.first?.filename == "s.png")
    }

    @Test(arguments: [
        ("iphone-16", ["Pack", "Stone"]), ("ipad-air-2", ["Pack", "Stone"]), ("apple-tv-4k-3", ["Stack", "Stone"]),
        ("mac-apple-silicon", ["Mac", "Stone"]), ("apple-vision-pro", ["Stack", "Stone"]),
    ])
    func eachDeviceKeepsOnlyWhatItCanShow(_ device: String, _ expected: [String]) throws {
        let catalog = try catalog()
        let plan = ThinningPlan(index: AssetIndex(catalog), device: try #require(database.profile(matching: device)))
        let kept = plan.assets.filter { !$0.droppedWhole && ($0.keptWhole || !$0.kept.isEmpty) }.map { catalog.assets[$0.asset].name }
        #expect(kept.sorted() == expected)
    }

    /// A macOS `.iconset` answers per size, as an app icon set answers per slot: a Retina Mac
    /// shows each size's @2x file, a 1x display its 1x one where there is one.
    @Test func anIconSetResolvesPerSize() throws {
        let index = AssetIndex(try catalog())
        func shown(_ scale: Int) -> [String] {
            let selection = index.select("Mac", for: TraitCollection(userInterfaceIdiom: .mac, displayScale: scale))
            let asset = index.catalog.asset(named: "Mac")!
            return selection.slots.compactMap { $0.winner.flatMap { asset.variants[$0].filename } }
        }
        #expect(shown(2) == ["icon_16x16@2x.png", "icon_512x512@2x.png"])
        #expect(shown(1) == ["icon_16x16.png", "icon_512x512@2x.png"])
        #expect(!index.select("Mac", for: TraitCollection(userInterfaceIdiom: .phone, displayScale: 3)).isMatch, "not an iPhone's")
    }

    /// An image stack answers per layer, as an app icon set answers per slot.
    @Test func anImageStackResolvesPerLayer() throws {
        let index = AssetIndex(try catalog())
        let selection = index.select("Stack", for: TraitCollection(userInterfaceIdiom: .tv, displayScale: 2))
        #expect(selection.isMatch)
        #expect(selection.slots.map { $0.slot?.description } == ["tvos layer=Front", "tvos layer=Back"])
        #expect(selection.slots.map(\.assetName) == ["Stack/Front/Content", "Stack/Back/Content"])
        #expect(selection.slots.map(\.winner) == [1, 1])
    }
}
