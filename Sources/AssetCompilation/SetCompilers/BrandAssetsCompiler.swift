import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// tvOS brand assets (`.brandassets`): the primary app icons (image stacks, `ImageStacks`) and top
/// shelf images (image sets) by role, and the Info.plist keys that name them. In a brand asset the
/// App Store icon (the 1280 × 768 primary app icon, or idiom `tv-marketing`) is keyed idiom
/// marketing: its layers under its own name, its stack, flattened and radiosity images under the
/// home-screen icon's name; the top shelf images are image sets under their own names; the brand
/// asset's own name is in no rendition.
enum BrandAssetsCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.brandAssets]
    static let label = "tvOS brand assets"

    /// A brand asset: its primary app icons (image stacks) and top shelf images (image sets)
    /// by role, and the Info.plist keys that name them.
    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        guard context.selectsIcon(asset.name) else {
            return SetPlan(
                leftOut: Diagnostic(
                    .compileLeftOut, "brand assets '\(asset.name)' are not compiled: name them with --app-icon, or pass --include-all-app-icons",
                    subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
        }
        guard context.platform == .tvos else {
            return SetPlan(leftOut: context.setLeftOut(asset, "brand assets are tvOS's app icons and top shelf images; adapt compiles them for tvOS only"))
        }
        // Each entry with the child set it names.
        var entries: [(variant: Variant, child: Asset)] = []
        for variant in asset.variants where variant.isSelectable {
            guard let filename = variant.filename else { continue }
            guard let child = asset.children.first(where: { $0.path.lastPathComponent == filename }) else { continue }
            entries.append((variant, child))
        }
        func isStoreIcon(_ variant: Variant) -> Bool {
            variant.idiom == .storeOnly("tv-marketing") || variant.size == "1280x768"
        }
        let icons = entries.filter { $0.variant.role == "primary-app-icon" && $0.child.type == .imageStack }
        let home = icons.filter { !isStoreIcon($0.variant) }
        // The icon's name: the home-screen stack's, as `CFBundlePrimaryIcon` names it.
        let iconName = (home.first ?? icons.first).map { $0.child.path.lastPathComponent.deletingPathExtension }
        var plan = SetPlan()
        if asset.name == context.options.appIcon, let iconName { plan.appIconName = iconName }
        for (variant, child) in entries {
            let leaf = child.path.lastPathComponent.deletingPathExtension
            switch (variant.role, child.type) {
            case ("primary-app-icon", .imageStack):
                let store = isStoreIcon(variant)
                // In points; a size past any screen's is refused as --max-pixels would refuse its canvas.
                let size = variant.size.flatMap(AppIconSetCompiler.points).flatMap { $0.0 <= 65_535 && $0.1 <= 65_535 ? (Int($0.0), Int($0.1)) : nil }
                plan.append(
                    ImageStacks.plan(child, layersNamed: leaf, stackNamed: store ? (iconName ?? leaf) : leaf, size: size, isStoreIcon: store, context))
            case ("top-shelf-image", .imageSet), ("top-shelf-image-wide", .imageSet):
                var image = child
                image.name = leaf
                plan.append(ImageSetCompiler.plan(image, context))
                if asset.name == context.options.appIcon {
                    plan.topShelfImages[variant.role == "top-shelf-image" ? "TVTopShelfPrimaryImage" : "TVTopShelfPrimaryImageWide"] = leaf
                }
            default:
                plan.findings.append(
                    context.entryLeftOut(
                        asset, variant,
                        "a \(child.type.rawValue) in the role '\(variant.role ?? "none")' is not one adapt compiles (primary-app-icon image stacks, top-shelf-image and top-shelf-image-wide image sets)"
                    ))
            }
        }
        return plan
    }
}
