/// Which rule a finding breaks: its stable id (the `[code]` every diagnostic ends with), its default
/// severity and its area. Each module declares the rules it emits as static members, in a
/// `RuleID+<Module>.swift` file, and lists them (`RuleID.catalogRules`, ...), so that the registry,
/// docs/Rules.md and SARIF's rule list can be checked against what is emitted: a severity
/// is stated once, here, and never chosen by an emitter.
///
/// ```swift
/// let finding = Diagnostic(.jsonMalformed, "malformed JSON: expected ','", at: location)
/// finding.rule.defaultSeverity   // .error
/// finding.code                   // "json.malformed"
/// ```
///
/// Two values are the same rule when their ids are equal. The initializer is `package`: only this
/// package declares rules, so every id a user sees is one `adapt rules` documents.
public struct RuleID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Where a rule belongs in `adapt rules` and docs/Rules.md.
    public enum Area: String, Hashable, Sendable, CaseIterable {
        /// Opening and parsing: folders, files and JSON that cannot be read.
        case reading
        /// What a Contents.json says: unknown keys and values, malformed entries.
        case contents
        /// A set as a whole: duplicates, files no entry names, empty sets.
        case sets
        /// The selection rule: unreachable variants, ties, scale gaps, devices left without a match.
        case selection
        /// App icon and launch image slots.
        case icons
        /// Image files against their slots: sizes, scales, gamut, format.
        case images
        /// PNG files themselves: chunks, checksums, colour profiles.
        case png
        /// A team's own rules, opted in through `.adapt.yml`: naming, required appearances, budgets.
        case policy
        /// The tool's other inputs: configuration files, device databases, compiled catalogs.
        case input
    }

    /// The stable identifier, such as `json.malformed`.
    public let id: String
    /// The severity a finding of this rule has unless a configuration or `--strict` changes it.
    public let defaultSeverity: Diagnostic.Severity
    /// The group the rule is listed under.
    public let area: Area

    package init(_ id: String, _ defaultSeverity: Diagnostic.Severity, _ area: Area) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.area = area
    }

    public static func == (lhs: RuleID, rhs: RuleID) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.id < rhs.id }
    public var description: String { id }
}
