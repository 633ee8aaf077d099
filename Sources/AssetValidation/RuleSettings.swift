import AssetCatalog

/// Which rules run and how loudly: what a configuration file (`.adapt.yml`) says about rules,
/// resolved. The validator applies it to every diagnostic, so a rule disabled here is never
/// reported and a severity set here is the one every reporter shows.
///
/// ```swift
/// var settings = RuleSettings()
/// settings.disabled = ["set.unassigned"]
/// settings.optIn = ["policy.scales"]
/// settings.severity["variant.unreachable"] = .error
/// ```
public struct RuleSettings: Hashable, Sendable {
    /// Rules never reported.
    public var disabled: Set<String> = []
    /// Opt-in rules that run.
    public var optIn: Set<String> = []
    /// Severities that replace a rule's default.
    public var severity: [String: Diagnostic.Severity] = [:]
    /// The policy rules' options.
    public var policy = PolicyOptions()

    /// Every rule at its default: on unless opt-in, at its card's severity, policies at their defaults.
    public init() {}

    /// Whether findings of `rule` are reported: it is not disabled, and it is opted into when its
    /// card says it is opt-in.
    public func isEnabled(_ rule: RuleID) -> Bool {
        !disabled.contains(rule.id) && (!rule.card.isOptIn || optIn.contains(rule.id))
    }

    /// The diagnostics that stay, with their configured severity.
    public func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        var configured = diagnostics
        apply(to: &configured)
        return configured
    }

    /// The same, in place: a run's findings (58,000 at 20,000 sets) are not copied to be configured.
    public func apply(to diagnostics: inout [Diagnostic]) {
        diagnostics.removeAll { !isEnabled($0.rule) }
        guard !severity.isEmpty else { return }
        for position in diagnostics.indices {
            if let severity = severity[diagnostics[position].code] { diagnostics[position].setSeverity(severity) }
        }
    }
}

/// The options of the opt-in policy rules, with their defaults.
public struct PolicyOptions: Hashable, Sendable {
    /// `policy.appearances`: appearances every image set and colour set provides (`dark`, `light`, `high-contrast`).
    public var requiredAppearances = ["dark"]
    /// `policy.scales`: scales every bitmap image set provides, for each idiom it declares.
    public var requiredScales = [2, 3]
    /// `policy.file-size`: the largest file a set may hold.
    public var maxFileBytes = 1_048_576
    /// `policy.name`: what asset names (a set's folder name, without its extension) match.
    public var namePattern = "^[a-z][A-Za-z0-9]*$"
    /// Where the configuration set `namePattern`, for the error when it runs out of its budget.
    public var namePatternLocation: SourceLocation?
    /// `policy.device-budget`: the largest thinned slice of a catalog for one device.
    public var budgetBytes = 20 * 1_048_576
    /// `policy.device-budget`: device ids or model identifiers (empty: every device the catalog is for).
    public var budgetDevices: [String] = []

    /// The options a `.adapt.yml` without a `policy` section gives.
    public init() {}
}
