import AdaptSupport

/// Reads one set folder (`.imageset`, `.colorset`, ...) into an `Asset` with its diagnostics.
///
/// Safe to run on many sets at once: it touches only its own folder (and, for sets that hold
/// child sets, the folders inside it).
struct SetReader {
    /// The catalog's edge: links inside a set are reported, and those leading out are not read.
    var boundary: CatalogBoundary?

    /// Top-level keys Xcode writes: `info` and `properties` everywhere, and each type's entries key.
    static let knownTopLevelKeys: Set<String> = [
        "info", "properties", "images", "data", "colors", "symbols", "assets", "layers",
        "stickers", "frames", "textures", "levels",
    ]

    /// The set and its findings, each naming the set (and the entry it is about) in its subject.
    func read(path: String, name: String, type: AssetType) -> (Asset, [Diagnostic]) {
        var (asset, diagnostics) = readUnattributed(path: path, name: name, type: type)
        diagnostics.attribute(to: Diagnostic.Subject(asset: name, set: path))
        return (asset, diagnostics)
    }

    private func readUnattributed(path: String, name: String, type: AssetType) -> (Asset, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var asset = Asset(name: name, type: type, path: path)
        // One listing tells which files exist (for every entry, and for orphan checks): on ext4 it
        // costs less than looking up each named file (see the reading benchmark's I/O floor).
        let entries: [FileSystem.Entry]
        let contentsBytes: [UInt8]?
        do {
            (entries, contentsBytes) = try FileSystem.listDirectory(path, reading: "Contents.json")
        } catch {
            let isContents = error.path != path
            diagnostics.append(
                Diagnostic(
                    isContents ? .contentsUnreadable : .catalogUnreadable,
                    "cannot read \(isContents ? "Contents.json" : "the set's folder"): \(error.reason)",
                    at: SourceLocation(file: error.path)))
            return (asset, diagnostics)
        }
        let escaping = checkLinks(in: path, type: type, entries: entries, diagnostics: &diagnostics)
        asset.files = entries.filter { !$0.isDirectory && $0.name != "Contents.json" && !escaping.contains($0.name) }.map(\.name)
        asset.folders = entries.filter { $0.isDirectory && !$0.name.hasPrefix(".") && !escaping.contains($0.name) }.map(\.name)
        if type.holdsChildSets {
            readChildSets(of: &asset, diagnostics: &diagnostics)
        }
        if type == .iconSet {
            // A macOS icon folder has no Contents.json: its file names are its entries.
            asset.variants = IconSetNames.variants(files: asset.files)
        }
        guard let contentsBytes else {
            if type.requiresContents {
                diagnostics.append(
                    Diagnostic(
                        .catalogMissingContents, "\(type.rawValue) '\(name)' has no Contents.json",
                        at: SourceLocation(file: path)))
            }
            return (asset, diagnostics)
        }
        let contentsPath = path.appendingPathComponent("Contents.json")
        asset.contentsPath = contentsPath
        let document: ContentsDocument
        switch ContentsDocument.parse(contentsBytes, path: contentsPath) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return (asset, diagnostics)
        case .success(let loaded):
            document = loaded
            diagnostics += loaded.warnings
        }
        // The text, not the tree: see `ContentsText`.
        let text = ContentsText(document.bytes)
        asset.storedContents = document.root.offset.map { .written(text, offset: $0) } ?? .built(document.root)
        asset.properties = PropertiesParser.parse(document, diagnostics: &diagnostics)
        if type == .sticker, let filename = document.root.member("properties")?.value["filename"]?.string {
            // A sticker is one file, named in its properties rather than in an entries array.
            readStickerFile(filename, of: &asset, document: document, diagnostics: &diagnostics)
        }
        guard let entriesKey = type.entriesKey else { return (asset, diagnostics) }

        for member in document.root.members where !Self.knownTopLevelKeys.contains(member.key) {
            diagnostics.append(
                Diagnostic(
                    .contentsUnknownKey, "unknown key '\(member.key)' (kept as written)",
                    at: document.location(ofOffset: member.offset)))
        }
        guard let member = document.root.member(entriesKey) else {
            diagnostics.append(
                Diagnostic(
                    .contentsNoEntries, "\(type.rawValue) '\(name)' has no '\(entriesKey)' array",
                    at: document.location(ofOffset: document.root.offset)))
            return (asset, diagnostics)
        }
        guard let list = member.value.array else {
            diagnostics.append(
                Diagnostic(
                    .contentsMalformedEntry, "'\(entriesKey)' should be an array, not \(member.value.kindDescription)",
                    at: document.location(ofOffset: member.offset)))
            return (asset, diagnostics)
        }
        let parser = VariantParser(document: document, text: text, type: type)
        // What an entry's `filename` may name: a file, or for brand assets, stacks and
        // complications a child set's folder.
        let nameable = NameLookup(type.entriesNameChildSets ? asset.folders : asset.files)
        asset.variants.reserveCapacity(list.count)
        for (index, value) in list.enumerated() {
            let firstOfEntry = diagnostics.count
            var slot: String?
            defer { diagnostics.attribute(to: Diagnostic.Subject(asset: name, set: path, variant: index, slot: slot), from: firstOfEntry) }
            guard var variant = parser.parse(value, index: index, diagnostics: &diagnostics) else { continue }
            slot = type.hasSlots ? variant.slot(in: type).description : nil
            if let filename = variant.filename, variant.fileProblem == nil, escaping.contains(filename) {
                variant.fileProblem = "'\(filename)' is a symbolic link leading outside the catalog"
            } else if let filename = variant.filename, variant.fileProblem == nil, !nameable.contains(filename) {
                let what = type.entriesNameChildSets ? "folder" : "file"
                let problem = "missing \(what) '\(filename)' named by this entry"
                variant.fileProblem = problem
                diagnostics.append(
                    Diagnostic(
                        .contentsMissingFile, problem,
                        at: document.location(ofOffset: value.object?.member("filename")?.offset)))
            }
            asset.variants.append(variant)
        }
        return (asset, diagnostics)
    }

    /// The one variant of a `.sticker`, from `properties.filename`, checked like any entry's file.
    private func readStickerFile(_ filename: String, of asset: inout Asset, document: ContentsDocument, diagnostics: inout [Diagnostic]) {
        let properties = document.root.member("properties")?.value
        var variant = Variant(
            index: 0, entry: ["filename": .string(filename)],
            location: document.location(ofOffset: properties?.object?.member("filename")?.offset))
        variant.filename = filename
        if filename.contains("/") || filename == ".." {
            variant.fileProblem = "filename '\(filename)' points outside the set's folder; it must be a plain file name"
            diagnostics.append(Diagnostic(.contentsBadFilename, variant.fileProblem!, at: variant.location))
        } else if !asset.files.contains(filename) {
            variant.fileProblem = "missing file '\(filename)' named by this sticker"
            diagnostics.append(Diagnostic(.contentsMissingFile, variant.fileProblem!, at: variant.location))
        }
        asset.variants = [variant]
    }

    /// Reports the set's symbolic links (and those in its sub-folders) and returns the names of
    /// the entries that lead outside the catalog, which are then treated as absent.
    private func checkLinks(in path: String, type: AssetType, entries: [FileSystem.Entry], diagnostics: inout [Diagnostic]) -> Set<String> {
        guard let boundary else { return [] }
        var escaping: Set<String> = []
        for entry in entries {
            let entryPath = path.appendingPathComponent(entry.name)
            if entry.isSymbolicLink, let finding = boundary.check(linkAt: entryPath) {
                diagnostics.append(finding.diagnostic)
                if !finding.mayFollow { escaping.insert(entry.name) }
            } else if entry.isDirectory && !(type.holdsChildSets && AssetType(rawValue: entry.name.pathExtension) != nil) {
                // Child sets check their own links when they are read.
                diagnostics += boundary.linksBelow(entryPath)
            }
        }
        return escaping
    }

    /// Reads every sub-folder with a set extension as a child set named `parent/Child`. Other
    /// sub-folders are left alone (and kept whole when the set is copied).
    private func readChildSets(of asset: inout Asset, diagnostics: inout [Diagnostic]) {
        for folder in asset.folders {
            guard let childType = AssetType(rawValue: folder.pathExtension), !childType.isContainer else { continue }
            let (child, childDiagnostics) = read(
                path: asset.path.appendingPathComponent(folder),
                name: asset.name + "/" + folder.deletingPathExtension, type: childType)
            asset.children.append(child)
            diagnostics += childDiagnostics
        }
    }
}

/// Whether a set's folder holds a name. A handful of files per set is the rule, and for those a
/// linear search beats building a hash set; a set of thousands (generated, or hostile) gets the
/// hash set, since a search per entry would make reading it quadratic (40,000 entries: 39 s).
private struct NameLookup {
    static let linearLimit = 32
    let names: [String]
    let hashed: Set<String>?

    init(_ names: [String]) {
        self.names = names
        hashed = names.count > Self.linearLimit ? Set(names) : nil
    }

    func contains(_ name: String) -> Bool { hashed?.contains(name) ?? names.contains(name) }
}
