import AdaptSupport
import AssetCatalog
import AssetSelection
import AssetThinning
import DeviceProfiles
import Foundation

/// The opt-in policy rules: house rules a team chooses in `.adapt.yml`, each with options
/// (`PolicyOptions`). They run only when `RuleSettings.optIn` names them.
struct PolicyRules {
    var options: PolicyOptions
    var enabled: (String) -> Bool

    func check(_ catalog: Catalog, devices: DeviceDatabase, deploymentTarget: DeploymentTarget = DeploymentTarget()) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let assets = catalog.assets.flatMap(\.withDescendants)
        if enabled(RuleID.policyAppearances.id) { diagnostics += assets.flatMap(appearances) }
        if enabled(RuleID.policyScales.id) { diagnostics += assets.flatMap(scales) }
        if enabled(RuleID.policyFileSize.id) { diagnostics += assets.flatMap(fileSizes) }
        if enabled(RuleID.policyName.id) { diagnostics += names(catalog.assets) }
        if enabled(RuleID.policyDeviceBudget.id) { diagnostics += budget(catalog, devices: devices, deploymentTarget: deploymentTarget) }
        if enabled(RuleID.policyEmptySlot.id) { diagnostics += assets.flatMap(emptySlots) }
        return diagnostics
    }

    // MARK: policy.appearances

    func appearances(_ asset: Asset) -> [Diagnostic] {
        guard asset.type == .imageSet || asset.type == .colorSet else { return [] }
        let provided = asset.variants.filter { !$0.isEmptySlot }
        guard !provided.isEmpty else { return [] }
        let missing = options.requiredAppearances.filter { appearance in
            !provided.contains { variant in
                switch appearance {
                case "high-contrast": variant.accessibilityContrast == .high
                default: variant.userInterfaceStyle?.rawValue == appearance
                }
            }
        }
        guard !missing.isEmpty else { return [] }
        return [Diagnostic(.policyAppearances, Message.appearances(asset, missing),
                           subject: Diagnostic.Subject(asset: asset, variant: nil),
                           at: asset.contentsLocation)]
    }

    // MARK: policy.scales

    func scales(_ asset: Asset) -> [Diagnostic] {
        guard asset.type == .imageSet else { return [] }
        let files = asset.variants.filter { $0.filename != nil }
        // A vector set (PDF or SVG without a scale) serves every scale.
        let isVector = asset.properties.preservesVectorRepresentation
            || files.contains { $0.scale == nil && ["pdf", "svg"].contains($0.filename!.pathExtension.lowercased()) }
        guard !files.isEmpty, !isVector else { return [] }
        var diagnostics: [Diagnostic] = []
        for idiom in Set(files.map(\.idiom.contentsValue)).sorted() {
            let present = Set(files.filter { $0.idiom.contentsValue == idiom }.compactMap(\.scale))
            let missing = options.requiredScales.filter { !present.contains($0) }
            if !missing.isEmpty {
                diagnostics.append(Diagnostic(.policyScales, Message.scales(asset, idiom, missing),
                                              subject: Diagnostic.Subject(asset: asset, variant: nil),
                                              at: asset.contentsLocation))
            }
        }
        return diagnostics
    }

    // MARK: policy.empty-slot

    /// One finding per set with entries that have no file, at the first of them. Colour sets hold
    /// colours, and sets whose entries name child folders are checked through their children.
    func emptySlots(_ asset: Asset) -> [Diagnostic] {
        guard asset.type.entriesKey != nil, asset.type != .colorSet else { return [] }
        let empty = asset.variants.filter(\.isEmptySlot)
        guard let first = empty.first else { return [] }
        return [Diagnostic(.policyEmptySlot, Message.emptySlots(asset, count: empty.count, first: first),
                           subject: Diagnostic.Subject(asset: asset, variant: first), at: first.location)]
    }

    // MARK: policy.file-size

    func fileSizes(_ asset: Asset) -> [Diagnostic] {
        asset.variants.compactMap(\.filename).sorted().compactMap { file in
            let path = asset.path + "/" + file
            guard let size = FileSystem.fileSize(path), size > options.maxFileBytes else { return nil }
            return Diagnostic(.policyFileSize, Message.fileSize(asset, file, size, options.maxFileBytes),
                              subject: Diagnostic.Subject(asset: asset, variant: asset.variants.first { $0.filename == file }),
                              at: SourceLocation(file: path))
        }
    }

    // MARK: policy.name

    /// Names that do not match the pattern, each a warning; a pattern that runs out of its budget
    /// (`PatternBudget`) on a name is one `config.invalid` error instead, and no name is judged
    /// after it: the configuration is at fault, not the catalog.
    func names(_ assets: [Asset]) -> [Diagnostic] {
        guard let regex = try? NSRegularExpression(pattern: options.namePattern) else { return [] }
        var budget = PatternBudget(regex)
        var diagnostics: [Diagnostic] = []
        for asset in assets {
            let name = asset.path.lastPathComponent.deletingPathExtension
            switch budget.firstMatch(in: name) {
            case .match: continue
            case .noMatch:
                diagnostics.append(Diagnostic(.policyName, Message.name(asset, name, options.namePattern),
                                              subject: Diagnostic.Subject(asset: asset, variant: nil), at: asset.contentsLocation))
            case .exhausted:
                let location = options.namePatternLocation ?? asset.contentsLocation
                return [Diagnostic(.configInvalid, Message.patternBudget(name, options.namePattern, exhaustedCatalog: budget.remaining <= 0),
                                   at: location)]
            }
        }
        return diagnostics
    }

    // MARK: policy.device-budget

    func budget(_ catalog: Catalog, devices: DeviceDatabase, deploymentTarget: DeploymentTarget) -> [Diagnostic] {
        // The devices that download the catalog as themselves: compatibility hosts get the
        // slice of the app's own idiom, which the app's own devices already price.
        let chosen: [DeviceProfile] = options.budgetDevices.isEmpty
            ? Self.distinct(CatalogAudience(catalog).members(of: devices, deploymentTarget: deploymentTarget)
                .filter { $0.hostedIdiom == nil }.map(\.device))
            : Self.distinct(options.budgetDevices.compactMap { devices.profile(matching: $0) })
        let index = AssetIndex(catalog)
        let location = SourceLocation(file: catalog.path + "/Contents.json")
        return chosen.compactMap { device in
            let bytes = ThinningPlan(index: index, device: device).keptBytes(in: catalog)
            guard bytes > options.budgetBytes else { return nil }
            return Diagnostic(.policyDeviceBudget, Message.budget(catalog, device, bytes, options.budgetBytes),
                              subject: Diagnostic.Subject(catalog: catalog.path, device: device.id), at: location)
        }
    }
}

extension PolicyRules {
    /// Each device once, by id, in first order: `iphone-7` and `iPhone9,1` are one device, and
    /// a list that names a device a thousand times measures its slice once.
    static func distinct(_ devices: [DeviceProfile]) -> [DeviceProfile] {
        var seen: Set<String> = []
        return devices.filter { seen.insert($0.id).inserted }
    }
}

extension Asset {
    var contentsLocation: SourceLocation { SourceLocation(file: contentsPath ?? path) }
}

private enum Message {
    static func appearances(_ asset: Asset, _ missing: [String]) -> String {
        "\(asset.type.rawValue) '\(asset.name)' has no \(missing.joined(separator: " or ")) variant, which the policy requires"
    }

    static func scales(_ asset: Asset, _ idiom: String, _ missing: [Int]) -> String {
        "image set '\(asset.name)' has no \(missing.map { "\($0)x" }.joined(separator: " or ")) image for idiom \(idiom), which the policy requires"
    }

    static func emptySlots(_ asset: Asset, count: Int, first: Variant) -> String {
        "\(asset.type.rawValue) '\(asset.name)' has \(count) \(count == 1 ? "entry" : "entries") without a file (first: \(first.label)), which the policy forbids"
    }

    static func fileSize(_ asset: Asset, _ file: String, _ size: Int, _ limit: Int) -> String {
        "'\(file)' in '\(asset.name)' is \(size) bytes, over the policy's \(limit)"
    }

    static func name(_ asset: Asset, _ name: String, _ pattern: String) -> String {
        "asset name '\(name)' does not match the policy's pattern \(pattern)"
    }

    static func patternBudget(_ name: String, _ pattern: String, exhaustedCatalog: Bool) -> String {
        let budget = exhaustedCatalog
            ? "about \(PatternBudget.ticksPerCatalog * 10_000) steps over the catalog's names"
            : "about \(PatternBudget.ticksPerName * 10_000) steps"
        return "the policy.name pattern \(pattern.excerpt()) did not finish on asset name '\(name.excerpt())' within \(budget); "
            + "simplify the pattern (nested quantifiers such as (a+)+ backtrack without end)"
    }

    static func budget(_ catalog: Catalog, _ device: DeviceProfile, _ bytes: Int, _ limit: Int) -> String {
        "\(device.name)'s slice of \(catalog.path.lastPathComponent) is \(bytes) bytes, over the policy's budget of \(limit)"
    }
}
