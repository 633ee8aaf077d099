import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// `adapt extract` and `adapt inspect` over catalogs built here (`SyntheticCatalog`), each the
/// smallest file showing what a real Xcode 10 to 26 catalog showed: those files may not be
/// committed, so these tests hold the behaviours in this repository, beside `RecentCorpusTests`.
@Suite struct CompiledSyntheticTests {
    static let keyFormat: [RenditionAttribute] = [.appearance, .localization, .scale, .idiom, .subtype, .identifier, .element, .part]

    /// Writes `catalog` into a fresh folder; the folder (kept alive by the caller) and the file.
    static func file(_ catalog: SyntheticCatalog) throws -> (folder: TemporaryCatalog, car: String) {
        let folder = try TemporaryCatalog(writeRootContents: false)
        return (folder, try catalog.write(to: folder.root + "/Assets.car"))
    }

    static func json(atPath path: String) throws -> JSONValue {
        try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// A tvOS layered icon's stack rendition is named `Contents.json` (Stasis, Xcode 26.2): the
    /// data set's own Contents.json is written, the rendition beside it under another name.
    @Test func aRenditionNamedContentsJSONIsRenamedBesideTheSetsOwn() throws {
        let stack = SyntheticCatalog.Rendition(
            "Contents.json", key: [.identifier: 38162, .scale: 1], layout: RenditionLayout(rawValue: 1002),
            pixelFormat: .data, width: 400, height: 240, properties: [.uti("public.layeredimage")],
            payload: .rawData(Array("layers".utf8)))
        let (folder, car) = try Self.file(SyntheticCatalog(keyFormat: Self.keyFormat, facets: [.init("App Icon", identifier: 38162)], renditions: [stack]))
        let output = folder.root + "/Out.xcassets"
        let run = try Adapt.run(["extract", car, "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("warning: App Icon/Contents.json (universal 1x) is written as App Icon.dataset/Contents-2.json [extract.renamed]"),
            "\(run.stderr)")
        let contents = try Self.json(atPath: output + "/App Icon.dataset/Contents.json")
        let entry = try #require(contents["data"]?.array?.first)
        #expect(entry["filename"]?.string == "Contents-2.json" && entry["universal-type-identifier"]?.string == "public.layeredimage")
        #expect(contents["info"]?["author"]?.string == "adapt extract")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/App Icon.dataset/Contents-2.json")) == Data("layers".utf8))
    }

    /// An App Store slice can hold no rendition (Fix_Xcode_Assets, Xcode 10.1: one facet, none):
    /// it extracts to an empty catalog rather than failing.
    @Test func aCatalogWithoutRenditionsExtractsToAnEmptyCatalog() throws {
        var empty = SyntheticCatalog(keyFormat: [.appearance, .scale, .identifier, .element, .part], facets: [.init("AppIcon", identifier: 6849)])
        empty.thinningArguments = "optimized <idiom 1> <subtype 2436> <scale 3>"
        let (folder, car) = try Self.file(empty)
        let output = folder.root + "/Out.xcassets"
        let run = try Adapt.run(["extract", car, "-o", output])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("wrote 0 files in 0 sets"), "\(run.stdout)")
        // The catalog's Contents.json, and the list of what extract wrote (for its next run).
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == [".adapt-extract.json", "Contents.json"])
        let catalog = try CatalogReader().read(at: output)
        // The reader's only word on it: a note that the catalog is empty.
        #expect(catalog.assets.isEmpty && catalog.diagnostics.allSatisfy { $0.severity == .note }, "\(catalog.diagnostics)")
    }

    /// A colour in each of CoreUI's colour spaces, and what each becomes.
    struct SpaceCase: Sendable, CustomTestStringConvertible {
        var space: UInt32
        var components: [Double]
        /// The colour set's `color-space` and components, as Xcode writes them.
        var contentsName: String
        var contentsComponents: [String: String]
        /// `assetutil`'s `Colorspace` (a raw number where its spelling is not known).
        var assetutilName: String

        var name: String { "Color-\(space)" }
        var testDescription: String { contentsName }
    }

    static let spaces = [
        SpaceCase(
            space: 1, components: [0.25, 0.5, 0.75, 1], contentsName: "srgb",
            contentsComponents: ["red": "0.250", "green": "0.500", "blue": "0.750", "alpha": "1.000"], assetutilName: "srgb"),
        SpaceCase(
            space: 2, components: [0.5, 0.25], contentsName: "gray-gamma-22",
            contentsComponents: ["white": "0.500", "alpha": "0.250"], assetutilName: "gray gamma 22"),
        SpaceCase(
            space: 3, components: [1, 0, 0.125, 1], contentsName: "display-p3",
            contentsComponents: ["red": "1.000", "green": "0.000", "blue": "0.125", "alpha": "1.000"], assetutilName: "Unknown(3)"),
        SpaceCase(
            space: 4, components: [1.25, -0.125, 0.5, 1], contentsName: "extended-srgb",
            contentsComponents: ["red": "1.250", "green": "-0.125", "blue": "0.500", "alpha": "1.000"], assetutilName: "Unknown(4)"),
        SpaceCase(
            space: 5, components: [2, 0.5, 0, 0.5], contentsName: "extended-linear-srgb",
            contentsComponents: ["red": "2.000", "green": "0.500", "blue": "0.000", "alpha": "0.500"], assetutilName: "Unknown(5)"),
        SpaceCase(
            space: 6, components: [1.5, 1], contentsName: "extended-gray",
            contentsComponents: ["white": "1.500", "alpha": "1.000"], assetutilName: "extended gray"),
    ]

    /// One catalog holding a colour per space, named `Color-N` for space N.
    static let colors = SyntheticCatalog(
        keyFormat: keyFormat,
        facets: spaces.map { .init($0.name, identifier: UInt16(100 + $0.space), attributes: [(.element, 85), (.part, 217)]) },
        renditions: spaces.map { .color($0.name, key: [.identifier: UInt16(100 + $0.space)], space: $0.space, components: $0.components) })

    @Test func eachColourSpaceExtractsToItsColorSetSpelling() throws {
        let (folder, car) = try Self.file(Self.colors)
        let output = folder.root + "/Out.xcassets"
        let run = try Adapt.run(["extract", car, "-o", output])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        for expected in Self.spaces {
            let contents = try Self.json(atPath: output + "/\(expected.name).colorset/Contents.json")
            let color = try #require(contents["colors"]?.array?.first?["color"], "\(expected.name)")
            #expect(color["color-space"]?.string == expected.contentsName, "\(expected.name)")
            let components = color["components"]?.object.map { object in Dictionary(uniqueKeysWithValues: object.keys.map { ($0, object[$0]?.string ?? "") }) }
            #expect(components == expected.contentsComponents, "\(expected.name)")
        }
    }

    @Test func eachColourSpaceInspectsWithAssetutilsColorspace() throws {
        let (folder, car) = try Self.file(Self.colors)
        defer { withExtendedLifetime(folder) {} }
        let run = try Adapt.run(["inspect", car, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONParser.parse(Array(run.stdout.utf8)).array)
        for expected in Self.spaces {
            let entry = try #require(document.first { $0["Name"]?.string == expected.name }, "\(expected.name)")
            #expect(entry["AssetType"]?.string == "Color")
            #expect(entry["Colorspace"]?.string == expected.assetutilName, "\(expected.name)")
            #expect(entry["Color components"]?.array?.compactMap { $0.double } == expected.components, "\(expected.name)")
        }
    }

    /// A data set's file: `DATA`, layout Data, a UTI property (length, zero word, identifier).
    @Test func aDataRenditionInspectsWithItsUTIAndLengthAndExtractsToADataSet() throws {
        let json = Array(#"{"levels":[1,2,3]}"#.utf8)
        let (folder, car) = try Self.file(
            SyntheticCatalog(
                keyFormat: Self.keyFormat, facets: [.init("Levels", identifier: 4242)],
                renditions: [.data("levels.json", key: [.identifier: 4242], uti: "public.json", bytes: json)]))
        let inspect = try Adapt.run(["inspect", car, "--format", "json"])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        let document = try #require(try JSONParser.parse(Array(inspect.stdout.utf8)).array)
        let entry = try #require(document.first { $0["Name"]?.string == "Levels" })
        #expect(entry["AssetType"]?.string == "Data" && entry["UTI"]?.string == "public.json")
        #expect(entry["Data Length"]?.int == json.count && entry["Compression"]?.string == "uncompressed")

        let output = folder.root + "/Out.xcassets"
        let extract = try Adapt.run(["extract", car, "-o", output])
        #expect(extract.status == 0 && extract.stderr.isEmpty, "\(extract.stderr)")
        let contents = try Self.json(atPath: output + "/Levels.dataset/Contents.json")
        let data = try #require(contents["data"]?.array?.first)
        #expect(data["filename"]?.string == "levels.json" && data["universal-type-identifier"]?.string == "public.json")
        #expect(data["idiom"]?.string == "universal")
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: output + "/Levels.dataset/levels.json"))) == json)
    }
}
