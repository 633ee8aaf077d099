import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// The round trip of issue #37 §7 over Apple's iOS and tvOS files: extract each, compile the
/// result for the file's platform and device family, and `adapt diff` finds no asset or variant
/// added, removed or changed in content (pixels within diff's tolerance, data, colours). It failed
/// twice before: the PDFs Xcode 7.3 kept as vectors came back only as bitmaps (extract now marks
/// such a set `preserves-vector-representation`), and `r_template`'s transparent pixels came back
/// opaque (flag bit 3, read as "opaque", is also the template mode's low bit), and extract wrote no
/// `template-rendering-intent`.
@Suite struct ExtractRoundTripTests {
    @Test(arguments: [
        ("assets_iphone.car", "iphoneos", "iphone"), ("assets_ipad.car", "iphoneos", "ipad"), ("assets_tv.car", "appletvos", "tv"),
    ])
    func anAppleFileExtractsAndCompilesBackUnchanged(file: String, platform: String, device: String) throws {
        let folder = CompiledThinCommandTests.temporary("round-trip")
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let apple = try CompiledInspectCommandTests.corpusFile(file)
        let extract = try Adapt.run(["extract", apple, "-o", folder + "/Extracted.xcassets"])
        #expect(extract.status == 0, "\(extract.stderr)")
        let compile = try Adapt.run([
            "compile", folder + "/Extracted.xcassets", "--compile", folder + "/out", "--platform", platform, "--minimum-deployment-target", "9.0",
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
