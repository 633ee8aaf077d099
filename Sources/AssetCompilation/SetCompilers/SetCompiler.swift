import AssetCatalog

/// Compiles the sets of some types: what planning one set gives, read from its Contents.json
/// (no image is decoded here, only a bitmap's first bytes read for its format, `BitmapFormat`;
/// `Encode/` decodes them). One type per file in this folder, each listed once in
/// `SetCompilers.all`, as `RuleID.families` lists the validator's families.
///
/// ```swift
/// enum DataSetCompiler: SetCompiler {
///     static let setTypes: [AssetType] = [.dataSet]
///     static let label = "data sets"
///     static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan { … }
/// }
/// ```
protocol SetCompiler: Sendable {
    /// The set types this compiler takes; no type is taken by two compilers.
    static var setTypes: [AssetType] { get }
    /// What `adapt compile --help` calls the sets it writes (`colour sets`).
    static var label: String { get }
    /// What `asset` compiles to: its renditions, its side files, its Info.plist keys and its findings.
    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan
}

/// What planning one set gives; nothing here is written until the compile assembles it.
struct SetPlan {
    var renditions: [RenditionJob] = []
    var findings: [Diagnostic] = []
    /// Files beside the `.car` (loose icons, an `.icns`, launch images), in order, encoded with the renditions.
    var sideFiles: [SideFileJob] = []
    /// The app icon this set makes the primary one (`CFBundleIconName`).
    var appIconName: String?
    /// Base names of the loose icon files per idiom, for `CFBundleIconFiles`.
    var iconFiles: [UserInterfaceIdiom: [String]] = [:]
    /// The Mac app's icon file (`CFBundleIconFile`), without extension.
    var macIconFile: String?
    /// `--launch-image`'s files and `UILaunchImages` entries.
    var launchImages: LaunchImages?
    /// A tvOS brand asset's top shelf images by Info.plist key.
    var topShelfImages: [String: String] = [:]

    init(renditions: [RenditionJob] = [], findings: [Diagnostic] = []) {
        self.renditions = renditions
        self.findings = findings
    }

    /// A set left out whole, with its one finding.
    init(leftOut finding: Diagnostic) { findings = [finding] }

    /// Adds `other`'s renditions and findings after these (a set made of other sets).
    mutating func append(_ other: SetPlan) {
        renditions += other.renditions
        findings += other.findings
    }
}

/// Every set compiler, in one list: the set types `adapt compile` writes are the ones named here,
/// and `NotCompiled` says why each other type is left out.
package enum SetCompilers {
    static let all: [any SetCompiler.Type] = [
        ImageSetCompiler.self, ColorSetCompiler.self, DataSetCompiler.self, AppIconSetCompiler.self, LaunchImageSetCompiler.self,
        ImageStackCompiler.self, BrandAssetsCompiler.self, ComplicationSetCompiler.self, IconSetCompiler.self,
    ]

    /// The compiler of each set type.
    static let byType: [AssetType: any SetCompiler.Type] = Dictionary(
        all.flatMap { compiler in compiler.setTypes.map { ($0, compiler) } }, uniquingKeysWith: { first, _ in first })

    /// What `asset` compiles to: its compiler's plan, or the finding that says why its type is left out.
    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        if let compiler = byType[asset.type] { return compiler.plan(asset, context) }
        return NotCompiled.plan(asset, context)
    }

    /// The set types `adapt compile` writes, in `AssetType`'s order (for help and the README).
    package static var compiledTypes: [AssetType] { AssetType.allCases.filter { byType[$0] != nil } }

    /// What `adapt compile --help` says is written and what is left out, read from this list and
    /// `NotCompiled` (a test checks the README's "Not yet" line against the same list).
    package static var summary: String {
        let written = all.map { $0.label } + [IconComposerIcons.label, "on-demand-resource asset packs"]
        let leftOut = NotCompiled.reasons.filter(\.isMissingFeature).map(\.label)
        return "Writes what actool writes for the platform and devices (rule 2.2): \(list(written)). Not yet written, "
            + "each left out with a warning naming the entry and why: \(list(leftOut))."
    }

    /// `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
