import AssetCatalog
import CompiledCatalog

/// Colour sets (`.colorset`): one rendition per colour, its components as CoreUI stores them
/// (32-bit floats widened), keyed at scale 1.
enum ColorSetCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.colorSet]
    static let label = "colour sets"

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        var plan = SetPlan()
        for variant in asset.variants where context.keeps(variant, in: asset) {
            guard let color = variant.color else { continue }
            guard color.reference == nil else {
                plan.findings.append(context.entryLeftOut(asset, variant, "a system colour reference (\(color.reference ?? "")) is not compiled yet"))
                continue
            }
            guard let space = Self.colorSpace(color.colorSpace) else {
                plan.findings.append(context.entryLeftOut(asset, variant, "colour space '\(color.colorSpace ?? "")' has no CoreUI number"))
                continue
            }
            let names = space.isGray ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
            // CoreUI stores 32-bit floats: a component past Float's range (3.5e38) would be stored
            // as infinity, a colour no device draws. The catalog is wrong, so it is an error.
            if let huge = names.first(where: { color.componentValue($0).map { !Float($0).isFinite } ?? false }) {
                plan.findings.append(
                    Diagnostic(
                        .compileUnreadable,
                        "colour component '\(huge)' is \(color.components[huge] ?? ""), beyond the range of the 32-bit float a compiled catalog stores",
                        subject: Diagnostic.Subject(asset: asset.name), at: variant.location))
                continue
            }
            let components = names.map { CatalogCompiler.storedComponent($0, of: color) }
            guard components.allSatisfy({ $0 != nil }) else {
                plan.findings.append(context.entryLeftOut(asset, variant, "a component of \(names.joined(separator: ", ")) is missing or not a number"))
                continue
            }
            switch context.traitKey(variant, scale: nil) {
            case .failure(let gap):
                plan.findings.append(context.traitLeftOut(asset, variant, gap))
            case .success(var key):
                key[.element] = CompiledPart.element
                key[.part] = CompiledPart.color
                key[.scale] = 1 // as sudoku's AccentColor: colours are keyed at scale 1
                plan.renditions.append(
                    RenditionJob(
                        assetName: asset.name, facetPart: CompiledPart.color, renditionName: asset.name, key: key,
                        source: .color(colorSpace: space, components: components.map { $0! }), location: variant.location))
            }
        }
        return plan
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

}

extension CatalogCompiler {
    /// A component as actool stores it: the fraction Contents.json writes (`ColorDefinition`
    /// reads `0.5`, `128` of 255 and `0x80`), read as a 32-bit float and widened (sudoku's 0.176 is
    /// stored as 0.17600000649690628).
    package static func storedComponent(_ name: String, of color: ColorDefinition) -> Double? {
        color.componentValue(name).map { Double(Float($0)) }
    }
}
