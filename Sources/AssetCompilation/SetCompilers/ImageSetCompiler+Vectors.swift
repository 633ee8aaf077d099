import AssetCatalog
import CompiledCatalog

/// An image set's PDF and SVG entries: rasterised at each scale (`VectorRasterizer`, at encoding),
/// and kept as they are with `preserves-vector-representation`.
extension ImageSetCompiler {
    /// A PDF or SVG entry: the vector itself if it is kept, and a rasterisation per scale that no
    /// bitmap entry with the same traits replaces (`bitmapKeys`).
    static func planVector(
        _ variant: Variant, of asset: Asset, _ context: PlanContext, bitmapKeys: Set<[RenditionAttribute: UInt16]>, into plan: inout SetPlan,
        macKeys: inout MacKeys
    ) throws(SetLeftOut) {
        guard let filename = variant.filename else { return }
        let preservesVector = asset.properties.preservesVectorRepresentation
        let isSVG = filename.lowercased().hasSuffix(".svg")
        let path = asset.path.appendingPathComponent(filename)
        // An SVG whose root states no size (an SF Symbols export, in OpenEmu): what actool draws
        // of it is not shown by any Apple file, so the set is left out rather than guessed at.
        if isSVG, VectorRasterizer.statesNoSize(path) {
            throw SetLeftOut(
                finding: context.setLeftOut(
                    asset, "\(filename) states no size (a width and height, or a viewBox), and what actool draws of such an SVG is not known"))
        }
        if isSVG { plan.findings += VectorRasterizer.droppedReferences(path, asset: asset.name) }
        var flags = PlanContext.templateFlags(variant.templateRenderingIntent ?? asset.properties.templateRenderingIntent) | RenditionFlags.vectorBasedBit
        if preservesVector { flags |= RenditionFlags.preservesVectorBit }
        var slicing: Slicing?
        if let resizing = variant.resizing {
            guard var parsed = Slicing(resizing) else {
                return plan.findings.append(
                    context.entryLeftOut(asset, variant, "its resizing is not one adapt compiles (3-part-horizontal, 3-part-vertical or 9-part mode)"))
            }
            parsed.forMac = context.platform == .macos
            slicing = parsed
        }
        // The vector itself, at its own scale or none, keyed as its rasterisations are.
        if preservesVector, case .success(var key) = context.traitKey(variant, scale: variant.scale ?? 0) {
            key[.element] = CompiledPart.element
            key[.part] = CompiledPart.image
            plan.renditions.append(
                RenditionJob(
                    assetName: asset.name, facetPart: CompiledPart.image, renditionName: ActoolEntryFilter.vectorRenditionName(filename), key: key,
                    source: .vectorFile(path: path, flags: flags, isSVG: isSVG), location: variant.location))
        }
        // Without a scale, one rasterisation per scale the platform keeps, the entry's caps and
        // insets given in points; with one, that scale, caps and insets in its pixels.
        for scale in variant.scale.map({ [$0] }) ?? context.vectorScales {
            switch context.traitKey(variant, scale: scale) {
            case .failure(let gap): plan.findings.append(context.traitLeftOut(asset, variant, gap))
            case .success(var key):
                if context.platform == .macos {
                    guard macKeys.insert(key).inserted else { continue }
                }
                key[.element] = CompiledPart.element
                key[.part] = CompiledPart.image
                guard !bitmapKeys.contains(key) else { continue }
                let pointScale = variant.scale == nil ? scale : 1
                let source = RenditionJob.Source.vector(
                    path: path, flags: flags, isSVG: isSVG, slicing: slicing?.scaled(by: pointScale), alignment: alignmentInsets(variant, scale: pointScale))
                plan.renditions.append(
                    RenditionJob(
                        assetName: asset.name, facetPart: CompiledPart.image, renditionName: filename, key: key, source: source, location: variant.location
                    ))
            }
        }
    }
}
