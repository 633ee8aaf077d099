import AssetCatalog
import PNGInspection

/// Every rule id that any part of the package can emit, in one list: the one source of `adapt rules`,
/// the README's rule table (`adapt rules --format markdown`, checked by a test), SARIF's rule list
/// and the configuration file's rule ids.
///
/// ```swift
/// RuleRegistry.all.filter(\.isOptIn).map(\.id)   // ["policy.appearances", ...]
/// ```
public enum RuleRegistry {
    /// The README's rule table, which each rule's SARIF `helpUri` points at.
    public static let documentationURL = "https://github.com/adaptive-assets/AdaptiveAssets/blob/main/README.md"

    public static let all: [RuleDescription] = (reading + contents + sets + selection + icons + images + png + policy + input)
        .map(withExamples)

    private static let byID: [String: RuleDescription] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    public static func rule(_ id: String) -> RuleDescription? { byID[id] }

    public static func contains(_ id: String) -> Bool { byID[id] != nil }

    // MARK: - Reading a catalog

    static let reading: [RuleDescription] = [
        .init("json.malformed", .reading, .error, "a Contents.json that is not JSON",
              details: "The set cannot be read; Xcode refuses it too. The diagnostic points at the first offending byte.",
              bad: #"{"images": [{"idiom": "universal",}"#, good: #"{"images": [{"idiom": "universal"}]}"#),
        .init("json.lenient", .reading, .warning, "a trailing comma in a Contents.json: Xcode reads it, strict JSON tools do not",
              bad: #"{"images": [{"idiom": "universal", "filename": "a.png"},]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}"#),
        .init("json.duplicate-key", .reading, .warning, "a key written twice in one JSON object: the first is read, the later ones are ignored",
              bad: #"{"images": [{"idiom": "universal", "scale": "2x", "scale": "3x", "filename": "a.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a.png"}]}"#),
        .init("catalog.missing-contents", .reading, .error, "a set folder without a Contents.json",
              details: "Xcode ignores a set it cannot describe. Add the Contents.json, or remove the folder."),
        .init("catalog.unreadable", .reading, .error, "a catalog or a folder in it that cannot be read (permissions, a FIFO, a file over 16 MiB)"),
        .init("catalog.empty", .reading, .note, "a catalog with no assets (Xcode's SwiftUI template makes one)"),
        .init("catalog.not-a-catalog", .reading, .error, "a folder that is not a catalog (the catalogs found inside are listed)"),
        .init("catalog.nested", .reading, .warning, "a catalog inside a catalog (not read as a group)"),
        .init("catalog.symlink", .reading, .warning, "a symbolic link inside the catalog, or one looping back"),
        .init("catalog.symlink-escape", .reading, .error, "a symbolic link leading out of the catalog (never followed)"),
    ]

    // MARK: - Contents.json entries

    static let contents: [RuleDescription] = [
        .init("contents.unreadable", .contents, .error, "a Contents.json that cannot be read as a file"),
        .init("contents.no-entries", .contents, .warning, "a set whose Contents.json has no entry array",
              bad: #"{"info": {"author": "xcode", "version": 1}}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "a.png"}], "info": {"author": "xcode", "version": 1}}"#),
        .init("contents.malformed-entry", .contents, .error, "an entry that is not an object, or a key with the wrong kind of value",
              bad: #"{"images": ["a.png"]}"#, good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}"#),
        .init("contents.missing-file", .contents, .error, "an entry naming a file that is not in the set",
              bad: #"{"images": [{"idiom": "universal", "filename": "missing.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "present.png"}]}"#),
        .init("contents.bad-filename", .contents, .error, "a filename leading outside its set",
              bad: #"{"images": [{"idiom": "universal", "filename": "../other.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "logo.png"}]}"#),
        .init("contents.unknown-key", .contents, .warning, "a key this tool does not know (kept as written)",
              bad: #"{"images": [{"idiom": "universal", "scael": "2x", "filename": "a.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}]}"#),
        .init("contents.unknown-value", .contents, .warning, "a value this tool does not know (kept as written)",
              bad: #"{"images": [{"idiom": "iphon", "filename": "a.png"}]}"#,
              good: #"{"images": [{"idiom": "iphone", "filename": "a.png"}]}"#),
    ]

    // MARK: - Sets

    static let sets: [RuleDescription] = [
        .init("set.unassigned", .sets, .warning, "entries without a file (Xcode's \"unassigned child\")",
              bad: #"{"images": [{"idiom": "universal", "scale": "1x"}, {"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}]}"#),
        .init("set.orphan-file", .sets, .warning, "a file in a set's folder that no entry names: it is never shipped",
              details: "Bad: the folder holds a.png and old.png, but only a.png is named.",
              bad: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}   (folder: a.png, old.png)"#,
              good: #"{"images": [{"idiom": "universal", "filename": "a.png"}]}   (folder: a.png)"#),
        .init("name.collision", .sets, .warning, "two assets found by the same lookup with one qualified name, in one catalog or across those given",
              details: "An image set and a colour set, or an app icon set and a visionOS icon, may share a name; so may an image set and a symbol set."),
        .init("accessors.name-collision", .sets, .warning,
              "with `--accessors`: an asset or namespace whose accessor gets a suffix, because its identifier is shared with another name of its level",
              details: "Identifiers that are equal ignoring case collide. A name that is exactly its identifier keeps it; the others get `__` and 6 hex digits of a hash of their own qualified name (`Asset.logo__df41e0` for `Logo`), so which asset an accessor names never depends on folder order. Rename one of the folders to get a plain accessor back."),
    ]

    // MARK: - The selection rule

    static let selection: [RuleDescription] = [
        .init("variant.duplicate", .selection, .warning, "entries of one slot with identical attributes (locale and platform included): only the first can ever win",
              bad: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}, {"idiom": "universal", "scale": "2x", "filename": "b.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}, {"idiom": "universal", "scale": "3x", "filename": "b.png"}]}"#),
        .init("variant.unreachable", .selection, .warning, "an entry that no device the catalog is for (plus `--devices`) ever selects; app icon entries for devices no longer made are left alone",
              bad: #"{"images": [{"idiom": "universal", "filename": "any.png"}, {"idiom": "universal", "filename": "never.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "any.png"}, {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "dark.png"}]}"#),
        .init("variant.ambiguous", .selection, .warning, "entries that differ only in keys the rule does not compare tie on every axis for some device: declaration order decides",
              bad: #"{"images": [{"idiom": "universal", "filename": "a.png"}, {"idiom": "universal", "display-gamut": "sRGB", "filename": "b.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "filename": "a.png"}, {"idiom": "universal", "display-gamut": "display-P3", "filename": "b.png"}]}"#),
        .init("variant.precedence-dependent", .selection, .warning,
              "the winner beats another candidate only because an earlier axis outranks one on which the other is better"),
        .init("variant.analysis-limited", .selection, .note,
              "a slot with so many variants and trait sets (thousands of locales, say) that only duplicates and reachability are checked in it"),
        .init("scale.gap", .selection, .warning, "a device (named) shows the asset upscaled from a lower scale, because the variants that win on the earlier axes lack its scale",
              bad: #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "universal", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "d@2x.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "universal", "scale": "3x", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "d@3x.png"}]}"#),
    ]

    // MARK: - App icons

    static let icons: [RuleDescription] = [
        .init("icon.missing-slot", .icons, .warning, "an app icon set without every slot its idioms need (the single-size format needs none)",
              bad: #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "i120.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "icon.png"}]}"#),
        .init("icon.size", .icons, .error, "an app icon whose pixel size differs from its slot's"),
        .init("icon.alpha", .icons, .error, "the App Store icon has a pixel that is not opaque (error in `AppIcon`); a warning when it only has an alpha channel, or is in another icon set"),
    ]

    // MARK: - Images against their entries

    static let images: [RuleDescription] = [
        .init("image.scale-size", .images, .warning, "images of one scale family whose point sizes differ by more than pixel rounding allows"),
        .init("image.scale-name", .images, .warning, "a file named `@3x` (or `@2x`, `@1x`) used for another scale"),
        .init("image.format-mismatch", .images, .warning, "a file whose extension does not match its contents"),
        .init("image.not-an-image", .images, .error, "a file named as an image that is no image format known"),
        .init("image.gamut-profile", .images, .warning, "an image whose colour profile does not fit its display-gamut entry"),
    ]

    // MARK: - PNG files (as in `adapt png`)

    static let png: [RuleDescription] = PNGProblem.Code.allCases.map { code in
        let warnings: Set<PNGProblem.Code> = [.phys, .profile, .profileConflict, .ancillary, .libpngWarning, .cgbi]
        return RuleDescription(code.rawValue, .png, warnings.contains(code) ? .warning : .error,
                               "PNG check `\(code.rawValue.dropFirst(4))`, as `adapt png` reports it",
                               details: "Run `adapt png FILE` for the full report of one file.")
    }

    // MARK: - Policies (opt-in)

    static let policy: [RuleDescription] = [
        .init("policy.appearances", .policy, .error, optIn: true, "every image set and colour set has the required appearance variants",
              details: "Options: `required` lists appearances among `dark`, `light`, `tinted` and `high-contrast`.",
              bad: #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1", "alpha": "1"}}}]}"#,
              good: #"{"colors": [{"idiom": "universal", "color": {...}}, {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {...}}]}"#,
              options: ["required": "[dark]"]),
        .init("policy.scales", .policy, .error, optIn: true, "every bitmap image set provides the required scales, for each idiom it declares (vector sets pass)",
              bad: #"{"images": [{"idiom": "universal", "scale": "1x", "filename": "a.png"}]}"#,
              good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}, {"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}]}"#,
              options: ["required": "[2x, 3x]"]),
        .init("policy.file-size", .policy, .warning, optIn: true, "no file a set names is larger than `max_bytes`",
              bad: #"{"images": [{"idiom": "universal", "filename": "huge.png"}]}   (huge.png: 4 MB)"#,
              good: #"{"images": [{"idiom": "universal", "filename": "small.png"}]}   (small.png: 40 kB)"#,
              options: ["max_bytes": "1048576"]),
        .init("policy.name", .policy, .warning, optIn: true, "asset names (a set's folder name without its extension) match `pattern`",
              details: "The pattern is an NSRegularExpression, searched in the name: anchor it with ^ and $.",
              bad: "Hero_Image.imageset", good: "heroImage.imageset",
              options: ["pattern": "^[a-z][A-Za-z0-9]*$"]),
        .init("policy.device-budget", .policy, .error, optIn: true, "each device's thinned slice of a catalog is no larger than `max_bytes`",
              details: "The slice is what `adapt thin` keeps for the device (README, \"Thinning follows from the rule\"). `devices` takes ids or model identifiers; empty means every device the catalog is for.",
              options: ["max_bytes": "20971520", "devices": "[] (every device the catalog is for)"]),
    ]

    // MARK: - Inputs other than catalogs

    static let input: [RuleDescription] = [
        .init("devices.invalid", .input, .error, "a `--devices` file (or `devices:` in the configuration) with an invalid profile"),
        .init("devices.missing", .input, .error, "a `--devices` file that does not exist"),
        .init("devices.unreadable", .input, .error, "a `--devices` file that cannot be read"),
        .init("query.invalid", .input, .error, "an `adapt resolve` query that is not valid, or an asset `adapt matrix` cannot find"),
        .init("query.unreadable", .input, .error, "an `adapt resolve --queries` file that cannot be read"),
        .init("size.over-budget", .input, .error, "a device whose slice is larger than `adapt size --budget`"),
        .init("diff.growth", .input, .error, "a device whose slice grew by more than `adapt diff --fail-on-growth`"),
        .init("report.output", .input, .error, "an `adapt report` output file that cannot be written, or that is not an earlier report or lies inside a catalog"),
        .init("report.cache", .input, .error, "an `adapt report --cache` folder inside a catalog, holding files adapt did not write, or not private (another user's, writable by group or others, a link); the default folder is then skipped with a warning"),
        .init("thin.no-match", .input, .warning, "an asset that shows nothing in one of a device's windows (`adapt thin`)"),
        .init("thin.output", .input, .error, "an `adapt thin` output folder that cannot be written"),
        .init("accessors.refused", .input, .error, "an `--accessors` path that cannot be written"),
        .init("config.invalid", .input, .error, "a configuration file (`.adapt.yml`) with an unknown key, an unknown rule id or a bad value"),
        .init("baseline.invalid", .input, .error, "a baseline file that cannot be read"),
        .init("baseline.refused", .input, .error, "a `--write-baseline` path inside a catalog, or an existing file that is not a baseline"),
        .init("environment.exhausted", .input, .error, "adapt ran out of file descriptors or memory: the run stops with exit code 2, blaming no file",
              details: "`ulimit -n` too low, or the system's file table or memory full. Nothing about the input is known; raise the limit and run again."),
    ]
}
