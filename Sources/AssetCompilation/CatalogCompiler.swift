import AdaptSupport
import AssetCatalog
import AssetSelection
import AssetThinning
import CPNGSupport
import CompiledCatalog
import DeviceProfiles

/// What `adapt compile` is asked to do: actool's options that change what it writes.
@_spi(Compiling) public struct CompileOptions: Sendable {
    public var platform: CompilePlatform
    public var deploymentTarget: String
    /// `--target-device` values (`iphone`, `ipad`, …); empty: every device of the platform.
    public var targetDevices: [String] = []
    public var appIcon: String?
    public var alternateAppIcons: [String] = []
    public var includeAllAppIcons = false
    public var accentColor: String?
    /// `--standalone-icon-behavior`: which sizes of the primary app icon are also loose files.
    package var standaloneIcons: ActoolStandaloneIconBehavior = .default
    /// `--launch-image`: the launch image set written as loose files and `UILaunchImages` (iOS).
    package var launchImage: String?
    /// `--widget-background-color`: a colour set named in the partial Info.plist.
    package var widgetBackgroundColor: String?
    /// The most pixels one image may decode to (`--max-pixels`).
    public var maxPixels: UInt64 = 64 << 20
    /// `--filter-for-device-model`: compile only what this device's App Store slice keeps, the
    /// entries `ThinningPlan` keeps for it (the thinner's own answer).
    package var device: DeviceProfile?
    /// The programs that rasterise PDFs (poppler's, found on `PATH`).
    package var vectorRenderers = VectorRasterizer.Programs()
    /// Icon Composer icons (`.icon` bundles) to compile beside the catalogs (`IconComposerCompiler`).
    package var iconComposerIcons: [IconComposerDocument] = []
    /// Where renditions wait while the file is assembled (an unlinked temporary file there); nil:
    /// in memory.
    package var spoolFolder: String?

    public init(platform: CompilePlatform, deploymentTarget: String) {
        self.platform = platform
        self.deploymentTarget = deploymentTarget
    }
}

/// What a compile produced: the `Assets.car` bytes, the files actool writes beside it (an iOS
/// app's loose icons, a Mac app's `.icns`), what the partial Info.plist says, and every finding.
@_spi(Compiling) public struct CompileProduct {
    /// The compiled catalog, assembled: written by `writeCatalog`, or whole as `car`.
    package var catalog = CompiledCatalogBuilder(keyFormat: [], platform: "", platformVersion: "")

    /// The `Assets.car` bytes, whole in memory (tests; `writeCatalog` streams them instead).
    public var car: [UInt8] {
        get throws(CompiledCatalogError) { try catalog.bytes() }
    }

    /// Writes the `Assets.car` piece by piece to `emit`.
    package func writeCatalog(_ emit: ([UInt8]) throws -> Void) throws(CompiledCatalogError) {
        try catalog.write(emit)
    }

    /// File name → bytes, in the order written.
    package var looseFiles: [(name: String, bytes: [UInt8])] = []
    /// The app icon compiled as the primary icon (`CFBundleIconName`), if any.
    package var appIconName: String?
    /// Base names of the loose icon files per idiom (`AppIcon60x60` for iPhone), for `CFBundleIconFiles`.
    package var iconFiles: [UserInterfaceIdiom: [String]] = [:]
    package var alternateAppIcons: [String] = []
    /// The Mac app's icon file (`CFBundleIconFile`), without extension.
    package var macIconFile: String?
    package var accentColorName: String?
    package var widgetBackgroundColorName: String?
    /// `--launch-image`'s files (among `looseFiles`) and its `UILaunchImages` entries.
    package var launchImages: LaunchImages?
    /// A tvOS brand asset's top shelf images by Info.plist key (`TVTopShelfPrimaryImage`, …).
    package var topShelfImages: [String: String] = [:]
    public var diagnostics: [Diagnostic] = []
    /// How many renditions the file holds.
    public var renditionCount = 0
}

/// Compiles source catalogs into one compiled catalog, as actool does for a platform and its
/// devices: what rule 2.1's platform table lets the platform hold, every trait as a key value,
/// bitmaps premultiplied and LZFSE-compressed in chunks, JPEGs and data as they are, colours as
/// components, PDFs and SVGs rasterised by poppler's `pdftocairo` and librsvg's `rsvg-convert`
/// (separate programs, `VectorRasterizer`) at each scale the platform keeps, bitmaps only. Bitmaps are decoded and compressed on every
/// core; the output is the same bytes for the same input and options whatever the core count.
///
/// Left out, each with a warning naming the entry: sliced vector images, variants whose trait has no established number in a compiled key (a direction, a high-contrast
/// or tinted appearance, memory and graphics values beyond the three classes seen), and set types
/// other than image, colour, data and app icon sets.
///
/// ```swift
/// var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
/// options.appIcon = "AppIcon"
/// let product = try CatalogCompiler(options).compile([catalog])
/// try FileOperations.writeAtomically("Build/Assets.car", try product.car)
/// ```
@_spi(Compiling) public struct CatalogCompiler {
    public let options: CompileOptions
    private let idioms: Set<UserInterfaceIdiom>

    public init(_ options: CompileOptions) {
        self.options = options
        idioms = options.platform.idioms(targetDevices: options.targetDevices)
    }

    /// With a device filter, the variants (by set path, then positions) its slice keeps.
    private typealias DeviceSlice = [String: Set<Int>]

    private static func slice(of catalog: Catalog, for device: DeviceProfile) -> DeviceSlice {
        let plan = ThinningPlan(index: AssetIndex(catalog), device: device)
        var kept: DeviceSlice = [:]
        for asset in plan.assets where !asset.droppedWhole {
            kept[catalog.assets[asset.asset].path] = Set(asset.kept)
        }
        return kept
    }

    /// One rendition to make: where it comes from, its key, and how to encode it.
    struct Work: Sendable {
        enum Source: Sendable {
            case png(path: String, flags: UInt32, slicing: Slicing? = nil, alignment: CSIRendition.AlignmentInsets? = nil)
            case jpeg(path: String, flags: UInt32)
            case heif(path: String, flags: UInt32)
            /// A PDF's first page or an SVG, rasterised at the key's scale (`VectorRasterizer`), then
            /// sliced and inset as a PNG is, in that scale's pixels.
            case vector(path: String, flags: UInt32, isSVG: Bool, slicing: Slicing? = nil, alignment: CSIRendition.AlignmentInsets? = nil)
            /// A PDF or SVG kept as it is (`preserves-vector-representation`).
            case vectorFile(path: String, flags: UInt32, isSVG: Bool)
            case data(path: String, uti: String)
            case color(colorSpace: RenditionColorSpace, components: [Double])
            case multisize([RenditionPayload.MultisizeEntry])
            /// A rendition another set type's file encodes (an image stack's, `ImageStacks`), given
            /// the identifier each name of the file has.
            case encoded(@Sendable (_ identifier: (String) -> UInt16?) -> Result<[UInt8], Diagnostic>)
            /// A rendition of an Icon Composer icon, and the numbers of the names it refers to.
            case iconComposer(IconComposerCompiler.Piece, identifiers: [String: UInt16])
        }

        var assetName: String
        var facetPart: UInt16
        var renditionName: String
        var key: [RenditionAttribute: UInt16]
        var source: Source
        /// The Contents.json entry, for findings.
        var location: SourceLocation?
    }

    /// Element and part numbers actool gives each kind (the real files): every asset's facet and
    /// key say element 85; an image's part is 181, a colour's 217, an app icon's images 220 and
    /// its size list 218.
    enum Part {
        static let element: UInt16 = 85
        static let image: UInt16 = 181
        static let color: UInt16 = 217
        static let iconSizes: UInt16 = 218
        static let icon: UInt16 = 220
    }

    /// Compiles `catalogs` (read by `CatalogReader`) into one file. A catalog's own errors are
    /// reported as they are and stop the compile, as actool stops.
    public func compile(_ catalogs: [Catalog]) throws(CompileFailure) -> CompileProduct {
        var product = CompileProduct()
        var diagnostics: [Diagnostic] = []
        for catalog in catalogs { diagnostics += catalog.diagnostics }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw CompileFailure(diagnostics: diagnostics) }
        product.diagnostics = diagnostics.filter { $0.severity != .note }

        var work: [Work] = []
        var locales: Set<String> = []
        let iconNames = Set([options.appIcon].compactMap { $0 } + options.alternateAppIcons)
        var seenNames: [String: String] = [:]
        for catalog in catalogs {
            let slice = options.device.map { Self.slice(of: catalog, for: $0) }
            for var asset in catalog.assets {
                if let slice {
                    // The device's slice: the variants its plan keeps, the rest as empty slots.
                    guard let kept = slice[asset.path] else { continue }
                    asset.variants = asset.variants.enumerated().map { kept.contains($0.offset) ? $0.element : Variant(index: $0.element.index) }
                }
                if let earlier = seenNames[asset.name] {
                    product.diagnostics.append(
                        Diagnostic(
                            .compileDuplicateName, "'\(asset.name)' is defined in \(earlier) and in \(asset.path); the first is compiled",
                            subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.path)))
                    continue
                }
                seenNames[asset.name] = asset.path
                switch asset.type {
                case .imageSet: work += images(of: asset, &product.diagnostics)
                case .colorSet: work += colors(of: asset, &product.diagnostics)
                case .dataSet: work += data(of: asset, &product.diagnostics)
                case .appIconSet:
                    guard options.includeAllAppIcons || iconNames.contains(asset.name) else {
                        product.diagnostics.append(
                            Diagnostic(
                                .compileLeftOut,
                                "app icon set '\(asset.name)' is not compiled: name it with --app-icon or --alternate-app-icon, or pass --include-all-app-icons",
                                subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
                        continue
                    }
                    work += appIcon(asset, into: &product)
                case .launchImage:
                    guard asset.name == options.launchImage else {
                        product.diagnostics.append(
                            Diagnostic(
                                .compileLeftOut, "launch image set '\(asset.name)' is not compiled: name it with --launch-image",
                                subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
                        continue
                    }
                    launchImages(asset, into: &product)
                case .spriteAtlas, .iconSet:
                    continue
                case .imageStack: work += imageStack(asset, into: &product, images: images(of:_:))
                case .brandAssets:
                    guard options.includeAllAppIcons || iconNames.contains(asset.name) else {
                        product.diagnostics.append(
                            Diagnostic(
                                .compileLeftOut,
                                "brand assets '\(asset.name)' are not compiled: name them with --app-icon, or pass --include-all-app-icons",
                                subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
                        continue
                    }
                    work += brandAssets(asset, into: &product, images: images(of:_:))
                case .complicationSet: work += complications(asset, into: &product, images: images(of:_:))
                default: product.diagnostics.append(notCompiled(asset))
                }
            }
        }
        work += iconComposerWork(catalogs, into: &product)
        // The appearances the renditions use, by name (`APPEARANCEKEYS`).
        let usedAppearances = Set(work.compactMap { $0.key[.appearance] })
        var appearances: [String: UInt16] = [:]
        for style in [nil] + UserInterfaceStyle.allCases.map(Optional.some) {
            for contrast in [nil, AccessibilityContrast.high] {
                if let named = options.platform.appearance(style: style, contrast: contrast), usedAppearances.contains(named.value) {
                    appearances[named.name] = named.value
                }
            }
        }
        for (name, value) in Self.iconComposerAppearances(work) { appearances[name] = value }
        for catalog in catalogs {
            for asset in catalog.assets { for variant in asset.variants { if let locale = variant.locale { locales.insert(locale) } } }
        }
        for (flag, name) in [("accent color", options.accentColor), ("widget background color", options.widgetBackgroundColor)] {
            guard let name else { continue }
            guard catalogs.contains(where: { $0.asset(named: name)?.type == .colorSet }) else {
                product.diagnostics.append(
                    Diagnostic(.compileMissingAsset, "the \(flag) '\(name)' is not a colour set of the catalogs", subject: Diagnostic.Subject(asset: name)))
                continue
            }
            if name == options.accentColor { product.accentColorName = name }
            if name == options.widgetBackgroundColor { product.widgetBackgroundColorName = name }
        }
        for name in [options.appIcon].compactMap({ $0 }) + options.alternateAppIcons
        where !catalogs.contains(where: { [.appIconSet, .brandAssets].contains($0.asset(named: name)?.type) }) && !hasIconComposerIcon(named: name) {
            product.diagnostics.append(
                Diagnostic(.compileMissingAsset, "the app icon set '\(name)' is not in the catalogs", subject: Diagnostic.Subject(asset: name)))
        }
        if let name = options.launchImage, !catalogs.contains(where: { $0.asset(named: name)?.type == .launchImage }) {
            product.diagnostics.append(
                Diagnostic(.compileMissingAsset, "the launch image set '\(name)' is not in the catalogs", subject: Diagnostic.Subject(asset: name)))
        }
        product.alternateAppIcons = options.alternateAppIcons

        // The key format holds what the platform's base format holds, and what these renditions use.
        let used = Set(work.flatMap { $0.key.filter { $0.value != 0 }.keys })
        let keyFormat = options.platform.keyFormat(using: used)
        let spool: ByteSpool
        do {
            spool = try options.spoolFolder.map { folder throws(CompiledCatalogError) in try ByteSpool(folder: folder) } ?? ByteSpool()
        } catch {
            throw CompileFailure(diagnostics: product.diagnostics + [Diagnostic(.compileOutput, error.problem, at: SourceLocation(file: error.structure))])
        }
        var builder = CompiledCatalogBuilder(
            keyFormat: keyFormat, platform: options.platform.metadataName, platformVersion: options.deploymentTarget,
            authoringTool: "adapt \(AdaptVersion.current)", versionString: "adapt compile \(AdaptVersion.current)",
            spool: spool)
        builder.keySemantics = options.platform.keySemantics
        if options.platform.alwaysWritesAppearances || !appearances.isEmpty, let any = options.platform.appearance(style: nil, contrast: nil) {
            appearances[any.name] = any.value
            builder.appearances = appearances.map { ($0.key, $0.value) }
        }
        builder.localizations = locales.sorted().map { ($0, CompiledName.identifier(of: $0)) }
        do throws(CompiledCatalogBuilder.Refusal) { try builder.assignIdentifiers(work.map(\.assetName)) } catch {
            let count = Set(work.map(\.assetName)).count
            throw CompileFailure(
                diagnostics: product.diagnostics + [
                    Diagnostic(
                        .compileTooManyNames,
                        "the catalogs hold \(count) names, more than the 65,535 a compiled catalog's 16-bit name identifiers number")
                ])
        }
        for index in work.indices { work[index].numberIconLayers(builder.identifier(of:)) }

        // Decoding and compressing are the cost: on every core, a batch at a time, each batch's
        // renditions set aside in the spool before the next is decoded, so memory holds one
        // batch of pictures whatever the catalog's size.
        let maxPixels = options.maxPixels
        // The identifier of each name, for renditions that refer to other names (a stack's layers).
        let identifiers = Dictionary(work.map { ($0.assetName, builder.assignedIdentifier(of: $0.assetName) ?? 0) }) { first, _ in first }
        // Four renditions a core: a batch's compressed renditions wait in memory until it ends,
        // and a large photograph's are megabytes (16 a core made 20,000 sets peak at 220 MB).
        let batch = 4 * Machine.coreCount
        // A drawing worker per core, started now so that loading its libraries overlaps the
        // batches before the first vector rather than delaying it.
        if work.contains(where: { if case .vector = $0.source { true } else { false } }) {
            RenderWorkers.pool(for: options.vectorRenderers.renderWorker).start(Machine.coreCount)
        }
        for start in stride(from: 0, to: work.count, by: batch) {
            let items = Array(work[start..<min(start + batch, work.count)])
            let renderers = options.vectorRenderers
            let encoded = items.concurrentMap(concurrency: nil) { item in
                Self.encode(item, maxPixels: maxPixels, renderers: renderers, identifiers: identifiers)
            }
            for (item, result) in zip(items, encoded) {
                switch result {
                case .success(let value):
                    let facetAttributes: [(RenditionAttribute, UInt16)] = [(.element, Part.element), (.part, item.facetPart)]
                    let key = item.key.filter { keyFormat.contains($0.key) }
                    do throws(CompiledCatalogBuilder.Refusal) {
                        switch value {
                        case .bytes(let bytes): try builder.add(name: item.assetName, facetAttributes: facetAttributes, key: key, value: bytes)
                        case .headThenFile(let head, let path, let length):
                            try builder.add(name: item.assetName, facetAttributes: facetAttributes, key: key, head: head, file: path, length: length)
                        case .notDrawn: continue
                        }
                    } catch {
                        product.diagnostics.append(Self.diagnostic(for: error, item))
                    }
                case .failure(let diagnostic):
                    // A missing renderer fails each scale of a file alike: said once per file.
                    guard diagnostic.rule != .compileRenderer || !product.diagnostics.contains(diagnostic) else { continue }
                    product.diagnostics.append(diagnostic)
                }
            }
        }
        guard !product.diagnostics.contains(where: { $0.severity == .error }) else { throw CompileFailure(diagnostics: product.diagnostics) }
        product.renditionCount = builder.renditionCount
        product.catalog = builder
        return product
    }

    private static func diagnostic(for refusal: CompiledCatalogBuilder.Refusal, _ item: Work) -> Diagnostic {
        switch refusal {
        case .tooManyNames:
            Diagnostic(
                .compileTooManyNames, "the catalogs hold more than 65,535 names, more than a compiled catalog's 16-bit name identifiers number",
                subject: Diagnostic.Subject(asset: item.assetName), at: item.location)
        case .spool(let error):
            Diagnostic(.compileOutput, "the compiled catalog cannot be assembled: \(error.problem)", at: item.location)
        case .duplicateKey(let name, _):
            Diagnostic(
                .compileDuplicateVariant, "'\(name)' has two entries that compile to the same traits (\(item.renditionName) is one); actool keeps one of them",
                subject: Diagnostic.Subject(asset: name), at: item.location)
        }
    }

    // MARK: Which entries the platform keeps

    /// Whether the platform and devices keep `variant`, and if not, why not (nil: kept quietly left out).
    private func keeps(_ variant: Variant, in asset: Asset) -> Bool {
        guard variant.isSelectable else { return false }
        switch variant.idiom {
        case .universal: break
        case .device(let idiom): guard idioms.contains(idiom) else { return false }
        case .storeOnly(let slot):
            // The App Store icon is compiled into an iOS app's catalog (ITMS-90704 asks for it there).
            guard asset.type == .appIconSet, slot == "ios-marketing", options.platform.platform == .ios else { return false }
        }
        if let platform = variant.platform, Platform(contentsValue: platform) != options.platform.platform { return false }
        let lacking = PlatformAxes.lacking(on: options.platform.platform)
        if lacking.contains(.memory), variant.memory != nil { return false }
        if lacking.contains(.graphics), variant.graphicsFeatureSet != nil { return false }
        if lacking.contains(.sizeClasses), variant.horizontalSizeClass != nil || variant.verticalSizeClass != nil { return false }
        return true
    }

    /// The key values of a variant's traits, or the reason one has no established number.
    private func traitKey(_ variant: Variant, scale: Int?) -> Result<[RenditionAttribute: UInt16], TraitGap> {
        var key: [RenditionAttribute: UInt16] = [:]
        if let scale { key[.scale] = UInt16(scale) }
        switch variant.idiom {
        case .universal: break
        case .device(let idiom): key[.idiom] = Self.idiomNumber(idiom)
        case .storeOnly: key[.idiom] = CompiledIdiom.marketing.rawValue
        }
        // On the Mac the key has no idiom: `mac` and `universal` are one there.
        if options.platform.platform == .macos { key[.idiom] = nil }
        if let subtype = variant.subtype, variant.screenSubtype == Variant.fourInchSubtype, subtype == Variant.fourInchSubtype {
            key[.subtype] = 568
        } else if let width = variant.screenWidth {
            switch (width.comparison, width.points) {
            case (.lessThanOrEqual, 145): key[.subtype] = 320
            case (.greaterThan, 145): key[.subtype] = 384
            default: return .failure(TraitGap(trait: "screen-width \(width)"))
            }
        } else if variant.caseSizeSubtype != nil {
            return .failure(TraitGap(trait: "subtype \(variant.subtype ?? "")"))
        }
        if let sizeClass = variant.horizontalSizeClass { key[.horizontalSizeClass] = sizeClass == .compact ? 1 : 2 }
        if let sizeClass = variant.verticalSizeClass { key[.verticalSizeClass] = sizeClass == .compact ? 1 : 2 }
        if let memory = variant.memory {
            guard let number = [1: 1, 2: 2, 4: 3][memory] else { return .failure(TraitGap(trait: "memory \(memory)GB")) }
            key[.memoryClass] = UInt16(number)
        }
        if let family = variant.graphicsFeatureSet {
            guard let number: UInt16 = [.metal1v2: 1, .metal2v2: 2, .metal3v1: 3][family] else {
                return .failure(TraitGap(trait: "graphics-feature-set \(family.rawValue)"))
            }
            key[.graphicsClass] = number
        }
        if let gamut = variant.displayGamut, let value = RenditionKey.displayGamutValue(gamut) { key[.displayGamut] = value }
        guard let appearance = options.platform.appearance(style: variant.userInterfaceStyle, contrast: variant.accessibilityContrast) else {
            return .failure(TraitGap(trait: "luminosity \(variant.userInterfaceStyle?.rawValue ?? "any")"))
        }
        if appearance.value != 0 { key[.appearance] = appearance.value }
        if let direction = variant.layoutDirection { key[.direction] = RenditionKey.directionValue(direction) }
        if let locale = variant.locale { key[.localization] = CompiledName.identifier(of: locale) }
        return .success(key)
    }

    struct TraitGap: Error {
        var trait: String
    }

    private static func idiomNumber(_ idiom: UserInterfaceIdiom) -> UInt16 {
        switch idiom {
        case .phone: CompiledIdiom.phone.rawValue
        case .pad: CompiledIdiom.pad.rawValue
        case .tv: CompiledIdiom.tv.rawValue
        case .car: CompiledIdiom.car.rawValue
        case .watch: CompiledIdiom.watch.rawValue
        case .mac: CompiledIdiom.mac.rawValue
        case .vision: CompiledIdiom.vision.rawValue
        }
    }

    private func leftOut(_ asset: Asset, _ variant: Variant, _ reason: String) -> Diagnostic {
        Diagnostic(
            .compileLeftOut, "\(asset.name): \(variant.payloadDescription) is not compiled: \(reason)",
            subject: Diagnostic.Subject(asset: asset.name), at: variant.location ?? SourceLocation(file: asset.contentsPath ?? asset.path))
    }

    // MARK: Sets

    /// Template rendering mode in a bitmap's flags (bits 3 to 5): original 0, template 1, unset 2
    /// (acextract's `r_original`, `r_template`, `r_default`).
    private static func templateFlags(_ intent: String?) -> UInt32 {
        switch intent {
        case "original": 0
        case "template": 1 << 3
        default: 2 << 3
        }
    }

    /// The scales actool rasterises a vector entry without a scale at: Xcode 7.3's files hold
    /// 1x, 2x and 3x renditions of each such PDF for iOS (the iPad's too), tvOS and watchOS, and
    /// 1x and 2x for the Mac (acextract). visionOS has no file here: Vision Pro draws at 2x.
    private var vectorScales: [Int] {
        switch options.platform.platform {
        case .macos: [1, 2]
        case .visionos: [2]
        default: [1, 2, 3]
        }
    }

    private func images(of asset: Asset, _ diagnostics: inout [Diagnostic]) -> [Work] {
        var work: [Work] = []
        var macKeys: Set<[RenditionAttribute: UInt16]> = []
        // On the Mac, a `mac` entry and a `universal` one with the same traits are one key: the
        // `mac` one is the more specific and is kept.
        let ordered =
            options.platform.platform == .macos
            ? asset.variants.sorted { ($0.idiom == .device(.mac) ? 0 : 1, $0.index) < ($1.idiom == .device(.mac) ? 0 : 1, $1.index) }
            : asset.variants
        let shadowed = shadowedUniversalScales(in: asset)
        // PDF and SVG entries wait until every bitmap is keyed: a bitmap entry with the same traits and a
        // scale replaces the rasterisation at that scale (rule 2.1, acextract's `v_overrides`).
        var vectors: [Variant] = []
        for variant in ordered where keeps(variant, in: asset) {
            guard let filename = variant.filename else { continue }
            // A Mac has 1x and 2x displays: Xcode 7.3's Mac file holds no 3x rendition.
            if options.platform.platform == .macos, variant.scale == 3 { continue }
            if variant.idiom == .universal, shadowed.contains(variant.attributeStrings(excluding: ["idiom"])) { continue }
            let lower = filename.lowercased()
            let isPNG = lower.hasSuffix(".png")
            let isJPEG = lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
            let isHEIF = lower.hasSuffix(".heic") || lower.hasSuffix(".heif")
            if lower.hasSuffix(".pdf") || lower.hasSuffix(".svg") {
                vectors.append(variant)
                continue
            }
            guard isPNG || isJPEG || isHEIF else {
                diagnostics.append(leftOut(asset, variant, "only PNG, JPEG, HEIC, PDF and SVG images are compiled"))
                continue
            }
            guard let scale = variant.scale else {
                diagnostics.append(leftOut(asset, variant, "a bitmap without a scale"))
                continue
            }
            // A sliced image is cropped to its caps and centre, as actool does (`Slicing`).
            var slicing: Slicing?
            if let resizing = variant.resizing {
                guard isPNG, var parsed = Slicing(resizing) else {
                    diagnostics.append(
                        leftOut(asset, variant, "its resizing is not one adapt compiles (a PNG, in 3-part-horizontal, 3-part-vertical or 9-part mode)"))
                    continue
                }
                parsed.forMac = options.platform.platform == .macos
                slicing = parsed
            }
            switch traitKey(variant, scale: scale) {
            case .failure(let gap):
                diagnostics.append(leftOut(asset, variant, "its \(gap.trait) has no number in a compiled key that adapt knows"))
            case .success(var key):
                if options.platform.platform == .macos {
                    guard macKeys.insert(key).inserted else { continue }
                }
                key[.element] = Part.element
                key[.part] = Part.image
                let flags = Self.templateFlags(variant.templateRenderingIntent ?? asset.properties.templateRenderingIntent)
                let path = asset.path.appendingPathComponent(filename)
                let alignment = Self.alignmentInsets(variant, scale: 1)
                let source: Work.Source =
                    isPNG
                    ? .png(path: path, flags: flags, slicing: slicing, alignment: alignment)
                    : isJPEG ? .jpeg(path: path, flags: flags) : .heif(path: path, flags: flags)
                work.append(Work(assetName: asset.name, facetPart: Part.image, renditionName: filename, key: key, source: source, location: variant.location))
            }
        }
        let bitmapKeys = Set(work.map(\.key))
        let preservesVector = asset.properties.preservesVectorRepresentation
        for variant in vectors {
            guard let filename = variant.filename else { continue }
            let isSVG = filename.lowercased().hasSuffix(".svg")
            let path = asset.path.appendingPathComponent(filename)
            if isSVG { diagnostics += VectorRasterizer.droppedReferences(path, asset: asset.name) }
            var flags =
                Self.templateFlags(variant.templateRenderingIntent ?? asset.properties.templateRenderingIntent) | RenditionFlags.vectorBasedBit
            if preservesVector { flags |= RenditionFlags.preservesVectorBit }
            var slicing: Slicing?
            if let resizing = variant.resizing {
                guard var parsed = Slicing(resizing) else {
                    diagnostics.append(leftOut(asset, variant, "its resizing is not one adapt compiles (3-part-horizontal, 3-part-vertical or 9-part mode)"))
                    continue
                }
                parsed.forMac = options.platform.platform == .macos
                slicing = parsed
            }
            // The vector itself, at its own scale or none, keyed as its rasterisations are.
            if preservesVector, case .success(var key) = traitKey(variant, scale: variant.scale ?? 0) {
                key[.element] = Part.element
                key[.part] = Part.image
                work.append(
                    Work(
                        assetName: asset.name, facetPart: Part.image, renditionName: Self.vectorRenditionName(filename), key: key,
                        source: .vectorFile(path: path, flags: flags, isSVG: isSVG), location: variant.location))
            }
            // Without a scale, one rasterisation per scale the platform keeps, the entry's caps and
            // insets given in points; with one, that scale, caps and insets in its pixels.
            for scale in variant.scale.map({ [$0] }) ?? vectorScales {
                switch traitKey(variant, scale: scale) {
                case .failure(let gap):
                    diagnostics.append(leftOut(asset, variant, "its \(gap.trait) has no number in a compiled key that adapt knows"))
                case .success(var key):
                    if options.platform.platform == .macos {
                        guard macKeys.insert(key).inserted else { continue }
                    }
                    key[.element] = Part.element
                    key[.part] = Part.image
                    guard !bitmapKeys.contains(key) else { continue }
                    let pointScale = variant.scale == nil ? scale : 1
                    work.append(
                        Work(
                            assetName: asset.name, facetPart: Part.image, renditionName: filename, key: key,
                            source: .vector(
                                path: path, flags: flags, isSVG: isSVG, slicing: slicing?.scaled(by: pointScale),
                                alignment: Self.alignmentInsets(variant, scale: pointScale)),
                            location: variant.location))
                }
            }
        }
        return work
    }

    /// The name actool gives a kept vector: its file's name without the extension (acextract's
    /// `facebook-6.pdf` is the vector `facebook-6` beside the bitmaps `facebook-6.pdf`).
    static func vectorRenditionName(_ filename: String) -> String {
        let extensionLength = filename.pathExtension.isEmpty ? 0 : filename.pathExtension.count + 1
        return String(filename.dropLast(extensionLength))
    }

    /// An entry's `alignment-insets`, times `scale` (a vector's are in points), or nil when it has
    /// none or they are all zero.
    static func alignmentInsets(_ variant: Variant, scale: Int) -> CSIRendition.AlignmentInsets? {
        guard let object = variant.alignmentInsets?.object else { return nil }
        func inset(_ name: String) -> UInt32 { UInt32(clamping: Slicing.bounded(object[name]?.int ?? 0) * scale) }
        let insets = CSIRendition.AlignmentInsets(left: inset("left"), top: inset("top"), right: inset("right"), bottom: inset("bottom"))
        return insets == CSIRendition.AlignmentInsets(left: 0, top: 0, right: 0, bottom: 0) ? nil : insets
    }

    /// The universal entries (their attributes but idiom) that no device of the target can be
    /// shown, as Xcode 7.3 leaves them out: every targeted device kind (CarPlay aside) has an
    /// entry of its own with the same attributes, a bitmap with the same scale or a PDF without
    /// one. Seen in acextract's `v_overrides` and `v_device`: for iPhone and iPad together, iOS
    /// drops the universal 1x and 2x PNGs that the iPhone and iPad entries cover and the
    /// universal PDF beside theirs; watchOS the universal 2x PNG and PDF. Not when an iOS target
    /// is the iPhone or the iPad alone (those files keep every universal entry: an iPhone app
    /// also runs on iPads), nor on tvOS, whose file keeps a universal 1x PNG beside a tv one:
    /// Apple's output, followed as found; rule 2.1 does not say it.
    private func shadowedUniversalScales(in asset: Asset) -> Set<[String]> {
        guard options.platform.platform != .tvos else { return [] }
        let covering = idioms.subtracting([.car])
        guard !covering.isEmpty else { return [] }
        if options.platform.platform == .ios, !covering.isSuperset(of: [.phone, .pad]) { return [] }
        var byIdiom: [UserInterfaceIdiom: Set<[String]>] = [:]
        for variant in asset.variants where variant.isSelectable {
            guard case .device(let idiom) = variant.idiom, covering.contains(idiom), let file = variant.filename?.lowercased() else { continue }
            let isBitmap = variant.scale != nil && (file.hasSuffix(".png") || file.hasSuffix(".jpg") || file.hasSuffix(".jpeg"))
            let isVector = variant.scale == nil && (file.hasSuffix(".pdf") || file.hasSuffix(".svg"))
            guard isBitmap || isVector else { continue }
            byIdiom[idiom, default: []].insert(variant.attributeStrings(excluding: ["idiom"]))
        }
        var shared: Set<[String]>?
        for idiom in covering {
            let own = byIdiom[idiom] ?? []
            shared = shared.map { $0.intersection(own) } ?? own
        }
        return shared ?? []
    }

    private func colors(of asset: Asset, _ diagnostics: inout [Diagnostic]) -> [Work] {
        var work: [Work] = []
        for variant in asset.variants where keeps(variant, in: asset) {
            guard let color = variant.color else { continue }
            guard color.reference == nil else {
                diagnostics.append(leftOut(asset, variant, "a system colour reference (\(color.reference ?? "")) is not compiled yet"))
                continue
            }
            guard let space = Self.colorSpace(color.colorSpace) else {
                diagnostics.append(leftOut(asset, variant, "colour space '\(color.colorSpace ?? "")' has no CoreUI number"))
                continue
            }
            let names = space.isGray ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
            // CoreUI stores 32-bit floats: a component past Float's range (3.5e38) would be stored
            // as infinity, a colour no device draws. The catalog is wrong, so it is an error.
            if let huge = names.first(where: { color.componentValue($0).map { !Float($0).isFinite } ?? false }) {
                diagnostics.append(
                    Diagnostic(
                        .compileUnreadable,
                        "colour component '\(huge)' is \(color.components[huge] ?? ""), beyond the range of the 32-bit float a compiled catalog stores",
                        subject: Diagnostic.Subject(asset: asset.name), at: variant.location))
                continue
            }
            let components = names.map { Self.storedComponent($0, of: color) }
            guard components.allSatisfy({ $0 != nil }) else {
                diagnostics.append(leftOut(asset, variant, "a component of \(names.joined(separator: ", ")) is missing or not a number"))
                continue
            }
            switch traitKey(variant, scale: nil) {
            case .failure(let gap):
                diagnostics.append(leftOut(asset, variant, "its \(gap.trait) has no number in a compiled key that adapt knows"))
            case .success(var key):
                key[.element] = Part.element
                key[.part] = Part.color
                key[.scale] = 1 // as sudoku's AccentColor: colours are keyed at scale 1
                work.append(
                    Work(
                        assetName: asset.name, facetPart: Part.color, renditionName: asset.name, key: key,
                        source: .color(colorSpace: space, components: components.map { $0! }), location: variant.location))
            }
        }
        return work
    }

    private func data(of asset: Asset, _ diagnostics: inout [Diagnostic]) -> [Work] {
        var work: [Work] = []
        for variant in asset.variants where keeps(variant, in: asset) {
            guard let filename = variant.filename else { continue }
            switch traitKey(variant, scale: nil) {
            case .failure(let gap):
                diagnostics.append(leftOut(asset, variant, "its \(gap.trait) has no number in a compiled key that adapt knows"))
            case .success(var key):
                key[.element] = Part.element
                key[.part] = Part.image
                key[.scale] = 1 // as mcfans/actool found actool keys data
                let uti = variant.entry["universal-type-identifier"]?.string ?? Self.uti(forFileName: filename)
                work.append(
                    Work(
                        assetName: asset.name, facetPart: Part.image, renditionName: filename, key: key,
                        source: .data(path: asset.path.appendingPathComponent(filename), uti: uti), location: variant.location))
            }
        }
        return work
    }

    /// An app icon set: per device kind a size list (`MSIS`, key scale 1), each image keyed by
    /// its size's slot (`dimension2`), and the files beside the catalog: an iOS app's
    /// `AppIcon60x60@2x.png` and `AppIcon76x76@2x~ipad.png`, a Mac app's `AppIcon.icns`.
    ///
    /// Slots are actool's fixed numbers per point size (mcfans/actool's parity tests against
    /// actool for iOS; eink-assistant's file for the Mac): iOS 20→1, 29→2, 40→3, 60→4, 76→5,
    /// 83.5→6, 90→7, 1024→8; macOS 16→1, 32→2, 128→3, 256→4, 512→5. A single-size iOS icon (Xcode
    /// 14's one 1024 pt universal entry) becomes an iPhone and an iPad rendition at scale 1 in
    /// slot 1 (sentry-cli's Xcode 16 archive), and the loose files are resampled from it.
    private func appIcon(_ asset: Asset, into product: inout CompileProduct) -> [Work] {
        let isPrimary = asset.name == options.appIcon
        if isPrimary { product.appIconName = asset.name }
        let platform = options.platform.platform
        var kept: [(variant: Variant, points: Double)] = []
        // A Mac app icon set's dark and tinted entries are not compiled (Grid's Xcode 26.3 file
        // holds its ten light icons and none of its ten dark ones).
        for variant in asset.variants where keeps(variant, in: asset) && !(platform == .macos && variant.userInterfaceStyle != nil) {
            guard let filename = variant.filename, filename.lowercased().hasSuffix(".png") else {
                if variant.filename != nil { product.diagnostics.append(leftOut(asset, variant, "only PNG app icons are compiled")) }
                continue
            }
            guard let size = variant.size.flatMap(Self.points), size.0 == size.1 else {
                product.diagnostics.append(leftOut(asset, variant, "its size '\(variant.size ?? "")' is not a square WIDTHxHEIGHT"))
                continue
            }
            kept.append((variant, size.0))
        }
        guard !kept.isEmpty else { return [] }
        let singleSize = platform == .ios && kept.count == 1 && kept[0].variant.idiom == .universal
        var work: [Work] = []
        // Each size list: its idiom (0 on the Mac and for a universal icon) and its (points, slot) entries.
        var sizeLists: [UInt16: [Double: UInt16]] = [:]
        var icnsImages: [(type: String, png: [UInt8])] = []
        var seen: Set<[RenditionAttribute: UInt16]> = []
        for (variant, points) in kept {
            let scale = variant.scale ?? 1
            guard case .success(var key) = traitKey(variant, scale: scale) else {
                product.diagnostics.append(leftOut(asset, variant, "one of its traits has no number in a compiled key that adapt knows"))
                continue
            }
            guard let filename = variant.filename else { continue }
            let slot = singleSize ? 1 : Self.iconSlot(points: points, platform: platform)
            guard let slot else {
                product.diagnostics.append(leftOut(asset, variant, "no \(platform.rawValue) app icon slot has \(variant.size ?? "") points"))
                continue
            }
            key[.dimension2] = slot
            key[.element] = Part.element
            key[.part] = Part.icon
            let path = asset.path.appendingPathComponent(filename)
            // The single-size icon serves the iPhone and the iPad, each with its own rendition.
            let idioms: [UInt16?] = singleSize ? [CompiledIdiom.phone.rawValue, CompiledIdiom.pad.rawValue] : [key[.idiom]]
            for idiom in idioms {
                var keyed = key
                keyed[.idiom] = platform == .macos ? nil : idiom
                guard seen.insert(keyed).inserted else { continue }
                sizeLists[keyed[.idiom] ?? 0, default: [:]][points] = slot
                work.append(
                    Work(
                        assetName: asset.name, facetPart: Part.icon, renditionName: filename, key: keyed,
                        source: .png(path: path, flags: 0), location: variant.location))
            }
            guard isPrimary, options.standaloneIcons != .none else { continue }
            if platform == .macos, let type = ICNSWriter.type(points: Int(points), scale: scale),
                let png = try? FileSystem.readRegularFile(path, limit: 64 << 20)
            {
                icnsImages.append((type, png))
            }
            if platform == .ios {
                for loose in Self.looseIcons(
                    asset.name, points: points, scale: scale, idiom: variant.idiom, singleSize: singleSize,
                    every: options.standaloneIcons == .all)
                where !product.looseFiles.contains(where: { $0.name == loose.file }) {
                    guard let png = Self.loosePNG(path, side: loose.side) else {
                        product.diagnostics.append(
                            Diagnostic(
                                .compileUnreadable, "cannot be decoded to write \(loose.file)", subject: Diagnostic.Subject(asset: asset.name),
                                at: SourceLocation(file: path)))
                        continue
                    }
                    product.looseFiles.append((loose.file, png))
                    if !(product.iconFiles[loose.idiom] ?? []).contains(loose.base) { product.iconFiles[loose.idiom, default: []].append(loose.base) }
                }
            }
        }
        if !icnsImages.isEmpty {
            icnsImages.sort { $0.type < $1.type }
            product.looseFiles.append(("\(asset.name).icns", ICNSWriter.file(icnsImages)))
            product.macIconFile = asset.name
        }
        var lists: [Work] = []
        for idiom in sizeLists.keys.sorted() {
            let entries = (sizeLists[idiom] ?? [:]).sorted { $0.key < $1.key }.map { points, slot in
                // In points, 83.5 written as 83 (mcfans/actool, checked against actool).
                RenditionPayload.MultisizeEntry(width: UInt32(points.rounded(.down)), height: UInt32(points.rounded(.down)), index: slot, idiom: .universal)
            }
            var key: [RenditionAttribute: UInt16] = [.element: Part.element, .part: Part.iconSizes, .scale: 1]
            if idiom != 0 { key[.idiom] = idiom }
            lists.append(
                Work(
                    assetName: asset.name, facetPart: Part.icon, renditionName: asset.name, key: key,
                    source: .multisize(entries), location: SourceLocation(file: asset.contentsPath ?? asset.path)))
        }
        return lists + work
    }

    /// `--launch-image`'s set: on iOS, its PNGs copied beside the `.car` under actool's names and
    /// its `UILaunchImages` entries (`LaunchImages`); nothing goes into the `.car` (an Xcode 9
    /// app's `Assets.car` holds no launch image). Other platforms have no launch images to write.
    private func launchImages(_ asset: Asset, into product: inout CompileProduct) {
        guard options.platform.platform == .ios else {
            product.diagnostics.append(
                Diagnostic(
                    .compileLeftOut, "launch image set '\(asset.name)' is not compiled: launch images are written for iOS only",
                    subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
            return
        }
        var leftOutEntries: [Diagnostic] = []
        let launchImages = LaunchImages(asset, idioms: idioms) { variant, reason in leftOutEntries.append(leftOut(asset, variant, reason)) }
        product.diagnostics += leftOutEntries
        for file in launchImages.files {
            guard file.source.lowercased().hasSuffix(".png") else {
                product.diagnostics.append(
                    Diagnostic(
                        .compileLeftOut, "is not compiled as \(file.name): launch images are PNG files",
                        subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: file.source)))
                continue
            }
            guard let png = try? FileSystem.readRegularFile(file.source, limit: 64 << 20) else {
                product.diagnostics.append(
                    Diagnostic(
                        .compileUnreadable, "cannot be read to write \(file.name)", subject: Diagnostic.Subject(asset: asset.name),
                        at: SourceLocation(file: file.source)))
                continue
            }
            // Copied as it is, but only once it decodes as any image does: a file that is no
            // PNG would otherwise ship under a PNG's name, and the app would launch blank.
            let decoded = png.withUnsafeBufferPointer { adapt_png_decode_premultiplied_bgra($0.baseAddress, $0.count, options.maxPixels) }
            adapt_png_decoded_free(decoded.pixels)
            if decoded.status == 3 { FileSystem.noteEnvironmentFailure(ENOMEM, path: file.source) } // the machine's fault, not the file's
            guard decoded.status == 0 else {
                let message = withUnsafeBytes(of: decoded.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                product.diagnostics.append(
                    Diagnostic(
                        decoded.status == 2 ? .compileTooLarge : .compileUnreadable,
                        decoded.status == 2 ? "has \(message) (--max-pixels)" : "is not a PNG libpng can decode: \(message)",
                        subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: file.source)))
                continue
            }
            product.looseFiles.append((file.name, png))
        }
        product.launchImages = launchImages
    }

    /// actool's slot for an icon of `points` points on `platform`, nil where it has none.
    static func iconSlot(points: Double, platform: Platform) -> UInt16? {
        let slots: [Double: UInt16] =
            switch platform {
            case .macos: [16: 1, 32: 2, 128: 3, 256: 4, 512: 5]
            default: [20: 1, 29: 2, 40: 3, 60: 4, 76: 5, 83.5: 6, 90: 7, 1024: 8]
            }
        return slots[points]
    }

    /// The loose files actool writes beside an iOS app's catalog (mcfans/actool, checked against
    /// actool): `AppIcon60x60@2x.png` for the iPhone and `AppIcon76x76@2x~ipad.png` for the iPad,
    /// from the entries of those sizes, or resampled from a single-size icon. With `every`
    /// (`--standalone-icon-behavior all`), each iPhone and iPad entry is one, named as Xcode 9
    /// named them (`AppIcon20x20@3x.png`, `AppIcon83.5x83.5@2x~ipad.png`; an app of Xcode 9.2 lists
    /// `AppIcon20x20` … `AppIcon83.5x83.5` in its `CFBundleIconFiles`); a single-size icon keeps
    /// the two of the default, since it has no entry per size.
    static func looseIcons(
        _ name: String, points: Double, scale: Int, idiom: IdiomRequirement, singleSize: Bool,
        every: Bool = false
    ) -> [(file: String, base: String, idiom: UserInterfaceIdiom, side: Int)] {
        let phone = ("\(name)60x60@2x.png", "\(name)60x60", UserInterfaceIdiom.phone, 120)
        let pad = ("\(name)76x76@2x~ipad.png", "\(name)76x76", UserInterfaceIdiom.pad, 152)
        if singleSize { return [phone, pad] }
        if every, case .device(let device) = idiom, device == .phone || device == .pad {
            let size = points == points.rounded() ? String(Int(points)) : String(points)
            let base = "\(name)\(size)x\(size)"
            let file = base + (scale > 1 ? "@\(scale)x" : "") + (device == .pad ? "~ipad" : "") + ".png"
            return [(file, base, device, Int((points * Double(scale)).rounded()))]
        }
        switch (idiom, points, scale) {
        case (.device(.phone), 60, 2): return [phone]
        case (.device(.pad), 76, 2): return [pad]
        default: return []
        }
    }

    /// The PNG at `path` as a loose icon of `side` pixels: the file itself when it is that size,
    /// else its pixels averaged down (each output pixel the mean of the source area it covers).
    static func loosePNG(_ path: String, side: Int) -> [UInt8]? {
        guard let file = try? FileSystem.readRegularFile(path, limit: 64 << 20) else { return nil }
        let decoded = file.withUnsafeBufferPointer { adapt_png_decode_premultiplied_bgra($0.baseAddress, $0.count, 1 << 26) }
        defer { adapt_png_decoded_free(decoded.pixels) }
        guard decoded.status == 0, let pixels = decoded.pixels else { return nil }
        let width = Int(decoded.width)
        let height = Int(decoded.height)
        if width == side && height == side { return file }
        let source = UnsafeBufferPointer(start: pixels, count: width * height * 4)
        var averaged = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            let top = y * height / side
            let bottom = max(top + 1, (y + 1) * height / side)
            for x in 0..<side {
                let left = x * width / side
                let right = max(left + 1, (x + 1) * width / side)
                var sums = (0, 0, 0, 0)
                for sy in top..<bottom {
                    for sx in left..<right {
                        let at = (sy * width + sx) * 4
                        sums.0 += Int(source[at])
                        sums.1 += Int(source[at + 1])
                        sums.2 += Int(source[at + 2])
                        sums.3 += Int(source[at + 3])
                    }
                }
                let count = (bottom - top) * (right - left)
                let out = (y * side + x) * 4
                averaged[out] = UInt8((sums.0 + count / 2) / count)
                averaged[out + 1] = UInt8((sums.1 + count / 2) / count)
                averaged[out + 2] = UInt8((sums.2 + count / 2) / count)
                averaged[out + 3] = UInt8((sums.3 + count / 2) / count)
            }
        }
        // Averaged premultiplied B G R A, written as a straight RGBA PNG.
        return DecodedBitmap(width: side, height: side, rowBytes: side * 4, format: .argb, isOpaque: false, bytes: averaged).pngData()
    }

    static func points(_ size: String) -> (Double, Double)? {
        let parts = size.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0 else { return nil }
        return (width, height)
    }

    static func colorSpace(_ name: String?) -> RenditionColorSpace? {
        switch name ?? "srgb" {
        case "srgb": .sRGB
        case "gray-gamma-22": .grayGamma22
        case "display-p3": .displayP3
        case "extended-srgb": .extendedSRGB
        case "extended-linear-srgb": .extendedLinearSRGB
        case "extended-gray": .extendedGray
        default: nil
        }
    }

    /// A component as actool stores it: the fraction Contents.json writes (`ColorDefinition`
    /// reads `0.5`, `128` of 255 and `0x80`), read as a 32-bit float and widened (sudoku's 0.176 is
    /// stored as 0.17600000649690628).
    package static func storedComponent(_ name: String, of color: ColorDefinition) -> Double? {
        color.componentValue(name).map { Double(Float($0)) }
    }

    static func uti(forFileName name: String) -> String {
        switch name.pathExtension.lowercased() {
        case "json": "public.json"
        case "txt": "public.plain-text"
        case "xml", "plist": "public.xml"
        case "png": "public.png"
        case "jpg", "jpeg": "public.jpeg"
        case "mp3": "public.mp3"
        case "wav": "com.microsoft.waveform-audio"
        default: "public.data"
        }
    }

    // MARK: Encoding

    /// A rendition's value as encoding hands it to the file: its bytes, or its head with a file
    /// streamed after it into the spool (a data set's: 8 sets of 64 MB once peaked at 650 MB).
    enum EncodedValue {
        case bytes([UInt8])
        case headThenFile([UInt8], path: String, length: Int)
        /// Nothing: a drawing of a set whose drawing already stopped hard, which is reported once.
        case notDrawn
    }

    /// A data set's rendition without its file, which the spool copies in pieces; the file is
    /// checked to be a regular one within the size any read of compile allows.
    static func dataHead(_ item: Work, path: String, uti: String) -> Result<EncodedValue, Diagnostic> {
        // Opened as any read is (a FIFO or a device is refused), then sized.
        do { _ = try FileSystem.readPrefix(path, count: 0) } catch {
            return .failure(
                Diagnostic(
                    .compileUnreadable, "cannot be read: \(error.reason)", subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let length = FileSystem.fileSize(path) ?? 0
        guard length <= 256 << 20 else {
            return .failure(
                Diagnostic(
                    .compileUnreadable, "cannot be read: it is \(length) bytes, more than the 256 MiB a data set may hold",
                    subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let head = CSIRendition.data(name: item.renditionName, uti: uti, streamedFileLength: length).bytes()
        return .success(.headThenFile(head, path: path, length: length))
    }

    /// The value block of one rendition (or what the file streams it from), or the finding that stops it.
    static func encode(
        _ item: Work, maxPixels: UInt64, renderers: VectorRasterizer.Programs = .init(), identifiers: [String: UInt16] = [:]
    ) -> Result<EncodedValue, Diagnostic> {
        func failure(_ rule: RuleID, _ path: String, _ message: String) -> Result<EncodedValue, Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        switch item.source {
        case .png(let path, let flags, let slicing, let alignment):
            let file: [UInt8]
            do { file = try FileSystem.readRegularFile(path, limit: 256 << 20) } catch {
                return failure(.compileUnreadable, path, "cannot be read: \(error.reason)")
            }
            return bitmap(png: file, item, path: path, flags: flags, slicing: slicing, alignment: alignment, maxPixels: maxPixels).map(EncodedValue.bytes)
        case .vectorFile(let path, let flags, let isSVG):
            do {
                let file = try FileSystem.readRegularFile(path, limit: 256 << 20)
                return .success(.bytes(CSIRendition.vector(name: item.renditionName, file: file, isSVG: isSVG, flags: flags).bytes()))
            } catch {
                return failure(.compileUnreadable, path, "cannot be read: \(error.reason)")
            }
        case .vector(let path, let flags, let isSVG, let slicing, let alignment):
            let scale = Int(item.key[.scale] ?? 1)
            let rendered =
                isSVG
                ? VectorRasterizer.renderSVG(path, scale: scale, maxPixels: maxPixels, programs: renderers)
                : VectorRasterizer.renderPDF(path, scale: scale, maxPixels: maxPixels, programs: renderers)
            switch rendered {
            case .success(.png(let png)):
                return bitmap(png: png, item, path: path, flags: flags, slicing: slicing, alignment: alignment, maxPixels: maxPixels).map(EncodedValue.bytes)
            case .success(.pixels(let pixels, let width, let height)):
                let isOpaque = stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
                return pixels.withUnsafeBufferPointer {
                    bitmap(pixels: $0, width: width, height: height, isOpaque: isOpaque, item, path: path, flags: flags, slicing: slicing, alignment: alignment)
                }.map(EncodedValue.bytes)
            case .failure(.rendererMissing(let program, let package)):
                return failure(
                    .compileRenderer, path,
                    "image set '\(item.assetName)' has \(isSVG ? "an SVG" : "a PDF") to rasterise and \(program) is not installed: install it with apt-get install \(package)"
                )
            case .failure(.tooLarge(let width, let height)):
                return failure(.compileTooLarge, path, "is \(width) x \(height) pixels at \(scale)x, more than --max-pixels allows")
            case .failure(.renderFailed(let reason)):
                return failure(.compileRenderer, path, "image set '\(item.assetName)': cannot be rasterised at \(scale)x: \(reason)")
            case .failure(.setStopped):
                return .success(.notDrawn)
            }
        case .jpeg(let path, let flags), .heif(let path, let flags):
            let isJPEG: Bool
            if case .jpeg = item.source { isJPEG = true } else { isJPEG = false }
            let file: [UInt8]
            do { file = try FileSystem.readRegularFile(path, limit: 256 << 20) } catch {
                return failure(.compileUnreadable, path, "cannot be read: \(error.reason)")
            }
            guard let size = isJPEG ? JPEGFrame.size(of: file) : HEIFFrame.size(of: file) else {
                return failure(.compileUnreadable, path, isJPEG ? "is not a JPEG with a frame header" : "is not a HEIF file with an image size (ispe)")
            }
            guard UInt64(size.width) * UInt64(size.height) <= maxPixels else {
                return failure(.compileTooLarge, path, "has \(size.width) x \(size.height) pixels, more than --max-pixels allows")
            }
            var rendition = CSIRendition.jpeg(
                name: item.renditionName, width: size.width, height: size.height, scale: Int(item.key[.scale] ?? 1),
                file: file, flags: flags)
            if !isJPEG { rendition.pixelFormat = .heif }
            return .success(.bytes(rendition.bytes()))
        case .data(let path, let uti):
            return dataHead(item, path: path, uti: uti)
        case .color(let space, let components):
            return .success(.bytes(CSIRendition.color(name: item.renditionName, colorSpace: space, components: components).bytes()))
        case .multisize(let sizes):
            return .success(.bytes(CSIRendition.multisize(name: item.renditionName, sizes: sizes).bytes()))
        case .encoded(let encode):
            return encode { identifiers[$0] }.map(EncodedValue.bytes)
        case .iconComposer(let piece, let identifiers):
            return IconComposerCompiler.encode(piece, identifiers: identifiers, maxPixels: maxPixels, renderers: renderers).map(EncodedValue.bytes)
        }
    }

    /// The bitmap rendition of a PNG file's bytes (a source PNG, or a rasterised vector page).
    private static func bitmap(
        png file: [UInt8], _ item: Work, path: String, flags: UInt32, slicing: Slicing?, alignment: CSIRendition.AlignmentInsets? = nil,
        maxPixels: UInt64
    ) -> Result<[UInt8], Diagnostic> {
        func failure(_ rule: RuleID, _ path: String, _ message: String) -> Result<[UInt8], Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let decoded = file.withUnsafeBufferPointer { adapt_png_decode_premultiplied_bgra($0.baseAddress, $0.count, maxPixels) }
        defer { adapt_png_decoded_free(decoded.pixels) }
        if decoded.status == 3 { FileSystem.noteEnvironmentFailure(ENOMEM, path: path) } // the machine's fault, not the file's
        guard decoded.status == 0, let pixels = decoded.pixels else {
            let message = withUnsafeBytes(of: decoded.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return failure(
                decoded.status == 2 ? .compileTooLarge : .compileUnreadable, path,
                decoded.status == 2 ? "has \(message) (--max-pixels)" : "is not a PNG libpng can decode: \(message)")
        }
        // The decoder's buffer, compressed in place (freed by the defer above).
        let width = Int(decoded.width)
        let height = Int(decoded.height)
        return Self.bitmap(
            pixels: UnsafeBufferPointer(start: pixels, count: width * height * 4), width: width, height: height, isOpaque: decoded.is_opaque != 0,
            item, path: path, flags: flags, slicing: slicing, alignment: alignment)
    }

    /// The bitmap rendition of premultiplied B G R A pixels, `width * 4` bytes a row.
    private static func bitmap(
        pixels bitmap: UnsafeBufferPointer<UInt8>, width: Int, height: Int, isOpaque: Bool, _ item: Work, path: String, flags: UInt32,
        slicing: Slicing?, alignment: CSIRendition.AlignmentInsets?
    ) -> Result<[UInt8], Diagnostic> {
        func failure(_ rule: RuleID, _ path: String, _ message: String) -> Result<[UInt8], Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let scale = Int(item.key[.scale] ?? 1)
        if let slicing {
            guard let crop = slicing.crop(width: width, height: height) else {
                return failure(.compileUnreadable, path, "is \(width) x \(height) pixels, smaller than its resizing's caps and centre")
            }
            // The kept columns of each kept row, in order: the caps and the centre.
            var cropped: [UInt8] = []
            let sourceColumns = slicing.sourceColumns(crop.columns)
            let sourceRows = slicing.sourceRows(crop.rows)
            let croppedWidth = sourceColumns.count
            let croppedHeight = sourceRows.count
            cropped.reserveCapacity(croppedWidth * croppedHeight * 4)
            for row in sourceRows {
                for column in sourceColumns { cropped += bitmap[(row * width + column) * 4..<(row * width + column + 1) * 4] }
            }
            return .success(
                CSIRendition.bitmap(
                    name: item.renditionName, width: croppedWidth, height: croppedHeight, scale: scale, pixels: cropped,
                    isOpaque: isOpaque, flags: flags, layout: slicing.layout, slices: crop.slices, alignment: alignment,
                    compress: BitmapCompression.lzfse
                ).bytes())
        }
        return .success(
            CSIRendition.bitmap(
                name: item.renditionName, width: width, height: height, scale: scale,
                pixels: bitmap, isOpaque: isOpaque, flags: flags, alignment: alignment, compress: BitmapCompression.lzfse
            ).bytes())
    }

}

/// A compile that cannot write its output: the findings that stop it (errors among them).
@_spi(Compiling) public struct CompileFailure: Error {
    public var diagnostics: [Diagnostic]
}

/// The pixel size a JPEG's frame header (SOF0 to SOF15 but DHT, JPG and DAC) states.
enum JPEGFrame {
    static func size(of file: [UInt8]) -> (width: Int, height: Int)? {
        guard file.count > 4, file[0] == 0xFF, file[1] == 0xD8 else { return nil }
        var position = 2
        while position + 9 < file.count {
            guard file[position] == 0xFF else { return nil }
            let marker = file[position + 1]
            if marker == 0xFF {
                position += 1
                continue
            }
            let length = Int(file[position + 2]) << 8 | Int(file[position + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(file[position + 5]) << 8 | Int(file[position + 6])
                let width = Int(file[position + 7]) << 8 | Int(file[position + 8])
                return width > 0 && height > 0 ? (width, height) : nil
            }
            guard length >= 2 else { return nil }
            position += 2 + length
        }
        return nil
    }
}

/// The pixel size a HEIF file (HEIC) states in its image spatial extent (`ispe`) property, found
/// through `meta` → `iprp` → `ipco` (ISO/IEC 23008-12). The file is stored as it is, as a JPEG is
/// (how actool stores HEIC is not shown by any file here: the same `RAWD` shape, pixel format `HEIF`).
enum HEIFFrame {
    static func size(of file: [UInt8]) -> (width: Int, height: Int)? {
        func uint32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= file.count else { return nil }
            return Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
        }
        /// The boxes between `start` and `end`, depth first, into the containers named.
        func find(_ start: Int, _ end: Int, depth: Int) -> (width: Int, height: Int)? {
            var position = start
            while position + 8 <= end, depth < 8 {
                guard let size = uint32(position), size >= 8, position + size <= end else { return nil }
                let type = String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self)
                switch type {
                case "meta":
                    // A full box: version and flags before its children.
                    if let found = find(position + 12, position + size, depth: depth + 1) { return found }
                case "iprp", "ipco":
                    if let found = find(position + 8, position + size, depth: depth + 1) { return found }
                case "ispe":
                    if let width = uint32(position + 12), let height = uint32(position + 16), width > 0, height > 0 { return (width, height) }
                default: break
                }
                position += size
            }
            return nil
        }
        return find(0, file.count, depth: 0)
    }
}
