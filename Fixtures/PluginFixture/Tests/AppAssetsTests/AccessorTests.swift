import AppAssets
import Testing

@Test func generatedAccessorsNameTheCatalogsAssets() {
    #expect(Asset.Icons.star.name == "Icons/Star")
    #expect(Asset.Icons.star.type == "imageset")
    #expect(Asset.tint.type == "colorset")
    #expect(Asset.level.type == "dataset")
    #expect(settingsAssets.map(\.name) == ["Icons/Star", "Icons/Heart", "Tint", "Level"])
}
