import AssetCatalog
import Foundation

/// A catalog written into a fresh temporary folder, for tests that need real files on disk.
///
/// ```swift
/// let fixture = try TemporaryCatalog()
/// try fixture.addSet("Logo.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "a.png"]],
///                    files: ["a.png"])
/// let catalog = try CatalogReader().read(at: fixture.path)
/// ```
package final class TemporaryCatalog: @unchecked Sendable {
    package let root: String
    package let path: String

    package init(name: String = "Test.xcassets", writeRootContents: Bool = true) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        root = base.path
        path = base.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if writeRootContents {
            try write(#"{"info":{"author":"xcode","version":1}}"#, to: "Contents.json")
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes a set folder with a Contents.json listing `entries` under the type's array key,
    /// and creates each of `files` (PNG bytes when `pngBytes` is given, else a placeholder).
    @discardableResult
    package func addSet(
        _ folder: String, entries: [JSONValue], files: [String] = [], properties: JSONValue? = nil,
        pngBytes: [UInt8]? = nil
    ) throws -> String {
        let type = AssetType(rawValue: folder.pathExtension) ?? .imageSet
        var document = JSONObject([JSONObject.Member(key: type.entriesKey ?? "images", value: .array(entries))])
        document["info"] = ["author": "xcode", "version": 1]
        if let properties { document["properties"] = properties }
        try write(JSONWriter.xcodeStyle.string(for: .object(document)), to: folder + "/Contents.json")
        for file in files {
            try write(pngBytes ?? Array("placeholder for \(file)".utf8), to: folder + "/" + file)
        }
        return path + "/" + folder
    }

    /// A group folder, optionally providing a namespace.
    package func addGroup(_ folder: String, providesNamespace: Bool) throws {
        let contents: JSONValue = [
            "info": ["author": "xcode", "version": 1], "properties": ["provides-namespace": .bool(providesNamespace)],
        ]
        try write(JSONWriter.xcodeStyle.string(for: contents), to: folder + "/Contents.json")
    }

    /// A tvOS brand asset (`Brand.brandassets`) whose primary app icon is a one-layer image stack
    /// with `f.png`: a type thinning keeps or drops whole.
    package func addBrandAssets() throws {
        try addSet("Brand.brandassets", entries: [["filename": "Icon.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "400x240"]])
        try addSet("Brand.brandassets/Icon.imagestack", entries: [["filename": "Front.imagestacklayer"]])
        try write(#"{"info":{"author":"xcode","version":1}}"#, to: "Brand.brandassets/Icon.imagestack/Front.imagestacklayer/Contents.json")
        try addSet(
            "Brand.brandassets/Icon.imagestack/Front.imagestacklayer/Content.imageset",
            entries: [["idiom": "tv", "scale": "1x", "filename": "f.png"]], files: ["f.png"])
    }

    /// A visionOS solid image stack (`Vision.solidimagestack`) with one layer holding `v.png`.
    package func addSolidImageStack() throws {
        try addSet("Vision.solidimagestack", entries: [["filename": "Back.solidimagestacklayer"]])
        try write(#"{"info":{"author":"xcode","version":1}}"#, to: "Vision.solidimagestack/Back.solidimagestacklayer/Contents.json")
        try addSet(
            "Vision.solidimagestack/Back.solidimagestacklayer/Content.imageset",
            entries: [["idiom": "vision", "scale": "2x", "filename": "v.png"]], files: ["v.png"])
    }

    /// A tvOS image stack (`Stack.imagestack`) with a `Front` and a `Back` layer, each an image set
    /// of `<layer>.png` at 1x and `<layer>@2x.png` at 2x for Apple TV.
    package func addImageStack() throws {
        try addSet("Stack.imagestack", entries: [["filename": "Front.imagestacklayer"], ["filename": "Back.imagestacklayer"]])
        for layer in ["Front", "Back"] {
            try write(#"{"info":{"author":"xcode","version":1}}"#, to: "Stack.imagestack/\(layer).imagestacklayer/Contents.json")
            try addSet(
                "Stack.imagestack/\(layer).imagestacklayer/Content.imageset",
                entries: [
                    ["idiom": "tv", "scale": "1x", "filename": .string("\(layer).png")],
                    ["idiom": "tv", "scale": "2x", "filename": .string("\(layer)@2x.png")],
                ], files: ["\(layer).png", "\(layer)@2x.png"])
        }
    }

    package func write(_ text: String, to relativePath: String) throws {
        try write(Array(text.utf8), to: relativePath)
    }

    package func write(_ bytes: [UInt8], to relativePath: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    package func read() throws -> Catalog { try CatalogReader().read(at: path) }
}

/// The shared test corpus (`../shared/corpus` beside the repository).
package enum Corpus {
    /// The corpus folder. Tests that use it fail, rather than skip, when it cannot be found.
    package static var root: String {
        get throws {
            if let override = ProcessInfo.processInfo.environment["ADAPTIVE_ASSETS_CORPUS"] { return override }
            // Beside this checkout, or beside the local repository it was cloned from (a fresh
            // `git clone ~/src/AdaptiveAssets /tmp/x` keeps the corpus reachable that way).
            for start in [repositoryRoot, localOrigin].compactMap({ $0 }) {
                var directory = URL(fileURLWithPath: start)
                for _ in 0..<4 {
                    let candidate = directory.appendingPathComponent("shared/corpus")
                    if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
                    directory = directory.deletingLastPathComponent()
                }
            }
            throw CorpusMissing()
        }
    }

    /// The `origin` remote's folder when it is a path on this machine (`git clone LOCAL-PATH`).
    static var localOrigin: String? {
        guard let config = try? String(contentsOfFile: repositoryRoot + "/.git/config", encoding: .utf8) else { return nil }
        var inOrigin = false
        for line in config.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("[") {
                inOrigin = line == "[remote \"origin\"]"
                continue
            }
            guard inOrigin, line.hasPrefix("url") else { continue }
            var url = line.drop { $0 != "=" }.dropFirst().trimmingCharacters(in: .whitespaces)
            if url.hasPrefix("file://") { url.removeFirst("file://".count) }
            return url.hasPrefix("/") ? url : nil
        }
        return nil
    }

    package struct CorpusMissing: Error, CustomStringConvertible {
        package var description: String {
            "shared/corpus was not found beside the repository; set ADAPTIVE_ASSETS_CORPUS to its path"
        }
    }

    /// Every .xcassets folder under corpus/catalogs, sorted.
    package static func catalogPaths() throws -> [String] {
        let catalogs = try root + "/catalogs"
        let enumerator = FileManager.default.enumerator(atPath: catalogs)
        var paths: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".xcassets") {
                paths.append(catalogs + "/" + relative)
                enumerator?.skipDescendants()
            }
        }
        return paths.sorted()
    }

    /// The repository's own root.
    package static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }
}
