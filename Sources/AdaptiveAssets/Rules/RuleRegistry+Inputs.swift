import AssetCatalog
import AssetThinning
import AssetValidation
import DeviceProfiles

/// The whole registry: the catalog rules `AssetValidation` describes, and the rules about the
/// command line's other inputs and outputs, described here beside the `RuleID`s they describe.
/// The one source of `adapt rules`, docs/Rules.md, SARIF's rule list and the
/// configuration file's rule ids.
///
/// ```swift
/// RuleRegistry.rule("variant.unreachable")?.defaultSeverity   // .warning
/// ```
extension RuleRegistry {
    public static let all: [RuleDescription] = (reading + compiled + compile + contents + sets + accessors + selection + icons + images + png + policy + input)
        .map(withExamples)

    private static let byID: [String: RuleDescription] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    public static func rule(_ id: String) -> RuleDescription? { byID[id] }

    public static func contains(_ id: String) -> Bool { byID[id] != nil }

    /// Ids a rule had before, to the id it has now: a configuration or baseline written for an
    /// earlier version keeps working (issue #20 merged `set.orphan-file`, a file in no slot, into
    /// `set.unassigned`, which now means exactly that).
    public static let renamed: [String: String] = ["set.orphan-file": "set.unassigned"]

    /// The current id for `id`, following a rename.
    public static func currentID(_ id: String) -> String { renamed[id] ?? id }

    static let accessors: [RuleDescription] = [
        .init(.accessorsNameCollision, "with `--accessors`: an asset or namespace whose accessor gets a suffix, because its identifier is shared with another name of its level",
              details: "Identifiers that are equal ignoring case collide. A name that is exactly its identifier keeps it; the others get `__` and 6 hex digits of a hash of their own qualified name (`Asset.logo__df41e0` for `Logo`), so which asset an accessor names never depends on folder order. Rename one of the folders to get a plain accessor back."),
    ]

    // MARK: - Inputs other than catalogs

    static let input: [RuleDescription] = [
        .init(.devicesInvalid, "a `--devices` file (or `devices:` in the configuration) with an invalid profile"),
        .init(.devicesMissing, "a `--devices` file that does not exist"),
        .init(.devicesUnreadable, "a `--devices` file that cannot be read"),
        .init(.queryInvalid, "an `adapt resolve` query that is not valid, or an asset `adapt matrix` cannot find"),
        .init(.queryUnreadable, "an `adapt resolve --queries` file that cannot be read"),
        .init(.sizeOverBudget, "a device whose slice is larger than `adapt size --budget`"),
        .init(.diffGrowth, "a device whose slice grew by more than `adapt diff --fail-on-growth`"),
        .init(.reportOutput, "an `adapt report` output file that cannot be written, or that is not an earlier report or lies inside a catalog"),
        .init(.reportCache, "an `adapt report --cache` folder inside a catalog, holding files adapt did not write, or not private (another user's, writable by group or others, a link)"),
        .init(.reportCacheSkipped, "the default thumbnail cache folder is not private (another user's, writable by group or others, a link): the report is written without it"),
        .init(.thinNoMatch, "an asset that shows nothing in one of a device's windows (`adapt thin`)"),
        .init(.thinOutput, "an `adapt thin` output folder that cannot be written"),
        .init(.accessorsRefused, "an `--accessors` path that cannot be written"),
        .init(.configInvalid, "a configuration file (`.adapt.yml`) with an unknown key, an unknown rule id or a bad value"),
        .init(.baselineInvalid, "a baseline file that cannot be read"),
        .init(.baselineRefused, "a `--write-baseline` path inside a catalog, or an existing file that is not a baseline"),
        .init(.environmentExhausted, "adapt ran out of file descriptors or memory: the run stops with exit code 2, blaming no file",
              details: "`ulimit -n` too low, or the system's file table or memory full. Nothing about the input is known; raise the limit and run again."),
    ]
}
