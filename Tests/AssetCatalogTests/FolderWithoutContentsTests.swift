import AssetCatalog
import CatalogFixtures
import Testing

/// Xcode reads catalog and group folders that have no Contents.json (folders made outside Xcode
/// have none); so does the reader, without a word, since the defaults it applies are Xcode's too.
@Suite struct FolderWithoutContentsTests {
    @Test func aCatalogAndAGroupWithoutContentsAreReadSilently() throws {
        let fixture = try TemporaryCatalog(writeRootContents: false)
        try fixture.addSet("Icons/Star.imageset", entries: [["idiom": "universal", "filename": "s.png"]], files: ["s.png"])
        try fixture.addSet("Top.colorset", entries: [["idiom": "universal", "color": ["reference": "labelColor"]]])
        let catalog = try fixture.read()
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        #expect(catalog.assets.map(\.name) == ["Star", "Top"])
        #expect(catalog.groups.map(\.providesNamespace) == [false], "a group without Contents.json provides no namespace")
    }

    @Test func aSetWithoutContentsIsStillAnError() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write("png", to: "Loose.imageset/l.png")
        #expect(try fixture.read().diagnostics.map(\.code) == ["catalog.missing-contents"],
                "a set's Contents.json says which file is which: actool cannot use the set without it")
    }
}
