@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

/// Data sets (`DataSetCompiler`): each file as it is, with its type identifier, keyed at scale 1.
@Suite struct DataSetCompilerTests {
    /// The file's bytes are the rendition's, named as the file, with the type identifier its
    /// extension names or its entry gives.
    @Test func eachFileIsStoredAsItIsWithItsType() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Levels.dataset",
            entries: [
                ["idiom": "universal", "filename": "levels.json"],
                ["idiom": "tv", "filename": "levels.bin", "universal-type-identifier": "com.example.levels"],
            ])
        let json = Array(#"{"levels":[1,2,3]}"#.utf8)
        try fixture.write(json, to: "Levels.dataset/levels.json")
        try fixture.write([0, 1, 2, 3, 255], to: "Levels.dataset/levels.bin")
        let (product, compiled) = try CompileFixture.compile(fixture, .appletvos)
        #expect(product.diagnostics.isEmpty, "\(product.diagnostics)")
        let files = compiled.renditions.filter { $0.name == "Levels" }
        #expect(Set(files.map(\.renditionName)) == ["levels.json", "levels.bin"])
        #expect(files.allSatisfy { $0.key.scale == 1 })
        let data = try #require(files.first { $0.renditionName == "levels.json" })
        #expect(data.uti == "public.json")
        #expect(try compiled.rawData(of: data) == json)
        let custom = try #require(files.first { $0.renditionName == "levels.bin" })
        #expect(custom.uti == "com.example.levels")
        #expect(try compiled.rawData(of: custom) == [0, 1, 2, 3, 255])
    }
}
