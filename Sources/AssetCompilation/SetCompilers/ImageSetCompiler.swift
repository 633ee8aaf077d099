import AssetCatalog
import AssetSelection
import CompiledCatalog

/// Image sets (`.imageset`): bitmaps keyed by their traits, read by their bytes whatever their
/// names say (PNG; JPEG and HEIC stored as they are; WebP, TIFF, GIF, BMP and a Photoshop file's
/// composite decoded, `DecodedImage`), sliced where they have a resizing; PDFs and SVGs rasterised
/// at each scale the platform keeps (and kept as vectors with `preserves-vector-representation`)
/// in `ImageSetCompiler+Vectors.swift`.
enum ImageSetCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.imageSet]
    static let label =
        "image sets (PNG, JPEG, HEIC, WebP, TIFF, GIF, BMP and PSD read by their bytes, and PDF and SVG drawn at each scale; sliced images cropped to their caps)"

    /// The keys a Mac image set has used: on the Mac a `mac` entry and a `universal` one with the
    /// same traits are one key, and the first (the `mac` one, ordered first) is kept.
    typealias MacKeys = Set<[RenditionAttribute: UInt16]>

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        do throws(SetLeftOut) { return try planEntries(asset, context) } catch { return SetPlan(leftOut: error.finding) }
    }

    /// A set left out whole, by the finding that says why: an entry whose file adapt cannot read
    /// as an image. actool would read it (ImageIO decodes more than adapt does), so the rest of the
    /// catalog still compiles, and leaving the whole set out keeps a device from showing a
    /// variant the app did not mean for it.
    struct SetLeftOut: Error {
        var finding: Diagnostic
    }

    private static func planEntries(_ asset: Asset, _ context: PlanContext) throws(SetLeftOut) -> SetPlan {
        var plan = SetPlan()
        var macKeys: MacKeys = []
        let isMac = context.platform == .macos
        let ordered =
            isMac
            ? asset.variants.sorted { ($0.idiom == .device(.mac) ? 0 : 1, $0.index) < ($1.idiom == .device(.mac) ? 0 : 1, $1.index) }
            : asset.variants
        let shadowed = shadowedUniversalScales(in: asset, context)
        // PDF and SVG entries wait until every bitmap is keyed: a bitmap entry with the same traits and a
        // scale replaces the rasterisation at that scale (rule 2.1, acextract's `v_overrides`).
        var vectors: [Variant] = []
        for variant in ordered where context.keeps(variant, in: asset) {
            guard let filename = variant.filename else { continue }
            // A Mac has 1x and 2x displays: Xcode 7.3's Mac file holds no 3x rendition.
            if isMac, variant.scale == 3 { continue }
            if variant.idiom == .universal, shadowed.contains(variant.attributeStrings(excluding: ["idiom"])) { continue }
            let lower = filename.lowercased()
            if lower.hasSuffix(".pdf") || lower.hasSuffix(".svg") {
                vectors.append(variant)
                continue
            }
            try planBitmap(variant, filename: filename, of: asset, context, into: &plan, macKeys: &macKeys)
        }
        let bitmapKeys = Set(plan.renditions.map(\.key))
        for variant in vectors { try planVector(variant, of: asset, context, bitmapKeys: bitmapKeys, into: &plan, macKeys: &macKeys) }
        return plan
    }

    /// A bitmap entry: one rendition at its scale, or, without one ("Single Scale"), one at scale 1
    /// and the file's own pixel size, as actool writes it (an Xcode 26.5 device build for a 3x
    /// iPhone holds a 1024 × 1024 universal PNG without a scale as one 1x rendition), unless an
    /// entry with the same traits declares 1x and so replaces it there (rule 2.2, step 2).
    private static func planBitmap(
        _ variant: Variant, filename: String, of asset: Asset, _ context: PlanContext, into plan: inout SetPlan, macKeys: inout MacKeys
    ) throws(SetLeftOut) {
        guard let scale = variant.scale ?? (declaresScaleOne(besides: variant, in: asset) ? nil : 1) else { return }
        let path = asset.path.appendingPathComponent(filename)
        let format: BitmapFormat
        switch BitmapFormat.of(path: path, filename: filename) {
        case .success(let read): format = read
        case .failure(let unreadable): throw SetLeftOut(finding: context.setLeftOut(asset, "\(filename) \(unreadable.reason)"))
        }
        // A sliced image is cropped to its caps and centre, as actool does (`Slicing`).
        var slicing: Slicing?
        if let resizing = variant.resizing {
            guard format.hasPixels, var parsed = Slicing(resizing) else {
                return plan.findings.append(
                    context.entryLeftOut(
                        asset, variant, "its resizing is not one adapt compiles (a PNG, in 3-part-horizontal, 3-part-vertical or 9-part mode)"))
            }
            parsed.forMac = context.platform == .macos
            slicing = parsed
        }
        switch context.traitKey(variant, scale: scale) {
        case .failure(let gap): plan.findings.append(context.traitLeftOut(asset, variant, gap))
        case .success(var key):
            if context.platform == .macos {
                guard macKeys.insert(key).inserted else { return }
            }
            key[.element] = CompiledPart.element
            key[.part] = CompiledPart.image
            let flags = PlanContext.templateFlags(variant.templateRenderingIntent ?? asset.properties.templateRenderingIntent)
            let alignment = alignmentInsets(variant, scale: 1)
            let source: RenditionJob.Source =
                switch format {
                case .png: .png(path: path, flags: flags, slicing: slicing, alignment: alignment)
                case .jpeg: .jpeg(path: path, flags: flags)
                case .heif: .heif(path: path, flags: flags)
                case .decoded(let decodable): .decoded(path: path, format: decodable, flags: flags, slicing: slicing, alignment: alignment)
                }
            plan.renditions.append(
                RenditionJob(
                    assetName: asset.name, facetPart: CompiledPart.image, renditionName: filename, key: key, source: source, location: variant.location))
        }
    }

    /// Whether another bitmap entry of `asset` with the same traits as `variant` declares 1x.
    private static func declaresScaleOne(besides variant: Variant, in asset: Asset) -> Bool {
        let traits = variant.attributeStrings(excluding: ["scale"])
        return asset.variants.contains { $0.index != variant.index && $0.isSelectable && $0.scale == 1 && $0.attributeStrings(excluding: ["scale"]) == traits }
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
    private static func shadowedUniversalScales(in asset: Asset, _ context: PlanContext) -> Set<[String]> {
        guard context.platform != .tvos else { return [] }
        let covering = context.idioms.subtracting([.car])
        guard !covering.isEmpty else { return [] }
        if context.platform == .ios, !covering.isSuperset(of: [.phone, .pad]) { return [] }
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
}
