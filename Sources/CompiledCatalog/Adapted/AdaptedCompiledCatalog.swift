import AssetCatalog

/// A compiled catalog seen as the package's own model: a `Catalog` whose assets are the `.car`'s
/// asset names (facets) and whose variants are its renditions, one variant per rendition, each
/// key translated to the traits a Contents.json entry declares. The selection rule
/// (`AssetIndex`, docs/Selection.md) then answers for the compiled file unchanged.
///
/// A key value the translation does not know (a memory class, graphics class or subtype no
/// corpus file pins down, a direction, an appearance name) is not guessed: the variant gets an
/// `unrecognized` entry saying which, so the rule never chooses it and `--explain` says why.
/// Packed-atlas images (`ZZZZPackedAsset…`) and renditions no facet names are not assets.
///
/// ```swift
/// let adapted = AdaptedCompiledCatalog(try CompiledCatalog(path: "Assets.car"))
/// let index = AssetIndex(adapted.catalog)
/// if let match = index.resolve("d_iphone4", for: traits) {
///     let rendition = adapted.rendition(of: match)   // the compiled rendition that wins
///     print(rendition.renditionName, rendition.key.subtype ?? 0)   // green@2x.png 568
/// }
/// ```
public struct AdaptedCompiledCatalog: Sendable {
    /// The compiled catalog, as read.
    public let compiled: CompiledCatalog
    /// The model: assets in name order (one per facet), variants in RENDITIONS-tree order within
    /// each asset.
    public let catalog: Catalog
    /// For asset `a` and variant `v` of `catalog`, `renditionPositions[a][v]` is the position of
    /// its rendition in `compiled.renditions`.
    public let renditionPositions: [[Int]]
    /// The platform the file was compiled for: its metadata's when it has any (Xcode 8 and later),
    /// else the one its device idioms imply; nil when neither tells (only universal renditions).
    public let platform: Platform?

    /// Adapts `compiled`: one asset per facet, one variant per rendition, keys translated to traits.
    public init(_ compiled: CompiledCatalog) {
        self.compiled = compiled
        var assets: [Asset] = []
        var positions: [[Int]] = []
        // Renditions of equal keys (but for the name's number) translate alike: each key is
        // translated once, and its variant copied with the rendition's own position and file name
        // (a colour's components are read every time).
        var translated: [VariantTemplate: (variant: Variant, traits: RenditionTraits)] = [:]
        func variant(_ rendition: Rendition, index: Int) -> Variant {
            if case .color = rendition.payload { return Self.variant(rendition, index: index, in: compiled) }
            let template = VariantTemplate(rendition)
            guard let known = translated[template] else {
                let made = Self.variant(rendition, index: index, in: compiled)
                translated[template] = (made, RenditionTraits(rendition.key, appearances: compiled.appearances, localizations: compiled.localizations))
                return made
            }
            var copy = known.variant
            copy.index = index
            copy.filename = rendition.renditionName
            copy.entry = known.traits.contentsEntry(filename: copy.filename)
            return copy
        }
        // By facet, not by name: two names equal as strings (NFC and NFD) are two assets, as
        // they are to CoreUI, and a slice keeps both.
        compiled.renditions.withUnsafeBufferPointer { renditions in
            for group in compiled.assetGroups {
                guard let facet = group.facet else { continue }
                let name = compiled.facets[facet].name
                let members = group.positions.filter { !Self.isPackedImage(renditions[$0]) }
                guard !members.isEmpty else { continue }
                let variants = members.enumerated().map { index, position in
                    variant(renditions[position], index: index)
                }
                var asset = Asset(
                    name: name, type: Self.assetType(of: members.map { renditions[$0].layout }),
                    path: compiled.path, variants: variants)
                asset.files = Array(Set(variants.compactMap(\.filename))).sorted()
                assets.append(asset)
                positions.append(members)
            }
        }
        catalog = Catalog(path: compiled.path, assets: assets)
        renditionPositions = positions
        platform = Self.platform(of: compiled)
    }

    /// What `variant(_:index:in:)` reads of a rendition that holds no colour: its key but for the
    /// name's number, and whether it is a list of sizes.
    private struct VariantTemplate: Hashable {
        var key: UnnamedKey
        var isSizeList: Bool

        init(_ rendition: Rendition) {
            key = UnnamedKey(rendition.key)
            isSizeList = rendition.layout == .multisizeImage
        }
    }

    /// The rendition behind variant `variant` of the asset at `asset`.
    public func rendition(assetAt asset: Int, variant: Int) -> Rendition {
        compiled.renditions[renditionPositions[asset][variant]]
    }

    /// Whether a rendition is a packed atlas (`ZZZZPackedAsset-…`), which images point into
    /// rather than an asset anyone loads by name.
    public static func isPackedImage(_ rendition: Rendition) -> Bool {
        rendition.layout == .packedImage || (rendition.name ?? "").hasPrefix("ZZZZPackedAsset")
    }

    /// An asset's type, from its renditions' layouts.
    static func assetType(of layouts: [RenditionLayout]) -> AssetType {
        if layouts.contains(.color) { return .colorSet }
        if layouts.allSatisfy({ $0 == .data }) { return .dataSet }
        return .imageSet
    }

    package static func platform(of compiled: CompiledCatalog) -> Platform? {
        // Real files of Xcode 10 to 26 say `ios`, `macosx` and `atv` (Scripts/test-recent-corpus);
        // the SDK names are accepted too.
        if let name = compiled.metadata?.deploymentPlatform, !name.isEmpty {
            switch name {
            case "ios", "iphoneos", "iphonesimulator": return .ios
            case "atv", "appletvos", "appletvsimulator": return .tvos
            case "watchos", "watchsimulator": return .watchos
            case "macosx", "macos": return .macos
            case "xros", "xrsimulator": return .visionos
            default: break
            }
        }
        // A key format without an idiom is a macOS catalog's: actool compiles iOS, tvOS and watchOS
        // catalogs with an idiom attribute (Xcode 7.3's files in shared/corpus/compiled all do) and
        // macOS ones without, since only the Mac reads them.
        if !compiled.keyFormat.attributes.contains(.idiom) { return .macos }
        let platforms = Set(
            compiled.renditions.compactMap { rendition -> Platform? in
                guard case .device(let idiom)? = rendition.key.idiom?.requirement else { return nil }
                return idiom.platform
            })
        return platforms.count == 1 ? platforms.first : nil
    }

    /// One rendition as the variant a Contents.json entry would declare. The `entry` is written
    /// as Contents.json spells it, so `declaredAttributes` and every printer read it as usual.
    package static func variant(_ rendition: Rendition, index: Int, in compiled: CompiledCatalog) -> Variant {
        var traits = RenditionTraits(rendition.key, appearances: compiled.appearances, localizations: compiled.localizations)
        var variant = Variant(index: index)
        variant.idiom = traits.idiom
        variant.scale = traits.scale
        variant.subtype = traits.subtype
        variant.screenWidth = traits.screenWidth
        variant.horizontalSizeClass = traits.horizontalSizeClass
        variant.verticalSizeClass = traits.verticalSizeClass
        variant.memory = traits.memory
        variant.graphicsFeatureSet = traits.graphics
        variant.displayGamut = traits.gamut
        variant.layoutDirection = traits.layoutDirection
        variant.userInterfaceStyle = traits.style
        variant.accessibilityContrast = traits.contrast
        variant.locale = traits.locale
        if case .color(let space, let components) = rendition.payload {
            variant.color = Self.color(space: space, components: components)
        } else if rendition.layout == .multisizeImage {
            // An app icon's index of sizes, which no lookup by trait returns.
            traits.unrecognized["layout"] = "MultisizeImage"
            variant.filename = rendition.renditionName
        } else {
            variant.filename = rendition.renditionName
        }
        variant.unrecognized = traits.unrecognized
        variant.entry = traits.contentsEntry(filename: variant.filename)
        return variant
    }

    /// The colour in the Asset Catalog Format's terms (`RenditionColorSpace`); a number CoreUI
    /// does not name keeps it raw, as `colorspace-N`, which no source spells.
    static func color(space: UInt32, components: [Double]) -> ColorDefinition {
        let colorSpace = RenditionColorSpace(rawValue: space)
        let names = components.count == 2 ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
        var values: [String: String] = [:]
        for (name, value) in zip(names, components) { values[name] = String(value) }
        return ColorDefinition(colorSpace: colorSpace.contentsName ?? "colorspace-\(space)", components: values)
    }
}

/// A rendition key's values in the model's terms, with what could not be translated.
///
/// The numbers are CoreUI's, as `CompiledTraitNumbers` holds them for the compiler and the
/// reader alike (memory and graphics classes, subtypes, gamut, direction, appearances). Other
/// values of those axes are left `unrecognized`.
package struct RenditionTraits {
    package var idiom: IdiomRequirement = .universal
    package var scale: Int?
    package var subtype: String?
    package var screenWidth: ScreenWidthCondition?
    package var horizontalSizeClass: SizeClass?
    package var verticalSizeClass: SizeClass?
    package var memory: Int?
    package var graphics: GraphicsFeatureSet?
    package var gamut: DisplayGamut?
    package var layoutDirection: LayoutDirection?
    package var style: UserInterfaceStyle?
    package var contrast: AccessibilityContrast?
    package var locale: String?
    package var unrecognized: [String: String] = [:]

    package init(_ key: RenditionKey, appearances: CARNamedValues?, localizations: CARNamedValues?) {
        if let raw = key.idiom {
            if let requirement = raw.requirement { idiom = requirement } else { unrecognized["idiom"] = raw.name }
        }
        if let value = key.scale, value != 0 { scale = Int(value) }
        if let value = key.subtype, value != 0 {
            let phone = CompiledTraitNumbers.phoneSubtypes.trait(value)
            let watch = CompiledTraitNumbers.watchSubtypes.trait(value)
            switch idiom {
            case .device(.phone) where phone != nil: subtype = phone
            case .device(.watch) where watch != nil: screenWidth = watch
            default: unrecognized["subtype"] = "\(value) (on \(idiom.contentsValue))"
            }
        }
        horizontalSizeClass = sizeClass(key, .horizontalSizeClass, "width-class")
        verticalSizeClass = sizeClass(key, .verticalSizeClass, "height-class")
        if let value = key.memoryClass, value != 0 {
            if let gigabytes = CompiledTraitNumbers.memoryClasses.trait(value) { memory = gigabytes } else { unrecognized["memory"] = "class \(value)" }
        }
        if let value = key.graphicsClass, value != 0 {
            if let family = CompiledTraitNumbers.graphicsClasses.trait(value) {
                graphics = family
            } else {
                unrecognized["graphics-feature-set"] = "class \(value)"
            }
        }
        if let value = key.value(.displayGamut), value != 0 {
            if let named = CompiledTraitNumbers.displayGamuts.trait(value) { gamut = named } else { unrecognized["display-gamut"] = "\(value)" }
        }
        if let value = key.direction, value != 0 {
            if let direction = CompiledTraitNumbers.directions.trait(value) {
                layoutDirection = direction
            } else {
                unrecognized["language-direction"] = "direction \(value)"
            }
        }
        if let value = key.appearance, value != 0 {
            let name = appearances?.name(of: value)
            if let name, let named = CompiledTraitNumbers.appearance(named: name) {
                (style, contrast) = (named.style, named.highContrast ? .high : nil)
            } else {
                unrecognized["appearances"] = name ?? "appearance \(value), not in APPEARANCEKEYS"
            }
        }
        if let value = key.localization, value != 0 {
            if let name = localizations?.name(of: value) { locale = name } else { unrecognized["locale"] = "localization \(value), not in LOCALIZATIONKEYS" }
        }
        for (attribute, value) in key.pairs where value != 0 && !attribute.isKnown {
            unrecognized[attribute.shortName] = "\(value)"
        }
    }

    private mutating func sizeClass(_ key: RenditionKey, _ attribute: RenditionAttribute, _ name: String) -> SizeClass? {
        guard let value = key.value(attribute), value != 0 else { return nil }
        guard let sizeClass = CompiledTraitNumbers.sizeClasses.trait(value) else {
            unrecognized[name] = "\(value)"
            return nil
        }
        return sizeClass
    }

    /// The entry as Contents.json would write it.
    func contentsEntry(filename: String?) -> JSONObject {
        var members: [(String, JSONValue)] = [("idiom", .string(idiom.contentsValue))]
        if let filename { members.append(("filename", .string(filename))) }
        if let scale { members.append(("scale", .string("\(scale)x"))) }
        if let subtype { members.append(("subtype", .string(subtype))) }
        if let screenWidth { members.append(("screen-width", .string(screenWidth.description))) }
        if let horizontalSizeClass { members.append(("width-class", .string(horizontalSizeClass.rawValue))) }
        if let verticalSizeClass { members.append(("height-class", .string(verticalSizeClass.rawValue))) }
        if let memory { members.append(("memory", .string("\(memory)GB"))) }
        if let graphics { members.append(("graphics-feature-set", .string(graphics.rawValue))) }
        if let gamut { members.append(("display-gamut", .string(gamut.contentsValue))) }
        if let layoutDirection { members.append(("language-direction", .string(layoutDirection.contentsValue))) }
        if let locale { members.append(("locale", .string(locale))) }
        return JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) })
    }
}
