import AssetCatalog

/// The rules the compiled-catalog reader emits. Each is an error: a `.car` that breaks one cannot
/// be read any further.
///
/// ```swift
/// Diagnostic(.carMalformed, "RENDITIONS tree node 12 at offset 0x3F20 points past the end of the file")
/// ```
extension RuleID {
    public static let carNotACatalog = RuleID("car.not-a-catalog", .error, .reading)
    public static let carMalformed = RuleID("car.malformed", .error, .reading)
    public static let carUnreadable = RuleID("car.unreadable", .error, .reading)

    /// Every rule this module declares, for the registry's completeness test.
    public static let compiledCatalogRules: [RuleID] = [.carNotACatalog, .carMalformed, .carUnreadable]
}
