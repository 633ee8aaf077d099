import AdaptSupport
import AssetCatalog

/// `OUTPUT/.adapt-extract.json`: every folder and file an `adapt extract` run wrote, with each
/// file's size, under a format marker. A later run replaces OUTPUT only when OUTPUT holds
/// exactly these (the files at their sizes): a file the user added or changed since, or a
/// folder without the manifest, is never deleted; the run is refused, naming what it found.
/// (The name starts with a dot: Xcode and the catalog reader pass over it.)
///
/// ```json
/// { "format" : "adaptive-assets.extract-output", "formatVersion" : 1,
///   "folders" : [ "Logo.imageset" ], "files" : [ { "path" : "Logo.imageset/logo.png", "bytes" : 512 }, … ] }
/// ```
enum ExtractManifest {
    static let fileName = ".adapt-extract.json"
    static let format = "adaptive-assets.extract-output"
    /// What a refusal lists before "and N more".
    static let listed = 5

    /// Writes the manifest of everything `output` recorded into its root (itself included).
    static func write(output: inout ExtractOutput) throws {
        let document: JSONValue = .object(
            JSONObject([
                .init(key: "format", value: .string(format)),
                .init(key: "formatVersion", value: .number("1")),
                .init(key: "folders", value: .array(output.folders.map { .string($0) })),
                .init(
                    key: "files",
                    value: .array(
                        output.files.map { file in
                            .object(JSONObject([.init(key: "path", value: .string(file.path)), .init(key: "bytes", value: .number(String(file.size)))]))
                        })),
            ]))
        try output.write(fileName, JSONWriter.xcodeStyle.bytes(for: document), recorded: false)
    }

    /// Whether `folder` is an earlier output holding nothing else.
    @Sendable static func isEarlierOutput(_ folder: String) -> Bool {
        if case .earlierOutput(let foreign) = inspect(folder) { return foreign.isEmpty }
        return false
    }

    /// Why `folder` may not be replaced, or nil when it may (an earlier output holding nothing
    /// else; with `allowingEmpty`, also an empty folder or none).
    @Sendable static func refusal(_ folder: String) -> String? { refusal(folder, allowingEmpty: false) }

    static func refusal(_ folder: String, allowingEmpty: Bool) -> String? {
        switch inspect(folder) {
        case .absent: return nil
        case .empty: return allowingEmpty ? nil : "is an empty folder"
        case .notEarlierOutput:
            return "holds files adapt extract did not write (it has no \(fileName) from adapt extract); extracting replaces OUTPUT, "
                + "so give a folder that is absent, empty or an earlier output, or remove this one yourself"
        case .earlierOutput(let foreign):
            guard !foreign.isEmpty else { return nil }
            let shown = foreign.prefix(listed).joined(separator: ", ") + (foreign.count > listed ? " and \(foreign.count - listed) more" : "")
            return "is an earlier output of adapt extract, but holds what it did not write or has changed since: \(shown); "
                + "nothing was replaced (move those out of it, or give another folder)"
        }
    }

    enum State {
        case absent, empty, notEarlierOutput
        /// An earlier output, and the paths in it the manifest does not list (or lists at
        /// another size or kind).
        case earlierOutput(foreign: [String])
    }

    static func inspect(_ folder: String) -> State {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return .absent }
        guard (info.st_mode & S_IFMT) == S_IFDIR, let entries = try? FileSystem.listDirectory(folder) else { return .notEarlierOutput }
        if entries.isEmpty { return .empty }
        guard let bytes = try? FileSystem.readRegularFile(folder + "/" + fileName, limit: 256 << 20, followingLinks: false),
            let manifest = try? JSONParser.parse(bytes), manifest["format"]?.string == format,
            let folderList = manifest["folders"]?.array, let fileList = manifest["files"]?.array
        else { return .notEarlierOutput }
        // Paths compare as Strings: canonically equivalent spellings (a file system may give
        // back decomposed names) are the same path.
        let folders = Set(folderList.compactMap(\.string))
        var files: [String: Int] = [:]
        for file in fileList {
            guard let path = file["path"]?.string, let size = file["bytes"]?.int else { return .notEarlierOutput }
            files[path] = size
        }
        var foreign: [String] = []
        func walk(_ relative: String) {
            guard let entries = try? FileSystem.listDirectory(relative.isEmpty ? folder : folder + "/" + relative) else {
                foreign.append(relative)
                return
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if relative.isEmpty && entry.name == fileName { continue }
                var info = stat()
                guard lstat(folder + "/" + path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR where folders.contains(path): walk(path)
                case S_IFREG where files[path] == Int(info.st_size): break
                default: foreign.append(path)
                }
            }
        }
        walk("")
        return .earlierOutput(foreign: foreign)
    }
}
