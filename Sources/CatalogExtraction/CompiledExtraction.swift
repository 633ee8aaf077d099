import AdaptSupport
import AssetCatalog
import AssetThinning
import CompiledCatalog

/// `adapt extract FILE.car -o DIR`: a compiled catalog written back as an `.xcassets` folder.
/// One set folder per asset name and kind (`<name>.imageset`, `.colorset`, `.dataset`), each
/// rendition as its file under its rendition name, listed in the set's `Contents.json` with its
/// traits in the Asset Catalog Format's keys and values. Bitmaps become PNGs (straight alpha,
/// RGBA order), references into packed images are cut out of their atlas, PDFs, SVGs, JPEGs and
/// data are written as stored, colours as Contents.json colours.
///
/// Renditions that cannot be written are named with the reason and skipped: a compression this
/// package does not decode (`extract.not-decoded`), damaged data (`extract.decode-failed`), a
/// trait value whose Contents.json spelling is not established. Names from the file are
/// sanitized and made unique as a Mac's file system compares them (`ExtractNames`); every
/// renaming is in `Result.renamed` and an `extract.renamed` warning.
///
/// Safety, as `adapt thin`: everything is written into a staging folder beside DIR and moved
/// into place only when complete; DIR is replaced only when it is absent, empty, or an earlier
/// output of `adapt extract` that holds nothing else: its manifest (`.adapt-extract.json`)
/// lists every file and folder that run wrote, and a folder with anything more (a file the user
/// added since, a file of a different size) is refused. Never when it is a file, a link, or
/// contains the `.car` or the working folder.
///
/// Bounds, so that a hostile file of a few kilobytes cannot take the machine: one rendition
/// decodes to at most `pixelBudget` bytes (and never more than its file's own budget); extract
/// holds one decoded rendition, its PNG, and one packed image at a time (memory about five
/// times `pixelBudget` at most: 640 MiB, 320 MiB for files under 256 KiB); a packed image or a
/// value block shared by many renditions is decoded once; and the run writes at most
/// `maxOutput` bytes (default `defaultMaxOutput(forInput:)`), else it fails naming the file and
/// writes nothing.
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "Assets.car")
/// let result = try CompiledExtraction(catalog).write(to: "Extracted.xcassets")
/// print(result.written, result.skipped.count)
/// ```
package struct CompiledExtraction: Sendable {
    package let catalog: CompiledCatalog
    /// Called before each file is written; a test throws from it to simulate a failure half-way.
    package var beforeEachFile: (@Sendable (String) throws -> Void)?
    /// The most bytes a run writes; nil for `defaultMaxOutput(forInput:)` of the file.
    package var maxOutput: Int?

    package init(_ catalog: CompiledCatalog, maxOutput: Int? = nil) {
        self.catalog = catalog
        self.maxOutput = maxOutput
    }

    /// The root `Contents.json`'s `info.author`, written into every `Contents.json`.
    package static let author = "adapt extract"

    /// The `info` member of every `Contents.json` extract writes.
    static let info = JSONObject.Member(
        key: "info",
        value: .object(JSONObject([.init(key: "author", value: .string(author)), .init(key: "version", value: .number("1"))])))

    /// Claims a folder at the catalog's root for `asset` (`.imagestack`, `.icon`, `.iconset`) and
    /// makes it, saying in `result` when its name changed; its name.
    static func makeRootFolder(
        _ asset: String, extension folderExtension: String, names: inout ExtractNames, output: inout ExtractOutput, result: inout Result,
        source: String
    ) throws -> String {
        let claimed = names.claimSet(asset, extension: folderExtension)
        if claimed.changed {
            result.renamed.append(.init(asset: asset, rendition: nil, path: claimed.name, changes: claimed.changes))
            result.diagnostics.append(
                Diagnostic(.extractRenamed, "asset '\(ExtractNames.visible(asset))' is written as \(claimed.name)", at: SourceLocation(file: source)))
        }
        try output.makeFolder(claimed.name)
        return claimed.name
    }

    /// The most bytes of pixels one rendition decodes to in extract (128 MiB: an 8192 x 4096
    /// RGBA image; the largest of the corpus's 1,170 bitmaps is 4 MiB), lowered to the file's own
    /// `pixelBudget` (256 times its size, at least 64 MiB). A rendition claiming more is skipped
    /// as `decode-failed`, named.
    package static let maximumPixelBudget = 128 << 20

    /// The pixel budget of one rendition of this file.
    package var pixelBudget: Int { min(Self.maximumPixelBudget, catalog.pixelBudget) }

    /// The default `--max-output`: `outputRatio` times the file's size, at least
    /// `minimumMaxOutput`. The 17 corpus files (Xcode 7 to 26) extract to 0.02 to 1.07 times
    /// their size (PNGs of LZFSE-compressed pixels, cut-out packed images, PDFs as stored), so
    /// 16 times leaves room for files that compress better than those, while a file built to
    /// amplify (one payload behind many keys, a packed image referenced whole many times) is
    /// stopped.
    package static func defaultMaxOutput(forInput size: Int) -> Int {
        max(minimumMaxOutput, size.multipliedReportingOverflow(by: outputRatio).overflow ? Int.max : size * outputRatio)
    }

    package static let outputRatio = 16
    /// 64 MiB: a small file with one large flat image (a few kilobytes of LZFSE, a PNG of a few
    /// megabytes) still extracts.
    package static let minimumMaxOutput = 64 << 20

    package struct Failure: Error, Sendable, CustomStringConvertible {
        package enum Kind: Sendable, Equatable {
            /// The output folder may not be replaced, or a write failed.
            case output
            /// Writing would pass `--max-output`: about the input file, not the folder.
            case outputLimit(limit: Int)
            /// Every rendition was skipped.
            case nothingWritten
        }

        package var kind: Kind
        package var message: String
        package var description: String { message }

        package init(_ kind: Kind = .output, message: String) {
            self.kind = kind
            self.message = message
        }
    }

    /// A rendition not written, and why.
    package struct Skipped: Hashable, Sendable {
        package var asset: String
        package var rendition: String
        /// `not-decoded`, `decode-failed`, `unknown-trait`, `not-extractable`.
        package var reason: String
        package var detail: String
    }

    /// A file a run wrote: where (relative to the output: `Set.imageset/name.png`), and for whom.
    package struct WrittenFile: Hashable, Sendable {
        package var path: String
        package var asset: String
        package var rendition: String
        /// The rendition's pixel size, for bitmaps (what the PNG holds).
        package var pixelSize: (width: Int, height: Int)? { pixelWidth.map { ($0, pixelHeight ?? 0) } }
        var pixelWidth: Int?
        var pixelHeight: Int?
    }

    /// A name from the file written under another: a set folder (`rendition` nil) or a file.
    package struct Renamed: Hashable, Sendable {
        package var asset: String
        package var rendition: String?
        /// Where it was written, relative to the output (`unnamed.imageset`, `A.imageset/a-2.png`).
        package var path: String
        package var changes: [ExtractNames.Change]
    }

    /// What a run wrote.
    package struct Result: Sendable {
        package var output: String
        package var sets: Int
        /// Every name written under another than the file's, and why.
        package var renamed: [Renamed] = []
        /// The bytes written (files, Contents.json, the manifest).
        package var bytesWritten = 0
        /// Payloads decoded (and encoded): a packed-image cut or a value block that many
        /// renditions share counts once.
        package var decodedPayloads = 0
        /// Renditions written: files, and colours (entries of their own).
        package var written: Int
        package var files: [WrittenFile]
        package var skipped: [Skipped]
        /// Packed images (`ZZZZPackedAsset-…`): atlases, whose images are written under their own names.
        package var packedImages: Int
        package var diagnostics: [Diagnostic]
    }

    /// Extracts into `output`, replacing it atomically. Throws `Failure` when the folder may not
    /// be replaced, a write fails, or nothing could be written; the folder is then left as it was.
    package func write(to outputPath: String) throws -> Result {
        guard let carRealPath = FileSystem.realPath(catalog.path) else {
            throw Failure(message: "\(catalog.path): cannot resolve the compiled catalog's path")
        }
        let owner = OutputFolder.Owner(
            command: "adapt extract", work: "extracting", product: "the catalog", marker: ExtractManifest.fileName,
            isEarlierOutput: ExtractManifest.isEarlierOutput, refusal: ExtractManifest.refusal)
        do {
            return try OutputFolder.write(outputPath, catalogRealPath: carRealPath, owner: owner) { folder in
                try fill(folder, outputPath: outputPath)
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(message: "\(error)")
        }
    }

    /// Writes the catalog into the claimed folder's staging folder, and checks the folder once
    /// more before `OutputFolder.write` replaces it.
    private func fill(_ folder: OutputFolder, outputPath: String) throws -> Result {
        var output = ExtractOutput(
            root: folder.staging, limit: maxOutput ?? Self.defaultMaxOutput(forInput: catalog.store.bytes.count), beforeEachFile: beforeEachFile)
        var result = try writeCatalog(into: &output)
        // A catalog with no rendition at all (an App Store slice can hold none: its icon went
        // to loose PNGs) extracts to an empty catalog; one whose every rendition was skipped
        // fails, naming why, since the warnings are not printed when nothing is written.
        guard result.written > 0 || catalog.renditions.isEmpty else {
            let reasons = result.skipped.prefix(3).map { "\($0.asset)/\($0.rendition): \($0.detail)" }
            let more = result.skipped.count > 3 ? "; …" : ""
            throw Failure(
                .nothingWritten,
                message: "nothing could be written: \(counted(result.skipped.count, "rendition")) skipped (" + reasons.joined(separator: "; ") + more + ")")
        }
        try ExtractManifest.write(output: &output)
        result.bytesWritten = output.bytesWritten
        // The folder may have changed while this run wrote: check it again just before it
        // is replaced.
        if let refusal = ExtractManifest.refusal(folder.realPath, allowingEmpty: true) {
            throw Failure(message: "\(refusal)")
        }
        result.output = outputPath
        return result
    }

    /// Writes the sets into the staging folder: renders every rendition (`render`), then
    /// places each set under a folder name of its own.
    private func writeCatalog(into output: inout ExtractOutput) throws -> Result {
        var result = Result(output: output.root, sets: 0, written: 0, files: [], skipped: [], packedImages: 0, diagnostics: [])
        let rootInfo: JSONValue = .object(JSONObject([Self.info]))
        var names = ExtractNames()
        _ = names.claim("Contents.json", in: "")
        _ = names.claim(ExtractManifest.fileName, in: "")
        try output.write("Contents.json", JSONWriter.xcodeStyle.bytes(for: rootInfo))
        // By facet (`CompiledCatalog.assets`): names equal as strings are two assets, two sets.
        let assets = catalog.assets
        result.packedImages = assets.filter { $0.name == nil }.reduce(0) { $0 + $1.renditions.count }
        // Image stacks first: their folders, and where each layer's images go.
        let stacks = ExtractImageStack.stacks(in: catalog)
        let stackNames = Set(stacks.map(\.name))
        var layerFolders: [String: String] = [:]
        for stack in stacks {
            layerFolders.merge(try stack.makeFolders(names: &names, output: &output, result: &result, source: catalog.path)) { first, _ in first }
        }
        // Icon Composer icons: each its document, and what it holds is no set.
        let icons = ExtractIconComposer.icons(in: catalog)
        for icon in icons { try icon.write(names: &names, output: &output, result: &result, extraction: self) }
        let heldByIcon = ExtractIconComposer.holder(of: icons)
        let sets = assets.flatMap { asset -> [(asset: String, set: SetBuilder)] in
            asset.name.map { name in
                // What actool draws from a stack's layers is drawn again when the stack compiles.
                var renditions = stackNames.contains(name) ? asset.renditions.filter { !ExtractImageStack.isDrawnFromLayers($0) } : asset.renditions
                renditions.removeAll { heldByIcon(name, $0) }
                return SetBuilder.sets(for: renditions).map { (asset: name, set: $0) }
            } ?? []
        }
        let outcomes = try render(sets, into: &output, decoded: &result.decodedPayloads)
        for ((asset, set), outcome) in zip(sets, outcomes) {
            try set.place(asset: asset, outcomes: outcome, extraction: self, output: &output, names: &names, result: &result) { names, output in
                if set.kind == .image, let folder = layerFolders[asset] {
                    try output.makeFolder(folder)
                    return ExtractNames.Claimed(name: folder)
                }
                let claimed = names.claimSet(asset, extension: set.kind.folderExtension)
                try output.makeFolder(claimed.name)
                return claimed
            }
        }
        try FileOperations.removeTree(output.root + "/" + ExtractOutput.pendingFolder)
        return result
    }
}
