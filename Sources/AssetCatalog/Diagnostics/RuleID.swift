/// Which rule a finding breaks: its stable id (the `[code]` every diagnostic ends with), its default
/// severity and its area, and the rest of its card (summary, why the severity, examples). Each module
/// declares the rules it emits as static members, each in one declaration, beside the family that
/// emits it, and each family lists its rules (`RuleFamily`), so that `adapt rules`, docs/Rules.md,
/// SARIF's rule list and the configuration's rule ids all read the same cards: a severity is stated
/// once, there, and never chosen by an emitter.
///
/// ```swift
/// let finding = Diagnostic(.jsonMalformed, "malformed JSON: expected ','", at: location)
/// finding.rule.defaultSeverity   // .error
/// finding.rule.card.summary      // "a Contents.json that is not JSON"
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

    /// Everything said about the rule, declared with it.
    public let card: RuleCard

    /// The stable identifier, such as `json.malformed`.
    public var id: String { card.id }
    /// The severity a finding of this rule has unless a configuration or `--strict` changes it.
    public var defaultSeverity: Diagnostic.Severity { card.defaultSeverity }
    /// Where the rule belongs in `adapt rules` and docs/Rules.md.
    public var area: Area { card.area }

    /// A rule and its card, in one declaration: `reason` says why the rule has its severity
    /// (docs/Rules.md, "Severity policy"), `bad` is an input the rule reports and `good` one it
    /// accepts (a Contents.json when the rule is about one; otherwise the input named, with what is
    /// true of it in parentheses).
    package init(
        _ id: String, _ defaultSeverity: Diagnostic.Severity, _ area: Area, optIn: Bool = false,
        _ summary: String, reason: String, details: String = "", bad: String, good: String,
        options: [String: String] = [:], formerIDs: [String] = []
    ) {
        card = RuleCard(
            id: id, defaultSeverity: defaultSeverity, area: area, isOptIn: optIn, summary: summary, reason: reason,
            details: details, badExample: bad, goodExample: good, options: options, formerIDs: formerIDs)
    }

    public static func == (lhs: RuleID, rhs: RuleID) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.id < rhs.id }
    public var description: String { id }
}

/// What one rule is, for `adapt rules`, docs/Rules.md, SARIF's `tool.driver.rules` and the
/// configuration file: its id, default severity and area, whether it runs only when a configuration
/// opts in, a line of summary, why it has its severity, more detail, a reported and an accepted
/// example, and its options. A reference, so that a `RuleID` (in every diagnostic) stays one word.
///
/// ```swift
/// let card = RuleID.variantUnreachable.card
/// print(card.id, card.defaultSeverity, card.summary, card.helpURI)
/// ```
public final class RuleCard: Sendable {
    /// The stable identifier, such as `json.malformed`.
    public let id: String
    /// The severity a finding of this rule has unless a configuration or `--strict` changes it.
    public let defaultSeverity: Diagnostic.Severity
    /// Where the rule belongs in `adapt rules` and docs/Rules.md.
    public let area: RuleID.Area
    /// Runs only when a configuration lists it in `opt_in_rules`.
    public let isOptIn: Bool
    /// One line: what the rule reports.
    public let summary: String
    /// One line on why the rule has its default severity (docs/Rules.md, "Severity policy").
    public let reason: String
    /// More than the summary: when it fires, and what to do (empty when the summary says it all).
    public let details: String
    /// An input the rule reports.
    public let badExample: String
    /// An input the rule accepts.
    public let goodExample: String
    /// The rule's options in the configuration file, with their defaults (`required: [dark]`).
    public let options: [String: String]
    /// Ids the rule had before: a configuration or baseline written for an earlier version keeps
    /// working (issue #20 merged `set.orphan-file` into `set.unassigned`).
    public let formerIDs: [String]

    init(
        id: String, defaultSeverity: Diagnostic.Severity, area: RuleID.Area, isOptIn: Bool, summary: String, reason: String,
        details: String, badExample: String, goodExample: String, options: [String: String], formerIDs: [String]
    ) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.area = area
        self.isOptIn = isOptIn
        self.summary = summary
        self.reason = reason
        self.details = details
        self.badExample = badExample
        self.goodExample = goodExample
        self.options = options
        self.formerIDs = formerIDs
    }

    /// The rules' documentation, `docs/Rules.md`: each rule's SARIF `helpUri` is its section there.
    package static let documentationURL = "https://github.com/adaptive-assets/AdaptiveAssets/blob/main/docs/Rules.md"

    /// This rule's section of `docs/Rules.md`, anchored by its id (SARIF's `helpUri`).
    public var helpURI: String { Self.documentationURL + "#" + id }
}

/// The rules one check or one command emits, each described by its card (`RuleID.card`). Every
/// rule belongs to exactly one family; `adapt rules` lists the families' rules in order. The
/// validator's families refine this with their check (`CatalogRuleFamily`, in AssetValidation).
///
/// ```swift
/// extension SelectionRules: RuleFamily {
///     static let rules: [RuleID] = [.variantDuplicate, .variantUnreachable, ...]
/// }
/// ```
package protocol RuleFamily: SendableMetatype {
    /// The rules this family declares, in the order `adapt rules` lists them.
    static var rules: [RuleID] { get }
}
