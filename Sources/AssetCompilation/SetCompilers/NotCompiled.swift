import AssetCatalog

/// The set types `adapt compile` leaves out, each with its reason: a warning names the set and
/// the reason, so nothing is dropped silently. A test checks that every `AssetType` is either
/// taken by a `SetCompiler` or has a reason here; `adapt compile --help` and the README's "Not
/// yet" line are read from this list.
package enum NotCompiled {
    /// What a user can read: the kind of set left out, and why.
    package struct Reason: Sendable {
        /// The set types, as the README and `--help` name them together (`stickers`).
        package var label: String
        package var types: [AssetType]
        package var why: String
        /// Whether the set types are a feature not written yet (the README's "Not yet"), rather than
        /// parts compiled through another set.
        package var isMissingFeature = true
    }

    package static let reasons: [Reason] = [
        // Two of Apple's files show a rendition (layout 1017) per glyph the template draws, its SVG
        // and most of its metrics, but not what decides the rest of its metrics property (1018) and
        // its 1019 word (docs/SymbolSetFacts.md).
        Reason(
            label: "symbols", types: [.symbolSet],
            why:
                "how actool stores a custom symbol's glyphs is only partly shown by Apple's files (a glyph's metrics are not all explained); adapt does not guess it"
        ),
        Reason(
            label: "stickers", types: [.stickerPack, .sticker, .stickerSequence, .stickersIconSet],
            why: "how actool compiles an iMessage sticker pack (its stickers, sequences and icons) is shown by no compiled file adapt has"),
        Reason(
            label: "textures", types: [.textureSet, .cubeTextureSet, .mipmapSet],
            why:
                "Metal texture sets compile to texture renditions (CoreUI's Texture and TextureImage layouts) whose layout no compiled file adapt has shows"
        ),
        Reason(
            label: "AR resources", types: [.arResourceGroup, .arReferenceImage, .arObject],
            why: "AR resources compile to recognition objects (CoreUI's RecognitionObject layout) whose layout no compiled file adapt has shows"),
        Reason(
            label: "Game Center images", types: [.gameCenterDashboardImage, .gameCenterLeaderboard, .gameCenterLeaderboardSet],
            why: "how actool compiles Game Center images is shown by no compiled file adapt has"),
        Reason(
            label: "visionOS layered icons", types: [.solidImageStack, .solidImageStackLayer],
            why: "how actool compiles a visionOS layered icon is shown by no compiled file adapt has"),
        Reason(
            label: "image stack layers", types: [.imageStackLayer], why: "an image stack layer is compiled with its image stack, not alone",
            isMissingFeature: false),
        Reason(
            label: "watch complications", types: [.watchComplication],
            why: "a watch complication's images are compiled through its complication set", isMissingFeature: false),
    ]

    /// The set types left out without a finding: their contents reach the file another way.
    /// A sprite atlas is a folder whose image sets are read, and compiled, as any image set (actool
    /// also packs them into the atlas SpriteKit loads, which adapt does not write yet: they are
    /// compiled unpacked, without a finding).
    package static let quiet: [AssetType] = [.spriteAtlas]

    /// The reason each type is left out.
    package static let reasonByType: [AssetType: Reason] = Dictionary(
        reasons.flatMap { reason in reason.types.map { ($0, reason) } }, uniquingKeysWith: { first, _ in first })

    /// The plan of a set no compiler takes: its finding, or nothing for a quiet type.
    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        guard !quiet.contains(asset.type) else { return SetPlan() }
        let why = reasonByType[asset.type]?.why ?? "adapt compile does not write this set type"
        return SetPlan(leftOut: context.setLeftOut(asset, why))
    }
}
