import AssetCatalog

/// The rules the compiled-catalog reader emits. Each is an error: a `.car` that breaks one cannot
/// be read any further.
///
/// ```swift
/// Diagnostic(.carMalformed, "RENDITIONS tree node 12 at offset 0x3F20 points past the end of the file")
/// ```
extension RuleID {
    /// A file given as a compiled catalog that is not one: no `BOMStore` header, or a BOM file without a `CARHEADER`.
    public static let carNotACatalog = RuleID(
        "car.not-a-catalog", .error, .reading,
        "a file given as a compiled catalog that is not one: no `BOMStore` header, or a BOM file without a `CARHEADER`",
        reason: "actool, the App Store or the running app would reject it",
        details: "`adapt inspect` takes a path ending in `.car`, or a file that starts with `BOMStore`, as a compiled catalog.",
        bad: "Assets.car  (0 bytes, or a ZIP renamed)",
        good: "Assets.car  (as actool wrote it)")
    /// A compiled catalog whose structure contradicts itself or the file's size: a block past the end, a tree that
    /// loops, a length longer than its block.
    public static let carMalformed = RuleID(
        "car.malformed", .error, .reading,
        "a compiled catalog whose structure contradicts itself or the file's size: a block past the end, a tree that loops, a length longer than its block",
        reason: "actool, the App Store or the running app would reject it",
        details:
            "The message names the structure (`RENDITIONS tree node 12`) and its offset. Reading stops there: the rest of a `.car` hangs off the broken structure. A truncated download or a damaged IPA is the usual cause.",
        bad: "Assets.car  (cut short, or a block offset past its end)",
        good: "Assets.car  (as actool wrote it)")
    /// A compiled catalog that cannot be read: missing, a folder, unreadable, or larger than 4 GiB.
    public static let carUnreadable = RuleID(
        "car.unreadable", .error, .reading,
        "a compiled catalog that cannot be read: missing, a folder, unreadable, or larger than 4 GiB",
        reason: "actool, the App Store or the running app would reject it",
        bad: "Assets.car  (permissions 000)",
        good: "Assets.car  (a readable file)")

    /// `adapt extract`: a rendition whose compression or format this package does not decode
    /// (astc, heif, palette-img, blurred, jpeg-lzfse...), named and skipped.
    package static let extractNotDecoded = RuleID(
        "extract.not-decoded", .warning, .input,
        "`adapt extract`: a rendition not written because this package does not decode it: a compression (astc, heif, palette-img, blurred, jpeg-lzfse, a deepmap2 variant not seen in real files), or a trait value whose Contents.json spelling is not established",
        reason: "worth a person's attention; nothing is rejected",
        details: "The message names the asset, the rendition, its traits and the compression or value. The rest of the catalog is written; the run succeeds.",
        bad: "a rendition compressed with astc  (a thinned iOS file)",
        good: "a rendition compressed with lzfse, zip, lzvn, RLE, deepmap2 or none")
    /// `adapt extract`: a rendition written under another name than the file's (unsafe
    /// characters, or the same name twice in one set).
    package static let extractRenamed = RuleID(
        "extract.renamed", .warning, .input,
        "`adapt extract`: a rendition or set written under another name than the file gives: unsafe characters (`/`, `..`, control characters, a leading dot) replaced, or a name used twice in one set given a suffix",
        reason: "worth a person's attention; nothing is rejected",
        bad: "a rendition named ../../icon.png, or two renditions named icon.png in one set",
        good: "renditions named icon.png and icon@2x.png")
    /// `adapt extract`: a rendition whose data is damaged (a stream that does not decode to its
    /// size, a frame outside its packed image).
    package static let extractDecodeFailed = RuleID(
        "extract.decode-failed", .error, .input,
        "`adapt extract`: a rendition whose data is damaged: a stream that does not decode to its size, a frame outside its packed image, pixels larger than the file can hold",
        reason: "the command cannot do what was asked",
        details: "The rendition is skipped and the rest is written; the run exits 1.",
        bad: "an LZFSE stream that ends before width × height × 4 bytes",
        good: "a bitmap that decodes to its declared size")
    /// `adapt extract`: an output folder that cannot be written, or may not be replaced.
    package static let extractOutput = RuleID(
        "extract.output", .error, .input,
        "an `adapt extract` output folder that cannot be written or may not be replaced (not empty and not an earlier output of adapt extract), or a catalog of which nothing could be written",
        reason: "the command cannot do what was asked",
        bad: "adapt extract Assets.car -o Sources  (a folder of the user's files)",
        good: "adapt extract Assets.car -o Extracted  (new, empty, or an earlier extract output)")

    /// `adapt verify FILE.car --source DIR`: a source entry the compiled file's platform keeps,
    /// with no rendition compiled from it.
    package static let compiledMissing = RuleID(
        "compiled.missing", .warning, .input,
        "`adapt verify`: an entry of the source catalog that the compiled file's platform and devices keep, but for which the file holds no rendition",
        reason: "worth a person's attention; nothing is rejected",
        details:
            "Entries the platform cannot hold are not expected (rule 2.1: another platform's idiom, an axis its compiled catalogs lack, a device family the file was not built for). The usual cause is a build from another version of the source.",
        bad: "Images.xcassets declares d_iphone/green@3x.png; assets_iphone.car has no rendition of it",
        good: "every kept entry has its rendition")
    /// `adapt verify`: a rendition compiled from a source entry that holds it differently
    /// (another idiom, scale, subtype, size class, memory, graphics, appearance or pixel size).
    package static let compiledDifferent = RuleID(
        "compiled.different", .warning, .input,
        "`adapt verify`: a rendition compiled from a source entry (same set, same file name) that holds it differently: another idiom, scale, subtype, size class, memory, graphics, appearance, or another pixel size than the source PNG",
        reason: "worth a person's attention; nothing is rejected",
        bad: "green@2x.png declared for iphone at 2x, compiled as universal, or 100×100 in the source and 120×120 in the file",
        good: "green@2x.png, iphone 2x, 100×100 on both sides")
    /// `adapt verify`: a rendition no source entry declares.
    package static let compiledExtra = RuleID(
        "compiled.extra", .warning, .input,
        "`adapt verify`: a rendition of the compiled file that no source entry declares: a set or a file the source does not have",
        reason: "worth a person's attention; nothing is rejected",
        bad: "a rendition old.png in d_iphone, which the source no longer lists",
        good: "each rendition named by a source entry")
}

/// The compiled-catalog family: reading a `.car`, `adapt extract` and `adapt verify`.
package enum CompiledCatalogRules: RuleFamily {
    package static let rules: [RuleID] = [
        .carNotACatalog, .carMalformed, .carUnreadable, .extractNotDecoded, .extractRenamed, .extractDecodeFailed, .extractOutput,
        .compiledMissing, .compiledDifferent, .compiledExtra,
    ]
}
