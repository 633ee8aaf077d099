import AssetCatalog

/// The rules `adapt compile` reports. Errors are what actool, the App Store or the running app
/// would refuse; a warning names what is left out of the file and why, so nothing is dropped
/// silently.
extension RuleID {
    /// An entry or set the compiler leaves out: a set type or image format not compiled yet, a
    /// trait without an established key number, an app icon set no option names.
    public static let compileLeftOut = RuleID("compile.left-out", .warning, .input)
    /// A name defined twice across the catalogs compiled together.
    public static let compileDuplicateName = RuleID("compile.duplicate-name", .warning, .input)
    /// Two entries of one set that compile to the same traits.
    public static let compileDuplicateVariant = RuleID("compile.duplicate-variant", .warning, .input)
    /// More names than a compiled catalog's 16-bit name identifiers number.
    public static let compileTooManyNames = RuleID("compile.too-many-names", .error, .input)
    /// An `--app-icon`, `--alternate-app-icon` or `--accent-color` that names no set of its kind.
    public static let compileMissingAsset = RuleID("compile.missing-asset", .error, .input)
    /// A file an entry names that cannot be read or decoded (libpng refuses it, no JPEG frame).
    public static let compileUnreadable = RuleID("compile.unreadable", .error, .input)
    /// An image larger than `--max-pixels`.
    public static let compileTooLarge = RuleID("compile.too-large", .error, .input)
    /// An output that cannot be written or may not be replaced.
    public static let compileOutput = RuleID("compile.output", .error, .input)

    public static let compileRules: [RuleID] = [
        .compileLeftOut, .compileDuplicateName, .compileDuplicateVariant, .compileTooManyNames, .compileMissingAsset,
        .compileUnreadable, .compileTooLarge, .compileOutput,
    ]
}
