import AdaptiveAssets
import AssetCatalog
import AssetSelection
import CatalogFixtures
import CompiledCatalog
import Testing

/// The adapter (`AdaptedCompiledCatalog`): each rendition of a compiled catalog as the variant
/// its source entry declares, so the selection rule answers for the `.car` unchanged.
@Suite struct CompiledVariantTests {
    static func source() throws -> Catalog {
        try CatalogReader().read(at: try Corpus.root + "/compiled/acextract/Images.xcassets")
    }

    /// The source entry a rendition was compiled from: the one with its file name, or for a PDF's
    /// vector rendition (named without extension), the PDF.
    static func sourceEntry(of variant: Variant, in asset: Asset) -> Variant? {
        guard let name = variant.filename else { return nil }
        return asset.variants.first { $0.filename == name } ?? asset.variants.first { $0.filename == name + ".pdf" }
    }

    /// For every family file, every rendition's translated traits are its source entry's: idiom,
    /// scale, subtype, watch screen width, size classes, memory and graphics. A scale-less source
    /// entry (a PDF) is compiled at every scale too, so its scale is not compared.
    @Test(arguments: ["assets_iphone.car", "assets_ipad.car", "assets_tv.car", "assets_watch.car", "assets_mac.car"])
    func eachRenditionDeclaresWhatItsSourceEntryDeclares(file: String) throws {
        let source = try Self.source()
        let adapted = AdaptedCompiledCatalog(try CompiledCorpus.read(file))
        #expect(adapted.catalog.assets.count >= 20)
        var compared = 0
        for asset in adapted.catalog.assets {
            let declared = try #require(source.asset(named: asset.name), "\(asset.name) is not in the source")
            for variant in asset.variants {
                #expect(variant.isSelectable, "\(asset.name) \(variant.payloadDescription): \(variant.unrecognized)")
                let entry = try #require(Self.sourceEntry(of: variant, in: declared), "\(asset.name) \(variant.payloadDescription)")
                let excluded: Set<String> = entry.scale == nil ? ["scale"] : []
                // actool for macOS (Xcode 7.3) keys `mac` entries as universal: the platform is the idiom there.
                let declared = entry.attributeStrings(excluding: excluded).map { file == "assets_mac.car" && $0 == "idiom=mac" ? "idiom=universal" : $0 }
                #expect(
                    variant.attributeStrings(excluding: excluded) == declared,
                    "\(file) \(asset.name) \(variant.payloadDescription)")
                compared += 1
            }
        }
        #expect(compared == adapted.compiled.renditions.filter { !AdaptedCompiledCatalog.isPackedImage($0) && $0.name != nil }.count)
    }

    @Test func theCorpusNumbersTranslateToTheSourcesValues() throws {
        let iphone = AdaptedCompiledCatalog(try CompiledCorpus.read("assets_iphone.car"))
        func variant(_ asset: String, _ file: String) throws -> Variant {
            try #require(iphone.catalog.asset(named: asset)?.variants.first { $0.filename == file })
        }
        #expect(try variant("d_iphone4", "green@2x.png").subtype == "retina4")
        #expect(try variant("m_4gb", "green@2x.png").memory == 4)
        #expect(try variant("g_3v1", "green.png").graphicsFeatureSet == .metal3v1)
        #expect(try variant("sc_wh_a&r&c", "cyan.png").horizontalSizeClass == .regular)
        #expect(iphone.platform == .ios)
        #expect(!iphone.catalog.assets.contains { $0.name.hasPrefix("ZZZZPackedAsset") })
        let watch = AdaptedCompiledCatalog(try CompiledCorpus.read("assets_watch.car"))
        let cyan = try #require(watch.catalog.asset(named: "d_watch")?.variants.first { $0.filename == "cyan@3x.png" })
        #expect(cyan.screenWidth == ScreenWidthCondition(.greaterThan, 145))
        #expect(watch.platform == .watchos)
        // The rendition behind a variant is the one with its name.
        let position = try #require(iphone.catalog.assets.firstIndex { $0.name == "d_iphone4" })
        let subtypes = iphone.catalog.assets[position].variants.indices.map { iphone.rendition(assetAt: position, variant: $0).key.subtype }
        #expect(Set(subtypes) == [0, 568])
    }

    /// Numbers no corpus file pins down are not guessed: the variant cannot be chosen, and says why.
    @Test func unknownKeyValuesMakeTheVariantUnselectable() {
        let attributes: [RenditionAttribute] = [.scale, .idiom, .subtype, .memoryClass, .graphicsClass, .direction, .appearance, .identifier]
        func traits(_ values: [UInt16]) -> RenditionTraits {
            RenditionTraits(RenditionKey(attributes: attributes, values: values), appearances: nil, localizations: nil)
        }
        #expect(traits([2, 1, 568, 2, 1, 0, 0, 7]).unrecognized.isEmpty)
        #expect(traits([2, 1, 2436, 0, 0, 0, 0, 7]).unrecognized["subtype"] == "2436 (on iphone)")
        #expect(traits([2, 5, 394, 0, 0, 0, 0, 7]).unrecognized["subtype"] != nil)
        #expect(traits([2, 1, 0, 9, 0, 0, 0, 7]).unrecognized["memory"] == "class 9")
        #expect(traits([2, 1, 0, 0, 8, 0, 0, 7]).unrecognized["graphics-feature-set"] == "class 8")
        // Directions 4 and 5 are the numbers `adapt compile` writes (mcfans/actool's); others are not guessed.
        #expect(traits([2, 1, 0, 0, 0, 4, 0, 7]).layoutDirection == .rightToLeft)
        #expect(traits([2, 1, 0, 0, 0, 5, 0, 7]).layoutDirection == .leftToRight)
        #expect(traits([2, 1, 0, 0, 0, 7, 0, 7]).unrecognized["language-direction"] != nil)
        #expect(traits([2, 1, 0, 0, 0, 0, 3, 7]).unrecognized["appearances"] != nil)
        #expect(traits([2, 42, 0, 0, 0, 0, 0, 7]).unrecognized["idiom"] == "Unknown(42)")
    }
}
