import AssetCatalog

/// The rules about a `--devices` file (or `devices:` in a configuration).
extension RuleID {
    public static let devicesInvalid = RuleID("devices.invalid", .error, .input)
    public static let devicesMissing = RuleID("devices.missing", .error, .input)
    public static let devicesUnreadable = RuleID("devices.unreadable", .error, .input)

    /// Every rule this module declares.
    public static let deviceRules: [RuleID] = [.devicesInvalid, .devicesMissing, .devicesUnreadable]
}
