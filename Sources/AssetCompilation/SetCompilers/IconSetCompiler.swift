import AssetCatalog
import CompiledCatalog

/// macOS icon sets in a catalog (`.iconset`, its files named `icon_<W>x<H>[@2x].png`), as
/// Xcode 26.0.1's actool wrote sudoku's `Sudoku.iconset` for macOS 10.14: the set's facet part is
/// an app icon's (220); a size list (layout 1010, part 218, scale 1 in the key) of its sizes in
/// points, each with its slot (16 → 1, 32 → 2, 128 → 3, 256 → 4, 512 → 5); and one image per PNG
/// (part 220, named as the file, its slot in `dimension2`, its scale in the key and the header).
/// An icon set named as an Icon Composer icon of the compile gives that icon its sizes instead
/// (`IconComposerIcons`), as sudoku's `App.iconset` gave `App.icon` its.
enum IconSetCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.iconSet]
    static let label = "macOS icon sets (.iconset: the size list and each PNG)"

    /// One PNG of an icon set, in its slot.
    struct Image {
        var variant: Variant
        var filename: String
        var points: Int
        var scale: Int
        var slot: UInt16
    }

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        // The icon's own plan takes the set, or says why the icon is not compiled.
        guard !context.options.iconComposerIcons.contains(where: { $0.name == asset.name }) else { return SetPlan() }
        guard context.platform == .macos else {
            return SetPlan(leftOut: context.setLeftOut(asset, "an icon set holds macOS icons, and this compile is for \(context.platform.rawValue)"))
        }
        var plan = SetPlan()
        var slots: [Double: UInt16] = [:]
        for image in images(asset, leftOut: &plan.findings) where context.keeps(image.variant, in: asset) {
            var key: [RenditionAttribute: UInt16]
            switch context.traitKey(image.variant, scale: image.scale) {
            case .success(let traits): key = traits
            case .failure(let gap):
                plan.findings.append(context.traitLeftOut(asset, image.variant, gap))
                continue
            }
            key[.element] = CompiledPart.element
            key[.part] = CompiledPart.icon
            key[.dimension2] = image.slot
            slots[Double(image.points)] = image.slot
            plan.renditions.append(
                RenditionJob(
                    assetName: asset.name, facetPart: CompiledPart.icon, renditionName: image.filename, key: key,
                    source: .png(path: asset.path.appendingPathComponent(image.filename), flags: 0), location: image.variant.location))
        }
        guard !slots.isEmpty else {
            plan.findings.append(context.setLeftOut(asset, "it holds no PNG named icon_<W>x<H>.png or icon_<W>x<H>@2x.png in a macOS icon size"))
            return plan
        }
        plan.renditions = AppIconSetCompiler.sizeListRenditions(asset, [0: slots]) + plan.renditions
        return plan
    }

    /// The set's PNGs in a macOS app icon slot, by file name; `leftOut` gets a finding for each
    /// other size (`icon_64x64.png` has no slot).
    static func images(_ set: Asset, leftOut: inout [Diagnostic]) -> [Image] {
        var images: [Image] = []
        for variant in set.variants {
            guard let filename = variant.filename, let size = variant.size, let points = Int(size.split(separator: "x").first ?? "") else { continue }
            guard let slot = AppIconSetCompiler.iconSlot(points: Double(points), platform: .macos) else {
                leftOut.append(
                    Diagnostic(
                        .compileLeftOut, "\(set.name): \(filename) is not compiled: no macOS app icon slot has \(size) points",
                        subject: Diagnostic.Subject(asset: set.name), at: SourceLocation(file: set.path.appendingPathComponent(filename))))
                continue
            }
            images.append(Image(variant: variant, filename: filename, points: points, scale: variant.scale ?? 1, slot: slot))
        }
        return images
    }
}
