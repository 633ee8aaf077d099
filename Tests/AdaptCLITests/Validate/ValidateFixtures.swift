import CatalogFixtures
import Foundation

/// Catalogs on disk for the validate tests, run through the real binary from their root folder.
enum ValidateFixtures {
    /// A catalog with an error and warnings whose names need escaping everywhere: a missing file,
    /// malformed JSON, and orphan files named `odd,name:100%.png` and `line\nbreak<&>.png`.
    static func broken() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog(name: "Broken.xcassets")
        try fixture.addSet(
            "Logo.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "logo.png"],
                ["idiom": "universal", "scale": "2x", "filename": "logo@2x.png"],
            ], files: ["logo.png", "odd,name:100%.png", "line\nbreak<&>.png"], pngBytes: PNGFixture.png(width: 4, height: 4))
        try fixture.write(#"{"images": [{"idiom": "universal",, }]}"#, to: "Bad.imageset/Contents.json")
        return fixture
    }

    /// A copy of `Assets/Showcase.xcassets` in a fresh folder, with `config` as `.adapt.yml` beside
    /// it, and two sets that draw the findings an app's catalog typically has (Showcase itself
    /// validates clean): `Legacy.imageset`, whose entry 0 (an iPad @3x image) no device shows and
    /// whose universal 1x/2x pair @3x phones upscale (and beats it on scale where it is better on
    /// idiom), and `Old.imageset`, a lone 1x image that @2x and @3x devices upscale. Five warnings:
    /// `variant.unreachable`, two `scale.gap` and two `variant.precedence-dependent`. The caller
    /// removes the folder (`defer`).
    static func showcase(config: String? = nil) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("adapt-showcase-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Corpus.repositoryRoot + "/Assets/Showcase.xcassets", toPath: root + "/Showcase.xcassets")
        let catalog = root + "/Showcase.xcassets"
        func addSet(_ folder: String, _ entries: [(idiom: String, scale: Int, file: String, side: Int)]) throws {
            try FileManager.default.createDirectory(atPath: catalog + "/" + folder, withIntermediateDirectories: true)
            let images = entries.map { entry in
                #"    { "idiom" : "\#(entry.idiom)", "scale" : "\#(entry.scale)x", "filename" : "\#(entry.file)" }"#
            }
            let contents = "{\n  \"images\" : [\n" + images.joined(separator: ",\n") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n"
            try contents.write(toFile: catalog + "/" + folder + "/Contents.json", atomically: true, encoding: .utf8)
            for entry in entries {
                try Data(PNGFixture.png(width: entry.side, height: entry.side)).write(to: URL(fileURLWithPath: catalog + "/" + folder + "/" + entry.file))
            }
        }
        try addSet("Legacy.imageset", [("ipad", 3, "legacy-pad@3x.png", 30), ("universal", 1, "legacy.png", 10), ("universal", 2, "legacy@2x.png", 20)])
        try addSet("Old.imageset", [("universal", 1, "old.png", 10)])
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
