@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogExtraction
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// `adapt extract` writes an app icon (a multisize image and its slot renditions) as an app icon
/// set, each entry with its size: before, it wrote an image set whose ten entries collided on two
/// traits (eink-assistant's `AppIcon`; issue #37). The round trip is the test: extract a Mac
/// file of Xcode 26, compile the result for its platform with the icon named, and get the same
/// renditions back, pixel for pixel.
@Suite struct ExtractAppIconRoundTripTests {
    static let files = ["eink-assistant/Resources/Assets.car", RecentCorpus.grid.path, RecentCorpus.iMon.path]

    /// Each rendition of `AppIcon` but the packed images: name, scale, slot and pixel size.
    static func icons(_ catalog: CompiledCatalog) -> Set<String> {
        Set(
            catalog.renditions.filter { $0.name == "AppIcon" }.map {
                "\($0.renditionName) \($0.key.scale ?? 0)x slot \($0.key.dimension2 ?? 0) \($0.width)x\($0.height)"
            })
    }

    @Test(arguments: files)
    func anAppIconExtractsAsAnAppIconSetAndCompilesBack(_ file: String) throws {
        let apple = try CompiledCatalog(path: try RecentCorpus.path(file))
        let folder = try TemporaryCatalog(writeRootContents: false)
        let output = folder.root + "/Extracted.xcassets"
        _ = try CompiledExtraction(apple).write(to: output)
        let extracted = try CatalogReader().read(at: output)
        let icon = try #require(extracted.assets.first { $0.name == "AppIcon" })
        #expect(icon.type == .appIconSet)
        #expect(icon.variants.allSatisfy { $0.size != nil && $0.idiom == .device(.mac) })
        var options = CompileOptions(platform: .macosx, deploymentTarget: "14.0")
        options.appIcon = "AppIcon"
        let product = try CatalogCompiler(options).compile([extracted])
        let ours = try CompiledCatalog(bytes: try product.car, path: "round-trip.car")
        #expect(Self.icons(ours) == Self.icons(apple))
        let atlases = PackedImageCache()
        for rendition in ours.renditions where rendition.name == "AppIcon" && (rendition.key.dimension2 ?? 0) != 0 {
            let original = try #require(apple.renditions.first { $0.name == "AppIcon" && $0.renditionName == rendition.renditionName })
            guard case .pixels(let back)? = try ours.decodedBitmap(of: rendition),
                case .pixels(let source)? = try apple.decodedBitmap(of: original, atlases: atlases)
            else {
                Issue.record("\(rendition.renditionName) does not decode")
                continue
            }
            #expect(back.bytes == source.bytes, "\(rendition.renditionName)")
        }
    }
}
