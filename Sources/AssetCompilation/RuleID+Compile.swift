import AssetCatalog

/// The rules `adapt compile` reports. Errors are what actool, the App Store or the running app
/// would refuse; a warning names what is left out of the file and why, so nothing is dropped
/// silently.
extension RuleID {
    /// An entry or set the compiler leaves out: a set type or image format not compiled yet, a
    /// trait without an established key number, an app icon or launch image set no option names.
    public static let compileLeftOut = RuleID(
        "compile.left-out", .warning, .input,
        "`adapt compile`: an entry or set left out of the compiled file, with the reason: a set type or image format not compiled yet, a trait whose number in a compiled key is not established, or an app icon or launch image set no option names",
        reason: "worth a person's attention; nothing is rejected",
        details: "The rest of the catalog compiles. Nothing is left out silently: every such entry is named here.",
        bad: "an image set whose only entry is logo.tiff",
        good: "an image set of PNGs at 1x, 2x and 3x")
    /// A name defined twice across the catalogs compiled together.
    public static let compileDuplicateName = RuleID(
        "compile.duplicate-name", .warning, .input,
        "`adapt compile`: one name defined by two sets of the catalogs compiled together; the first is compiled",
        reason: "worth a person's attention; nothing is rejected",
        bad: "Icons.xcassets/Logo.imageset and Brand.xcassets/Logo.imageset",
        good: "one Logo.imageset")
    /// Two entries of one set that compile to the same traits.
    public static let compileDuplicateVariant = RuleID(
        "compile.duplicate-variant", .warning, .input,
        "`adapt compile`: two entries of one set that compile to the same traits on this platform (on the Mac, a `mac` and a `universal` entry are one)",
        reason: "worth a person's attention; nothing is rejected",
        bad: "two universal 2x entries in one image set",
        good: "one entry per trait combination")
    /// More names than a compiled catalog's 16-bit name identifiers number.
    public static let compileTooManyNames = RuleID(
        "compile.too-many-names", .error, .input,
        "`adapt compile`: more than 65,535 asset names, more than a compiled catalog's 16-bit name identifiers can number",
        reason: "the command cannot do what was asked",
        details: "Two names whose identifiers would be equal are told apart as actool must: the second takes the next free number.",
        bad: "70,000 image sets in one catalog",
        good: "fewer names, or several catalogs in several bundles")
    /// An `--app-icon`, `--alternate-app-icon`, `--accent-color`, `--widget-background-color` or
    /// `--launch-image` that names no set of its kind.
    public static let compileMissingAsset = RuleID(
        "compile.missing-asset", .error, .input,
        "`adapt compile`: `--app-icon`, `--alternate-app-icon`, `--accent-color`, `--widget-background-color` or `--launch-image` names no set of that kind in the catalogs",
        reason: "the command cannot do what was asked",
        bad: "adapt compile --app-icon AppIcon  (no AppIcon.appiconset)",
        good: "an AppIcon.appiconset in the catalog")
    /// A file an entry names that cannot be read or decoded (libpng refuses it, no JPEG frame).
    public static let compileUnreadable = RuleID(
        "compile.unreadable", .error, .input,
        "`adapt compile`: a file an entry names that cannot be read or decoded: libpng refuses the PNG, a JPEG has no frame header",
        reason: "the command cannot do what was asked",
        bad: "logo@2x.png  (truncated)",
        good: "a PNG libpng decodes")
    /// An image larger than `--max-pixels`.
    public static let compileTooLarge = RuleID(
        "compile.too-large", .error, .input,
        "`adapt compile`: an image of more pixels than `--max-pixels` allows",
        reason: "the command cannot do what was asked",
        bad: "a 30000 × 30000 PNG",
        good: "images within the limit")
    /// A vector image its renderer cannot rasterise: the renderer is not installed, fails, or runs
    /// longer than the time limit.
    public static let compileRenderer = RuleID(
        "compile.renderer", .error, .input,
        "`adapt compile`: a PDF or SVG image that cannot be rasterised: its renderer (poppler's `pdftocairo` and `pdfinfo`, librsvg's `rsvg-convert`, separate programs run as subprocesses) is not installed, fails on the file, or runs longer than 30 seconds",
        reason: "the command cannot do what was asked",
        details: "Install the renderers with `apt-get install poppler-utils librsvg2-bin` (Debian, Ubuntu) or `brew install poppler librsvg` (macOS).",
        bad: "logo.pdf on a machine without poppler-utils, or a PDF poppler cannot open",
        good: "poppler-utils installed, a PDF it opens")
    /// A compile that ran longer than its time budget (`--timeout`).
    public static let compileTimeout = RuleID(
        "compile.timeout", .error, .input,
        "`adapt compile`: the compile ran longer than its time budget, `--timeout SECONDS` (by default 600 s plus 25 ms a rendition), and was stopped with nothing written",
        reason: "the command cannot do what was asked",
        details:
            "Each drawing is stopped at 30 seconds; the budget bounds the whole compile, however many drawings a catalog holds. The drawing programs are stopped and no staging file is left.",
        bad: "a pull request adding two hundred SVGs that each take 25 seconds to draw",
        good: "a catalog that compiles in seconds, or a --timeout that fits a large one")
    /// An output that cannot be written or may not be replaced.
    public static let compileOutput = RuleID(
        "compile.output", .error, .input,
        "`adapt compile`: an output that cannot be written, or a file in the output folder that adapt may not replace (one that is not what a compiler writes under that name)",
        reason: "the command cannot do what was asked",
        bad: "--compile Build  where Build/Assets.car is a text file of the user's",
        good: "--compile Build  (Assets.car absent, or written by actool or adapt)")
}

/// The family of `adapt compile` (and `validate --compile`).
package enum CompileRules: RuleFamily {
    package static let rules: [RuleID] = [
        .compileLeftOut, .compileDuplicateName, .compileDuplicateVariant, .compileTooManyNames, .compileMissingAsset,
        .compileUnreadable, .compileTooLarge, .compileRenderer, .compileTimeout, .compileOutput,
    ]
}
