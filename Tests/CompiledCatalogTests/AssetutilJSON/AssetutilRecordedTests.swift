import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

@testable import CompiledCatalog

/// `adapt inspect FILE.car --format json` against what Apple's `assetutil --info` printed for the
/// same file, field by field.
///
/// The one recorded pair found in public repositories: Timac's demo catalog, compiled by Xcode 10.0
/// (`IBCocoaTouchImageCatalogTool-10.0`, CoreUI 498, storage version 15, 38,248 bytes, SHA-256
/// `9086eaef…7975`), from his article "Reverse engineering the .car file format" (2018). It is kept
/// as `tests/Assets.car` in vaguilar/carutil (at d3e5ad2e30e27d7628e6a1d5856308d20e4cda6e), whose
/// `tests/assetutil_tests.rs` records assetutil's output for its header and four renditions
/// (`DumpToolVersion` 804.3); the article itself prints an older assetutil's output (498.46) for
/// all seven. Neither the repository nor the article states a licence, so the file is not
/// committed: like `RecentCorpusTests`, this suite reads it from a folder
/// (`ADAPTIVE_ASSETS_ASSETUTIL_RECORDED`, else `compiled/assetutil-recorded` in the shared corpus,
/// holding `timac/Assets.car`), is run by `Scripts/test-assetutil-recorded DIR`, and fails, rather
/// than skipping, when the folder is missing. `AssetutilSyntheticTests` hold each field it taught
/// on catalogs built in the test, and `CompiledInspectCommandTests` and the pinned documents of
/// `RenditionViewTests` the corpus's files, in every run.
@Suite struct AssetutilRecordedTests {
    /// A field that cannot match, and why.
    struct AllowedDifference {
        var key: String
        var reason: String
    }

    /// The header's fields assetutil prints that adapt cannot.
    static let headerDifferences = [
        AllowedDifference(
            key: "DumpToolVersion",
            reason:
                "the version of the tool that printed the document (assetutil's own: 498.46, 738.1, 804.3, 969 in the outputs found); adapt is not that tool")
    ]

    /// assetutil 804.3's output (carutil's `tests/assetutil_tests.rs`): the header, then four
    /// renditions, each found by its rendition name or name.
    static let recordedHeader = #"""
        {"AssetStorageVersion": "IBCocoaTouchImageCatalogTool-10.0",
         "Authoring Tool": "@(#)PROGRAM:CoreThemeDefinition  PROJECT:CoreThemeDefinition-346.29\n",
         "CoreUIVersion": 498, "DumpToolVersion": 804.3,
         "Key Format": ["kCRThemeAppearanceName", "kCRThemeScaleName", "kCRThemeIdiomName", "kCRThemeSubtypeName",
           "kCRThemeDeploymentTargetName", "kCRThemeGraphicsClassName", "kCRThemeMemoryClassName", "kCRThemeDisplayGamutName",
           "kCRThemeDirectionName", "kCRThemeSizeClassHorizontalName", "kCRThemeSizeClassVerticalName", "kCRThemeIdentifierName",
           "kCRThemeElementName", "kCRThemePartName", "kCRThemeStateName", "kCRThemeValueName", "kCRThemeDimension1Name",
           "kCRThemeDimension2Name"],
         "MainVersion": "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-498.40.1\n", "Platform": "ios", "PlatformVersion": "12.0",
         "SchemaVersion": 2, "StorageVersion": 15, "Timestamp": 1539543253}
        """#

    static let recordedRenditions: [String: String] = [
        "MyColor": #"""
        {"AssetType": "Color", "Color components": [1, 0, 0, 0.5], "Colorspace": "srgb", "Idiom": "universal", "Name": "MyColor",
         "NameIdentifier": 44959, "Scale": 1, "SHA1Digest": "A70B9FF64C7A53A6954EDE57F2EFA20BEB8FCC2E80CD8CF530FD9A6D4ACB4124",
         "SizeOnDisk": 260, "State": "Normal", "Value": "Off"}
        """#,
        "MyText": #"""
        {"AssetType": "Data", "Compression": "uncompressed", "Data Length": 14, "Idiom": "universal", "Name": "MyText",
         "NameIdentifier": 37430, "Scale": 1, "SHA1Digest": "D1A38F18DBBEB13BE04B7D5B55A36F3B6636ECF4007129E375D4A15AA45E9CDD",
         "SizeOnDisk": 238, "State": "Normal", "UTI": "UTI-Unknown", "Value": "Off"}
        """#,
        "TimacJPG.jpg": #"""
        {"AssetType": "Image", "BitsPerComponent": 8, "ColorModel": "RGB", "Encoding": "JPEG", "Idiom": "universal", "Name": "MyJPG",
         "NameIdentifier": 48301, "Opaque": true, "PixelHeight": 200, "PixelWidth": 200, "RenditionName": "TimacJPG.jpg",
         "SHA1Digest": "39A48EB47A367C1099FAFBFDFAEED19F5DA85E8F17EFF1DB26A644A0D39C7A52", "Scale": 1, "SizeOnDisk": 8042,
         "State": "Normal", "Template Mode": "automatic", "Value": "Off"}
        """#,
        "Timac@3x.png": #"""
        {"AssetType": "Image", "BitsPerComponent": 8, "ColorModel": "RGB", "Colorspace": "srgb", "Compression": "palette-img",
         "Encoding": "ARGB", "Idiom": "universal", "Name": "MyPNG", "NameIdentifier": 32625, "Opaque": false, "PixelHeight": 84,
         "PixelWidth": 84, "RenditionName": "Timac@3x.png", "Scale": 3,
         "SHA1Digest": "3F7342D3BD5E83979F101C11E58F1ACC61E983EA56881A139D7ACC711A5D1193", "SizeOnDisk": 1961, "State": "Normal",
         "Template Mode": "automatic", "Value": "Off"}
        """#,
    ]

    static func object(_ text: String) throws -> JSONObject { try #require(try JSONParser.parse(Array(text.utf8)).object) }

    static var folder: String? {
        let environment = ProcessInfo.processInfo.environment["ADAPTIVE_ASSETS_ASSETUTIL_RECORDED"]
        guard let folder = environment ?? (try? Corpus.root).map({ $0 + "/compiled/assetutil-recorded" }) else { return nil }
        return FileManager.default.fileExists(atPath: folder + "/timac/Assets.car") ? folder : nil
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "timac/Assets.car was not found: give its folder to Scripts/test-assetutil-recorded (or set ADAPTIVE_ASSETS_ASSETUTIL_RECORDED)"
        }
    }

    static func document() throws -> [JSONValue] {
        guard let folder else { throw Missing() }
        let catalog = try CompiledCatalog(path: folder + "/timac/Assets.car")
        return try #require(try JSONParser.parse(CompiledCatalog.AssetutilDocument(catalog).bytes()).array)
    }

    /// Every key of the recorded entry, and no other, with its value (numbers by value), but for
    /// the allowed differences.
    static func compare(_ printed: JSONObject, _ recorded: JSONObject, allowed: [AllowedDifference], _ entry: String) {
        let allowedKeys = Set(allowed.map(\.key))
        let printedKeys = Set(printed.keys).subtracting(allowedKeys)
        let recordedKeys = Set(recorded.keys).subtracting(allowedKeys)
        #expect(
            printedKeys == recordedKeys,
            "\(entry): keys only adapt prints \(printedKeys.subtracting(recordedKeys).sorted()), only assetutil \(recordedKeys.subtracting(printedKeys).sorted())"
        )
        for key in printedKeys.intersection(recordedKeys).sorted() {
            #expect(
                same(printed[key], recorded[key]), "\(entry): \(key): adapt \(String(describing: printed[key])), assetutil \(String(describing: recorded[key]))"
            )
        }
    }

    static func same(_ one: JSONValue?, _ other: JSONValue?) -> Bool {
        switch (one, other) {
        case (.number(let a), .number(let b)): Double(a) == Double(b)
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        default: one == other
        }
    }

    @Test func theHeaderMatchesAssetutilsFieldByField() throws {
        let header = try #require(try Self.document().first?.object)
        Self.compare(header, try Self.object(Self.recordedHeader), allowed: Self.headerDifferences, "header")
    }

    @Test(arguments: recordedRenditions.keys.sorted())
    func eachRecordedRenditionMatchesFieldByField(_ name: String) throws {
        let entries = try Self.document().dropFirst().compactMap(\.object)
        let printed = try #require(entries.first { $0["RenditionName"]?.string == name || $0["Name"]?.string == name })
        Self.compare(printed, try Self.object(try #require(Self.recordedRenditions[name])), allowed: [], name)
    }
}
