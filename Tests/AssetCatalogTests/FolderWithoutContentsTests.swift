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

    /// A macOS `.iconset` never has a Contents.json (its file names are its entries), at the
    /// catalog's root or in a group of document icons, however deep (two shipping apps keep
    /// theirs in `DocIcons/` and `Icons/`).
    @Test func anIconSetNeedsNoContentsAtAnyDepth() throws {
        let fixture = try TemporaryCatalog()
        let files = ["icon_16x16.png", "icon_16x16@2x.png", "icon_512x512@2x.png"]
        let folders = ["App.iconset", "DocIcons/Text.iconset", "DocIcons/Image.iconset", "DocIcons/Legacy/Old/Archive.iconset"]
        for folder in folders {
            for file in files { try fixture.write("png", to: folder + "/" + file) }
        }
        let catalog = try fixture.read()
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        #expect(catalog.assets.map(\.name).sorted() == ["App", "Archive", "Image", "Text"])
        #expect(catalog.assets.allSatisfy { $0.type == .iconSet && $0.variants.map(\.filename) == files })
    }

    @Test func aSetWithoutContentsIsStillAnError() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write("png", to: "Loose.imageset/l.png")
        #expect(
            try fixture.read().diagnostics.map(\.code) == ["catalog.missing-contents"],
            "a set's Contents.json says which file is which: actool cannot use the set without it")
    }
}
