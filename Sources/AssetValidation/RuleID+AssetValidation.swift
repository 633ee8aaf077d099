import AssetCatalog

/// The rules of sets, the selection rule, app icon slots, names and the opt-in policies.
/// `config.invalid` is declared here because a policy (`policy.name`'s budget) finds a
/// configuration unusable while validating; the configuration reader emits it too.
extension RuleID {
    public static let setUnassigned = RuleID("set.unassigned", .warning, .sets)
    public static let nameCollision = RuleID("name.collision", .warning, .sets)

    public static let variantDuplicate = RuleID("variant.duplicate", .warning, .selection)
    public static let variantUnreachable = RuleID("variant.unreachable", .warning, .selection)
    public static let variantAmbiguous = RuleID("variant.ambiguous", .warning, .selection)
    public static let variantPrecedenceDependent = RuleID("variant.precedence-dependent", .warning, .selection)
    public static let variantAnalysisLimited = RuleID("variant.analysis-limited", .note, .selection)
    public static let scaleGap = RuleID("scale.gap", .warning, .selection)

    public static let iconMissingSlot = RuleID("icon.missing-slot", .warning, .icons)

    public static let policyAppearances = RuleID("policy.appearances", .error, .policy)
    public static let policyScales = RuleID("policy.scales", .error, .policy)
    public static let policyFileSize = RuleID("policy.file-size", .warning, .policy)
    public static let policyName = RuleID("policy.name", .warning, .policy)
    public static let policyDeviceBudget = RuleID("policy.device-budget", .error, .policy)
    public static let policyEmptySlot = RuleID("policy.empty-slot", .warning, .policy)

    public static let configInvalid = RuleID("config.invalid", .error, .input)

    /// Every rule this module declares.
    public static let validationRules: [RuleID] = [
        .setUnassigned, .nameCollision,
        .variantDuplicate, .variantUnreachable, .variantAmbiguous, .variantPrecedenceDependent, .variantAnalysisLimited, .scaleGap,
        .iconMissingSlot,
        .policyAppearances, .policyScales, .policyFileSize, .policyName, .policyDeviceBudget, .policyEmptySlot,
        .configInvalid,
    ]
}
