/// The kind of an asset-catalog folder, named by its extension.
public enum AssetType: String, CaseIterable, Hashable, Sendable {
    // Sets whose variants this tool reads and selects among.
    case imageSet = "imageset"
    case appIconSet = "appiconset"
    case dataSet = "dataset"
    case colorSet = "colorset"
    case symbolSet = "symbolset"
    case launchImage = "launchimage"
    // Folders that hold other assets, like groups.
    case spriteAtlas = "spriteatlas"
    // Known types that are listed by name and type but whose contents are not read.
    case imageStack = "imagestack"
    case imageStackLayer = "imagestacklayer"
    case brandAssets = "brandassets"
    case textureSet = "textureset"
    case cubeTextureSet = "cubetextureset"
    case mipmapSet = "mipmapset"
    case arResourceGroup = "arresourcegroup"
    case arReferenceImage = "arreferenceimage"
    case arObject = "arobject"
    case complicationSet = "complicationset"
    case iconSet = "iconset"
    case solidImageStack = "solidimagestack"
    case solidImageStackLayer = "solidimagestacklayer"
    case stickerPack = "stickerpack"
    case sticker = "sticker"
    case stickerSequence = "stickersequence"
    case stickersIconSet = "stickersiconset"
    case gameCenterDashboardImage = "gcdashboardimage"
    case gameCenterLeaderboard = "gcleaderboard"
    case gameCenterLeaderboardSet = "gcleaderboardset"
    case watchComplication = "complication"

    /// The Contents.json key that holds the variants, for the types whose variants are read.
    public var entriesKey: String? {
        switch self {
        case .imageSet, .appIconSet, .launchImage: "images"
        case .dataSet: "data"
        case .colorSet: "colors"
        case .symbolSet: "symbols"
        default: nil
        }
    }

    /// Whether this tool reads the set's variants (as opposed to listing it by name and type).
    public var hasSelectableVariants: Bool { entriesKey != nil }

    /// Whether the folder holds other assets and is walked like a group.
    public var isContainer: Bool { self == .spriteAtlas }
}
