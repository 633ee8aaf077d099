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

    /// `adapt extract`: a rendition whose compression or format this package does not decode
    /// (deepmap2, astc, heif, palette, blurred, jpeg-lzfse, RGBW...), named and skipped.
    public static let extractNotDecoded = RuleID("extract.not-decoded", .warning, .input)
    /// `adapt extract`: a rendition written under another name than the file's (unsafe
    /// characters, or the same name twice in one set).
    public static let extractRenamed = RuleID("extract.renamed", .warning, .input)
    /// `adapt extract`: a rendition whose data is damaged (a stream that does not decode to its
    /// size, a frame outside its packed image).
    public static let extractDecodeFailed = RuleID("extract.decode-failed", .error, .input)
    /// `adapt extract`: an output folder that cannot be written, or may not be replaced.
    public static let extractOutput = RuleID("extract.output", .error, .input)

    /// `adapt verify FILE.car --source DIR`: a source entry the compiled file's platform keeps,
    /// with no rendition compiled from it.
    public static let compiledMissing = RuleID("compiled.missing", .warning, .input)
    /// `adapt verify`: a rendition compiled from a source entry that holds it differently
    /// (another idiom, scale, subtype, size class, memory, graphics, appearance or pixel size).
    public static let compiledDifferent = RuleID("compiled.different", .warning, .input)
    /// `adapt verify`: a rendition no source entry declares.
    public static let compiledExtra = RuleID("compiled.extra", .warning, .input)

    /// Every rule this module declares, for the registry's completeness test.
    public static let compiledCatalogRules: [RuleID] = [
        .carNotACatalog, .carMalformed, .carUnreadable, .extractNotDecoded, .extractRenamed, .extractDecodeFailed, .extractOutput,
        .compiledMissing, .compiledDifferent, .compiledExtra,
    ]
}
