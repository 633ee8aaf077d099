/// The rules the reader emits: JSON, the catalog's folders, and Contents.json entries.
///
/// ```swift
/// Diagnostic(.contentsMissingFile, "'a.png' is not in the set", subject: subject, at: location)
/// ```
extension RuleID {
    /// A Contents.json that is not JSON.
    public static let jsonMalformed = RuleID(
        "json.malformed", .error, .reading,
        "a Contents.json that is not JSON",
        reason: "actool cannot read the set",
        details: "The set cannot be read; Xcode refuses it too. The diagnostic points at the first offending byte.",
        bad: #"{"images": [{"idiom": "universal",}"#,
        good: #"{"images": [{"idiom": "universal"}]}"#)
    /// A trailing comma in a Contents.json: Xcode reads it, strict JSON tools do not.
    public static let jsonLenient = RuleID(
        "json.lenient", .warning, .reading,
        "a trailing comma in a Contents.json: Xcode reads it, strict JSON tools do not",
        reason: "Xcode reads it; only strict JSON tools would not",
        bad: #"{"images": [{"idiom": "universal", "filename": "a.png"},]}"#,
        good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}"#)
    /// A key written twice in one JSON object: the first is read, the later ones are ignored.
    public static let jsonDuplicateKey = RuleID(
        "json.duplicate-key", .warning, .reading,
        "a key written twice in one JSON object: the first is read, the later ones are ignored",
        reason: "JSON leaves duplicate keys undefined; Xcode keeps one of them, which may not be the one you edited",
        bad: #"{"images": [{"idiom": "universal", "scale": "2x", "scale": "3x", "filename": "a.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a.png"}]}"#)

    /// A set folder without a Contents.json.
    public static let catalogMissingContents = RuleID(
        "catalog.missing-contents", .error, .reading,
        "a set folder without a Contents.json",
        reason: "actool cannot tell the set's files apart",
        details: "Xcode ignores a set it cannot describe. Add the Contents.json, or remove the folder.",
        bad: "Logo.imageset/  (folder: logo.png, no Contents.json)",
        good: "Logo.imageset/  (folder: Contents.json, logo.png)")
    /// A catalog or a folder in it that cannot be read (permissions, a FIFO, a file over 16 MiB).
    public static let catalogUnreadable = RuleID(
        "catalog.unreadable", .error, .reading,
        "a catalog or a folder in it that cannot be read (permissions, a FIFO, a file over 16 MiB)",
        reason: "nothing in it can be built or checked",
        bad: "Icons/  (permissions 000), or Contents.json a FIFO or over 16 MiB",
        good: "Icons/  (a readable folder of sets)")
    /// A catalog with no assets (Xcode's SwiftUI template makes one).
    public static let catalogEmpty = RuleID(
        "catalog.empty", .note, .reading,
        "a catalog with no assets (Xcode's SwiftUI template makes one)",
        reason: "Xcode's own template makes empty catalogs: nothing to fix",
        bad: "Assets.xcassets/  (folder: Contents.json only)",
        good: "Assets.xcassets/  (folder: Contents.json, AppIcon.appiconset/)")
    /// A folder that is not a catalog (the catalogs found inside are listed).
    public static let catalogNotACatalog = RuleID(
        "catalog.not-a-catalog", .error, .reading,
        "a folder that is not a catalog (the catalogs found inside are listed)",
        reason: "there is nothing to do with the path given",
        bad: "adapt inspect MyApp/  (a project folder holding MyApp/Assets.xcassets)",
        good: "adapt inspect MyApp/Assets.xcassets")
    /// A catalog inside a catalog (not read as a group).
    public static let catalogNested = RuleID(
        "catalog.nested", .warning, .reading,
        "a catalog inside a catalog (not read as a group)",
        reason: "Xcode builds it; the inner catalog is probably a mistake",
        bad: "Assets.xcassets/Old.xcassets/  (a catalog copied into another)",
        good: "Assets.xcassets/Old/  (a group folder, or a second catalog beside the first)")
    /// A symbolic link inside the catalog, or one looping back.
    public static let catalogSymlink = RuleID(
        "catalog.symlink", .warning, .reading,
        "a symbolic link inside the catalog, or one looping back",
        reason: "Xcode follows it; worth knowing, not wrong",
        bad: "Assets.xcassets/Shared -> Common  (a link inside the catalog)",
        good: "Assets.xcassets/Shared/  (a real folder)")
    /// A symbolic link leading out of the catalog (never followed).
    public static let catalogSymlinkEscape = RuleID(
        "catalog.symlink-escape", .error, .reading,
        "a symbolic link leading out of the catalog (never followed)",
        reason: "reading outside the catalog is refused: the build would use files from elsewhere",
        bad: "Assets.xcassets/Keys.imageset -> ../../.ssh  (a link leading out)",
        good: "Assets.xcassets/Keys.imageset/  (a real folder inside the catalog)")

    /// A Contents.json that cannot be read as a file.
    public static let contentsUnreadable = RuleID(
        "contents.unreadable", .error, .contents,
        "a Contents.json that cannot be read as a file",
        reason: "the set cannot be built",
        bad: "Logo.imageset/Contents.json  (a folder, a FIFO, or no read permission)",
        good: "Logo.imageset/Contents.json  (a regular, readable file)")
    /// A set whose Contents.json has no entry array.
    public static let contentsNoEntries = RuleID(
        "contents.no-entries", .warning, .contents,
        "a set whose Contents.json has no entry array",
        reason: "Xcode builds an empty set",
        bad: #"{"info": {"author": "xcode", "version": 1}}"#,
        good: #"{"images": [{"idiom": "universal", "filename": "a.png"}], "info": {"author": "xcode", "version": 1}}"#)
    /// An entry that is not an object, or a key with the wrong kind of value.
    public static let contentsMalformedEntry = RuleID(
        "contents.malformed-entry", .error, .contents,
        "an entry that is not an object, or a key with the wrong kind of value",
        reason: "actool refuses the entry",
        bad: #"{"images": ["a.png"]}"#,
        good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}"#)
    /// An entry naming a file that is not in the set.
    public static let contentsMissingFile = RuleID(
        "contents.missing-file", .error, .contents,
        "an entry naming a file that is not in the set",
        reason: "the app would find nothing where the entry says an image is",
        bad: #"{"images": [{"idiom": "universal", "filename": "missing.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "filename": "present.png"}]}"#)
    /// A filename leading outside its set.
    public static let contentsBadFilename = RuleID(
        "contents.bad-filename", .error, .contents,
        "a filename leading outside its set",
        reason: "actool refuses a path outside the set",
        bad: #"{"images": [{"idiom": "universal", "filename": "../other.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "filename": "logo.png"}]}"#)
    /// A key this tool does not know (kept as written).
    public static let contentsUnknownKey = RuleID(
        "contents.unknown-key", .warning, .contents,
        "a key this tool does not know (kept as written)",
        reason: "Xcode ignores keys it does not know, and warns",
        bad: #"{"images": [{"idiom": "universal", "scael": "2x", "filename": "a.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}]}"#)
    /// A value this tool does not know (kept as written).
    public static let contentsUnknownValue = RuleID(
        "contents.unknown-value", .warning, .contents,
        "a value this tool does not know (kept as written)",
        reason: "the entry never competes; Xcode warns",
        bad: #"{"images": [{"idiom": "iphon", "filename": "a.png"}]}"#,
        good: #"{"images": [{"idiom": "iphone", "filename": "a.png"}]}"#)
}

/// The reader's family: what reading a catalog's folders and Contents.json files finds.
extension CatalogReader: RuleFamily {
    package static let rules: [RuleID] = [
        .jsonMalformed, .jsonLenient, .jsonDuplicateKey,
        .catalogMissingContents, .catalogUnreadable, .catalogEmpty, .catalogNotACatalog, .catalogNested, .catalogSymlink, .catalogSymlinkEscape,
        .contentsUnreadable, .contentsNoEntries, .contentsMalformedEntry, .contentsMissingFile, .contentsBadFilename,
        .contentsUnknownKey, .contentsUnknownValue,
    ]
}
