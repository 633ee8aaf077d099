import AdaptiveAssets
import AssetCatalog
import CatalogExtraction
import CatalogFixtures
import DeviceProfiles
import Foundation
import Testing

@testable import CompiledCatalog

/// The reader over real files from Xcode 10 to Xcode 26 (`compiled/recent`), against their source
/// catalogs where the repository has them, and otherwise against facts the files state twice
/// (a header and the data it describes).
/// Run by `Scripts/test` on the shared corpus (see `RecentCorpus`).
@Suite struct RecentCorpusTests {
    typealias File = RecentCorpus.File

    @Test(arguments: RecentCorpus.files)
    func everyFileReadsWithOneRenditionPerTreeEntryAndItsHeader(_ file: File) throws {
        let catalog = try RecentCorpus.read(file)
        let bytes = try RecentCorpus.bytes(file.path)
        #expect(catalog.header.coreUIVersion == file.coreUI)
        #expect(catalog.header.storageVersion == file.storageVersion)
        #expect(catalog.header.mainVersion.hasPrefix("@(#)PROGRAM:CoreUI  PROJECT:CoreUI-\(file.coreUI)"))
        #expect(catalog.header.versionString.hasPrefix(file.tool))
        #expect(catalog.metadata?.deploymentPlatform == file.platform)
        #expect(catalog.metadata?.deploymentPlatformVersion == file.platformVersion)
        #expect(catalog.renditions.count == file.renditions)
        #expect(catalog.renditions.count == Int(catalog.header.renditionCount))
        #expect(catalog.renditions.count == CompiledCorpus.leafEntryCount(bytes, tree: "RENDITIONS") ?? -1)
        // Every rendition belongs to a facet but the packed images, and no value read is one
        // this reader had to leave raw where the header names a kind it knows.
        #expect(catalog.renditions.allSatisfy { ($0.name == nil) == ($0.layout == .packedImage) })
        for rendition in catalog.renditions where rendition.layout == .internalReference {
            #expect(rendition.imageLayout == .onePartScale, "\(rendition.renditionName)")
        }
    }

    /// The metadata's platform decides which devices `--all-devices` thins a file for.
    @Test(arguments: RecentCorpus.files)
    func thePlatformTheMetadataNamesIsKnown(_ file: File) throws {
        let idioms: [String: Set<UserInterfaceIdiom>] = ["ios": [.phone, .pad], "macosx": [.mac], "atv": [.tv]]
        let expected = try #require(idioms[file.platform])
        let devices = CompiledThinning.devices(for: try RecentCorpus.read(file), in: try DeviceDatabase.builtIn())
        #expect(Set(devices.map(\.idiom)) == expected)
    }

    @Test(arguments: RecentCorpus.files)
    func theAssetutilDocumentIsJSONWithTheHeadersValues(_ file: File) throws {
        let catalog = try RecentCorpus.read(file)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(CompiledCatalog.AssetutilDocument(catalog).bytes())) as? [[String: Any]])
        #expect(document.count == catalog.renditions.count + 1)
        #expect(document[0]["StorageVersion"] as? Int == Int(file.storageVersion))
        #expect(document[0]["CoreUIVersion"] as? Int == Int(file.coreUI))
        #expect(document[0]["Platform"] as? String == file.platform)
        // Every bitmap's colour space has assetutil's spelling: these files hold only sRGB
        // (ARGB), grey gamma 2.2 (GA8) and extended sRGB (RGBW, printed raw).
        let spaces = Set(document.dropFirst().compactMap { $0["Colorspace"] as? String })
        #expect(spaces.isSubset(of: ["srgb", "gray gamma 22", "extended gray", "Unknown(4)"]), "\(spaces)")
    }

    /// What `adapt extract` writes is a catalog the reader reads without an error (the thinned
    /// Xcode 16 file's only image is RGBW: a 16-bit Display P3 PNG).
    @Test(arguments: RecentCorpus.files)
    func extractWritesACatalogTheReaderReads(_ file: File) throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let output = folder.root + "/Extracted.xcassets"
        let compiled = try RecentCorpus.read(file)
        let result = try CompiledExtraction(compiled).write(to: output)
        #expect(!result.skipped.contains { $0.reason == "decode-failed" }, "\(result.skipped)")
        let extracted = try CatalogReader().read(at: output)
        #expect(!extracted.diagnostics.hasErrors, "\(extracted.diagnostics.filter { $0.severity == .error })")
        #expect(result.written == result.files.count + extracted.assets.filter { $0.type == .colorSet }.flatMap(\.variants).count)
    }

    // MARK: - Xcode 15.2: one JPEG

    /// The display-gamut value 1 is Display P3: Xcode 26.2 keyed AM-MiniPlayer's Icon Composer
    /// layer `Ellipse 2 2.png` (a Display P3 PNG) twice, its wide-colour `RGBW` rendition with
    /// gamut 1 and its `ARGB` one with none. adapt read 1 as sRGB before.
    @Test func theWideColourRenditionIsKeyedP3() throws {
        let catalog = try CompiledCatalog(path: try RecentCorpus.path("AM-MiniPlayer/nanoPod.app/Contents/Resources/Assets.car"))
        let layer = catalog.renditions.filter { $0.name == "AppIcon_Assets/Ellipse 2 2" }
        #expect(layer.count == 2)
        let wide = try #require(layer.first { $0.pixelFormat == .rgbw })
        let narrow = try #require(layer.first { $0.pixelFormat == .argb })
        #expect(wide.key.displayGamut == .P3)
        #expect(narrow.key.displayGamut == nil)
    }

    @Test func theXcode15FileHoldsItsJPEGAsStored() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.sentryXcode15)
        #expect(catalog.keyFormat.attributes == [.appearance, .localization, .scale, .idiom, .subtype, .identifier, .element, .part])
        let rendition = try #require(catalog.renditions.first)
        #expect(rendition.name == "product-image" && rendition.renditionName == "blog15.jpg")
        #expect(rendition.pixelFormat == .jpeg && rendition.layout == .onePartScale)
        #expect(rendition.key.idiom == .universal && rendition.key.scale == 1)
        // The RAWD block's length and the JPEG inside it agree: SOI first, EOI last.
        let jpeg = try #require(try catalog.rawData(of: rendition))
        guard case .rawData(let range) = rendition.payload else {
            Issue.record("not RAWD")
            return
        }
        #expect(jpeg.count == 112_698 && jpeg.count == range.length)
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]) && jpeg.suffix(2) == [0xFF, 0xD9])
    }

    // MARK: - Xcode 16.4, thinned: one 16-bit app icon

    @Test func theThinnedXcode16FileKeepsOnePhoneIconInExtendedSRGB() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.sentryXcode16)
        #expect(catalog.metadata?.thinningArguments.contains("<idiom 1>") == true)
        #expect(catalog.keyFormat.attributes.contains(.displayGamut))
        let index = try #require(catalog.renditions.first { $0.layout == .multisizeImage })
        guard case .multisizeImage(let sizes) = index.payload else {
            Issue.record("no MSIS")
            return
        }
        #expect(sizes.map { "\($0.width)x\($0.height)" } == ["1024x1024"])
        let icon = try #require(catalog.renditions.first { $0.layout == .onePartScale })
        // Thinned for `<gamut 1>` (a Display P3 iPhone), it keeps the icon keyed gamut 1: P3, its
        // wide colours stored as 16-bit RGBW in extended-range sRGB.
        #expect(icon.name == "AppIcon" && icon.key.idiom == .phone && icon.key.displayGamut == .P3)
        #expect(icon.width == 1024 && icon.height == 1024 && icon.pixelFormat == .rgbw && icon.compression == .lzfse)
        #expect(icon.colorSpace == .extendedSRGB)
        // Its rows decode: 1024 × 1024 pixels of 8 bytes.
        guard case .pixels(let bitmap)? = try catalog.decodedBitmap(of: icon) else {
            Issue.record("not decoded")
            return
        }
        #expect(bitmap.width == 1024 && bitmap.height == 1024 && bitmap.bytes.count >= 1024 * 1024 * 8)
    }

    // MARK: - Grid (Xcode 26.3, macOS): an app icon against its source

    @Test func gridsIconHasARenditionPerSourceImageThatIsNotDark() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.grid)
        let source = "Grid/Sources/Assets.xcassets/AppIcon.appiconset/"
        let images = try #require(try RecentCorpus.contents(source + "Contents.json")["images"] as? [[String: Any]])
        #expect(images.count == 20)
        let plain = images.filter { $0["appearances"] == nil }
        #expect(plain.count == 10)
        let renditions = catalog.renditions.filter { $0.name == "AppIcon" && $0.layout != .multisizeImage }
        #expect(Set(renditions.map(\.renditionName)) == Set(plain.compactMap { $0["filename"] as? String }))
        // actool 26.3 kept none of the dark images for this macOS 14 target: no appearance key.
        #expect(catalog.appearances == nil && catalog.renditions.allSatisfy { ($0.key.appearance ?? 0) == 0 })
        for entry in plain {
            let filename = try #require(entry["filename"] as? String)
            let rendition = try #require(renditions.first { $0.renditionName == filename })
            let points = Int((entry["size"] as? String ?? "").split(separator: "x").first ?? "") ?? 0
            let scale = Int((entry["scale"] as? String ?? "").dropLast()) ?? 0
            // A macOS key format has no idiom attribute: every rendition is for the Mac.
            #expect(rendition.key.scale == UInt16(scale) && rendition.key.idiom == nil, "\(filename)")
            #expect(Int(rendition.width) == points * scale && Int(rendition.height) == points * scale, "\(filename)")
            let png = try RecentCorpus.pngSize(source + filename)
            #expect(png.width == Int(rendition.width) && png.height == Int(rendition.height), "\(filename)")
        }
        let index = try #require(catalog.renditions.first { $0.layout == .multisizeImage })
        guard case .multisizeImage(let sizes) = index.payload else {
            Issue.record("no MSIS")
            return
        }
        #expect(sizes.map { Int($0.width) } == [16, 32, 128, 256, 512])
    }

    // MARK: - Sudoku (Xcode 26.0.1, macOS): a colour, iconsets and an Icon Composer icon

    static let sudokuSource = "sudoku/Resources/Assets/"

    /// The source catalog's two `.iconset` folders have no Contents.json, as none does: the
    /// catalog reads without a finding, each iconset with its ten sizes.
    @Test func sudokusSourceCatalogReadsWithoutFindings() throws {
        let source = try CatalogReader().read(at: try RecentCorpus.path(Self.sudokuSource + "Assets.xcassets"))
        #expect(source.diagnostics.isEmpty, "\(source.diagnostics)")
        let iconSets = source.assets.filter { $0.type == .iconSet }
        #expect(iconSets.map(\.name).sorted() == ["App", "Sudoku"])
        #expect(iconSets.allSatisfy { $0.variants.count == 10 })
    }

    @Test func sudokusAccentColorIsTheSourcesExtendedSRGBColour() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.sudoku)
        let color = try #require(
            try RecentCorpus.contents(Self.sudokuSource + "Assets.xcassets/AccentColor.colorset/Contents.json")["colors"] as? [[String: Any]]
        ).first
        let definition = try #require(color?["color"] as? [String: Any])
        #expect(definition["color-space"] as? String == "extended-srgb")
        let declared = try #require(definition["components"] as? [String: String])
        let rendition = try #require(catalog.renditions.first { $0.name == "AccentColor" })
        guard case .color(let space, let components) = rendition.payload else {
            Issue.record("not a colour")
            return
        }
        #expect(RenditionColorSpace(rawValue: space) == .extendedSRGB)
        #expect(RenditionColorSpace(rawValue: space).contentsName == definition["color-space"] as? String)
        let expected = ["red", "green", "blue", "alpha"].compactMap { declared[$0].flatMap(Double.init) }
        #expect(components.count == 4 && zip(components, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "\(components)")

        // Extracted, the colour set says what the source said, to Xcode's three decimals.
        let folder = try TemporaryCatalog(writeRootContents: false)
        _ = try CompiledExtraction(catalog).write(to: folder.root + "/Out.xcassets")
        let written =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.root + "/Out.xcassets/AccentColor.colorset/Contents.json")))
            as? [String: Any]
        let writtenColor = try #require((written?["colors"] as? [[String: Any]])?.first?["color"] as? [String: Any])
        #expect(writtenColor["color-space"] as? String == "extended-srgb")
        #expect(writtenColor["components"] as? [String: String] == declared)
    }

    @Test func sudokusIconComposerFillsAreItsSRGBGradientAndGreySystemFills() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.sudoku)
        func color(_ name: String) -> (RenditionColorSpace, [Double])? {
            guard case .color(let space, let components)? = catalog.renditions.first(where: { $0.name == name })?.payload else { return nil }
            return (RenditionColorSpace(rawValue: space), components)
        }
        // icon.json: "linear-gradient" : ["srgb:0.09020,0.19216,0.25882,1.00000", "srgb:0.05882,0.12549,0.17255,1.00000"],
        // which actool stores to three decimals.
        let icon = try RecentCorpus.contents(Self.sudokuSource + "App.icon/icon.json")
        let stops = try #require((icon["fill"] as? [String: Any])?["linear-gradient"] as? [String])
        for (stop, name) in zip(stops, ["App_Assets/Color-2", "App_Assets/Color-3"]) {
            let declared = stop.dropFirst("srgb:".count).split(separator: ",").compactMap { Double($0) }
            let (space, components) = try #require(color(name))
            #expect(space == .sRGB && components.count == 4)
            #expect(zip(components, declared).allSatisfy { abs($0 - $1) < 0.0006 }, "\(name): \(components) vs \(declared)")
        }
        // The system fills of the icon's background: grey gamma 2.2 and extended grey, one grey
        // component and alpha.
        #expect(color("App_Assets/Color-4")?.0 == .grayGamma22 && color("App_Assets/Color-4")?.1.count == 2)
        #expect(color("App_Assets/Color-1")?.0 == .extendedGray && color("App_Assets/Color-1")?.1 == [1, 1])
        // The layer: the source SVG, LZFSE-compressed in its RAWD block, extracted byte for byte.
        let svg = try #require(catalog.renditions.first { $0.name == "App_Assets/Sudoku" })
        #expect(svg.layout == .vector && svg.pixelFormat == PixelFormat(code: "SVG "))
        #expect(try catalog.rawData(of: svg) == RecentCorpus.bytes(Self.sudokuSource + "App.icon/Assets/Sudoku.svg"))
    }

    @Test func sudokusIconStackHasItsThreeAppearancesAndTheLayeredImageUTI() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.sudoku)
        let stacks = catalog.renditions.filter { $0.renditionName == "App.iconstack" }
        let names = Set(stacks.compactMap { $0.key.appearance.flatMap { catalog.appearances?.name(of: $0) } })
        #expect(names == ["NSAppearanceNameAqua", "NSAppearanceNameDarkAqua", "ISAppearanceTintable"])
        // Xcode 26's Icon Composer layouts, named: the stack 1019, its group 1020, gradients 1021.
        #expect(stacks.allSatisfy { $0.layout == .iconStack && $0.layout.name == "IconImageStack" && $0.uti == "public.layeredimage" })
        #expect(stacks.allSatisfy { $0.width == 1024 && $0.height == 1024 })
        #expect(catalog.renditions.filter { $0.name == "App/Group" }.allSatisfy { $0.layout.rawValue == 1020 && $0.renditionName == "IconGroup" })
        let gradient = try #require(catalog.renditions.first { $0.name == "App_Assets/Gradient-1" })
        #expect(gradient.layout.rawValue == 1021 && gradient.payload.tag == "ARGG")
        // The iconsets: the ten macOS sizes of each, named as their PNGs are in the source
        // folders (`icon_16x16.png` … `icon_512x512@2x.png`).
        for set in ["App", "Sudoku"] {
            let bitmaps = catalog.renditions.filter { $0.name == set && $0.layout != .multisizeImage && $0.renditionName.hasSuffix(".png") }
            var expected: Set<String> = []
            for points in [16, 32, 128, 256, 512] {
                expected.insert("icon_\(points)x\(points).png")
                expected.insert("icon_\(points)x\(points)@2x.png")
            }
            #expect(Set(bitmaps.map(\.renditionName)) == expected, "\(set)")
            for bitmap in bitmaps {
                let points = Int(bitmap.renditionName.dropFirst("icon_".count).prefix { $0 != "x" }) ?? 0
                let scale = bitmap.renditionName.contains("@2x") ? 2 : 1
                #expect(Int(bitmap.width) == points * scale && bitmap.key.scale == UInt16(scale), "\(bitmap.renditionName)")
            }
        }
    }

    // MARK: - Stasis (Xcode 26.2, tvOS): a layered app icon

    @Test func stasissLayeredIconHasItsStackFlattenedImagesAndLayers() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.stasis)
        let stack = try #require(catalog.renditions.first { $0.layout == RenditionLayout(rawValue: 1002) })
        #expect(stack.layout.name == "LayerStack" && stack.name == "App Icon" && stack.renditionName == "Contents.json")
        #expect(stack.uti == "public.layeredimage" && stack.width == 400 && stack.height == 240)
        for layer in ["Back", "Middle", "Front"] {
            let bitmaps = catalog.renditions.filter { $0.name == "App Icon/\(layer)/Content" }
            #expect(bitmaps.compactMap(\.key.scale).sorted() == [1, 2], "\(layer)")
            #expect(bitmaps.allSatisfy { $0.key.idiom == .tv && $0.compression == .deepmap2 && $0.width == 400 * UInt32($0.key.scale ?? 0) }, "\(layer)")
        }
        // Flattened and radiosity images: layout 0, which CoreUI draws as a one-part image but
        // which has no name here.
        let flattened = catalog.renditions.filter { $0.renditionName.hasPrefix("ZZZZFlattenedImage-") || $0.renditionName.hasPrefix("ZZZZRadiosityImage-") }
        #expect(flattened.count == 4 && flattened.allSatisfy { $0.layout.rawValue == 0 && $0.layout.name == "Unknown(0)" })
        #expect(flattened.filter { $0.renditionName.hasPrefix("ZZZZRadiosityImage-") }.allSatisfy { $0.compression == .blurred })
    }

    // MARK: - Xcode 10.1, thinned to nothing

    @Test func theEmptyThinnedFileHasAFacetAndNoRendition() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.fixXcodeAssets)
        #expect(catalog.facets.map(\.name) == ["AppIcon"])
        #expect(catalog.renditions.isEmpty && catalog.header.renditionCount == 0)
        #expect(catalog.metadata?.thinningArguments.hasPrefix("optimized <idiom 1> <subtype 2436> <scale 3>") == true)
        #expect(catalog.keyFormat.attributes == [.appearance, .scale, .identifier, .element, .part])
    }

    // MARK: - iMon (Xcode 26.6, CoreUI 975)

    @Test func iMonsIconHasTheTenMacSlotsAndNoDarkOnes() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.iMon)
        // scripts/generate_app_icon.swift writes the ten macOS slots, each also dark.
        let bitmaps = catalog.renditions.filter { $0.name == "AppIcon" && $0.layout != .multisizeImage }
        #expect(bitmaps.count == 10)
        for bitmap in bitmaps {
            let points = Int(bitmap.renditionName.dropFirst("icon_".count).prefix { $0 != "x" }) ?? 0
            #expect(Int(bitmap.width) == points * Int(bitmap.key.scale ?? 0), "\(bitmap.renditionName)")
        }
        #expect(catalog.appearances == nil)
    }

    // MARK: - BITMAPKEYS (Xcode 15 to 26)

    /// Each entry of a file's BITMAPKEYS, its identifier and its masks as read.
    static func bitmapKeys(_ catalog: CompiledCatalog) throws -> [(identifier: UInt32, masks: CARBitmapKeyMasks)] {
        let store = catalog.store
        guard let tree = try BOMTree(store, named: "BITMAPKEYS") else { return [] }
        return try tree.entries.map { entry in
            let block = try store.block(entry.valueBlock, for: "BITMAPKEYS value")
            let masks = try #require(CARBitmapKeyMasks(store.bytes, block: block, attributeCount: catalog.keyFormat.attributes.count))
            return (entry.keyBlock, masks)
        }
    }

    /// Every tracked mask word of every file is the one `RenditionValueMasks` computes from the
    /// name's renditions, and the untracked ones are those of appearance, element, part,
    /// identifier and previous value: the evidence `CARBitmapKeyMasks` rests on.
    @Test(arguments: RecentCorpus.files)
    func everyTrackedMaskIsTheOneTheRenditionsGive(_ file: File) throws {
        let catalog = try RecentCorpus.read(file)
        let attributes = catalog.keyFormat.attributes
        let model = RenditionValueMasks.byName(catalog.renditions, attributeCount: attributes.count)
        let entries = try Self.bitmapKeys(catalog)
        #expect(entries.isEmpty == (catalog.bitmapKeyCount == nil), "every file from Xcode 15 on has the tree, Xcode 10.1's has none")
        let untracked: Set<RenditionAttribute> = [.appearance, .element, .part, .identifier, .previousValue]
        for (identifier, masks) in entries {
            let computed = try #require(model[UInt16(identifier)], "\(identifier) has renditions")
            for (position, attribute) in attributes.enumerated() {
                let stored = masks.mask(at: position)
                if untracked.contains(attribute) {
                    #expect(stored == CARBitmapKeyMasks.untracked, "\(identifier) \(attribute)")
                } else {
                    #expect(computed.masks[position] == stored, "\(identifier) \(attribute): \(String(stored, radix: 16))")
                }
            }
        }
    }

    /// A slice of each file (every other rendition) keeps the entries of the names it holds, in
    /// order, each tracked mask now that of its kept renditions and each untracked word as it was.
    @Test(arguments: RecentCorpus.files)
    func aSlicesMasksAreThoseOfItsKeptRenditions(_ file: File) throws {
        let catalog = try RecentCorpus.read(file)
        let kept = catalog.keepingPackedImages(Set(catalog.renditions.indices.filter { $0 % 2 == 0 }))
        let slice = try CompiledCatalog(bytes: try catalog.writing(keeping: kept))
        let names = Set(slice.renditions.compactMap(\.key.nameIdentifier))
        let before = try Self.bitmapKeys(catalog)
        let after = try Self.bitmapKeys(slice)
        #expect(after.map(\.identifier) == before.map(\.identifier).filter { UInt16(exactly: $0).map(names.contains) ?? false })
        let model = RenditionValueMasks.byName(slice.renditions, attributeCount: slice.keyFormat.attributes.count)
        for ((identifier, masks), (_, original)) in zip(after, before.filter { entry in after.contains { $0.identifier == entry.identifier } }) {
            for position in slice.keyFormat.attributes.indices {
                let expected =
                    original.mask(at: position) == CARBitmapKeyMasks.untracked ? CARBitmapKeyMasks.untracked : model[UInt16(identifier)]?.masks[position]
                #expect(masks.mask(at: position) == expected, "\(identifier) \(slice.keyFormat.attributes[position])")
            }
        }
    }

    /// Apple's thinning rebuilt the Xcode 16.4 file's masks from the renditions it kept: written
    /// again keeping them all, our BITMAPKEYS is the same, byte for byte.
    @Test func theThinnedXcode16FilesBitmapKeysAreWrittenAgainByteForByte() throws {
        let catalog = try RecentCorpus.read(RecentCorpus.sentryXcode16)
        let written = try CompiledCatalog(bytes: try catalog.writing(keeping: Set(catalog.renditions.indices)))
        let before = try Self.bitmapKeys(catalog)
        let after = try Self.bitmapKeys(written)
        #expect(!before.isEmpty)
        #expect(after.map(\.identifier) == before.map(\.identifier))
        #expect(after.map(\.masks.bytes) == before.map(\.masks.bytes))
    }
}

/// The reader's fixes for Xcode 8 and later, on bytes made here: they run whether or not the
/// recent corpus is present.
@Suite struct RecentFormatTests {
    @Test func colourSpacesFollowCoreUIsNumbering() {
        let names = (0...7).map { RenditionColorSpace(rawValue: $0).description }
        #expect(names == ["Unknown(0)", "srgb", "gray-gamma-22", "display-p3", "extended-srgb", "extended-linear-srgb", "extended-gray", "Unknown(7)"])
        #expect(RenditionColorSpace.sRGB.assetutilName == "srgb" && RenditionColorSpace.grayGamma22.assetutilName == "gray gamma 22")
        #expect(RenditionColorSpace.extendedGray.assetutilName == "extended gray")
        #expect(RenditionColorSpace.displayP3.assetutilName == "Unknown(3)", "assetutil's spelling is not known")
        #expect(RenditionColorSpace.grayGamma22.isGray && !RenditionColorSpace.extendedSRGB.isGray)
    }

    @Test func aUTIPropertyIsALengthAZeroWordAndTheIdentifier() throws {
        func property(_ words: [UInt32], _ text: String) -> [UInt8] {
            let value = words.flatMap { word in (0..<4).map { UInt8(word >> (8 * $0) & 0xFF) } } + Array(text.utf8) + [0]
            return [0xED, 0x03, 0, 0] + (0..<4).map { UInt8(UInt32(value.count) >> (8 * $0) & 0xFF) } + value
        }
        let layered = property([20, 0], "public.layeredimage")
        let read = try layered.withUnsafeBytes { file in
            try RenditionPropertyList.checked(file, offset: 0, length: layered.count, structure: "test").map(RenditionProperty.init)
        }
        #expect(read == [.uti("public.layeredimage")])
        // A second word other than 0 is not CoreUI's layout: kept raw.
        let other = property([20, 7], "public.layeredimage")
        let raw = try other.withUnsafeBytes { file in
            try RenditionPropertyList.checked(file, offset: 0, length: other.count, structure: "test").map(RenditionProperty.init)
        }
        #expect(raw == [.unknown(type: 1005, offset: 8, length: other.count - 8)])
    }
}
