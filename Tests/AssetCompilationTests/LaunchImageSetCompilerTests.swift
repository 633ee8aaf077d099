@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

/// Launch images (`LaunchImageSetCompiler`): the set `--launch-image` names, its PNGs beside the
/// `.car` under actool's names, nothing inside it; `CompileCommandTests` holds every name and the
/// partial Info.plist through the command.
@Suite struct LaunchImageSetCompilerTests {
    static func launchImages() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "LaunchImage.launchimage",
            entries: [
                [
                    "orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "7.0", "scale": "2x",
                    "filename": "phone.png",
                ]
            ])
        try fixture.write(PNGFixture.png(width: 640, height: 960), to: "LaunchImage.launchimage/phone.png")
        return fixture
    }

    /// On iOS the named set's PNG is written beside the `.car`, unchanged, under actool's name.
    @Test func theNamedSetsPNGsAreWrittenBesideTheCatalog() throws {
        let (product, compiled) = try CompileFixture.compile(try Self.launchImages(), .iphoneos) { $0.launchImage = "LaunchImage" }
        #expect(compiled.renditions.isEmpty)
        #expect(product.looseFiles.map(\.name) == ["LaunchImage-700@2x.png"], "\(product.diagnostics)")
        #expect(product.looseFiles.first?.bytes == PNGFixture.png(width: 640, height: 960))
    }

    /// A launch image set `--launch-image` does not name is left out, saying how to name it; on
    /// another platform than iOS the named one is left out too.
    @Test func aSetNotNamedOrOnAnotherPlatformIsLeftOut() throws {
        let (product, _) = try CompileFixture.compile(try Self.launchImages(), .iphoneos)
        #expect(product.looseFiles.isEmpty)
        #expect(product.diagnostics.contains { $0.message == "launch image set 'LaunchImage' is not compiled: name it with --launch-image" })
        let (tv, _) = try CompileFixture.compile(try Self.launchImages(), .appletvos) { $0.launchImage = "LaunchImage" }
        #expect(tv.looseFiles.isEmpty)
        #expect(tv.diagnostics.contains { $0.message == "launch image set 'LaunchImage' is not compiled: launch images are written for iOS only" })
    }
}
