import AdaptSupport
@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

@testable import AssetCompilation

/// App icon sets (`AppIconSetCompiler`): slots, size lists and the files beside the catalog.
@Suite struct AppIconSetCompilerTests {
    /// An `iphone` 76x76 entry (an iPad size) is no iPhone slot: actool compiles no rendition of
    /// it (Xcode 14.3's build of a Flutter template's icon), and adapt says so at the entry.
    @Test func anAppIconEntryInASizeItsIdiomLacksIsLeftOut() throws {
        let fixture = try TemporaryCatalog()
        let png60 = PNGFixture.png(width: 120, height: 120)
        let png76 = PNGFixture.png(width: 152, height: 152)
        try fixture.addSet(
            "AppIcon.appiconset",
            entries: [
                ["idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "i120.png"],
                ["idiom": "iphone", "size": "76x76", "scale": "2x", "filename": "i152.png"],
                ["idiom": "ipad", "size": "76x76", "scale": "2x", "filename": "p152.png"],
            ])
        try fixture.write(png60, to: "AppIcon.appiconset/i120.png")
        try fixture.write(png76, to: "AppIcon.appiconset/i152.png")
        try fixture.write(png76, to: "AppIcon.appiconset/p152.png")
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        options.targetDevices = ["iphone", "ipad"]
        options.appIcon = "AppIcon"
        let source = try fixture.read()
        let product = try CatalogCompiler(options).compile([source])
        let catalog = try CompiledCatalog(bytes: try product.car, path: "Assets.car")
        let leftOut = product.diagnostics.filter { $0.rule == .compileLeftOut }
        #expect(leftOut.count == 1, "\(product.diagnostics)")
        let entry = try #require(source.assets.first { $0.name == "AppIcon" }?.variants[1])
        #expect(leftOut.first?.location == entry.location, "the iphone 76x76 entry: \(leftOut)")
        #expect(leftOut.first?.subject.asset == "AppIcon")
        let files = catalog.renditions.filter { $0.name == "AppIcon" }.map { "\($0.renditionName) idiom \($0.key.value(.idiom) ?? 0)" }
        #expect(files.filter { $0.hasPrefix("i152") }.isEmpty, "\(files)")
        #expect(files.contains("p152.png idiom 2") && files.contains("i120.png idiom 1"), "\(files)")
        // The iPhone's size list has no 76 points.
        let phoneList = try #require(catalog.renditions.first { $0.name == "AppIcon" && $0.layout == .multisizeImage && $0.key.value(.idiom) == 1 })
        guard case .multisizeImage(let sizes) = phoneList.payload else {
            Issue.record("the size list is not decoded: \(phoneList.payload)")
            return
        }
        #expect(sizes.map(\.width) == [60])
    }

    /// Planning reads no picture for the files beside the `.car`: a single-size iOS icon's two
    /// loose files are jobs naming their source and size, and the encode stage, on every core,
    /// resamples them (issue #36: side files encoded with the renditions, not on the planning thread).
    @Test func looseIconsArePlannedAsJobsAndResampledByTheEncodeStage() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "icon.png"]],
            files: ["icon.png"], pngBytes: PNGFixture.png(width: 1024, height: 1024))
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        options.targetDevices = ["iphone", "ipad"]
        options.appIcon = "AppIcon"
        let compiler = CatalogCompiler(options)
        let plan = try compiler.plan([try fixture.read()])
        #expect(plan.product.looseFiles.isEmpty, "planning writes no file")
        let jobs = plan.sideFiles.map { job -> String in
            guard case .looseIcon(let path, let side) = job.source else { return "\(job.name): \(job.source)" }
            return "\(job.name) \(side) \((path as NSString).lastPathComponent)"
        }
        #expect(jobs == ["AppIcon60x60@2x.png 120 icon.png", "AppIcon76x76@2x~ipad.png 152 icon.png"])
        let encoded = try compiler.encode(plan.sideFiles).map { try $0.get() }
        #expect(encoded.map { [$0.uint32BigEndian(at: 16), $0.uint32BigEndian(at: 20)] } == [[120, 120], [152, 152]], "each PNG's IHDR size")
    }

    /// A Mac app icon whose slots hold another format (home-assistant's hold WebP files named
    /// `.png`) compiles its renditions and an `.icns` of PNGs, as Xcode builds it.
    @Test func aMacAppIconInAnotherFormatCompilesWithItsICNS() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": "mac", "size": "16x16", "scale": "1x", "filename": "16.png"]], files: ["16.png"],
            pngBytes: ImageSetCompilerTests.bmp(side: 16, colour: [10, 20, 30]))
        var options = CompileOptions(platform: .macosx, deploymentTarget: "14.0")
        options.appIcon = "AppIcon"
        let product = try CatalogCompiler(options).compile([try fixture.read()])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "icon.car")
        let icon = try #require(compiled.renditions.first { $0.renditionName == "16.png" })
        #expect((icon.width, icon.height) == (16, 16))
        let icns = try #require(product.looseFiles.first { $0.name == "AppIcon.icns" }?.bytes)
        #expect(icns.starts(with: Array("icns".utf8)))
        #expect(icns.count > 8 && Array(icns[16..<20]) == [0x89, 0x50, 0x4E, 0x47])
    }
}
