import AssetCatalog

/// watchOS complication sets (`.complicationset`): one image set per complication family, each
/// compiled as an image set under the name the catalog reader gives it (`Complication/Circular`),
/// the name ClockKit looks the family's image up by. The set itself is in no rendition. No
/// compiled file here shows a complication; the children are compiled exactly as top-level image
/// sets would be.
enum ComplicationSetCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.complicationSet]
    static let label = "watch complications"

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        guard context.platform == .watchos else {
            return SetPlan(leftOut: context.setLeftOut(asset, "complications are shown on Apple Watch; adapt compiles them for watchOS only"))
        }
        var plan = SetPlan()
        for child in asset.children {
            guard child.type == .imageSet else {
                plan.findings.append(context.setLeftOut(child, "a complication set's entries are image sets"))
                continue
            }
            var images = ImageSetCompiler.plan(child, context)
            // No Apple file shows a complication's images packed into an atlas: each stays alone.
            for index in images.renditions.indices { images.renditions[index].mayBePacked = false }
            plan.append(images)
        }
        return plan
    }
}
