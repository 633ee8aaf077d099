import AssetCatalog

/// Watch complication sets, and the finding for each set type adapt compile does not write.
extension CatalogCompiler {
    /// A watchOS complication set (`.complicationset`): one image set per complication family,
    /// each compiled as an image set under the name the catalog reader gives it
    /// (`Complication/Circular`), the name ClockKit looks the family's image up by. The set itself
    /// is in no rendition. No compiled file here shows a complication; the children are compiled
    /// exactly as top-level image sets would be.
    func complications(_ asset: Asset, into product: inout CompileProduct, images: ImageSetCompiler) -> [Work] {
        guard options.platform.platform == .watchos else {
            product.diagnostics.append(setLeftOut(asset, "complications are shown on Apple Watch; adapt compiles them for watchOS only"))
            return []
        }
        var work: [Work] = []
        for child in asset.children {
            guard child.type == .imageSet else {
                product.diagnostics.append(setLeftOut(child, "a complication set's entries are image sets"))
                continue
            }
            work += images(child, &product.diagnostics)
        }
        return work
    }

    /// The finding for a set type adapt compile does not write: which set, and why not, per type.
    func notCompiled(_ asset: Asset) -> Diagnostic {
        let reason: String =
            switch asset.type {
            case .symbolSet:
                // Two of Apple's files show a rendition (layout 1017) per glyph the template draws,
                // its SVG and most of its metrics, but not what decides the rest of its metrics
                // property (1018) and its 1019 word (docs/SymbolSetFacts.md).
                "how actool stores a custom symbol's glyphs is only partly shown by Apple's files (a glyph's metrics are not all explained); adapt does not guess it"
            case .stickerPack, .sticker, .stickerSequence, .stickersIconSet:
                "how actool compiles an iMessage sticker pack (its stickers, sequences and icons) is shown by no compiled file adapt has"
            case .textureSet, .cubeTextureSet, .mipmapSet:
                "Metal texture sets compile to texture renditions (CoreUI's Texture and TextureImage layouts) whose layout no compiled file adapt has shows"
            case .arResourceGroup, .arReferenceImage, .arObject:
                "AR resources compile to recognition objects (CoreUI's RecognitionObject layout) whose layout no compiled file adapt has shows"
            case .gameCenterDashboardImage, .gameCenterLeaderboard, .gameCenterLeaderboardSet:
                "how actool compiles Game Center images is shown by no compiled file adapt has"
            case .solidImageStack, .solidImageStackLayer:
                "how actool compiles a visionOS layered icon is shown by no compiled file adapt has"
            case .imageStackLayer:
                "an image stack layer is compiled with its image stack, not alone"
            case .watchComplication:
                "a watch complication's images are compiled through its complication set"
            default:
                "adapt compile does not write this set type"
            }
        return setLeftOut(asset, reason)
    }

    /// The finding for one entry of a set left out.
    func entryLeftOut(_ asset: Asset, _ variant: Variant, _ reason: String) -> Diagnostic {
        Diagnostic(
            .compileLeftOut, "\(asset.name): \(variant.payloadDescription) is not compiled: \(reason)",
            subject: Diagnostic.Subject(asset: asset.name), at: variant.location ?? SourceLocation(file: asset.contentsPath ?? asset.path))
    }
}
