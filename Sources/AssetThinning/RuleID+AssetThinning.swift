import AssetCatalog

/// The rules of `adapt thin`.
extension RuleID {
    /// An asset that shows nothing in one of a device's windows.
    public static let thinNoMatch = RuleID(
        "thin.no-match", .warning, .input,
        "an asset that shows nothing in one of a device's windows (`adapt thin`)",
        reason: "the slice is written; the app finds nothing in that window",
        bad: #"{"images": [{"idiom": "iphone", "width-class": "compact", "filename": "narrow.png"}]}  (nothing for an iPad's regular width)"#,
        good: #"{"images": [{"idiom": "iphone", "width-class": "compact", "filename": "narrow.png"}, {"idiom": "universal", "filename": "any.png"}]}"#)
    /// An output folder that cannot be written.
    public static let thinOutput = RuleID(
        "thin.output", .error, .input,
        "an `adapt thin` output folder that cannot be written",
        reason: "the command cannot do what was asked",
        bad: "adapt thin A.xcassets --all-devices -o .  (the working folder), or -o A.xcassets/out",
        good: "adapt thin A.xcassets --all-devices -o Thinned  (absent, empty, or an earlier output)")
}

/// The family of `adapt thin`.
package enum ThinningRules: RuleFamily {
    package static let rules: [RuleID] = [.thinNoMatch, .thinOutput]
}
