import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// `adapt inspect FILE.car`: the compiled catalogs of the corpus, as text and as the document
/// `assetutil --info` prints.
@Suite struct CompiledInspectCommandTests {
    static func corpusFile(_ name: String) throws -> String {
        try Corpus.root + "/compiled/acextract/acextractTests/data/" + name
    }

    @Test func textListsAssetsThenRenditionsWithTraits() throws {
        let run = try Adapt.run(["inspect", try Self.corpusFile("assets_ios.car")])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasSuffix("assets_ios.car: compiled catalog, storage version 11 (CoreUI 374), 31 assets, 202 renditions"))
        let iphone = try #require(lines.firstIndex(of: "d_iphone"))
        #expect(lines[iphone + 1].hasPrefix("  green.png ") && lines[iphone + 1].contains("phone 1x") && lines[iphone + 1].contains("50x50 ARGB"))
        #expect(lines.contains { $0.contains("phone 2x subtype 568") }, "d_iphone4's 4-inch launch variant keeps its subtype")
    }

    /// `--no-digests` leaves each rendition's `SHA1Digest` out of the JSON, and nothing else; it
    /// means nothing for the text or an asset catalog, which refuse it as a usage error.
    @Test func noDigestsLeavesOutTheDigestsOnly() throws {
        let file = try Self.corpusFile("assets_ios.car")
        let json = try Adapt.run(["inspect", file, "--format", "json"])
        let bare = try Adapt.run(["inspect", file, "--format", "json", "--no-digests"])
        #expect(json.status == 0 && bare.status == 0, "\(bare.stderr)")
        let lines = json.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.filter { !$0.contains("\"SHA1Digest\" : ") }
        #expect(lines.count - kept.count == 202, "one digest a rendition")
        #expect(bare.stdout == kept.joined(separator: "\n"))
        let text = try Adapt.run(["inspect", file, "--no-digests"])
        #expect(text.status == 2 && text.stdout.isEmpty && text.stderr.contains("--no-digests"))
        let folder = try TemporaryCatalog()
        let catalog = try Adapt.run(["inspect", folder.path, "--format", "json", "--no-digests"])
        #expect(catalog.status == 2 && catalog.stderr.contains("--no-digests"))
    }

    @Test func jsonIsAssetutilShaped() throws {
        let run = try Adapt.run(["inspect", try Self.corpusFile("assets_ios.car"), "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONParser.parse(Array(run.stdout.utf8)).array)
        #expect(document.count == 1 + 202)
        let header = try #require(document.first?.object)
        #expect(header.keys == ["AssetStorageVersion", "CoreUIVersion", "Key Format", "MainVersion", "SchemaVersion", "StorageVersion", "Timestamp"])
        #expect(header["StorageVersion"]?.int == 11 && header["CoreUIVersion"]?.int == 374)
        #expect(header["Key Format"]?.array?.first?.string == "kCRThemeScaleName")
        for entry in document.dropFirst() {
            let keys = try #require(entry.object?.keys)
            #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "keys in byte order, as assetutil writes them")
            #expect(entry["SizeOnDisk"]?.int ?? 0 > 184)
        }
        let green = try #require(document.first { $0["Name"]?.string == "d_iphone" && $0["Scale"]?.int == 2 })
        #expect(green["AssetType"]?.string == "Image" && green["Idiom"]?.string == "phone")
        #expect(green["PixelWidth"]?.int == 100 && green["PixelHeight"]?.int == 100)
        #expect(green["RenditionName"]?.string == "green@2x.png" && green["Encoding"]?.string == "ARGB")
        // Recent assetutil prints no Image Type for a one-part image, and a template mode for an image.
        #expect(green["Image Type"] == nil && green["Template Mode"]?.string == "automatic")
        #expect(green["SHA1Digest"]?.string?.utf8.count == 64)
        let compact = document.filter { $0["Name"]?.string == "sc_w_a&c" && $0["SizeClass Horizontal"]?.string == "compact" }
        #expect(compact.count == 3)
        let vector = try #require(document.first { $0["Name"]?.string == "v_universal" })
        #expect(vector["AssetType"]?.string == "Vector" && vector["Data Length"]?.int == 6106)
    }

    @Test func aFileNamedCarThatIsNotOneFailsWithTheTypedError() throws {
        let folder = try TemporaryCatalog()
        let path = folder.root + "/Empty.car"
        try Data().write(to: URL(fileURLWithPath: path))
        let run = try Adapt.run(["inspect", path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: the file at offset 0x0 does not start with 'BOMStore' (0 bytes) [car.not-a-catalog]"), "\(run.stderr)")
        let json = try Adapt.run(["inspect", path, "--format", "json"])
        #expect(json.status == 1 && json.stdout.contains("\"car.not-a-catalog\""))
    }

    @Test func aCompiledCatalogIsRecognisedByItsContentToo() throws {
        let folder = try TemporaryCatalog()
        let path = folder.root + "/renamed.bin"
        try Data(contentsOf: URL(fileURLWithPath: try Self.corpusFile("assets_tv.car"))).write(to: URL(fileURLWithPath: path))
        let run = try Adapt.run(["inspect", path])
        #expect(run.status == 0 && run.stdout.contains("compiled catalog, storage version 11"), "\(run.stderr)")
    }

    /// Names come from the file: a quote or a newline in one is escaped in JSON and in text, so
    /// neither the document nor the listing can be forged.
    @Test func hostileNamesAreEscaped() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.corpusFile("assets_ios.car"))))
        let name = Array("d_iphone4".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: name) && bytes[$0 + name.count] != UInt8(ascii: "_") })
        bytes[at] = UInt8(ascii: "\"")
        bytes[at + 1] = 0x0A
        let folder = try TemporaryCatalog()
        let path = folder.root + "/Hostile.car"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let json = try Adapt.run(["inspect", path, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONParser.parse(Array(json.stdout.utf8)).array)
        #expect(document.contains { $0["Name"]?.string == "\"\niphone4" })
        let text = try Adapt.run(["inspect", path])
        #expect(text.stdout.contains("\"\\niphone4") && !text.stdout.contains("\"\niphone4"), "\(text.stdout.prefix(400))")
    }
}
