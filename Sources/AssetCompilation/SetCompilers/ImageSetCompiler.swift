import AssetCatalog
import AssetSelection
import CompiledCatalog

/// Image sets (`.imageset`): PNG, JPEG and HEIC bitmaps keyed by their traits, sliced where they
/// have a resizing; PDFs and SVGs rasterised at each scale the platform keeps (and kept as
/// vectors with `preserves-vector-representation`) in `ImageSetCompiler+Vectors.swift`.
enum ImageSetCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.imageSet]
    static let label = "image sets (PNG, JPEG, HEIC, and PDF and SVG drawn at each scale; sliced images cropped to their caps)"

    /// The keys a Mac image set has used: on the Mac a `mac` entry and a `universal` one with the
    /// same traits are one key, and the first (the `mac` one, ordered first) is kept.
    typealias MacKeys = Set<[RenditionAttribute: UInt16]>

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
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
            planBitmap(variant, filename: filename, of: asset, context, into: &plan, macKeys: &macKeys)
        }
        let bitmapKeys = Set(plan.renditions.map(\.key))
        for variant in vectors { planVector(variant, of: asset, context, bitmapKeys: bitmapKeys, into: &plan, macKeys: &macKeys) }
        return plan
    }

    /// A PNG, JPEG or HEIC entry: one rendition at its scale.
    private static func planBitmap(
        _ variant: Variant, filename: String, of asset: Asset, _ context: PlanContext, into plan: inout SetPlan, macKeys: inout MacKeys
    ) {
        let lower = filename.lowercased()
        let isPNG = lower.hasSuffix(".png")
        let isJPEG = lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
        let isHEIF = lower.hasSuffix(".heic") || lower.hasSuffix(".heif")
        guard isPNG || isJPEG || isHEIF else {
            return plan.findings.append(context.entryLeftOut(asset, variant, "only PNG, JPEG, HEIC, PDF and SVG images are compiled"))
        }
        guard let scale = variant.scale else { return plan.findings.append(context.entryLeftOut(asset, variant, "a bitmap without a scale")) }
        // A sliced image is cropped to its caps and centre, as actool does (`Slicing`).
        var slicing: Slicing?
        if let resizing = variant.resizing {
            guard isPNG, var parsed = Slicing(resizing) else {
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
            let path = asset.path.appendingPathComponent(filename)
            let alignment = alignmentInsets(variant, scale: 1)
            let source: RenditionJob.Source =
                isPNG
                ? .png(path: path, flags: flags, slicing: slicing, alignment: alignment)
                : isJPEG ? .jpeg(path: path, flags: flags) : .heif(path: path, flags: flags)
            plan.renditions.append(
                RenditionJob(
                    assetName: asset.name, facetPart: CompiledPart.image, renditionName: filename, key: key, source: source, location: variant.location))
        }
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
