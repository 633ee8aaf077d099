import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// The round trip of issue #37 §7 over Apple's iOS, tvOS and macOS files: extract each, compile
/// the result for the file's platform and device family, and `adapt diff` finds no asset or
/// variant added, removed or changed in content (pixels within diff's tolerance, data, colours).
/// It failed twice before: the PDFs Xcode 7.3 kept as vectors came back only as bitmaps (extract
/// now marks such a set `preserves-vector-representation`); and `r_template`'s transparent pixels
/// came back opaque (flag bit 3, read as "opaque", is also the template mode's low bit), and
/// extract wrote no `template-rendering-intent`.
///
/// Not here: `assets_ios.car` (iPhone and iPad at once) and `assets_watch.car`. In both, an image
/// Apple rasterised from a PDF at a scale no bitmap entry had (the iPad's 3x; the watch's 1x and
/// 3x) comes back as a PNG entry of its own, which then covers a universal bitmap of that scale
/// that Apple kept beside it (`v_overrides`' `blue.png`, `blue@3x.png`), so compile leaves that
/// one out, as actool would for such a catalog. A Contents.json cannot say "drawn from this PDF";
/// leaving the drawings out instead would redraw them with adapt's renderer (within 23 levels of
/// Apple's, past diff's tolerance). The watch file's other sets do come back (extract writes its
/// subtypes as the `screen-width` they stand for, which compile reads).
@Suite struct ExtractRoundTripTests {
    @Test(arguments: [
        ("assets_iphone.car", "iphoneos", "iphone"), ("assets_ipad.car", "iphoneos", "ipad"), ("assets_tv.car", "appletvos", "tv"),
        ("assets_mac.car", "macosx", "mac"),
    ])
    func anAppleFileExtractsAndCompilesBackUnchanged(file: String, platform: String, device: String) throws {
        let folder = CompiledThinCommandTests.temporary("round-trip")
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let apple = try CompiledInspectCommandTests.corpusFile(file)
        let extract = try Adapt.run(["extract", apple, "-o", folder + "/Extracted.xcassets"])
        #expect(extract.status == 0, "\(extract.stderr)")
        let compile = try Adapt.run([
            "compile", folder + "/Extracted.xcassets", "--compile", folder + "/out", "--platform", platform, "--minimum-deployment-target",
            platform == "macosx" ? "10.11" : "9.0",
            "--target-device", device,
        ])
        #expect(compile.status == 0, "\(compile.stderr)")
        let diff = try Adapt.run(["diff", apple, folder + "/out/Assets.car", "--format", "json"])
        let document = try JSONParser.parse(Array(diff.stdout.utf8))
        for part in ["added", "removed", "changed"] {
            #expect(document[part]?.array?.isEmpty == true, "\(file): \(part): \(diff.stdout.prefix(2000))")
        }
        // The template set says so again, and its pixels keep their transparency.
        let template = try String(contentsOfFile: folder + "/Extracted.xcassets/r_template.imageset/Contents.json", encoding: .utf8)
        #expect(template.contains("\"template-rendering-intent\" : \"template\""))
    }
}
