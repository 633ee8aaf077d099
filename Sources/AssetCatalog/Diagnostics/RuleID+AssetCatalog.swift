/// The rules the reader emits: JSON, the catalog's folders, and Contents.json entries.
///
/// ```swift
/// Diagnostic(.contentsMissingFile, "'a.png' is not in the set", subject: subject, at: location)
/// ```
extension RuleID {
    public static let jsonMalformed = RuleID("json.malformed", .error, .reading)
    public static let jsonLenient = RuleID("json.lenient", .warning, .reading)
    public static let jsonDuplicateKey = RuleID("json.duplicate-key", .warning, .reading)

    public static let catalogMissingContents = RuleID("catalog.missing-contents", .error, .reading)
    public static let catalogUnreadable = RuleID("catalog.unreadable", .error, .reading)
    public static let catalogEmpty = RuleID("catalog.empty", .note, .reading)
    public static let catalogNotACatalog = RuleID("catalog.not-a-catalog", .error, .reading)
    public static let catalogNested = RuleID("catalog.nested", .warning, .reading)
    public static let catalogSymlink = RuleID("catalog.symlink", .warning, .reading)
    public static let catalogSymlinkEscape = RuleID("catalog.symlink-escape", .error, .reading)

    public static let contentsUnreadable = RuleID("contents.unreadable", .error, .contents)
    public static let contentsNoEntries = RuleID("contents.no-entries", .warning, .contents)
    public static let contentsMalformedEntry = RuleID("contents.malformed-entry", .error, .contents)
    public static let contentsMissingFile = RuleID("contents.missing-file", .error, .contents)
    public static let contentsBadFilename = RuleID("contents.bad-filename", .error, .contents)
    public static let contentsUnknownKey = RuleID("contents.unknown-key", .warning, .contents)
    public static let contentsUnknownValue = RuleID("contents.unknown-value", .warning, .contents)

    /// Every rule this module declares, for the registry's completeness test.
    public static let catalogRules: [RuleID] = [
        .jsonMalformed, .jsonLenient, .jsonDuplicateKey,
        .catalogMissingContents, .catalogUnreadable, .catalogEmpty, .catalogNotACatalog, .catalogNested, .catalogSymlink, .catalogSymlinkEscape,
        .contentsUnreadable, .contentsNoEntries, .contentsMalformedEntry, .contentsMissingFile, .contentsBadFilename,
        .contentsUnknownKey, .contentsUnknownValue,
    ]
}
