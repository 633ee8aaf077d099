import AssetCatalog
import AssetValidation
import CompiledCatalog

/// The rules of the compiled-catalog reader (`adapt inspect FILE.car`), described for `adapt
/// rules`, the README's table and SARIF.
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
    ]
}
