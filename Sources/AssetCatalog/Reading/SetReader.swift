/// Reads one set folder (`.imageset`, `.colorset`, ...) into an `Asset` with its diagnostics.
///
/// Safe to run on many sets at once: it touches only its own folder.
struct SetReader {
    static let knownTopLevelKeys: Set<String> = ["info", "properties", "images", "data", "colors", "symbols"]

    func read(path: String, name: String, type: AssetType) -> (Asset, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var asset = Asset(name: name, type: type, path: path)
        let entries: [FileSystem.Entry]
        do {
            entries = try FileSystem.listDirectory(path)
        } catch {
            diagnostics.append(Diagnostic(.error, "cannot read the set's folder: \(error.reason)",
                                          code: "catalog.unreadable", at: SourceLocation(file: path)))
            return (asset, diagnostics)
        }
        asset.files = entries.filter { !$0.isDirectory && $0.name != "Contents.json" }.map(\.name)
        guard entries.contains(where: { $0.name == "Contents.json" && !$0.isDirectory }) else {
            // Sets without readable variants (image stacks, ...) may keep their data in sub-folders.
            if type.hasSelectableVariants {
                diagnostics.append(Diagnostic(.error, "\(type.rawValue) '\(name)' has no Contents.json",
                                              code: "catalog.missing-contents", at: SourceLocation(file: path)))
            }
            return (asset, diagnostics)
        }
        let contentsPath = path.appendingPathComponent("Contents.json")
        asset.contentsPath = contentsPath
        let document: ContentsDocument
        switch ContentsDocument.load(contentsPath) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return (asset, diagnostics)
        case .success(let loaded):
            document = loaded
        }
        asset.contents = document.root
        asset.properties = PropertiesParser.parse(document, diagnostics: &diagnostics)
        guard let entriesKey = type.entriesKey else { return (asset, diagnostics) }

        for member in document.root.members where !Self.knownTopLevelKeys.contains(member.key) {
            diagnostics.append(Diagnostic(.warning, "unknown key '\(member.key)' (kept as written)",
                                          code: "contents.unknown-key", at: document.location(ofOffset: member.offset)))
        }
        guard let member = document.root.member(entriesKey) else {
            diagnostics.append(Diagnostic(.warning, "\(type.rawValue) '\(name)' has no '\(entriesKey)' array",
                                          code: "contents.no-entries", at: document.location(ofOffset: document.root.offset)))
            return (asset, diagnostics)
        }
        guard let list = member.value.array else {
            diagnostics.append(Diagnostic(.error, "'\(entriesKey)' should be an array, not \(member.value.kindDescription)",
                                          code: "contents.malformed-entry", at: document.location(ofOffset: member.offset)))
            return (asset, diagnostics)
        }
        let parser = VariantParser(document: document, type: type, files: Set(asset.files))
        asset.variants.reserveCapacity(list.count)
        for (index, value) in list.enumerated() {
            if let variant = parser.parse(value, index: index, diagnostics: &diagnostics) {
                asset.variants.append(variant)
            }
        }
        return (asset, diagnostics)
    }
}
