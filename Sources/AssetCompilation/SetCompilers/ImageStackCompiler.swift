import AssetCatalog

/// tvOS layered images (`.imagestack`) outside a brand asset, compiled as a brand asset's icons
/// are (`ImageStacks`).
enum ImageStackCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.imageStack]
    static let label = "tvOS image stacks"

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        guard context.platform == .tvos else {
            return SetPlan(leftOut: context.setLeftOut(asset, "image stacks are tvOS's layered images; adapt compiles them for tvOS only"))
        }
        return ImageStacks.plan(asset, layersNamed: asset.name, stackNamed: asset.name, size: nil, isStoreIcon: false, context)
    }
}
