@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

/// The compiler itself, without the command's validation in front of it.
@Suite struct CatalogCompilerTests {
    /// A PNG whose chunks are well formed but whose pixels libpng refuses reaches the decoder:
    /// an error naming the file, and no file.
    @Test func aPNGLibpngRefusesIsAnErrorNamingIt() throws {
        let fixture = try TemporaryCatalog()
        var png = PNGFixture.png(width: 8, height: 8)
        // Corrupt the image data (keeping the chunk walk's structure): the zlib stream no longer inflates.
        let data = try #require(PNGFixture.dataRange(of: "IDAT", in: png))
        for index in data.dropFirst(2) { png[index] = 0xFF }
        try fixture.addSet("Broken.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "b@2x.png"]], files: ["b@2x.png"], pngBytes: png)
        let catalog = try fixture.read()
        #expect(throws: CompileFailure.self) { try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog]) }
        do throws(CompileFailure) {
            _ = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        } catch {
            let finding = try #require(error.diagnostics.first { $0.rule == .compileUnreadable })
            #expect(finding.location?.file.hasSuffix("Broken.imageset/b@2x.png") == true)
        }
    }

    /// `--max-pixels` bounds every decode: a larger image is an error naming it.
    /// A Display P3 entry is keyed with display-gamut 1, as Apple keys one (`CompiledTraitNumbers.displayGamuts`),
    /// and an sRGB one with none; read back, each is its gamut.
    @Test func aP3EntryIsKeyedAsAppleKeysOne() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Wide.imageset",
            entries: [
                ["idiom": "universal", "scale": "2x", "filename": "s@2x.png", "display-gamut": "sRGB"],
                ["idiom": "universal", "scale": "2x", "filename": "p@2x.png", "display-gamut": "display-P3"],
            ], files: ["s@2x.png", "p@2x.png"], pngBytes: PNGFixture.png(width: 4, height: 4))
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([try fixture.read()])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "gamut.car")
        let wide = try #require(compiled.renditions.first { $0.renditionName == "p@2x.png" })
        let standard = try #require(compiled.renditions.first { $0.renditionName == "s@2x.png" })
        #expect(wide.key.value(.displayGamut) == 1)
        #expect(wide.key.displayGamut == .P3)
        #expect((standard.key.value(.displayGamut) ?? 0) == 0)
    }

    @Test func imagesPastTheLimitAreRefused() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Big.imageset", entries: [["idiom": "universal", "scale": "1x", "filename": "big.png"]], files: ["big.png"],
            pngBytes: PNGFixture.png(width: 300, height: 300))
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        options.maxPixels = 100 * 100
        let catalog = try fixture.read()
        do throws(CompileFailure) {
            _ = try CatalogCompiler(options).compile([catalog])
            Issue.record("a 300 x 300 image compiled under a 10,000-pixel limit")
        } catch {
            #expect(error.diagnostics.contains { $0.rule == .compileTooLarge && $0.location?.file.hasSuffix("big.png") == true })
        }
    }

    /// A name longer than the CSI header's 127 bytes is cut at a character boundary there, and
    /// kept whole where CoreUI looks names up (`FACETKEYS`).
    @Test func longNamesAreBoundedInTheHeaderAndWholeInTheFacet() throws {
        let fixture = try TemporaryCatalog()
        let name = String(repeating: "é", count: 100) // 200 bytes of UTF-8
        try fixture.addSet(
            name + ".imageset", entries: [["idiom": "universal", "scale": "1x", "filename": .string(name + ".png")]], files: [name + ".png"],
            pngBytes: PNGFixture.png(width: 4, height: 4))
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([try fixture.read()])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "long.car")
        #expect(compiled.facets.map(\.name) == [name])
        let stored = try #require(compiled.renditions.first { $0.layout != .packedImage }?.renditionName)
        #expect(stored.utf8.count <= 127 && name.hasPrefix(stored) && !stored.contains("\u{FFFD}"))
    }

    /// A HEIC image is stored as it is (pixel format `HEIF`), with the size its `ispe` states.
    @Test func heicIsStoredWithItsSize() throws {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + body.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
        }
        let ispe = box("ispe", [0, 0, 0, 0] + [0, 0, 0, 40] + [0, 0, 0, 30])
        let heic = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0]) + box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", ispe)))
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Photo.imageset", entries: [["idiom": "universal", "scale": "2x", "filename": "photo@2x.heic"]], files: ["photo@2x.heic"], pngBytes: heic)
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([try fixture.read()])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "heic.car")
        let rendition = try #require(compiled.renditions.first)
        #expect(rendition.pixelFormat == .heif)
        #expect(try compiled.rawData(of: rendition) == heic)
        #expect(rendition.properties.contains { if case .slices(let slices) = $0 { slices.map(\.description) == ["40x30+0+0"] } else { false } })
    }
}
