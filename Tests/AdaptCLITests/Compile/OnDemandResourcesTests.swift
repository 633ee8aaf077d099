import AdaptSupport
import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// On-demand resources through the binary, as Xcode's build system drives actool (swift-build):
/// `--print-asset-tag-combinations` first, then a compile with `--enable-on-demand-resources YES`
/// and the asset pack list it wrote.
@Suite struct OnDemandResourcesTests {
    /// `Always` untagged, `Level1` tagged `level1`, `Both` tagged `level1` and `bonus`.
    static func catalog() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        for (name, tags) in [("Always", [String]()), ("Level1", ["level1"]), ("Both", ["level1", "bonus"])] {
            try fixture.addSet(
                "\(name).imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "a.png"]], files: ["a.png"],
                properties: tags.isEmpty ? nil : ["on-demand-resource-tags": .array(tags.map(JSONValue.string))],
                pngBytes: PNGFixture.png(width: 4, height: 4))
        }
        return fixture
    }

    /// The list swift-build writes (`AssetPackOutputSpecificationsPlist`): one pack per tag set.
    static func specifications(_ packs: [(id: String, path: String, tags: [String])]) -> String {
        PropertyList.array(
            packs.map { ["bundle-id": .string($0.id), "bundle-path": .string($0.path), "tags": .array($0.tags.map(PropertyList.string))] }
        ).xml
    }

    static func compile(_ fixture: TemporaryCatalog, _ extra: [String]) throws -> AdaptRun {
        try Adapt.run(
            [
                "compile", fixture.path, "--compile", fixture.root + "/Build", "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                "--output-format", "human-readable-text", "--warnings",
            ] + extra)
    }

    @Test func theTagCombinationsAreAnsweredWithoutAPlatform() throws {
        let fixture = try Self.catalog()
        let run = try Adapt.run(["compile", "--print-asset-tag-combinations", "--output-format", "xml1", fixture.path])
        #expect(run.status == 0, "\(run.stderr)")
        let expected: PropertyList = ["com.apple.actool.asset-tag-combinations": [["bonus", "level1"], ["level1"]]]
        #expect(run.stdout == expected.xml)
    }

    @Test func taggedSetsGoIntoTheirPacks() throws {
        let fixture = try Self.catalog()
        let packs = fixture.root + "/Build/OnDemandResources"
        let level1 = packs + "/com.example.App.level1-aaa.assetpack"
        let both = packs + "/com.example.App.bonus+level1-bbb.assetpack"
        try Self.specifications([("com.example.App.asset-pack-aaa", level1, ["level1"]), ("com.example.App.asset-pack-bbb", both, ["bonus", "level1"])])
            .write(toFile: fixture.root + "/specs.plist", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: packs, withIntermediateDirectories: true)
        let run = try Self.compile(fixture, ["--enable-on-demand-resources", "YES", "--asset-pack-output-specifications", fixture.root + "/specs.plist"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try CompiledCatalog(path: fixture.root + "/Build/Assets.car").facets.map(\.name) == ["Always"])
        #expect(try CompiledCatalog(path: level1 + "/Assets.car").facets.map(\.name) == ["Level1"])
        #expect(try CompiledCatalog(path: both + "/Assets.car").facets.map(\.name) == ["Both"])
        #expect(run.stdout.contains(level1 + "/Assets.car") && run.stdout.contains(both + "/Assets.car"))

        // Without YES, every set is in the main file, as before.
        let off = try Self.compile(fixture, ["--enable-on-demand-resources", "NO", "--asset-pack-output-specifications", fixture.root + "/specs.plist"])
        #expect(off.status == 0, "\(off.stderr)")
        #expect(Set(try CompiledCatalog(path: fixture.root + "/Build/Assets.car").facets.map(\.name)) == ["Always", "Level1", "Both"])
    }

    /// A tagged set no pack has is an error naming it and its tags, and nothing is written.
    @Test func aTagSetWithoutAPackIsAnError() throws {
        let fixture = try Self.catalog()
        try Self.specifications([("com.example.App.asset-pack-aaa", fixture.root + "/Build/a.assetpack", ["level1"])])
            .write(toFile: fixture.root + "/specs.plist", atomically: true, encoding: .utf8)
        let run = try Self.compile(fixture, ["--enable-on-demand-resources", "YES", "--asset-pack-output-specifications", fixture.root + "/specs.plist"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "imageset 'Both' has the on-demand resource tags bonus, level1 and no asset pack in --asset-pack-output-specifications has them [compile.output]"
            ),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
    }

    /// The pack list is read as written: entities, comments, any key order; nesting past 64
    /// levels and other values are refused, not followed.
    @Test func thePackListIsReadAsWritten() throws {
        let fixture = try TemporaryCatalog()
        let path = fixture.root + "/specs.plist"
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <!-- one pack -->
        <array>
          <dict>
            <key>tags</key> <array><string>a&amp;b</string><!-- c --><string>&#x263A;</string></array>
            <key>bundle-path</key> <string>/out/x&lt;y&gt;.assetpack</string>
            <key>bundle-id</key> <string>com.example.App.asset-pack-1</string>
          </dict>
        </array>
        </plist>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(
            try AssetPackSpecification.read(at: path)
                == [AssetPackSpecification(bundleID: "com.example.App.asset-pack-1", tags: ["a&b", "\u{263A}"], bundlePath: "/out/x<y>.assetpack")])
        let deep = "<plist>" + String(repeating: "<array>", count: 100) + String(repeating: "</array>", count: 100) + "</plist>"
        try deep.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: Diagnostic.self) { try AssetPackSpecification.read(at: path) }
        try "<plist><array><dict><key>bundle-id</key><integer>3</integer></dict></array></plist>".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: Diagnostic.self) { try AssetPackSpecification.read(at: path) }
    }

    /// A pack that cannot compile stops the run before anything is written, the main file too.
    @Test func aPackThatFailsLeavesNoFile() throws {
        let fixture = try Self.catalog()
        // Larger than --max-pixels allows: found by the compile, not by the validation before it.
        try fixture.write(PNGFixture.png(width: 8, height: 8), to: "Level1.imageset/a.png")
        let pack = fixture.root + "/Build/OnDemandResources/level1.assetpack"
        try Self.specifications([("a", pack, ["level1"]), ("b", fixture.root + "/Build/OnDemandResources/both.assetpack", ["bonus", "level1"])])
            .write(toFile: fixture.root + "/specs.plist", atomically: true, encoding: .utf8)
        let run = try Self.compile(
            fixture, ["--enable-on-demand-resources", "YES", "--asset-pack-output-specifications", fixture.root + "/specs.plist", "--max-pixels", "20"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Level1.imageset/a.png") && run.stderr.contains("[compile.too-large]"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Build/Assets.car"))
        #expect(!FileManager.default.fileExists(atPath: pack + "/Assets.car"))
    }

    /// A list that is not an XML property list of packs is an error naming the file.
    @Test func aBrokenListIsAnErrorNamingIt() throws {
        let fixture = try Self.catalog()
        try "[not a plist".write(toFile: fixture.root + "/specs.plist", atomically: true, encoding: .utf8)
        let run = try Self.compile(fixture, ["--enable-on-demand-resources", "YES", "--asset-pack-output-specifications", fixture.root + "/specs.plist"])
        #expect(run.status == 1)
        #expect(run.stderr.contains(fixture.root + "/specs.plist:1:1: error: is not an XML property list"), "\(run.stderr)")
    }
}
