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
        // PDF and SVG entries wait until every bitmap is keyed: a bitmap entry with the same traits and a
        // scale replaces the rasterisation at that scale (rule 2.2, acextract's `v_overrides`).
        var vectors: [Variant] = []
        for variant in context.entries.writtenImageEntries(of: asset) {
            guard let filename = variant.filename else { continue }
            if ActoolEntryFilter.isVector(variant) {
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
        guard let scale = variant.scale ?? (ActoolEntryFilter.declaresScaleOne(besides: variant, in: asset) ? nil : 1) else { return }
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

    /// An entry's `alignment-insets`, times `scale` (a vector's are in points), or nil when it has
    /// none or they are all zero.
    static func alignmentInsets(_ variant: Variant, scale: Int) -> CSIRendition.AlignmentInsets? {
        guard let object = variant.alignmentInsets?.object else { return nil }
        func inset(_ name: String) -> UInt32 { UInt32(clamping: Slicing.bounded(object[name]?.int ?? 0) * scale) }
        let insets = CSIRendition.AlignmentInsets(left: inset("left"), top: inset("top"), right: inset("right"), bottom: inset("bottom"))
        return insets == CSIRendition.AlignmentInsets(left: 0, top: 0, right: 0, bottom: 0) ? nil : insets
    }
}
