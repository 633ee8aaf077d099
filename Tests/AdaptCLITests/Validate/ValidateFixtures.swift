import CatalogFixtures
import Foundation

/// Catalogs on disk for the validate tests, run through the real binary from their root folder.
enum ValidateFixtures {
    /// A catalog with an error and warnings whose names need escaping everywhere: a missing file,
    /// malformed JSON, and orphan files named `odd,name:100%.png` and `line\nbreak<&>.png`.
    static func broken() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog(name: "Broken.xcassets")
        try fixture.addSet("Logo.imageset", entries: [
            ["idiom": "universal", "scale": "1x", "filename": "logo.png"],
            ["idiom": "universal", "scale": "2x", "filename": "logo@2x.png"],
        ], files: ["logo.png", "odd,name:100%.png", "line\nbreak<&>.png"], pngBytes: PNGFixture.png(width: 4, height: 4))
        try fixture.write(#"{"images": [{"idiom": "universal",, }]}"#, to: "Bad.imageset/Contents.json")
        return fixture
    }

    /// A copy of `Assets/Showcase.xcassets` in a fresh folder, with `config` as `.adapt.yml` beside it.
    static func showcase(config: String? = nil) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("adapt-showcase-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Corpus.repositoryRoot + "/Assets/Showcase.xcassets", toPath: root + "/Showcase.xcassets")
        if let config { try config.write(toFile: root + "/.adapt.yml", atomically: true, encoding: .utf8) }
        return root
    }

    /// The rule ids in `xcode` output (`... [rule.id]`), one per diagnostic.
    static func codes(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
    }
}
