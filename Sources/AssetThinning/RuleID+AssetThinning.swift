import AssetCatalog

/// The rules of `adapt thin`.
extension RuleID {
    /// An asset that shows nothing in one of a device's windows.
    public static let thinNoMatch = RuleID("thin.no-match", .warning, .input)
    /// An output folder that cannot be written.
    public static let thinOutput = RuleID("thin.output", .error, .input)

    /// Every rule this module declares.
    public static let thinningRules: [RuleID] = [.thinNoMatch, .thinOutput]
}
