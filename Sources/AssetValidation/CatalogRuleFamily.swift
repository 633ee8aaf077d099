import AssetCatalog

/// A family of rules the validator runs: its rules (each a card, `RuleFamily`) and its check.
/// `Validator.validate` makes each family of `Validator.families` once, runs `check(_:)` on every
/// catalog in turn, then `check(together:)` on all of them, and skips a family whose rules the
/// settings all turn off, so a configuration that disables a family saves its work as well as its
/// findings.
///
/// ```swift
/// struct SetContentsRules: CatalogRuleFamily {
///     static let rules: [RuleID] = [.setUnassigned]
///     init(_ validator: Validator) {}
///     func check(_ catalog: Catalog) -> [Diagnostic] { ... }
/// }
/// ```
package protocol CatalogRuleFamily: RuleFamily {
    /// Every rule whose findings the check makes: the family's own, and those of a family it runs
    /// for each file (the image checks run the PNG checks). The family is skipped when the
    /// settings turn all of these off.
    static var checkedRules: [RuleID] { get }

    /// The family, ready to check with the validator's devices, settings and options; nil when it
    /// has nothing to check (the image checks under `--images none`).
    init?(_ validator: Validator)

    /// The findings about one catalog; the validator marks them as that catalog's.
    mutating func check(_ catalog: Catalog) -> [Diagnostic]

    /// The findings about the catalogs validated together, after each was checked alone (two
    /// catalogs' assets sharing a name).
    mutating func check(together catalogs: [Catalog]) -> [Diagnostic]
}

extension CatalogRuleFamily {
    package static var checkedRules: [RuleID] { rules }
    package mutating func check(_ catalog: Catalog) -> [Diagnostic] { [] }
    package mutating func check(together catalogs: [Catalog]) -> [Diagnostic] { [] }
}
