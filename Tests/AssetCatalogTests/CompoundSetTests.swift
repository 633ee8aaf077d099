import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// The set types whose entries name child sets (tvOS brand assets and image stacks, visionOS solid
/// image stacks, watchOS complication sets), read from small catalogs written for each.
@Suite struct CompoundSetTests {
    static let layerNames = ["Front", "Middle", "Back"]

    /// A layered image: a stack whose layers each hold a `Content.imageset` with `images`.
    func addStack(_ fixture: TemporaryCatalog, at folder: String, layerExtension: String, images: [JSONValue]) throws {
        try fixture.addSet(folder, entries: Self.layerNames.map { ["filename": .string("\($0).\(layerExtension)")] })
        for layer in Self.layerNames {
            try fixture.write(#"{"info":{"author":"xcode","version":1}}"#, to: "\(folder)/\(layer).\(layerExtension)/Contents.json")
            let files = images.compactMap { $0["filename"]?.string }
            try fixture.addSet("\(folder)/\(layer).\(layerExtension)/Content.imageset", entries: images, files: files)
        }
    }

    func unknownCodes(_ catalog: Catalog) -> [Diagnostic] {
        catalog.diagnostics.filter { $0.code.hasPrefix("contents.unknown") || $0.severity == .error }
    }

    @Test func brandAssetsExposeTheirSlotsAndReadTheirStacks() throws {
        let fixture = try TemporaryCatalog()
        let brand = "App Icon & Top Shelf Image.brandassets"
        try fixture.addSet(
            brand,
            entries: [
                ["filename": "App Icon - App Store.imagestack", "idiom": "tv-marketing", "role": "primary-app-icon", "size": "1280x768"],
                ["filename": "App Icon.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "400x240"],
                ["filename": "Top Shelf Image.imageset", "idiom": "tv", "role": "top-shelf-image", "size": "1920x720"],
            ])
        try addStack(
            fixture, at: "\(brand)/App Icon - App Store.imagestack", layerExtension: "imagestacklayer",
            images: [["idiom": "tv", "scale": "1x", "filename": "l.png"]])
        try addStack(
            fixture, at: "\(brand)/App Icon.imagestack", layerExtension: "imagestacklayer",
            images: [["idiom": "tv", "scale": "1x", "filename": "s.png"], ["idiom": "tv", "scale": "2x", "filename": "s@2x.png"]])
        try fixture.addSet("\(brand)/Top Shelf Image.imageset", entries: [["idiom": "tv", "scale": "1x", "filename": "t.png"]], files: ["t.png"])

        let catalog = try fixture.read()
        #expect(unknownCodes(catalog).isEmpty, "\(catalog.diagnostics)")
        #expect(catalog.assets.map(\.name) == ["App Icon & Top Shelf Image"], "child sets are not assets of their own")
        let asset = try #require(catalog.assets.first)
        #expect(asset.type == .brandAssets && !asset.type.hasSelectableVariants)
        #expect(asset.variants.map(\.idiom) == [.storeOnly("tv-marketing"), .device(.tv), .device(.tv)])
        #expect(asset.variants.map(\.role) == ["primary-app-icon", "primary-app-icon", "top-shelf-image"])
        #expect(asset.variants.map(\.size) == ["1280x768", "400x240", "1920x720"])
        #expect(asset.variants.allSatisfy { $0.fileProblem == nil }, "a filename naming a child folder is valid here")
        #expect(asset.children.map(\.type) == [.imageStack, .imageStack, .imageSet])
        let stack = asset.children[1]
        #expect(stack.name == "App Icon & Top Shelf Image/App Icon")
        #expect(stack.variants.map(\.filename) == ["Front.imagestacklayer", "Middle.imagestacklayer", "Back.imagestacklayer"])
        #expect(stack.children.map(\.type) == [.imageStackLayer, .imageStackLayer, .imageStackLayer])
        #expect(stack.children[0].children.first?.variants.map(\.scale) == [1, 2], "a layer's Content.imageset is read")
    }

    @Test func aSlotNamingAMissingFolderIsAnError() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Icon.brandassets", entries: [["filename": "Gone.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "400x240"]],
            files: ["Gone.imagestack"])
        let catalog = try fixture.read()
        let error = try #require(catalog.diagnostics.first { $0.code == "contents.missing-file" })
        #expect(error.message.contains("missing folder 'Gone.imagestack'"), "a file of that name is not the folder")
        #expect(error.location?.file.hasSuffix("Icon.brandassets/Contents.json") == true)
    }

    @Test func aMissingFileInsideALayerIsFound() throws {
        let fixture = try TemporaryCatalog()
        try addStack(fixture, at: "Poster.imagestack", layerExtension: "imagestacklayer", images: [["idiom": "tv", "scale": "1x", "filename": "p.png"]])
        try FileManager.default.removeItem(atPath: fixture.path + "/Poster.imagestack/Back.imagestacklayer/Content.imageset/p.png")
        let errors = try fixture.read().diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["contents.missing-file"])
        #expect(errors.first?.location?.file.hasSuffix("Back.imagestacklayer/Content.imageset/Contents.json") == true)
    }

    @Test func visionIconsReadWithTheVisionAndRealityIdioms() throws {
        let fixture = try TemporaryCatalog()
        try addStack(
            fixture, at: "AppIcon.solidimagestack", layerExtension: "solidimagestacklayer",
            images: [
                ["idiom": "vision", "scale": "2x", "filename": "v.png"], ["idiom": "reality", "scale": "2x", "filename": "r.png"],
            ])
        let catalog = try fixture.read()
        #expect(unknownCodes(catalog).isEmpty, "\(catalog.diagnostics)")
        let content = try #require(catalog.assets.first?.children.first?.children.first)
        #expect(content.variants.map(\.idiom) == [.device(.vision), .storeOnly("reality")])
        #expect(content.variants.allSatisfy { $0.unrecognized.isEmpty })
    }

    @Test func complicationSetsReadTheirRolesAndImages() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Complication.complicationset",
            entries: [
                ["filename": "Circular.imageset", "idiom": "watch", "role": "circular"],
                ["filename": "Graphic Corner.imageset", "idiom": "watch", "role": "graphic-corner"],
            ])
        for child in ["Circular", "Graphic Corner"] {
            try fixture.addSet(
                "Complication.complicationset/\(child).imageset",
                entries: [
                    ["idiom": "watch", "screen-width": "<=145", "scale": "2x"], ["idiom": "watch", "screen-width": ">183", "scale": "2x", "filename": "c.png"],
                ], files: ["c.png"])
        }
        let catalog = try fixture.read()
        #expect(unknownCodes(catalog).isEmpty, "\(catalog.diagnostics)")
        let set = try #require(catalog.asset(named: "Complication"))
        #expect(set.variants.map(\.role) == ["circular", "graphic-corner"])
        #expect(set.children.map(\.name) == ["Complication/Circular", "Complication/Graphic Corner"])
        #expect(set.children.allSatisfy { $0.variants.count == 2 })
    }

    @Test func legacyLaunchImagesKeepTheirKeys() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "LaunchImage.launchimage",
            entries: [
                [
                    "orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "8.0",
                    "subtype": "736h", "scale": "3x", "filename": "l.png",
                ],
                ["orientation": "landscape", "idiom": "ipad", "extent": "to-status-bar", "scale": "1x"],
            ], files: ["l.png"])
        let catalog = try fixture.read()
        #expect(unknownCodes(catalog).isEmpty, "\(catalog.diagnostics)")
        let variants = try #require(catalog.asset(named: "LaunchImage")).variants
        #expect(variants.map(\.subtype) == ["736h", nil])
        #expect(variants.map { $0.entry["extent"]?.string } == ["full-screen", "to-status-bar"])
    }

    @Test func dataSetsTakeAnyFileTypeAndSymbolSetsNeedNoFile() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Anim.dataset", entries: [["idiom": "universal", "filename": "a.caar", "universal-type-identifier": "com.apple.coreanimation-archive"]],
            files: ["a.caar"])
        try fixture.addSet("Feed.dataset", entries: [["idiom": "universal", "filename": "feed.json"]], files: ["feed.json"])
        try fixture.addSet("Blob.dataset", entries: [["idiom": "universal", "filename": "blob", "universal-type-identifier": "public.data"]], files: ["blob"])
        try fixture.addSet("Star.symbolset", entries: [["idiom": "universal", "filename": "star.svg"]], files: ["star.svg"])
        try fixture.addSet("Placeholder.symbolset", entries: [["idiom": "universal"]])
        let catalog = try fixture.read()
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        #expect(catalog.asset(named: "Blob")?.variants.first?.isSelectable == true)
        #expect(catalog.asset(named: "Placeholder")?.variants.first?.isEmptySlot == true)
    }

    @Test(arguments: ["cap-insets", "capInsets"])
    func resizingIsKeptWithEitherSpellingOfCapInsets(key: String) throws {
        let fixture = try TemporaryCatalog()
        let resizing = JSONValue.object(
            JSONObject([
                .init(key: "mode", value: "3-part-horizontal"), .init(key: "center", value: ["mode": "fill", "width": 1]),
                .init(key: key, value: ["left": 10, "right": 10]),
            ]))
        try fixture.addSet("Button.imageset", entries: [["idiom": "universal", "filename": "b.png", "resizing": resizing]], files: ["b.png"])
        let catalog = try fixture.read()
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        #expect(catalog.asset(named: "Button")?.variants.first?.resizing?[key]?["left"] == 10)
    }
}
