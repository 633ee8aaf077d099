/// One named asset of a catalog: an image set, colour set, app icon set, and so on.
public struct Asset: Hashable, Sendable {
    /// The name code uses to load it: the folder name without extension, prefixed by every
    /// enclosing group that provides a namespace (`box/Bottom`).
    public var name: String
    /// What kind of set it is, from its folder's extension.
    public var type: AssetType
    /// The set's folder.
    public var path: String
    /// The set's Contents.json, or nil when it has none.
    public var contentsPath: String?
    /// The parsed Contents.json, whole, so that a rewrite keeps keys this tool does not know. Read
    /// from its text each time (see `ContentsText`).
    public var contents: JSONObject? {
        get { storedContents?.object }
        set { storedContents = newValue.map(StoredJSONObject.built) }
    }

    var storedContents: StoredJSONObject?
    /// The Contents.json `properties` object, read.
    public var properties: SetProperties
    /// Every entry of the set's array in declaration order, empty slots included.
    public var variants: [Variant]
    /// Names of the files in the set's folder, Contents.json excluded, sorted.
    public var files: [String]
    /// Sets inside this set's folder that belong to it: a brand asset's image stacks, a stack's
    /// layers, a layer's `Content.imageset`. They are not in `Catalog.assets`, since no lookup
    /// finds them by name; each is named `parent/Child`.
    public var children: [Asset] = []
    /// Names of the sub-folders of the set's folder, sorted: what entries of sets whose entries
    /// name child sets (`AssetType.entriesNameChildSets`) may name.
    public var folders: [String] = []

    /// An asset as the reader builds it; tests and tools that make catalogs in memory use it too.
    public init(
        name: String, type: AssetType, path: String, contentsPath: String? = nil,
        contents: JSONObject? = nil, properties: SetProperties = SetProperties(),
        variants: [Variant] = [], files: [String] = []
    ) {
        self.name = name
        self.type = type
        self.path = path
        self.contentsPath = contentsPath
        self.storedContents = contents.map(StoredJSONObject.built)
        self.properties = properties
        self.variants = variants
        self.files = files
    }

    /// This set and every set inside it, depth first (the set itself first).
    public var withDescendants: [Asset] { [self] + children.flatMap(\.withDescendants) }

    /// How many entries provide something (a file, a colour): what "variants" counts in `inspect`
    /// and the report. An empty slot, as Xcode's templates write, is not a variant.
    public var providedVariantCount: Int { variants.reduce(0) { $1.isEmptySlot ? $0 : $0 + 1 } }

    /// The variants the selection rule may ever choose (see `Variant.isSelectable`).
    public var selectableVariants: [Variant] { variants.filter(\.isSelectable) }
}

/// A set's or group's `properties` object.
public struct SetProperties: Hashable, Sendable {
    /// `provides-namespace`: a group whose name prefixes its assets' names (`box/Bottom`).
    public var providesNamespace = false
    /// `preserves-vector-representation`: a PDF or SVG image is kept as a vector, not only rasterized.
    public var preservesVectorRepresentation = false
    /// `on-demand-resource-tags`: the tags that make the set an on-demand resource.
    public var onDemandResourceTags: [String] = []
    /// `localizable`: the set's entries may be localized (each entry's `locale`).
    public var localizable = false
    /// `template-rendering-intent`: `template` or `original`, for the whole set.
    public var templateRenderingIntent: String?
    /// `compression-type`: how the images are compressed when compiled (`lossless`, `lossy`, `automatic`, ...).
    public var compressionType: String?

    /// No properties: what a set without a `properties` object has.
    public init() {}
}
