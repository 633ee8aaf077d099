import AdaptiveAssets
import CatalogExtraction
import CatalogFixtures
import Foundation
import Testing

/// Issue 26, items 2, 5, 6 and 7: `adapt extract` on `.car` files built to amplify, to collide
/// names, and onto folders that hold the user's files.
@Suite struct HostileExtractTests {
    static func files(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    // MARK: Icon Composer documents

    /// An Icon Composer stack whose group list names the stack itself, a group that lists itself
    /// as a layer, an identifier no facet has, and a layer whose name climbs out (`../../x`):
    /// extract writes `Evil.icon` inside its output and nothing anywhere else, and does not loop.
    /// An Icon Composer stack's or group's list (property 1012): each entry's frame, opacity and
    /// key (element 85, `part`, `identifier`).
    static func layers(_ entries: [(part: UInt16, identifier: UInt16)]) -> [UInt8] {
        var bytes = LittleEndian.words([UInt32(entries.count), 0])
        for entry in entries {
            bytes += LittleEndian.words([0, 0, 0, 100, 100, 0, Float(1).bitPattern, 16])
            bytes += [1, 85, 2, entry.part, 17, entry.identifier, 0, 0].flatMap { LittleEndian.bytes(UInt16($0)) }
        }
        return bytes
    }

    @Test func aHostileIconComposerStackStaysInsideItsDocument() throws {
        let key: [RenditionAttribute: UInt16] = [.appearance: 1, .scale: 1, .element: 85]
        func structure(_ name: String, identifier: UInt16, part: UInt16, layout: UInt16, _ listed: [(part: UInt16, identifier: UInt16)])
            -> SyntheticCatalog.Rendition
        {
            var rendition = SyntheticCatalog.Rendition.data(
                name, key: key.merging([.identifier: identifier, .part: part]) { $1 }, uti: "public.layeredimage", bytes: [])
            rendition.layout = RenditionLayout(rawValue: layout)
            rendition.properties = [.raw(type: 1012, bytes: Self.layers(listed))]
            return rendition
        }
        let catalog = SyntheticCatalog(
            keyFormat: [.appearance, .scale, .identifier, .element, .part],
            facets: [.init("Evil", identifier: 1), .init("Evil/Group", identifier: 2), .init("Evil_Assets/../../x", identifier: 3)],
            renditions: [
                structure("Evil.iconstack", identifier: 1, part: 245, layout: 1019, [(246, 2), (246, 1), (247, 999)]),
                structure("IconGroup", identifier: 2, part: 246, layout: 1020, [(181, 3), (181, 2), (181, 2)]),
                .data(
                    "image.svg", key: key.merging([.identifier: 3, .part: 181]) { $1 }, uti: "public.svg-image",
                    bytes: Array("<svg width='10' height='10'/>".utf8)),
            ],
            trees: [.namedValues("APPEARANCEKEYS", [("NSAppearanceNameAqua", 1)])])
        let folder = try TemporaryCatalog(writeRootContents: false)
        let car = try catalog.write(to: folder.root + "/evil.car")
        let run = try HostileAdapt.run(["extract", car, "-o", "Out"], in: folder.root)
        #expect(run.status == 0 && !run.timedOut, "\(run.stderr)")
        let files = Self.files(in: folder.root).filter { !$0.hasPrefix("Test.xcassets") }
        #expect(files.allSatisfy { $0 == "evil.car" || $0.hasPrefix("Out") }, "\(files)")
        #expect(files.contains("Out/Evil.icon/icon.json"), "\(files)")
        let document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: folder.root + "/Out/Evil.icon/icon.json"))))
        // Both groups listed; the one layer that is a drawing kept, in Assets under a clean name.
        let groups = try #require(document["groups"]?.array)
        #expect(groups.count == 2 && groups.flatMap { $0["layers"]?.array ?? [] }.count == 1, "\(document)")
        #expect(files.filter { $0.hasPrefix("Out/Evil.icon/Assets/") }.count == 1, "\(files)")
    }

    /// A layer's wide-colour rendition is written first (compile makes both again from it); one
    /// that is no drawing falls back to the layer's other rendition rather than losing the layer.
    @Test func aLayerWhoseWideRenditionIsNoDrawingKeepsItsOther() throws {
        let key: [RenditionAttribute: UInt16] = [.appearance: 1, .scale: 1, .element: 85]
        var stack = SyntheticCatalog.Rendition.data(
            "Icon.iconstack", key: key.merging([.identifier: 1, .part: 245]) { $1 }, uti: "public.layeredimage", bytes: [])
        stack.layout = RenditionLayout(rawValue: 1019)
        stack.properties = [.raw(type: 1012, bytes: Self.layers([(246, 2)]))]
        var group = SyntheticCatalog.Rendition.data("IconGroup", key: key.merging([.identifier: 2, .part: 246]) { $1 }, uti: "public.layeredimage", bytes: [])
        group.layout = RenditionLayout(rawValue: 1020)
        group.properties = [.raw(type: 1012, bytes: Self.layers([(181, 3)]))]
        let svg = Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".utf8)
        let catalog = SyntheticCatalog(
            keyFormat: [.appearance, .scale, .identifier, .element, .part, .displayGamut],
            facets: [.init("Icon", identifier: 1), .init("Icon/Group", identifier: 2), .init("Icon_Assets/Layer", identifier: 3)],
            renditions: [
                stack, group,
                .data("wide.bin", key: key.merging([.identifier: 3, .part: 181, .displayGamut: 1]) { $1 }, uti: "public.data", bytes: [1, 2, 3]),
                .data("image.svg", key: key.merging([.identifier: 3, .part: 181]) { $1 }, uti: "public.svg-image", bytes: svg),
            ],
            trees: [.namedValues("APPEARANCEKEYS", [("NSAppearanceNameAqua", 1)])])
        let folder = try TemporaryCatalog(writeRootContents: false)
        let car = try catalog.write(to: folder.root + "/icon.car")
        let run = try HostileAdapt.run(["extract", car, "-o", "Out"], in: folder.root)
        #expect(run.status == 0 && !run.timedOut, "\(run.stderr)")
        let files = Self.files(in: folder.root + "/Out/Icon.icon/Assets")
        #expect(files == ["Layer.svg"], "\(files) \(run.stderr)")
        #expect(FileManager.default.contents(atPath: folder.root + "/Out/Icon.icon/Assets/Layer.svg").map(Array.init) == svg)
    }

    // MARK: Amplification (item 2)

    /// One value block behind 270 keys: 270 copies of 256 KiB (69 MB) from a 260 KB file. The
    /// default limit (16 times the input, at least 64 MiB) stops it: exit 1, an error naming the
    /// `.car`, no output folder and no staging folder left.
    @Test func aliasedPayloadsStopAtTheDefaultOutputLimit() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let car = try HostileCompiledCatalogs.aliasedData(copies: 270, size: 256 << 10).write(to: folder.root + "/alias.car")
        let run = try HostileAdapt.run(["extract", car, "-o", "Out"], in: folder.root)
        #expect(run.status == 1 && !run.timedOut, "\(run.stdout)")
        #expect(run.stderr.hasPrefix(car + ":") && run.stderr.contains("error: extracting would write more than 67108864 bytes (--max-output"), "\(run.stderr)")
        #expect(Self.files(in: folder.root).filter { !$0.hasPrefix("Test.xcassets") } == ["alias.car"])
        // Given room, the same file extracts, and the bytes written are counted.
        let small = try HostileCompiledCatalogs.aliasedData(copies: 30, size: 256 << 10).write(to: folder.root + "/small.car")
        let result = try CompiledExtraction(try CompiledCatalog(path: small), maxOutput: 9 << 20).write(to: folder.root + "/Small")
        #expect(result.written == 31 && result.bytesWritten > 31 * (256 << 10) && result.bytesWritten <= 9 << 20)
        #expect { try CompiledExtraction(try CompiledCatalog(path: small), maxOutput: 4 << 20).write(to: folder.root + "/Tight") } throws: { error in
            (error as? CompiledExtraction.Failure)?.kind == .outputLimit(limit: 4 << 20)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/Tight"))
    }

    /// A packed image referenced whole by 40 sets, and one data payload behind 30 keys: each
    /// decoded once, every set still written with the same bytes.
    @Test func aSharedPackedImageOrPayloadIsDecodedOnce() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let atlas = try HostileCompiledCatalogs.sharedAtlas(references: 40, side: 64).write(to: folder.root + "/atlas.car")
        let result = try CompiledExtraction(try CompiledCatalog(path: atlas)).write(to: folder.root + "/Atlas")
        #expect(result.written == 40 && result.packedImages == 1 && result.decodedPayloads == 1, "\(result.decodedPayloads)")
        let pngs = try Set(result.files.map { try Data(contentsOf: URL(fileURLWithPath: folder.root + "/Atlas/" + $0.path)) })
        #expect(pngs.count == 1 && result.files.allSatisfy { $0.pixelSize ?? (0, 0) == (64, 64) })

        let alias = try HostileCompiledCatalogs.aliasedData(copies: 30, size: 1000).write(to: folder.root + "/alias.car")
        let aliased = try CompiledExtraction(try CompiledCatalog(path: alias)).write(to: folder.root + "/Alias")
        #expect(aliased.written == 31 && aliased.decodedPayloads == 1)
    }

    /// A 16384 x 16384 bitmap (1 GiB of pixels) in a 4.4 MB file, which the file's own budget
    /// (256 times its size) allows: extract's budget (128 MiB a rendition) skips it, named,
    /// instead of holding 2 GB; the rest is written.
    @Test func aHugeBitmapIsSkippedByTheExtractBudget() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let car = try HostileCompiledCatalogs.hugeBitmap(width: 16384, height: 16384, padding: 4_300_000).write(to: folder.root + "/huge.car")
        let compiled = try CompiledCatalog(path: car)
        #expect(compiled.pixelBudget >= 1 << 30)
        let result = try CompiledExtraction(compiled).write(to: folder.root + "/Out")
        let skip = try #require(result.skipped.first)
        #expect(result.skipped.count == 1 && skip.asset == "huge" && skip.reason == "decode-failed", "\(result.skipped)")
        #expect(skip.detail.contains("\(CompiledExtraction.maximumPixelBudget) bytes of pixels decoded for one rendition"), "\(skip.detail)")
        #expect(result.files.map(\.path) == ["padding.dataset/padding.bin"])
    }

    // MARK: Many renditions of one name (item 5)

    /// 3,000 renditions of one asset, all named `same.png`: every one written, each under its
    /// own name (the claim counts are checked in `ExtractPiecesTests`).
    @Test func manyRenditionsOfOneNameAreAllWritten() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let car = try HostileCompiledCatalogs.oneName("same", renditions: 3000).write(to: folder.root + "/one.car")
        let result = try CompiledExtraction(try CompiledCatalog(path: car)).write(to: folder.root + "/Out")
        #expect(result.written == 3000 && result.sets == 1)
        #expect(Set(result.files.map(\.path)).count == 3000)
        #expect(Self.files(in: folder.root + "/Out/same.imageset").count == 3001)
        #expect(result.renamed.count == 2999 && result.renamed.allSatisfy { $0.changes == [.madeDistinct] })
    }

    // MARK: Names (item 6)

    static let hostileFacets: [SyntheticCatalog.Facet] = [
        .init("..", identifier: 1), .init(".", identifier: 2), .init(String(repeating: "n", count: 300), identifier: 3),
        // One grapheme of 301 scalars: cut off whole, the name once cleaned to `Contents.json`.
        .init("Contents.json" + "a" + String(repeating: "\u{301}", count: 300), identifier: 4),
        .init("gnp\u{202E}.exe", identifier: 5), .init("line\u{2028}break", identifier: 6),
        .init("caf\u{E9}", identifier: 7), .init("cafe\u{301}", identifier: 8),
        .init(bytes: Array("nul".utf8) + [0] + Array("one".utf8), identifier: 9), .init(bytes: Array("nul".utf8) + [0] + Array("two".utf8), identifier: 10),
        .init(bytes: [0x62, 0x61, 0x64, 0xFF], identifier: 11), .init(bytes: [0x62, 0x61, 0x64, 0xFE], identifier: 12),
    ]

    /// Every facet above becomes a set of its own, with `.imageset`, under a name a Mac keeps
    /// apart from the others and free of control and format characters; the catalog reads back
    /// with every set; each renaming is reported as data; `../../escape` keeps its stem.
    @Test func everyHostileNameBecomesASetOfItsOwn() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let renditions = Self.hostileFacets.map { facet in
            SyntheticCatalog.Rendition.bitmap("../../escape", key: [.identifier: facet.identifier, .scale: 2], width: 1, height: 1, pixels: [0, 0, 255, 255])
        }
        let car = try SyntheticCatalog(keyFormat: [.scale, .idiom, .identifier, .element, .part], facets: Self.hostileFacets, renditions: renditions)
            .write(to: folder.root + "/names.car")
        let output = folder.root + "/Out.xcassets"
        let result = try CompiledExtraction(try CompiledCatalog(path: car)).write(to: output)
        #expect(result.sets == Self.hostileFacets.count && result.written == Self.hostileFacets.count)
        let sets = try FileManager.default.contentsOfDirectory(atPath: output).filter { !$0.hasPrefix(".") && $0 != "Contents.json" }
        #expect(sets.count == Self.hostileFacets.count && sets.allSatisfy { $0.hasSuffix(".imageset") && $0.utf8.count <= 255 }, "\(sets)")
        #expect(Set(sets.map { $0.decomposedStringWithCanonicalMapping.lowercased() }).count == sets.count)
        let unsafe = sets.filter { $0.unicodeScalars.contains { [.control, .format, .lineSeparator].contains($0.properties.generalCategory) } }
        #expect(unsafe.isEmpty, "\(unsafe)")
        #expect(result.files.allSatisfy { $0.path.hasSuffix("/escape@2x.png") }, "\(result.files.map(\.path))")
        let reread = try CatalogReader().read(at: output)
        #expect(reread.assets.count == Self.hostileFacets.count && !reread.diagnostics.hasErrors)
        // Reported as data: every set renamed, and every file.
        let renamedSets = result.renamed.filter { $0.rendition == nil }
        // The NUL names are whole names (`nul\0one`), each cleaned; the second of each pair of
        // look-alikes (NFC and NFD `café`, the two invalid `bad`s) is made distinct.
        #expect(renamedSets.count == 10, "\(renamedSets)")
        #expect(renamedSets.contains { $0.path == "nul_one.imageset" && $0.changes == [.cleaned] })
        #expect(renamedSets.contains { $0.path == "nul_two.imageset" && $0.changes == [.cleaned] })
        #expect(renamedSets.contains { $0.path == "unnamed.imageset" && $0.changes == [.emptied] })
        #expect(renamedSets.contains { $0.path == "Contents.json.imageset" && $0.changes == [.shortened] })
        #expect(renamedSets.contains { $0.changes == [.madeDistinct] && $0.asset.hasPrefix("caf") && $0.path.hasSuffix("-2.imageset") })
        #expect(result.renamed.filter { $0.rendition != nil }.count == Self.hostileFacets.count)
        let json = try #require(result.json.object?["renamed"]?.array)
        #expect(json.count == result.renamed.count && json.allSatisfy { $0["changes"]?.array?.isEmpty == false && $0["path"]?.string != nil })
    }

    // MARK: Earlier output (item 7)

    /// A file the user added to an earlier output, or one of its files changed since: the next
    /// run refuses, naming them, and changes nothing. Without them, it replaces its own output.
    @Test func anEarlierOutputWithTheUsersFilesIsNotReplaced() throws {
        let folder = try TemporaryCatalog(writeRootContents: false)
        let car = try HostileCompiledCatalogs.sharedAtlas(references: 3, side: 8).write(to: folder.root + "/small.car")
        let output = folder.root + "/Out"
        let first = try CompiledExtraction(try CompiledCatalog(path: car)).write(to: output)
        #expect(FileManager.default.fileExists(atPath: output + "/.adapt-extract.json"))
        _ = try CompiledExtraction(try CompiledCatalog(path: car)).write(to: output)

        try Data("mine".utf8).write(to: URL(fileURLWithPath: output + "/notes.txt"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: output + "/shared0.imageset/extra.png"))
        let before = Self.files(in: output)
        let run = try HostileAdapt.run(["extract", car, "-o", "Out"], in: folder.root)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.contains("notes.txt") && run.stderr.contains("shared0.imageset/extra.png"), "\(run.stderr)")
        #expect(Self.files(in: output) == before)
        #expect(try String(contentsOfFile: output + "/notes.txt", encoding: .utf8) == "mine")

        try FileManager.default.removeItem(atPath: output + "/notes.txt")
        try FileManager.default.removeItem(atPath: output + "/shared0.imageset/extra.png")
        let written = output + "/" + first.files[0].path
        try (try Data(contentsOf: URL(fileURLWithPath: written)) + Data("edited".utf8)).write(to: URL(fileURLWithPath: written))
        #expect { try CompiledExtraction(try CompiledCatalog(path: car)).write(to: output) } throws: { "\($0)".contains(first.files[0].path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: written)).suffix(6) == Data("edited".utf8))
    }
}
