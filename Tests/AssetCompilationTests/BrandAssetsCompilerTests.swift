@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// tvOS brand assets (`BrandAssetsCompiler`): the home-screen icon's stack, the App Store icon and
/// the top shelf images, as Xcode 26.5 compiles them; the stacks themselves are
/// `ImageStackCompilerTests`'s.
@Suite struct BrandAssetsCompilerTests {
    /// The App Store icon (1280 × 768 points) is keyed idiom marketing: its layers under its own
    /// name, its stack and flattened images under the home-screen icon's, as Xcode 26.5 compiles a
    /// brand asset. The top shelf images are image sets named in the partial Info.plist.
    @Test func theAppStoreIconIsKeyedMarketingUnderTheHomeIconsName() throws {
        let (product, ours, _) = try ImageStackCompilerTests.compile(try ImageStackCompilerTests.brandAssets(storeIcon: true, topShelf: true))
        let marketing = CompiledIdiom.marketing
        let storeLayers = ours.renditions.filter { $0.name?.hasPrefix("App Icon - App Store/") == true }
        #expect(storeLayers.count == 3 && storeLayers.allSatisfy { $0.key.idiom == marketing })
        let storeStack = ours.renditions.filter { $0.name == "App Icon" && $0.key.idiom == marketing }
        #expect(Set(storeStack.map(\.renditionName)) == ["Contents.json", "ZZZZFlattenedImage-1.1.0-gamut0", "ZZZZRadiosityImage-1.0.0"])
        let flattened = try #require(storeStack.first { $0.renditionName.hasPrefix("ZZZZFlattened") })
        #expect((flattened.width, flattened.height) == (1280, 768))
        let radiosity = try #require(storeStack.first { $0.renditionName.hasPrefix("ZZZZRadiosity") })
        #expect((radiosity.width, radiosity.height) == (1360, 848))
        #expect(!ours.facets.contains { $0.name == "App Icon - App Store" || $0.name.hasPrefix("Brand") })
        #expect(ours.renditions.contains { $0.name == "Top Shelf Image Wide" && $0.key.idiom == .tv })

        // Nothing beside the file: Xcode 26.5's actool lists only Assets.car and the partial
        // Info.plist for a brand asset (no loose top shelf image, no copy of the brand asset).
        #expect(product.looseFiles.isEmpty)
        #expect(product.topShelfImages == ["TVTopShelfPrimaryImage": "Top Shelf Image", "TVTopShelfPrimaryImageWide": "Top Shelf Image Wide"])
        var plist = PartialInfoPlist(platform: .appletvos, appIcon: product.appIconName)
        plist.topShelfImages = product.topShelfImages
        #expect(
            plist.propertyList
                == [
                    "CFBundleIcons": ["CFBundlePrimaryIcon": "App Icon"],
                    "TVTopShelfImage": ["TVTopShelfPrimaryImage": "Top Shelf Image", "TVTopShelfPrimaryImageWide": "Top Shelf Image Wide"],
                ])
    }

    /// Brand assets not named by `--app-icon` are left out, as an app icon set is, with a warning.
    @Test func brandAssetsNotNamedAreLeftOut() throws {
        let (product, ours, _) = try ImageStackCompilerTests.compile(try ImageStackCompilerTests.brandAssets(), appIcon: nil)
        #expect(ours.renditions.isEmpty)
        #expect(
            product.diagnostics.contains {
                $0.rule == .compileLeftOut && $0.message.contains("brand assets 'Brand' are not compiled: name them with --app-icon")
            })
    }
}
