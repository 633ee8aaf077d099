import AssetCatalog
import AssetThinning
import CompiledCatalog
import AdaptSupport

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
/// sanitized and made unique (`extract.renamed`).
///
/// Safety, as `adapt thin`: everything is written into a staging folder beside DIR and moved
/// into place only when complete; DIR is replaced only when it is absent, empty, or an earlier
/// output of `adapt extract` (its root `Contents.json` says `"author" : "adapt extract"`); never
/// when it is a file, a link, or contains the `.car` or the working folder.
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "Assets.car")
/// let result = try CompiledExtraction(catalog).write(to: "Extracted.xcassets")
/// print(result.written, result.skipped.count)
/// ```
public struct CompiledExtraction: Sendable {
    public let catalog: CompiledCatalog
    /// Called before each file is written; a test throws from it to simulate a failure half-way.
    public var beforeEachFile: (@Sendable (String) throws -> Void)?

    public init(_ catalog: CompiledCatalog) { self.catalog = catalog }

    /// The root `Contents.json`'s `info.author`, by which a later run knows a folder it may replace.
    public static let author = "adapt extract"

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// A rendition not written, and why.
    public struct Skipped: Hashable, Sendable {
        public var asset: String
        public var rendition: String
        /// `not-decoded`, `decode-failed`, `unknown-trait`, `not-extractable`.
        public var reason: String
        public var detail: String
    }

    /// A file a run wrote: where (relative to the output: `Set.imageset/name.png`), and for whom.
    public struct WrittenFile: Hashable, Sendable {
        public var path: String
        public var asset: String
        public var rendition: String
        /// The rendition's pixel size, for bitmaps (what the PNG holds).
        public var pixelSize: (width: Int, height: Int)? { pixelWidth.map { ($0, pixelHeight ?? 0) } }
        var pixelWidth: Int?
        var pixelHeight: Int?
    }

    /// What a run wrote.
    public struct Result: Sendable {
        public var output: String
        public var sets: Int
        /// Renditions written: files, and colours (entries of their own).
        public var written: Int
        public var files: [WrittenFile]
        public var skipped: [Skipped]
        /// Packed images (`ZZZZPackedAsset-…`): atlases, whose images are written under their own names.
        public var packedImages: Int
        public var diagnostics: [Diagnostic]
    }

    /// Extracts into `output`, replacing it atomically. Throws `Failure` when the folder may not
    /// be replaced, a write fails, or nothing could be written; the folder is then left as it was.
    public func write(to output: String) throws -> Result {
        guard let carRealPath = FileSystem.realPath(catalog.path) else {
            throw Failure(message: "\(catalog.path): cannot resolve the compiled catalog's path")
        }
        let owner = OutputFolder.Owner(command: "adapt extract", work: "extracting", product: "the catalog",
                                       marker: "Contents.json", isEarlierOutput: Self.isEarlierOutput)
        let folder: OutputFolder
        do { folder = try OutputFolder.claim(output, catalogRealPath: carRealPath, owner: owner) } catch { throw Failure(message: "\(error)") }
        defer { folder.release() }
        let staging = folder.staging
        try? FileOperations.removeTree(staging)
        do {
            try FileOperations.makeDirectory(staging)
            var result = try writeCatalog(into: staging)
            // A catalog with no rendition at all (an App Store slice can hold none: its icon went
            // to loose PNGs) extracts to an empty catalog; one whose every rendition was skipped
            // fails, naming why, since the warnings are not printed when nothing is written.
            guard result.written > 0 || catalog.renditions.isEmpty else {
                let reasons = result.skipped.prefix(3).map { "\($0.asset)/\($0.rendition): \($0.detail)" }
                let more = result.skipped.count > 3 ? "; …" : ""
                throw Failure(message: "nothing could be written: \(counted(result.skipped.count, "rendition")) skipped (" + reasons.joined(separator: "; ") + more + ")")
            }
            try FileOperations.replace(folder.realPath, with: staging)
            result.output = output
            return result
        } catch let failure as Failure {
            try? FileOperations.removeTree(staging)
            throw failure
        } catch {
            try? FileOperations.removeTree(staging)
            throw Failure(message: "\(error)")
        }
    }

    /// Whether `folder/Contents.json` says an `adapt extract` run wrote the folder.
    @Sendable static func isEarlierOutput(_ folder: String) -> Bool {
        guard let bytes = try? FileSystem.readRegularFile(folder + "/Contents.json", limit: 1 << 20, followingLinks: false),
              let contents = try? JSONParser.parse(bytes) else { return false }
        return contents["info"]?["author"]?.string == author
    }

    /// Writes the sets into `root` (the staging folder).
    private func writeCatalog(into root: String) throws -> Result {
        var result = Result(output: root, sets: 0, written: 0, files: [], skipped: [], packedImages: 0, diagnostics: [])
        let rootInfo: JSONValue = .object(JSONObject([.init(key: "info", value: .object(JSONObject([
            .init(key: "author", value: .string(Self.author)), .init(key: "version", value: .number("1")),
        ])))]))
        try beforeEachFile?(root + "/Contents.json")
        try FileOperations.writeFile(root + "/Contents.json", JSONWriter.xcodeStyle.bytes(for: rootInfo), exclusive: true)
        var names = ExtractNames()
        let atlases = PackedImageCache()
        for asset in catalog.assets {
            guard let name = asset.name else {
                result.packedImages += asset.renditions.count
                continue
            }
            for set in SetBuilder.sets(for: asset.renditions) {
                var claimed: (name: String, changed: Bool)?
                try set.write(asset: name, extraction: self, names: &names, atlases: atlases, result: &result) { names in
                    let folderName = names.claim(name + "." + set.kind.folderExtension, in: "")
                    claimed = folderName
                    try FileOperations.makeDirectory(root + "/" + folderName.name)
                    return (root + "/" + folderName.name, folderName.name)
                }
                if let claimed, claimed.changed {
                    result.diagnostics.append(Diagnostic(.extractRenamed, "asset '\(name)' is written as the set \(claimed.name)",
                                                         at: SourceLocation(file: catalog.path)))
                }
            }
        }
        return result
    }
}
