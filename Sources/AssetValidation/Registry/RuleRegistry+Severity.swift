import AssetCatalog

/// Why each rule has its default severity, by the policy docs/Rules.md states ("Severity policy"):
/// an **error** is what actool refuses, the App Store rejects or breaks the app at run time; a
/// **warning** is everything else worth a person's attention, Xcode's own warnings included. The
/// docs/Rules.md prints these next to each rule.
extension RuleRegistry {
    static let severityReasons: [String: String] = [
        "json.malformed": "actool cannot read the set",
        "json.lenient": "Xcode reads it; only strict JSON tools would not",
        "json.duplicate-key": "JSON leaves duplicate keys undefined; Xcode keeps one of them, which may not be the one you edited",
        "catalog.missing-contents": "actool cannot tell the set's files apart",
        "catalog.unreadable": "nothing in it can be built or checked",
        "catalog.empty": "Xcode's own template makes empty catalogs: nothing to fix",
        "catalog.not-a-catalog": "there is nothing to do with the path given",
        "catalog.nested": "Xcode builds it; the inner catalog is probably a mistake",
        "catalog.symlink": "Xcode follows it; worth knowing, not wrong",
        "catalog.symlink-escape": "reading outside the catalog is refused: the build would use files from elsewhere",
        "contents.unreadable": "the set cannot be built",
        "contents.no-entries": "Xcode builds an empty set",
        "contents.malformed-entry": "actool refuses the entry",
        "contents.missing-file": "the app would find nothing where the entry says an image is",
        "contents.bad-filename": "actool refuses a path outside the set",
        "contents.unknown-key": "Xcode ignores keys it does not know, and warns",
        "contents.unknown-value": "the entry never competes; Xcode warns",
        "set.unassigned": "Xcode's own \"unassigned child\" warning: it builds, the file is simply never shipped",
        "name.collision": "Xcode builds it (\"used by multiple sets\"); which one a lookup gets is undefined",
        "accessors.name-collision": "the app builds; the accessor's name no longer follows from the asset's name alone",
        "variant.duplicate": "Xcode builds it; the second entry is dead weight",
        "variant.unreachable": "Xcode builds it; the entry is dead weight",
        "variant.ambiguous": "Xcode builds it; declaration order decides silently",
        "variant.precedence-dependent": "the device shows what the rule says; it may not be what was meant",
        "variant.analysis-limited": "Xcode builds it; the checks skipped are warnings at most",
        "scale.gap": "the app runs; the image is blurry on those devices",
        "icon.missing-slot": "the system scales another size; Xcode warns",
        "icon.size": "actool refuses an icon of the wrong size",
        "icon.alpha": "the App Store rejects a translucent icon",
        "icon.alpha-suspect": "the store may reject it (an unused alpha channel has been rejected; another set may be the one uploaded), but apps ship with it",
        "image.scale-size": "the app runs; the image shows at another size on some devices",
        "image.scale-name": "the catalog goes by the entry, not the name: confusing, not wrong",
        "image.format-mismatch": "Apple platforms decode it by its bytes",
        "image.not-an-image": "the app would find no image",
        "image.gamut-profile": "the built asset shows colours the entry does not promise: the file is in the wrong slot or has the wrong profile",
        "png.cgbi": "Apple's own format: Xcode makes it, other tools cannot read it",
        "png.phys": "iOS ignores it; other tools may scale the image",
        "png.profile": "the image shows, perhaps with wrong colours",
        "png.profile-conflict": "the image shows, perhaps with wrong colours",
        "png.ancillary": "a damaged optional chunk is skipped by decoders",
        "png.libpng-warning": "libpng decodes the image anyway",
        "png.too-large": "decoding it would exhaust memory on a device",
        "size.over-budget": "CI asked to hold the line: the build fails",
        "diff.growth": "CI asked to hold the line: the build fails",
        "thin.no-match": "the slice is written; the app finds nothing in that window",
        "report.cache": "thumbnails are written only where no one's files are mixed in",
        "baseline.refused": "a baseline is written only where no one's file is overwritten",
        "environment.exhausted": "no answer about the input can be trusted: the run stops",
    ]

    /// The reason for rules without their own line: errors of the PNG checks, of the inputs and
    /// of opt-in policies.
    static func defaultReason(for rule: RuleDescription) -> String {
        switch (rule.area, rule.defaultSeverity) {
        case (.png, .error): "a corrupt PNG fails actool or shows nothing at run time"
        case (.policy, _): "a house rule: its severity is the team's choice (`severity:` in `.adapt.yml`)"
        case (.input, .error): "the command cannot do what was asked"
        case (_, .error): "actool, the App Store or the running app would reject it"
        default: "worth a person's attention; nothing is rejected"
        }
    }
}
