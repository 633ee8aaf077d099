import AssetCatalog

/// What one rule is, for `adapt rules`, `docs/Rules.md`, SARIF's `tool.driver.rules` and
/// the configuration file's checks: its id (the `[code]` every diagnostic ends with), its default
/// severity, whether it runs only when a configuration opts in, one line of summary, and a bad and
/// a good Contents.json when the rule is about one.
///
/// ```swift
/// let rule = RuleRegistry.rule("variant.unreachable")!
/// print(rule.id, rule.defaultSeverity, rule.summary)
/// ```
public struct RuleDescription: Hashable, Sendable {
    public typealias Area = RuleID.Area

    /// The rule, as its module declares it: id, default severity and area are stated there once.
    public var rule: RuleID
    public var id: String { rule.id }
    public var area: Area { rule.area }
    public var defaultSeverity: Diagnostic.Severity { rule.defaultSeverity }
    /// Runs only when a configuration lists it in `opt_in_rules`.
    public var isOptIn: Bool
    public var summary: String
    /// More than the summary: when it fires, and what to do.
    public var details: String
    /// A Contents.json (or another input) that the rule reports, and one it accepts.
    public var badExample: String?
    public var goodExample: String?
    /// The rule's options in the configuration file, with their defaults (`required: [dark]`).
    public var options: [String: String]

    public init(_ rule: RuleID, optIn: Bool = false, _ summary: String,
                details: String = "", bad: String? = nil, good: String? = nil, options: [String: String] = [:]) {
        self.rule = rule
        self.isOptIn = optIn
        self.summary = summary
        self.details = details
        self.badExample = bad
        self.goodExample = good
        self.options = options
    }

    /// One line on why the rule has its default severity (docs/Rules.md, "Severity policy").
    public var severityReason: String { RuleRegistry.severityReasons[id] ?? RuleRegistry.defaultReason(for: self) }

    /// This rule's section of `docs/Rules.md`, anchored by its id (SARIF's `helpUri`).
    public var helpURI: String { RuleRegistry.documentationURL + "#" + id }
}
