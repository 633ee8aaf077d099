import AssetCatalog

/// `--launch-image`'s set: on iOS, its PNGs copied beside the `.car` under actool's names (once
/// they decode, `SideFileEncoder`) and its `UILaunchImages` entries (`LaunchImages`); nothing goes
/// into the `.car` (an Xcode 9 app's `Assets.car` holds no launch image). Other platforms have no
/// launch images to write.
enum LaunchImageSetCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.launchImage]
    static let label = "launch images"

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        var plan = SetPlan()
        guard asset.name == context.options.launchImage else {
            return SetPlan(
                leftOut: Diagnostic(
                    .compileLeftOut, "launch image set '\(asset.name)' is not compiled: name it with --launch-image",
                    subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
        }
        guard context.platform == .ios else {
            plan.findings.append(
                Diagnostic(
                    .compileLeftOut, "launch image set '\(asset.name)' is not compiled: launch images are written for iOS only",
                    subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
            return plan
        }
        var leftOutEntries: [Diagnostic] = []
        let launchImages = LaunchImages(asset, idioms: context.idioms) { variant, reason in leftOutEntries.append(context.entryLeftOut(asset, variant, reason))
        }
        plan.findings += leftOutEntries
        for file in launchImages.files {
            guard file.source.lowercased().hasSuffix(".png") else {
                plan.findings.append(
                    Diagnostic(
                        .compileLeftOut, "is not compiled as \(file.name): launch images are PNG files",
                        subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: file.source)))
                continue
            }
            plan.sideFiles.append(
                SideFileJob(name: file.name, assetName: asset.name, source: .launchImage(path: file.source), location: SourceLocation(file: file.source)))
        }
        plan.launchImages = launchImages
        return plan
    }
}
