import AssetCatalog

/// The configuration's rule. The cards of the validator's other rules are in their families'
/// files (`Rules/`); `config.invalid` is declared here, below the configuration reader, because a
/// policy (`policy.name`'s budget) finds a configuration unusable while validating.
extension RuleID {
    /// A configuration file (`.adapt.yml`) with an unknown key, an unknown rule id or a bad value.
    package static let configInvalid = RuleID(
        "config.invalid", .error, .input,
        "a configuration file (`.adapt.yml`) with an unknown key, an unknown rule id or a bad value",
        reason: "the command cannot do what was asked",
        bad: "disabled_rules: [variant.unreachabel]  (.adapt.yml: an unknown rule id)",
        good: "disabled_rules: [variant.unreachable]")
}

/// The configuration file's family (`.adapt.yml`, read by the AdaptiveAssets library).
package enum ConfigurationRules: RuleFamily {
    package static let rules: [RuleID] = [.configInvalid]
}
