extension AssetType {
    /// The API (or build setting) that finds an asset of this kind by name. Names only need to be
    /// unique within one namespace: an image set and a colour set called `Brand` never meet,
    /// because `UIImage(named:)` looks only at images and `UIColor(named:)` only at colours.
    ///
    /// ```swift
    /// AssetType.imageSet.lookupNamespace == AssetType.colorSet.lookupNamespace   // false: both may be "Brand"
    /// AssetType.imageSet.lookupNamespace == AssetType.imageStack.lookupNamespace // true: both load by UIImage(named:)
    /// ```
    package enum LookupNamespace: String, Hashable, Sendable {
        /// `UIImage(named:)`, `NSImage(named:)`, SwiftUI `Image(_:)`: image sets, symbol sets,
        /// tvOS image stacks and legacy macOS icon sets.
        case image
        /// `UIColor(named:)`, `NSColor(named:)`, `Color(_:)`.
        case color
        /// `NSDataAsset(name:)`.
        case data
        /// `ASSETCATALOG_COMPILER_APPICON_NAME` and alternate icons on iOS, iPadOS, macOS and watchOS.
        case appIcon
        /// The same build setting on tvOS, which names a brand assets folder.
        case tvAppIcon
        /// The same build setting on visionOS, which names a solid image stack.
        case visionAppIcon
        /// `ASSETCATALOG_COMPILER_LAUNCHIMAGE_NAME`.
        case launchImage
        /// `ASSETCATALOG_COMPILER_COMPLICATION_NAME` (watchOS).
        case complication
        /// `MTKTextureLoader.newTexture(name:)`.
        case texture
        /// `ARReferenceImage.referenceImages(inGroupNamed:)` and the object equivalent.
        case arResourceGroup
        /// `SKTextureAtlas(named:)`.
        case spriteAtlas
        /// A Messages extension's sticker pack and its icon.
        case stickers
        /// Game Center leaderboards and dashboard images.
        case gameCenter
        /// Never looked up by name on its own: layers, stickers and AR items live inside another set.
        case nested
    }

    /// Which loader finds an asset of this type, so that an image and a colour may share a name.
    package var lookupNamespace: LookupNamespace {
        switch self {
        case .imageSet, .symbolSet, .imageStack, .iconSet: .image
        case .colorSet: .color
        case .dataSet: .data
        case .appIconSet: .appIcon
        case .brandAssets: .tvAppIcon
        case .solidImageStack: .visionAppIcon
        case .launchImage: .launchImage
        case .complicationSet, .watchComplication: .complication
        case .textureSet, .cubeTextureSet, .mipmapSet: .texture
        case .arResourceGroup: .arResourceGroup
        case .spriteAtlas: .spriteAtlas
        case .stickerPack, .stickersIconSet: .stickers
        case .gameCenterDashboardImage, .gameCenterLeaderboard, .gameCenterLeaderboardSet: .gameCenter
        case .imageStackLayer, .solidImageStackLayer, .arReferenceImage, .arObject, .sticker, .stickerSequence: .nested
        }
    }

    /// Whether a lookup by name that finds both `self` and `other` deterministically takes `self`.
    /// Only a symbol set over an image set: a name lookup resolves to the symbol set (the rule
    /// `AssetIndex` follows), so the pair is not ambiguous and validation accepts it.
    package func lookupPrefers(over other: AssetType) -> Bool {
        self == .symbolSet && other == .imageSet
    }
}
