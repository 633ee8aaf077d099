import AssetCatalog
import AssetValidation
import CatalogFixtures
import DeviceProfiles
import Testing

/// Which assets may share a qualified name: only those found by the same lookup clash
/// (`AssetType.LookupNamespace`), and a clash is a warning, as in Xcode.
@Suite struct NameSharingTests {
    let devices = try! DeviceDatabase.builtIn()

    static let setsByFolder: [String: (entries: [JSONValue], files: [String])] = [
        "imageset": ([["idiom": "universal", "filename": "a.png"]], ["a.png"]),
        "symbolset": ([["idiom": "universal", "filename": "a.svg"]], ["a.svg"]),
        "colorset": ([["idiom": "universal", "color": ["reference": "labelColor"]]], []),
        "dataset": ([["idiom": "universal", "filename": "a.json"]], ["a.json"]),
        "appiconset": ([["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "a.png"]], ["a.png"]),
        "imagestack": ([], []),
        "solidimagestack": ([], []),
        "brandassets": ([], []),
    ]

    func collisions(_ folders: [String]) throws -> [Diagnostic] {
        let fixture = try TemporaryCatalog()
        for folder in folders {
            let set = try #require(Self.setsByFolder[folder.pathExtension])
            try fixture.addSet(folder, entries: set.entries, files: set.files)
        }
        return Validator(devices: devices, imageChecks: .none).validate([try fixture.read()]).diagnostics
            .filter { $0.code == "name.collision" }
    }

    @Test(arguments: [
        ["Brand.imageset", "Brand.colorset"], ["Brand.imageset", "Brand.dataset"], ["Brand.colorset", "Brand.dataset"],
        ["AppIcon.imageset", "AppIcon.appiconset"], ["AppIcon.appiconset", "AppIcon.solidimagestack"],
        ["AppIcon.appiconset", "AppIcon.brandassets"], ["AppIcon.solidimagestack", "AppIcon.brandassets"],
        ["Star.imageset", "Star.symbolset"], ["Star.symbolset", "Star.imageset"],
    ])
    func namesFoundByDifferentLookupsMayBeShared(folders: [String]) throws {
        #expect(try collisions(folders.map { "\($0 == folders[0] ? "A" : "B")/\($0)" }).isEmpty)
    }

    @Test func twoSetsOfOneKindAreAWarningNamingBothPaths() throws {
        let found = try collisions(["One/Icon.imageset", "Two/Icon.imageset"])
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("used by multiple imagesets: One/Icon.imageset and Two/Icon.imageset") == true)
        #expect(found.first?.location?.file.hasSuffix("Two/Icon.imageset/Contents.json") == true)
    }

    @Test func differentKindsFoundByOneLookupAreAWarning() throws {
        let found = try collisions(["A/Poster.imageset", "B/Poster.imagestack"])
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("both load through the image lookup") == true)
    }

    @Test func aSymbolSetDoesNotHideAClashBetweenTwoImageSets() throws {
        #expect(try collisions(["A/Star.imageset", "B/Star.symbolset", "C/Star.imageset"]).count == 1)
    }

    @Test func acrossCatalogsThePathsNameTheirCatalogs() throws {
        let app = try TemporaryCatalog(name: "App.xcassets")
        let widget = try TemporaryCatalog(name: "Widget.xcassets")
        for fixture in [app, widget] {
            try fixture.addSet("AccentColor.colorset", entries: [["idiom": "universal", "color": ["reference": "systemBlueColor"]]])
        }
        let found = Validator(devices: devices, imageChecks: .none).validate([try app.read(), try widget.read()]).diagnostics
            .filter { $0.code == "name.collision" }
        #expect(
            found.map(\.message) == [
                "the name 'AccentColor' is used by multiple colorsets: App.xcassets/AccentColor.colorset and Widget.xcassets/AccentColor.colorset; a lookup by name gets only one of them"
            ])
    }

    @Test func aCatalogGivenTwiceDoesNotCollideWithItself() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Logo.imageset", entries: [["idiom": "universal", "filename": "l.png"]], files: ["l.png"])
        let result = Validator(devices: devices, imageChecks: .none)
            .validate(catalogsAt: [fixture.path, fixture.path + "/", fixture.path + "/../" + fixture.path.lastPathComponent])
        #expect(result.catalogs.count == 1)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}
