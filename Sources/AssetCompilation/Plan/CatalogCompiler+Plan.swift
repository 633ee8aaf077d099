import AssetCatalog
import AssetSelection
import AssetThinning
import CompiledCatalog
import DeviceProfiles

/// What the plan stage gives the encode stage: every rendition to make, in order, and what the
/// the files to write beside it, and what the compile has found and decided so far (findings,
/// Info.plist keys).
struct CatalogPlan {
    var renditions: [RenditionJob] = []
    /// The files to write beside the `.car`, in order.
    var sideFiles: [SideFileJob] = []
    var product = CompileProduct()
    /// The localizations the catalogs' entries name (`LOCALIZATIONKEYS`).
    var locales: Set<String> = []
}

extension CatalogCompiler {
    /// The plan stage: the catalogs' own findings (their errors stop the compile), every set's
    /// plan, the Icon Composer icons', and what the options name that the catalogs lack.
    func plan(_ catalogs: [Catalog]) throws(CompileFailure) -> CatalogPlan {
        var plan = CatalogPlan()
        let read = catalogs.flatMap(\.diagnostics)
        guard !read.contains(where: { $0.severity == .error }) else { throw CompileFailure(diagnostics: read) }
        plan.product.diagnostics = read.filter { $0.severity != .note }
        for set in setPlans(catalogs) + [IconComposerIcons.plan(catalogs, context)] {
            plan.renditions += set.renditions
            plan.sideFiles += set.sideFiles
            plan.product.add(set)
        }
        for catalog in catalogs {
            for asset in catalog.assets { for variant in asset.variants { if let locale = variant.locale { plan.locales.insert(locale) } } }
        }
        let colors = namedColors(catalogs)
        plan.product.accentColorName = colors.accent
        plan.product.widgetBackgroundColorName = colors.widgetBackground
        plan.product.diagnostics += colors.findings + missingNames(catalogs)
        plan.product.alternateAppIcons = options.alternateAppIcons
        return plan
    }

    /// Each set's plan, in the catalogs' order; with a device filter, of the variants its slice
    /// keeps. A name defined twice is compiled once, the first.
    private func setPlans(_ catalogs: [Catalog]) -> [SetPlan] {
        var plans: [SetPlan] = []
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
                    plans.append(
                        SetPlan(
                            leftOut: Diagnostic(
                                .compileDuplicateName, "'\(asset.name)' is defined in \(earlier) and in \(asset.path); the first is compiled",
                                subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.path))))
                    continue
                }
                seenNames[asset.name] = asset.path
                plans.append(SetCompilers.plan(asset, context))
            }
        }
        return plans
    }

    /// With a device filter, the variants (by set path, then positions) its slice keeps.
    private static func slice(of catalog: Catalog, for device: DeviceProfile) -> [String: Set<Int>] {
        let plan = ThinningPlan(index: AssetIndex(catalog), device: device)
        var kept: [String: Set<Int>] = [:]
        for asset in plan.assets where !asset.droppedWhole {
            kept[catalog.assets[asset.asset].path] = Set(asset.kept)
        }
        return kept
    }

    /// `--accent-color` and `--widget-background-color`: each name when it is a colour set of the
    /// catalogs, and the findings of those that are not.
    private func namedColors(_ catalogs: [Catalog]) -> (accent: String?, widgetBackground: String?, findings: [Diagnostic]) {
        var findings: [Diagnostic] = []
        func colorSet(_ flag: String, _ name: String?) -> String? {
            guard let name else { return nil }
            guard catalogs.contains(where: { $0.asset(named: name)?.type == .colorSet }) else {
                findings.append(
                    Diagnostic(.compileMissingAsset, "the \(flag) '\(name)' is not a colour set of the catalogs", subject: Diagnostic.Subject(asset: name)))
                return nil
            }
            return name
        }
        let accent = colorSet("accent color", options.accentColor)
        let widgetBackground = colorSet("widget background color", options.widgetBackgroundColor)
        return (accent, widgetBackground, findings)
    }

    /// The app icons and launch image the options name that no catalog or icon has.
    private func missingNames(_ catalogs: [Catalog]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for name in [options.appIcon].compactMap({ $0 }) + options.alternateAppIcons
        where !catalogs.contains(where: { [.appIconSet, .brandAssets].contains($0.asset(named: name)?.type) })
            && !options.iconComposerIcons.contains(where: { $0.name == name })
        {
            findings.append(
                Diagnostic(.compileMissingAsset, "the app icon set '\(name)' is not in the catalogs", subject: Diagnostic.Subject(asset: name)))
        }
        if let name = options.launchImage, !catalogs.contains(where: { $0.asset(named: name)?.type == .launchImage }) {
            findings.append(
                Diagnostic(.compileMissingAsset, "the launch image set '\(name)' is not in the catalogs", subject: Diagnostic.Subject(asset: name)))
        }
        return findings
    }
}
