import AdaptSupport
import AssetCatalog
import DeviceProfiles

/// `adapt validate`: every rule over one or more catalogs, as diagnostics with stable rule ids.
///
/// ```swift
/// let result = Validator(devices: try DeviceDatabase.builtIn()).validate(catalogsAt: ["Assets.xcassets"])
/// result.diagnostics.forEach { print($0) }   // path:line:column: warning: ... [variant.unreachable]
/// ```
public struct Validator: Sendable {
    /// The devices the selection and thinning rules ask about (which ones show nothing, which scales they need).
    public var devices: DeviceDatabase
    /// How far PNG checks go: `.full` walks and decodes, `.walk` skips the decode, `.none` skips images.
    public var imageChecks: ImageCheckLevel
    /// Warnings become errors.
    public var strict: Bool
    /// Which rules run, at which severity, with which policy options (from `.adapt.yml`).
    public var settings = RuleSettings()
    /// The lowest OS versions the app supports: older devices are not asked (rule 2.1).
    public var deploymentTarget = DeploymentTarget()
    /// Threads checking images (default: one per core).
    public var concurrency = Machine.coreCount

    /// How much of each image file the validator reads.
    public enum ImageCheckLevel: String, Sendable, CaseIterable {
        /// No image is opened: only what Contents.json says is checked.
        case none
        /// Each PNG's chunks are walked (header, profile, checksums), without decoding pixels.
        case walk
        /// Each image is decoded too, for the checks that need pixels (a store icon's alpha).
        case full
    }

    /// A validator over `devices`, reading images as deep as `imageChecks` says; `strict` makes warnings errors.
    public init(devices: DeviceDatabase, imageChecks: ImageCheckLevel = .full, strict: Bool = false) {
        self.devices = devices
        self.imageChecks = imageChecks
        self.strict = strict
    }

    /// The findings of one run, and the catalogs read.
    public struct Result: Sendable {
        /// The catalogs validated (those that could be read at all).
        public var catalogs: [Catalog]
        /// Every finding, configured (disabled rules removed, severities applied), in catalog and file order.
        public var diagnostics: [Diagnostic]
        /// Whether any finding is an error: a build should fail.
        public var hasErrors: Bool { diagnostics.hasErrors }
    }

    /// Reads each catalog and validates them together. A folder that cannot be read at all
    /// becomes an error diagnostic, and the others are still validated. A catalog given twice
    /// (`validate S S`, or `S` and a symbolic link to it) is read once, so it never collides with itself.
    public func validate(catalogsAt paths: [String]) -> Result {
        var catalogs: [Catalog] = []
        var readFailures: [Diagnostic] = []
        // The same catalog given twice (`A.xcassets A.xcassets/`) is read once: its names do not collide with themselves.
        var seen: Set<String> = []
        for path in paths where seen.insert(FileSystem.realPath(path) ?? path).inserted {
            do { catalogs.append(try CatalogReader().read(at: path)) } catch { readFailures.append(error.diagnostic) }
        }
        var result = validate(catalogs)
        if !readFailures.isEmpty { result.diagnostics.insert(contentsOf: readFailures, at: 0) }
        return result
    }

    /// The rule families `validate` runs, in the order their findings are reported: for each
    /// catalog, the reader's, the sets', the selection rule's, the app icon slots' and the images';
    /// then, over the catalogs together, the names' and the opt-in policies'.
    package static let standardFamilies: [any CatalogRuleFamily.Type] = [
        CatalogReader.self, SetContentsRules.self, SelectionRules.self, AppIconSlotRule.self, ImageRules.self,
        NameCollisionRule.self, PolicyRules.self,
    ]

    /// The families this validator runs.
    package var families = Validator.standardFamilies

    /// The families that run under these settings: those with a rule turned on. A family whose
    /// rules are all off is skipped, its work saved as well as its findings.
    package var runningFamilies: [any CatalogRuleFamily.Type] {
        families.filter { $0.checkedRules.contains(where: settings.isEnabled) }
    }

    /// Validates catalogs already read, their own reading diagnostics included: each running family
    /// checks each catalog in turn, then all of them together.
    public func validate(_ catalogs: [Catalog]) -> Result {
        var running = runningFamilies.compactMap { $0.init(self) }
        var diagnostics: [Diagnostic] = []
        for catalog in catalogs {
            let firstOfCatalog = diagnostics.count
            for family in running.indices { diagnostics += running[family].check(catalog) }
            diagnostics.attribute(to: Diagnostic.Subject(catalog: catalog.path), from: firstOfCatalog)
        }
        for family in running.indices { diagnostics += running[family].check(together: catalogs) }
        configure(&diagnostics)
        return Result(catalogs: catalogs, diagnostics: diagnostics)
    }

    /// `diagnostics` as this configuration reports them: disabled rules dropped, severities
    /// overridden, warnings promoted under `strict` (marked `promotedByStrict`; the message is left as it is). Public for findings made outside the
    /// validator about the same catalogs (the accessors' `accessors.name-collision`).
    public func configured(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var configured = diagnostics
        configure(&configured)
        return configured
    }

    /// `configured(_:)` in place, for the validator's own findings (tens of thousands in a big catalog).
    func configure(_ diagnostics: inout [Diagnostic]) {
        settings.apply(to: &diagnostics)
        guard strict else { return }
        for position in diagnostics.indices { diagnostics[position].promoteForStrict() }
    }
}
