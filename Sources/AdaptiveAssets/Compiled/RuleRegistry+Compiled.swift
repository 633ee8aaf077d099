import AssetCatalog
import AssetValidation
import CompiledCatalog

/// The rules of the compiled-catalog reader (`adapt inspect FILE.car`), described for `adapt
/// rules`, docs/Rules.md and SARIF.
extension RuleRegistry {
    static let compiled: [RuleDescription] = [
        .init(.carNotACatalog, "a file given as a compiled catalog that is not one: no `BOMStore` header, or a BOM file without a `CARHEADER`",
              details: "`adapt inspect` takes a path ending in `.car`, or a file that starts with `BOMStore`, as a compiled catalog.",
              bad: "Assets.car  (0 bytes, or a ZIP renamed)", good: "Assets.car  (as actool wrote it)"),
        .init(.carMalformed, "a compiled catalog whose structure contradicts itself or the file's size: a block past the end, a tree that loops, a length longer than its block",
              details: "The message names the structure (`RENDITIONS tree node 12`) and its offset. Reading stops there: the rest of a `.car` hangs off the broken structure. A truncated download or a damaged IPA is the usual cause.",
              bad: "Assets.car  (cut short, or a block offset past its end)", good: "Assets.car  (as actool wrote it)"),
        .init(.carUnreadable, "a compiled catalog that cannot be read: missing, a folder, unreadable, or larger than 4 GiB",
              bad: "Assets.car  (permissions 000)", good: "Assets.car  (a readable file)"),
        .init(.extractNotDecoded, "`adapt extract`: a rendition not written because this package does not decode it: a compression (deepmap2, astc, heif, palette-img, blurred, jpeg-lzfse), a pixel format (RGBW), or a trait value whose Contents.json spelling is not established",
              details: "The message names the asset, the rendition, its traits and the compression or value. The rest of the catalog is written; the run succeeds.",
              bad: "a rendition compressed with deepmap2  (written by a recent actool)", good: "a rendition compressed with lzfse, zip, lzvn, RLE or none"),
        .init(.extractRenamed, "`adapt extract`: a rendition or set written under another name than the file gives: unsafe characters (`/`, `..`, control characters, a leading dot) replaced, or a name used twice in one set given a suffix",
              bad: "a rendition named ../../icon.png, or two renditions named icon.png in one set", good: "renditions named icon.png and icon@2x.png"),
        .init(.extractDecodeFailed, "`adapt extract`: a rendition whose data is damaged: a stream that does not decode to its size, a frame outside its packed image, pixels larger than the file can hold",
              details: "The rendition is skipped and the rest is written; the run exits 1.",
              bad: "an LZFSE stream that ends before width × height × 4 bytes", good: "a bitmap that decodes to its declared size"),
        .init(.extractOutput, "an `adapt extract` output folder that cannot be written or may not be replaced (not empty and not an earlier output of adapt extract), or a catalog of which nothing could be written",
              bad: "adapt extract Assets.car -o Sources  (a folder of the user's files)", good: "adapt extract Assets.car -o Extracted  (new, empty, or an earlier extract output)"),
        .init(.compiledMissing, "`adapt verify`: an entry of the source catalog that the compiled file's platform and devices keep, but for which the file holds no rendition",
              details: "Entries the platform cannot hold are not expected (rule 2.1: another platform's idiom, an axis its compiled catalogs lack, a device family the file was not built for). The usual cause is a build from another version of the source.",
              bad: "Images.xcassets declares d_iphone/green@3x.png; assets_iphone.car has no rendition of it", good: "every kept entry has its rendition"),
        .init(.compiledDifferent, "`adapt verify`: a rendition compiled from a source entry (same set, same file name) that holds it differently: another idiom, scale, subtype, size class, memory, graphics, appearance, or another pixel size than the source PNG",
              bad: "green@2x.png declared for iphone at 2x, compiled as universal, or 100×100 in the source and 120×120 in the file", good: "green@2x.png, iphone 2x, 100×100 on both sides"),
        .init(.compiledExtra, "`adapt verify`: a rendition of the compiled file that no source entry declares: a set or a file the source does not have",
              bad: "a rendition old.png in d_iphone, which the source no longer lists", good: "each rendition named by a source entry"),
    ]
}

/// The rules of `adapt compile`.
extension RuleRegistry {
    static let compile: [RuleDescription] = [
        .init(.compileLeftOut, "`adapt compile`: an entry or set left out of the compiled file, with the reason: a set type or image format not compiled yet (PDF, SVG, HEIC), a trait whose number in a compiled key is not established, or an app icon set no option names",
              details: "The rest of the catalog compiles. Nothing is left out silently: every such entry is named here.",
              bad: "an image set whose only entry is logo.pdf", good: "an image set of PNGs at 1x, 2x and 3x"),
        .init(.compileDuplicateName, "`adapt compile`: one name defined by two sets of the catalogs compiled together; the first is compiled",
              bad: "Icons.xcassets/Logo.imageset and Brand.xcassets/Logo.imageset", good: "one Logo.imageset"),
        .init(.compileDuplicateVariant, "`adapt compile`: two entries of one set that compile to the same traits on this platform (on the Mac, a `mac` and a `universal` entry are one)",
              bad: "two universal 2x entries in one image set", good: "one entry per trait combination"),
        .init(.compileTooManyNames, "`adapt compile`: more than 65,535 asset names, more than a compiled catalog's 16-bit name identifiers can number",
              details: "Two names whose identifiers would be equal are told apart as actool must: the second takes the next free number.",
              bad: "70,000 image sets in one catalog", good: "fewer names, or several catalogs in several bundles"),
        .init(.compileMissingAsset, "`adapt compile`: `--app-icon`, `--alternate-app-icon` or `--accent-color` names no set of that kind in the catalogs",
              bad: "adapt compile --app-icon AppIcon  (no AppIcon.appiconset)", good: "an AppIcon.appiconset in the catalog"),
        .init(.compileUnreadable, "`adapt compile`: a file an entry names that cannot be read or decoded: libpng refuses the PNG, a JPEG has no frame header",
              bad: "logo@2x.png  (truncated)", good: "a PNG libpng decodes"),
        .init(.compileTooLarge, "`adapt compile`: an image of more pixels than `--max-pixels` allows",
              bad: "a 30000 × 30000 PNG", good: "images within the limit"),
        .init(.compileOutput, "`adapt compile`: an output that cannot be written, or a file in the output folder that adapt may not replace (one that is not what a compiler writes under that name)",
              bad: "--compile Build  where Build/Assets.car is a text file of the user's", good: "--compile Build  (Assets.car absent, or written by actool or adapt)"),
    ]
}
