import AssetCatalog

/// The rules about the command line's other inputs and outputs: baselines, reports, accessors,
/// queries, budgets, and the environment.
extension RuleID {
    public static let baselineInvalid = RuleID("baseline.invalid", .error, .input)
    public static let baselineRefused = RuleID("baseline.refused", .error, .input)
    public static let reportOutput = RuleID("report.output", .error, .input)
    public static let reportCache = RuleID("report.cache", .error, .input)
    /// The default thumbnail cache folder is not private (another user's, writable by others, a
    /// link): the report is still written, without the cache. A rule of its own, so that
    /// `report.cache` is always the error the registry states.
    public static let reportCacheSkipped = RuleID("report.cache-skipped", .warning, .input)
    public static let accessorsNameCollision = RuleID("accessors.name-collision", .warning, .sets)
    public static let accessorsRefused = RuleID("accessors.refused", .error, .input)
    public static let queryInvalid = RuleID("query.invalid", .error, .input)
    public static let queryUnreadable = RuleID("query.unreadable", .error, .input)
    public static let sizeOverBudget = RuleID("size.over-budget", .error, .input)
    public static let diffGrowth = RuleID("diff.growth", .error, .input)
    public static let environmentExhausted = RuleID("environment.exhausted", .error, .input)

    /// Every rule this module declares.
    public static let adaptRules: [RuleID] = [
        .baselineInvalid, .baselineRefused, .reportOutput, .reportCache, .reportCacheSkipped, .accessorsNameCollision, .accessorsRefused,
        .queryInvalid, .queryUnreadable, .sizeOverBudget, .diffGrowth, .environmentExhausted,
    ]

    /// Every rule the package declares, module by module.
    public static let allDeclared: [RuleID] = catalogRules + pngRules + imageRules + deviceRules + thinningRules + validationRules + adaptRules + compiledCatalogRules + compileRules
}
