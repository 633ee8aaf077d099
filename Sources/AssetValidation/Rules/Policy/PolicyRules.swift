import AdaptSupport
import AssetCatalog
import AssetSelection
import AssetThinning
import DeviceProfiles
import Foundation

/// The family's rules, each declared with its card; the check follows.
extension RuleID {
    /// Every image set and colour set has the required appearance variants.
    public static let policyAppearances = RuleID(
        "policy.appearances", .error, .policy, optIn: true,
        "every image set and colour set has the required appearance variants",
        reason: "a house rule: its severity is the team's choice (`severity:` in `.adapt.yml`)",
        details: "Options: `required` lists appearances among `dark`, `light`, `tinted` and `high-contrast`.",
        bad: #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1", "alpha": "1"}}}]}"#,
        good:
            #"{"colors": [{"idiom": "universal", "color": {...}}, {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {...}}]}"#,
        options: ["required": "[dark]"])
    /// Every bitmap image set provides the required scales, for each idiom it declares (vector sets pass).
    public static let policyScales = RuleID(
        "policy.scales", .error, .policy, optIn: true,
        "every bitmap image set provides the required scales, for each idiom it declares (vector sets pass)",
        reason: "a house rule: its severity is the team's choice (`severity:` in `.adapt.yml`)",
        bad: #"{"images": [{"idiom": "universal", "scale": "1x", "filename": "a.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}, {"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}]}"#,
        options: ["required": "[2x, 3x]"])
    /// No file a set names is larger than `max_bytes`.
    public static let policyFileSize = RuleID(
        "policy.file-size", .warning, .policy, optIn: true,
        "no file a set names is larger than `max_bytes`",
        reason: "a house rule: its severity is the team's choice (`severity:` in `.adapt.yml`)",
        bad: #"{"images": [{"idiom": "universal", "filename": "huge.png"}]}   (huge.png: 4 MB)"#,
        good: #"{"images": [{"idiom": "universal", "filename": "small.png"}]}   (small.png: 40 kB)"#,
        options: ["max_bytes": "1048576"])
    /// Asset names (a set's folder name without its extension) match `pattern`.
    public static let policyName = RuleID(
        "policy.name", .warning, .policy, optIn: true,
        "asset names (a set's folder name without its extension) match `pattern`",
        reason: "a house rule: its severity is the team's choice (`severity:` in `.adapt.yml`)",
        details: "The pattern is an NSRegularExpression, searched in the name: anchor it with ^ and $.",
        bad: "Hero_Image.imageset",
        good: "heroImage.imageset",
        options: ["pattern": "^[a-z][A-Za-z0-9]*$"])
    /// Each device's thinned slice of a catalog is no larger than `max_bytes`.
    public static let policyDeviceBudget = RuleID(
        "policy.device-budget", .error, .policy, optIn: true,
        "each device's thinned slice of a catalog is no larger than `max_bytes`",
        reason: "a house rule: its severity is the team's choice (`severity:` in `.adapt.yml`)",
        details:
            #"The slice is what `adapt thin` keeps for the device (docs/Selection.md, "Thinning follows from the rule"). `devices` takes ids or model identifiers; empty means every device the catalog is for."#,
        bad: "max_bytes: 1000000  (the iPhone 15's slice is 1.4 MB)",
        good: "max_bytes: 2000000  (the largest slice is 1.4 MB)",
        options: ["devices": "[] (every device the catalog is for)", "max_bytes": "20971520"])
    /// Every entry of a set has a file: no empty slots (Xcode's templates write them; some teams want each one
    /// filled).
    public static let policyEmptySlot = RuleID(
        "policy.empty-slot", .warning, .policy, optIn: true,
        "every entry of a set has a file: no empty slots (Xcode's templates write them; some teams want each one filled)",
        reason: "a house rule: its severity is the team's choice (`severity:` in `.adapt.yml`)",
        details: "One finding per set, at its first empty entry. Colour sets are left alone: their entries hold colours.",
        bad: #"{"images": [{"idiom": "universal", "scale": "1x"}, {"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}]}"#)
}

/// The opt-in policy rules: house rules a team chooses in `.adapt.yml`, each with options
/// (`PolicyOptions`). They run only when `RuleSettings.optIn` names them, each catalog in turn,
/// after the other families (their findings come last, as they always have).
package struct PolicyRules: CatalogRuleFamily {
    package static let rules: [RuleID] = [.policyAppearances, .policyScales, .policyFileSize, .policyName, .policyDeviceBudget, .policyEmptySlot]

    var options: PolicyOptions
    var enabled: (RuleID) -> Bool
    var devices: DeviceDatabase
    var deploymentTarget: DeploymentTarget

    package init(_ validator: Validator) {
        options = validator.settings.policy
        enabled = validator.settings.isEnabled
        devices = validator.devices
        deploymentTarget = validator.deploymentTarget
    }

    /// Catalog by catalog, but after every family's per-catalog findings (not `check(_:)`, so
    /// not marked as the catalog's: a policy finding names its set).
    package func check(together catalogs: [Catalog]) -> [Diagnostic] {
        catalogs.flatMap(findings)
    }

    func findings(in catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let assets = catalog.assets.flatMap(\.withDescendants)
        if enabled(.policyAppearances) { diagnostics += assets.flatMap(appearances) }
        if enabled(.policyScales) { diagnostics += assets.flatMap(scales) }
        if enabled(.policyFileSize) { diagnostics += assets.flatMap(fileSizes) }
        if enabled(.policyName) { diagnostics += names(catalog.assets) }
        if enabled(.policyDeviceBudget) { diagnostics += budget(catalog, devices: devices, deploymentTarget: deploymentTarget) }
        if enabled(.policyEmptySlot) { diagnostics += assets.flatMap(emptySlots) }
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
        return [
            Diagnostic(
                .policyAppearances, Message.appearances(asset, missing),
                subject: Diagnostic.Subject(asset: asset, variant: nil),
                at: asset.contentsLocation)
        ]
    }

    // MARK: policy.scales

    func scales(_ asset: Asset) -> [Diagnostic] {
        guard asset.type == .imageSet else { return [] }
        let files = asset.variants.filter { $0.filename != nil }
        // A vector set (PDF or SVG without a scale) serves every scale.
        let isVector =
            asset.properties.preservesVectorRepresentation
            || files.contains { $0.scale == nil && ["pdf", "svg"].contains($0.filename!.pathExtension.lowercased()) }
        guard !files.isEmpty, !isVector else { return [] }
        var diagnostics: [Diagnostic] = []
        for idiom in Set(files.map(\.idiom.contentsValue)).sorted() {
            let present = Set(files.filter { $0.idiom.contentsValue == idiom }.compactMap(\.scale))
            let missing = options.requiredScales.filter { !present.contains($0) }
            if !missing.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .policyScales, Message.scales(asset, idiom, missing),
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
        return [
            Diagnostic(
                .policyEmptySlot, Message.emptySlots(asset, count: empty.count, first: first),
                subject: Diagnostic.Subject(asset: asset, variant: first), at: first.location)
        ]
    }

    // MARK: policy.file-size

    func fileSizes(_ asset: Asset) -> [Diagnostic] {
        asset.variants.compactMap(\.filename).sorted().compactMap { file in
            let path = asset.path + "/" + file
            guard let size = FileSystem.fileSize(path), size > options.maxFileBytes else { return nil }
            return Diagnostic(
                .policyFileSize, Message.fileSize(asset, file, size, options.maxFileBytes),
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
                diagnostics.append(
                    Diagnostic(
                        .policyName, Message.name(asset, name, options.namePattern),
                        subject: Diagnostic.Subject(asset: asset, variant: nil), at: asset.contentsLocation))
            case .exhausted:
                let location = options.namePatternLocation ?? asset.contentsLocation
                return [
                    Diagnostic(
                        .configInvalid, Message.patternBudget(name, options.namePattern, exhaustedCatalog: budget.remaining <= 0),
                        at: location)
                ]
            }
        }
        return diagnostics
    }

    // MARK: policy.device-budget

    func budget(_ catalog: Catalog, devices: DeviceDatabase, deploymentTarget: DeploymentTarget) -> [Diagnostic] {
        // The devices that download the catalog as themselves: compatibility hosts get the
        // slice of the app's own idiom, which the app's own devices already price.
        let chosen: [DeviceProfile] =
            options.budgetDevices.isEmpty
            ? Self.distinct(
                CatalogAudience(catalog).members(of: devices, deploymentTarget: deploymentTarget)
                    .filter { $0.hostedIdiom == nil }.map(\.device))
            : Self.distinct(options.budgetDevices.compactMap { devices.profile(matching: $0) })
        let index = AssetIndex(catalog)
        let location = SourceLocation(file: catalog.path + "/Contents.json")
        return chosen.compactMap { device in
            let bytes = ThinningPlan(index: index, device: device).keptBytes(in: catalog)
            guard bytes > options.budgetBytes else { return nil }
            return Diagnostic(
                .policyDeviceBudget, Message.budget(catalog, device, bytes, options.budgetBytes),
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
        let budget =
            exhaustedCatalog
            ? "about \(PatternBudget.ticksPerCatalog * 10_000) steps over the catalog's names"
            : "about \(PatternBudget.ticksPerName * 10_000) steps"
        return "the policy.name pattern \(pattern.excerpt()) did not finish on asset name '\(name.excerpt())' within \(budget); "
            + "simplify the pattern (nested quantifiers such as (a+)+ backtrack without end)"
    }

    static func budget(_ catalog: Catalog, _ device: DeviceProfile, _ bytes: Int, _ limit: Int) -> String {
        "\(device.name)'s slice of \(catalog.path.lastPathComponent) is \(bytes) bytes, over the policy's budget of \(limit)"
    }
}
