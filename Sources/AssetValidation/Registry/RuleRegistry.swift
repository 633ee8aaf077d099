import AssetCatalog
import PNGInspection

/// Every rule any part of the package can emit, described once: the one source of `adapt rules`,
/// `docs/Rules.md` (`adapt rules --format markdown`, checked by a test), SARIF's rule list
/// and the configuration file's rule ids.
///
/// ```swift
/// RuleRegistry.catalogRules.filter(\.isOptIn).map(\.id)   // ["policy.appearances", ...]
/// ```
public enum RuleRegistry {
    /// The rules' documentation, `docs/Rules.md`: each rule's SARIF `helpUri` is its section there.
    public static let documentationURL = "https://github.com/adaptive-assets/AdaptiveAssets/blob/main/docs/Rules.md"

    /// The rules of catalogs, described here beside the checks; `RuleRegistry.all` (in
    /// AdaptiveAssets) adds the rules about the command line's other inputs.
    public static let catalogRules: [RuleDescription] = (reading + contents + sets + selection + icons + images + png + policy)
        .map(withExamples)

    private static let catalogRulesByID: [String: RuleDescription] = Dictionary(uniqueKeysWithValues: catalogRules.map { ($0.id, $0) })

    /// A catalog rule by id (what a configuration's opt-in check needs).
    public static func catalogRule(_ id: String) -> RuleDescription? { catalogRulesByID[id] }

    // MARK: - Reading a catalog

    package static let reading: [RuleDescription] = [
        .init(.jsonMalformed, "a Contents.json that is not JSON",
              details: "The set cannot be read; Xcode refuses it too. The diagnostic points at the first offending byte.",
              bad: #"{"images": [{"idiom": "universal",}"#, good: #"{"images": [{"idiom": "universal"}]}"#),
        .init(.jsonLenient, "a trailing comma in a Contents.json: Xcode reads it, strict JSON tools do not",
              bad: #"{"images": [{"idiom": "universal", "filename": "a.png"},]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}"#),
        .init(.jsonDuplicateKey, "a key written twice in one JSON object: the first is read, the later ones are ignored",
              bad: #"{"images": [{"idiom": "universal", "scale": "2x", "scale": "3x", "filename": "a.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a.png"}]}"#),
        .init(.catalogMissingContents, "a set folder without a Contents.json",
              details: "Xcode ignores a set it cannot describe. Add the Contents.json, or remove the folder."),
        .init(.catalogUnreadable, "a catalog or a folder in it that cannot be read (permissions, a FIFO, a file over 16 MiB)"),
        .init(.catalogEmpty, "a catalog with no assets (Xcode's SwiftUI template makes one)"),
        .init(.catalogNotACatalog, "a folder that is not a catalog (the catalogs found inside are listed)"),
        .init(.catalogNested, "a catalog inside a catalog (not read as a group)"),
        .init(.catalogSymlink, "a symbolic link inside the catalog, or one looping back"),
        .init(.catalogSymlinkEscape, "a symbolic link leading out of the catalog (never followed)"),
    ]

    // MARK: - Contents.json entries

    package static let contents: [RuleDescription] = [
        .init(.contentsUnreadable, "a Contents.json that cannot be read as a file"),
        .init(.contentsNoEntries, "a set whose Contents.json has no entry array",
              bad: #"{"info": {"author": "xcode", "version": 1}}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "a.png"}], "info": {"author": "xcode", "version": 1}}"#),
        .init(.contentsMalformedEntry, "an entry that is not an object, or a key with the wrong kind of value",
              bad: #"{"images": ["a.png"]}"#, good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}"#),
        .init(.contentsMissingFile, "an entry naming a file that is not in the set",
              bad: #"{"images": [{"idiom": "universal", "filename": "missing.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "present.png"}]}"#),
        .init(.contentsBadFilename, "a filename leading outside its set",
              bad: #"{"images": [{"idiom": "universal", "filename": "../other.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "logo.png"}]}"#),
        .init(.contentsUnknownKey, "a key this tool does not know (kept as written)",
              bad: #"{"images": [{"idiom": "universal", "scael": "2x", "filename": "a.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}]}"#),
        .init(.contentsUnknownValue, "a value this tool does not know (kept as written)",
              bad: #"{"images": [{"idiom": "iphon", "filename": "a.png"}]}"#,
              good: #"{"images": [{"idiom": "iphone", "filename": "a.png"}]}"#),
    ]

    // MARK: - Sets

    package static let sets: [RuleDescription] = [
        .init(.setUnassigned, "a file in a set's folder that no entry names (Xcode's \"unassigned child\"): it is never shipped",
              details: "An entry without a file (an empty slot, as Xcode's templates write) is not one; `policy.empty-slot` reports those on request.",
              bad: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}   (folder: a.png, old.png)"#,
              good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}   (folder: a.png)"#),
        .init(.nameCollision, "two assets found by the same lookup with one qualified name, in one catalog or across those given",
              details: "An image set and a colour set, or an app icon set and a visionOS icon, may share a name; so may an image set and a symbol set."),
    ]

    // MARK: - The selection rule

    package static let selection: [RuleDescription] = [
        .init(.variantDuplicate, "entries of one slot with identical attributes (locale and platform included): only the first can ever win",
              bad: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}, {"idiom": "universal", "scale": "2x", "filename": "b.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}, {"idiom": "universal", "scale": "3x", "filename": "b.png"}]}"#),
        .init(.variantUnreachable, "an entry that no device the catalog is for (plus `--devices`) ever selects; app icon entries for devices no longer made are left alone",
              bad: #"{"images": [{"idiom": "universal", "filename": "any.png"}, {"idiom": "universal", "filename": "never.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "any.png"}, {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "dark.png"}]}"#),
        .init(.variantAmbiguous, "entries that differ only in keys the rule does not compare tie on every axis for some device: declaration order decides",
              bad: #"{"images": [{"idiom": "universal", "filename": "a.png"}, {"idiom": "universal", "display-gamut": "sRGB", "filename": "b.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "a.png"}, {"idiom": "universal", "display-gamut": "display-P3", "filename": "b.png"}]}"#),
        .init(.variantPrecedenceDependent, "the winner beats another candidate only because an earlier axis outranks one on which the other is better"),
        .init(.variantAnalysisLimited, "a slot with so many variants and trait sets (thousands of locales, say) that only duplicates and reachability are checked in it"),
        .init(.scaleGap, "a device (named) shows the asset upscaled from a lower scale, because the variants that win on the earlier axes lack its scale",
              bad: #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "universal", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "d@2x.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "universal", "scale": "3x", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "d@3x.png"}]}"#),
    ]

    // MARK: - App icons

    package static let icons: [RuleDescription] = [
        .init(.iconMissingSlot, "an app icon set without every slot its idioms need (the single-size format needs none)",
              bad: #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "i120.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "icon.png"}]}"#),
        .init(.iconSize, "an app icon whose pixel size differs from its slot's"),
        .init(.iconAlpha, "the App Store icon of the `AppIcon` set has a pixel that is not opaque"),
        .init(.iconAlphaSuspect, "an App Store icon the store may reject for its alpha: an alpha channel whose pixels are all opaque, a translucent icon in a set other than `AppIcon`, or pixels that could not be checked",
              details: "The store validates only the set `ASSETCATALOG_COMPILER_APPICON_NAME` names (Xcode's default: `AppIcon`); if your build setting names this set, treat it as `icon.alpha`."),
    ]

    // MARK: - Images against their entries

    package static let images: [RuleDescription] = [
        .init(.imageScaleSize, "images of one scale family whose point sizes differ by more than pixel rounding allows"),
        .init(.imageScaleName, "a file named `@3x` (or `@2x`, `@1x`) used for another scale"),
        .init(.imageFormatMismatch, "a file whose extension does not match its contents"),
        .init(.imageNotAnImage, "a file named as an image that is no image format known"),
        .init(.imageGamutProfile, "an image whose colour profile does not fit its display-gamut entry"),
    ]

    // MARK: - PNG files (as in `adapt png`)

    package static let png: [RuleDescription] = RuleID.pngRules.map { rule in
        RuleDescription(rule, "PNG check `\(rule.id.dropFirst(4))`, as `adapt png` reports it",
                        details: "Run `adapt png FILE` for the full report of one file.")
    }

    // MARK: - Policies (opt-in)

    package static let policy: [RuleDescription] = [
        .init(.policyAppearances, optIn: true, "every image set and colour set has the required appearance variants",
              details: "Options: `required` lists appearances among `dark`, `light`, `tinted` and `high-contrast`.",
              bad: #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1", "alpha": "1"}}}]}"#,
              good: #"{"colors": [{"idiom": "universal", "color": {...}}, {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {...}}]}"#,
              options: ["required": "[dark]"]),
        .init(.policyScales, optIn: true, "every bitmap image set provides the required scales, for each idiom it declares (vector sets pass)",
              bad: #"{"images": [{"idiom": "universal", "scale": "1x", "filename": "a.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}, {"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}]}"#,
              options: ["required": "[2x, 3x]"]),
        .init(.policyFileSize, optIn: true, "no file a set names is larger than `max_bytes`",
              bad: #"{"images": [{"idiom": "universal", "filename": "huge.png"}]}   (huge.png: 4 MB)"#,
              good: #"{"images": [{"idiom": "universal", "filename": "small.png"}]}   (small.png: 40 kB)"#,
              options: ["max_bytes": "1048576"]),
        .init(.policyName, optIn: true, "asset names (a set's folder name without its extension) match `pattern`",
              details: "The pattern is an NSRegularExpression, searched in the name: anchor it with ^ and $.",
              bad: "Hero_Image.imageset", good: "heroImage.imageset",
              options: ["pattern": "^[a-z][A-Za-z0-9]*$"]),
        .init(.policyDeviceBudget, optIn: true, "each device's thinned slice of a catalog is no larger than `max_bytes`",
              details: "The slice is what `adapt thin` keeps for the device (docs/Selection.md, \"Thinning follows from the rule\"). `devices` takes ids or model identifiers; empty means every device the catalog is for.",
              options: ["max_bytes": "20971520", "devices": "[] (every device the catalog is for)"]),
        .init(.policyEmptySlot, optIn: true, "every entry of a set has a file: no empty slots (Xcode's templates write them; some teams want each one filled)",
              details: "One finding per set, at its first empty entry. Colour sets are left alone: their entries hold colours.",
              bad: #"{"images": [{"idiom": "universal", "scale": "1x"}, {"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}]}"#),
    ]
}
