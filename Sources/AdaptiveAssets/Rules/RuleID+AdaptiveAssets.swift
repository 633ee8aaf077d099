import AssetCatalog
import AssetThinning
import AssetValidation
import CompiledCatalog
import DeviceProfiles
import ImageChecks
import PNGInspection

/// The rules about the command line's other inputs and outputs: baselines, reports, accessors,
/// queries, budgets, and the environment.
extension RuleID {
    /// A baseline file that cannot be read.
    package static let baselineInvalid = RuleID(
        "baseline.invalid", .error, .input,
        "a baseline file that cannot be read",
        reason: "the command cannot do what was asked",
        bad: "--baseline notes.txt  (not a baseline written by --write-baseline)",
        good: "--baseline adapt-baseline.json")
    /// A `--write-baseline` path inside a catalog, or an existing file that is not a baseline.
    package static let baselineRefused = RuleID(
        "baseline.refused", .error, .input,
        "a `--write-baseline` path inside a catalog, or an existing file that is not a baseline",
        reason: "a baseline is written only where no one's file is overwritten",
        bad: "--write-baseline A.xcassets/Contents.json  (inside a catalog, or over a file adapt did not write)",
        good: "--write-baseline adapt-baseline.json  (a new file, or an earlier baseline)")
    /// An `adapt report` output file that cannot be written, or that is not an earlier report or lies inside a
    /// catalog.
    package static let reportOutput = RuleID(
        "report.output", .error, .input,
        "an `adapt report` output file that cannot be written, or that is not an earlier report or lies inside a catalog",
        reason: "the command cannot do what was asked",
        bad: "adapt report A.xcassets -o A.xcassets/report.html  (inside the catalog), or over a file adapt did not write",
        good: "adapt report A.xcassets -o build/report.html")
    /// An `adapt report --cache` folder inside a catalog, holding files adapt did not write, or not private (another
    /// user's, writable by group or others, a link).
    package static let reportCache = RuleID(
        "report.cache", .error, .input,
        "an `adapt report --cache` folder inside a catalog, holding files adapt did not write, or not private (another user's, writable by group or others, a link)",
        reason: "thumbnails are written only where no one's files are mixed in",
        bad: "adapt report A.xcassets --cache A.xcassets/Logo.imageset  (inside the catalog)",
        good: "adapt report A.xcassets --cache .build/thumbnails")
    /// The default thumbnail cache folder is not private (another user's, writable by others, a
    /// link): the report is still written, without the cache. A rule of its own, so that
    /// `report.cache` is always the error its card states.
    package static let reportCacheSkipped = RuleID(
        "report.cache-skipped", .warning, .input,
        "the default thumbnail cache folder is not private (another user's, writable by group or others, a link): the report is written without it",
        reason: "worth a person's attention; nothing is rejected",
        bad: "adapt report A.xcassets  (the default cache folder is another user's, or writable by others)",
        good: "adapt report A.xcassets  (the default cache folder is yours and private)")
    /// With `--accessors`: an asset or namespace whose accessor gets a suffix, because its identifier is shared with
    /// another name of its level.
    package static let accessorsNameCollision = RuleID(
        "accessors.name-collision", .warning, .sets,
        "with `--accessors`: an asset or namespace whose accessor gets a suffix, because its identifier is shared with another name of its level",
        reason: "the app builds; the accessor's name no longer follows from the asset's name alone",
        details:
            "Identifiers that are equal ignoring case collide. A name that is exactly its identifier keeps it; the others get `__` and 6 hex digits of a hash of their own qualified name (`Asset.logo__df41e0` for `Logo`), so which asset an accessor names never depends on folder order. Rename one of the folders to get a plain accessor back.",
        bad: "logo.imageset/ and Logo.colorset/  (Asset.logo is 'logo'; 'Logo' becomes Asset.logo__df41e0)",
        good: "logo.imageset/ and LogoTint.colorset/  (Asset.logo and Asset.logoTint)")
    /// An `--accessors` path that cannot be written.
    package static let accessorsRefused = RuleID(
        "accessors.refused", .error, .input,
        "an `--accessors` path that cannot be written",
        reason: "the command cannot do what was asked",
        bad: "adapt validate A.xcassets --accessors Sources/App/main.swift  (a file adapt did not generate)",
        good: "adapt validate A.xcassets --accessors Sources/App/Assets.generated.swift")
    /// An `adapt resolve` query that is not valid, or an asset `adapt matrix` cannot find.
    package static let queryInvalid = RuleID(
        "query.invalid", .error, .input,
        "an `adapt resolve` query that is not valid, or an asset `adapt matrix` cannot find",
        reason: "the command cannot do what was asked",
        bad: #"{"asset": "Logo", "traits": {"displayScael": 2}}"#,
        good: #"{"asset": "Logo", "traits": {"displayScale": 2}}"#)
    /// An `adapt resolve --queries` file that cannot be read.
    package static let queryUnreadable = RuleID(
        "query.unreadable", .error, .input,
        "an `adapt resolve --queries` file that cannot be read",
        reason: "the command cannot do what was asked",
        bad: "adapt resolve A.xcassets --queries querys.jsonl  (no such file)",
        good: "adapt resolve A.xcassets --queries queries.jsonl  (a file of JSON lines)")
    /// A device whose slice is larger than `adapt size --budget`.
    public static let sizeOverBudget = RuleID(
        "size.over-budget", .error, .input,
        "a device whose slice is larger than `adapt size --budget`",
        reason: "CI asked to hold the line: the build fails",
        bad: "adapt size A.xcassets --all-devices --budget 1000000  (a slice of 1.4 MB)",
        good: "adapt size A.xcassets --all-devices --budget 2000000  (every slice under 2 MB)")
    /// A device whose slice grew by more than `adapt diff --fail-on-growth`.
    package static let diffGrowth = RuleID(
        "diff.growth", .error, .input,
        "a device whose slice grew by more than `adapt diff --fail-on-growth`",
        reason: "CI asked to hold the line: the build fails",
        bad: "adapt diff old/A.xcassets new/A.xcassets --fail-on-growth 100000  (an iPhone downloads 250 kB more)",
        good: "adapt diff old/A.xcassets new/A.xcassets --fail-on-growth 500000")
    /// Adapt ran out of file descriptors or memory: the run stops with exit code 2, blaming no file.
    package static let environmentExhausted = RuleID(
        "environment.exhausted", .error, .input,
        "adapt ran out of file descriptors or memory: the run stops with exit code 2, blaming no file",
        reason: "no answer about the input can be trusted: the run stops",
        details: "`ulimit -n` too low, or the system's file table or memory full. Nothing about the input is known; raise the limit and run again.",
        bad: "ulimit -n 8; adapt validate A.xcassets  (too few file descriptors)",
        good: "adapt validate A.xcassets  (the default limit)")
}

/// `--accessors`: the names the generated accessors take, and the file they are written to.
package enum AccessorRules: RuleFamily {
    package static let rules: [RuleID] = [.accessorsNameCollision, .accessorsRefused]
}

/// `adapt resolve` and `adapt matrix`: queries and the files holding them.
package enum QueryRules: RuleFamily {
    package static let rules: [RuleID] = [.queryInvalid, .queryUnreadable]
}

/// `adapt size --budget` and `adapt diff --fail-on-growth`: the lines CI holds.
package enum BudgetRules: RuleFamily {
    package static let rules: [RuleID] = [.sizeOverBudget, .diffGrowth]
}

/// `adapt report`: its output file and thumbnail cache.
package enum ReportRules: RuleFamily {
    package static let rules: [RuleID] = [.reportOutput, .reportCache, .reportCacheSkipped]
}

/// `--baseline` and `--write-baseline`.
package enum BaselineRules: RuleFamily {
    package static let rules: [RuleID] = [.baselineInvalid, .baselineRefused]
}

/// What stops any command: the machine's limits.
package enum EnvironmentRules: RuleFamily {
    package static let rules: [RuleID] = [.environmentExhausted]
}

/// Every rule of the package, family by family: what `adapt rules`, docs/Rules.md, SARIF's rule
/// list, the configuration's rule ids and the baseline read. A rule is found by its id by
/// looking through the cards, never through a table of its own.
extension RuleID {
    /// Every family, in the order `adapt rules` and docs/Rules.md list them: catalogs as read, compiled
    /// catalogs, compiling, the validator's families, then the commands' other inputs.
    package static let families: [any RuleFamily.Type] = [
        CatalogReader.self, CompiledCatalogRules.self, CompileRules.self,
        SetContentsRules.self, NameCollisionRule.self, AccessorRules.self, SelectionRules.self, AppIconSlotRule.self,
        CatalogImageChecker.self, PNGInspector.self, PolicyRules.self,
        DeviceDatabase.self, QueryRules.self, BudgetRules.self, ReportRules.self, ThinningRules.self, ConfigurationRules.self,
        BaselineRules.self, EnvironmentRules.self,
    ]

    /// Every rule, family by family.
    package static let all: [RuleID] = families.flatMap { $0.rules }

    /// The rule with this id (not a former one), if there is one.
    package static func named(_ id: String) -> RuleID? { all.first { $0.id == id } }

    /// Former ids (`RuleCard.formerIDs`) and the rules that have them now.
    private static let renamed: [(former: String, rule: RuleID)] = all.flatMap { rule in rule.card.formerIDs.map { ($0, rule) } }

    /// The current id for `id`, following a rename: a configuration or baseline written for an
    /// earlier version keeps working.
    package static func currentID(_ id: String) -> String { renamed.first { $0.former == id }?.rule.id ?? id }
}
