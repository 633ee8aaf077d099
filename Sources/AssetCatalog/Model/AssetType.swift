/// The kind of an asset-catalog folder, named by its extension.
///
/// What this tool does with each kind, decided per kind:
/// - `imageset`, `dataset`, `colorset`, `symbolset`, `appiconset`, `launchimage`: entries read as
///   variants, checked, and chosen among by the selection rule (`hasSelectableVariants`). Launch
///   images keep `orientation`, `extent`, `minimum-system-version` and `subtype` as written.
/// - `brandassets` (tvOS App Icon & Top Shelf Image) and `complicationset` (watchOS complications):
///   entries under `assets` are read as variants (idiom `tv`/`tv-marketing`/`watch`, `role`, `size`,
///   `filename`), but their `filename` names a child set folder (`App Icon.imagestack`,
///   `Circular.imageset`). They are slots, chosen by role and size, not by traits, so the trait
///   rule does not select among them yet (`hasSelectableVariants` is false and thinning keeps the
///   set whole, child folders included).
/// - `imagestack` (tvOS layered image) and `solidimagestack` (visionOS layered icon): entries under
///   `layers` are read as variants whose `filename` names a layer folder. Layers are all shown at
///   once, front to back, so they are never selected among.
/// - `imagestacklayer` and `solidimagestacklayer`: no entries; each holds a `Content.imageset`.
/// - Every kind that names or holds child sets has them read into `Asset.children`, with the same
///   checks as top-level sets.
/// - `stickerpack` (a Messages sticker pack): entries under `stickers` name `.sticker` and
///   `.stickersequence` folders, read as its children; a `sticker` names its one file in
///   `properties.filename`, a `stickersequence` its frames under `frames`; `stickersiconset` is
///   read like an app icon set (`images`).
/// - `iconset` (a macOS icon folder) has no Contents.json: its variants come from its file names
///   (`icon_16x16.png`, `icon_16x16@2x.png`, ... `icon_512x512@2x.png`), idiom `mac`.
/// - `textureset` and `cubetextureset` (Metal): entries under `textures` name `.mipmapset`
///   folders, read as children, each with its `levels`.
/// - These are kept whole where they can be shown and left out elsewhere
///   (`ThinningPlan.canShow`): stickers on iPhone and iPad, `.iconset` on the Mac, textures per their idioms.
/// - The other known kinds (AR resources, Game Center) are listed by name and type and kept
///   whole; their contents are not read.
public enum AssetType: String, CaseIterable, Hashable, Sendable {
    // Sets whose variants this tool reads and selects among.
    /// An image set (`.imageset`): images by scale, idiom, appearance and the other traits.
    case imageSet = "imageset"
    /// An app icon set (`.appiconset`): one image per slot, or one image for every size.
    case appIconSet = "appiconset"
    /// A data set (`.dataset`): files loaded with `NSDataAsset`.
    case dataSet = "dataset"
    /// A colour set (`.colorset`): named colours per appearance and gamut.
    case colorSet = "colorset"
    /// A symbol set (`.symbolset`): a custom SF Symbol's SVG.
    case symbolSet = "symbolset"
    /// A launch image set (`.launchimage`), from before launch storyboards.
    case launchImage = "launchimage"
    // Folders that hold other assets, like groups.
    /// A sprite atlas (`.spriteatlas`), a folder of image sets SpriteKit packs together.
    case spriteAtlas = "spriteatlas"
    // Sets whose entries name child sets (read, checked, not selected among).
    /// A tvOS layered image (`.imagestack`): its layers are child sets.
    case imageStack = "imagestack"
    /// One layer of an image stack (`.imagestacklayer`).
    case imageStackLayer = "imagestacklayer"
    /// A tvOS brand assets folder (`.brandassets`): the app icons and top shelf images as child sets.
    case brandAssets = "brandassets"
    /// A watchOS complication set (`.complicationset`): one child image set per complication family.
    case complicationSet = "complicationset"
    /// A visionOS layered icon (`.solidimagestack`): its layers are child sets.
    case solidImageStack = "solidimagestack"
    /// One layer of a visionOS layered icon (`.solidimagestacklayer`).
    case solidImageStackLayer = "solidimagestacklayer"
    // Known types that are listed by name and type but whose contents are not read.
    /// A Metal texture set (`.textureset`).
    case textureSet = "textureset"
    /// A Metal cube texture set (`.cubetextureset`).
    case cubeTextureSet = "cubetextureset"
    /// A texture's mipmap levels (`.mipmapset`).
    case mipmapSet = "mipmapset"
    /// An AR resource group (`.arresourcegroup`).
    case arResourceGroup = "arresourcegroup"
    /// An AR reference image (`.arreferenceimage`).
    case arReferenceImage = "arreferenceimage"
    /// An AR reference object (`.arobject`).
    case arObject = "arobject"
    /// A macOS icon set (`.iconset`).
    case iconSet = "iconset"
    /// An iMessage sticker pack (`.stickerpack`).
    case stickerPack = "stickerpack"
    /// One sticker (`.sticker`).
    case sticker = "sticker"
    /// An animated sticker's frames (`.stickersequence`).
    case stickerSequence = "stickersequence"
    /// A sticker pack's icons (`.stickersiconset`).
    case stickersIconSet = "stickersiconset"
    /// A Game Center dashboard image (`.gcdashboardimage`).
    case gameCenterDashboardImage = "gcdashboardimage"
    /// A Game Center leaderboard's images (`.gcleaderboard`).
    case gameCenterLeaderboard = "gcleaderboard"
    /// A set of Game Center leaderboards (`.gcleaderboardset`).
    case gameCenterLeaderboardSet = "gcleaderboardset"
    /// One watch complication's images (`.complication`).
    case watchComplication = "complication"

    /// The Contents.json key that holds the set's entries, for the types whose entries are read.
    package var entriesKey: String? {
        switch self {
        case .imageSet, .appIconSet, .launchImage: "images"
        case .dataSet: "data"
        case .colorSet: "colors"
        case .symbolSet: "symbols"
        case .brandAssets, .complicationSet: "assets"
        case .imageStack, .solidImageStack: "layers"
        case .stickerPack: "stickers"
        case .stickerSequence: "frames"
        case .stickersIconSet: "images"
        case .textureSet, .cubeTextureSet: "textures"
        case .mipmapSet: "levels"
        default: nil
        }
    }

    /// Whether the selection rule chooses among the set's entries by traits. False for sets whose
    /// entries name child folders: selecting one of them would drop the others' folders.
    public var hasSelectableVariants: Bool {
        switch self {
        case .imageSet, .appIconSet, .dataSet, .colorSet, .symbolSet, .launchImage, .iconSet: true
        default: false
        }
    }

    /// Whether each entry's `filename` names a child set folder rather than a file.
    package var entriesNameChildSets: Bool {
        switch self {
        case .brandAssets, .complicationSet, .imageStack, .solidImageStack, .stickerPack, .textureSet, .cubeTextureSet: true
        default: false
        }
    }

    /// Whether the set's folder holds child sets that belong to it (layers, a layer's
    /// `Content.imageset`, a brand asset's icons): they are read into `Asset.children`.
    package var holdsChildSets: Bool {
        entriesNameChildSets || self == .imageStackLayer || self == .solidImageStackLayer
    }

    /// Whether a folder of this type without a Contents.json is an error: those whose entries
    /// are read from it. A macOS `.iconset` has none, wherever it sits (its file names are its
    /// entries); sets without readable variants may keep their data in sub-folders.
    package var requiresContents: Bool {
        self != .iconSet && (hasSelectableVariants || entriesNameChildSets)
    }

    /// Whether the folder holds other assets and is walked like a group.
    package var isContainer: Bool { self == .spriteAtlas }
}
