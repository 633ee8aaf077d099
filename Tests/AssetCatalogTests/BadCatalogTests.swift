import AssetCatalog
import CatalogFixtures
import Testing

/// Bad input never stops the whole catalog: each problem is a located diagnostic.
@Suite struct BadCatalogTests {
    @Test func malformedJSONIsAnErrorWithLineAndColumn() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write("{\n  \"images\" : [\n    { \"scale\" : \"2x\" \n    \"idiom\" : \"universal\" }\n  ]\n}", to: "Bad.imageset/Contents.json")
        try fixture.addSet("Good.imageset", entries: [["idiom": "universal", "filename": "g.png"]], files: ["g.png"])
        let catalog = try fixture.read()
        let error = try #require(catalog.diagnostics.first { $0.code == "json.malformed" })
        #expect(error.severity == .error)
        #expect(error.location?.file.hasSuffix("Bad.imageset/Contents.json") == true)
        #expect(error.location?.line == 4)
        #expect(error.location?.column == 5)
        #expect(error.description.contains("Bad.imageset/Contents.json:4:5: error: malformed JSON"))
        // The rest of the catalog is still read.
        #expect(catalog.asset(named: "Good")?.variants.count == 1)
        #expect(catalog.asset(named: "Bad")?.variants.isEmpty == true)
    }

    @Test func missingFileIsAnErrorAtTheEntry() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Icon.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x", "filename": "present.png"],
                ["idiom": "universal", "scale": "2x", "filename": "absent.png"],
            ], files: ["present.png"])
        let catalog = try fixture.read()
        let error = try #require(catalog.diagnostics.first { $0.code == "contents.missing-file" })
        #expect(error.message.contains("absent.png"))
        #expect(error.location?.line == 11) // the "filename" key of the second entry
        let asset = try #require(catalog.asset(named: "Icon"))
        #expect(asset.variants[1].fileProblem != nil)
        #expect(asset.selectableVariants.map(\.filename) == ["present.png"])
    }

    @Test(arguments: ["../escape.png", "/etc/passwd", "sub/dir.png", ".."])
    func filenamesOutsideTheSetAreErrors(name: String) throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Icon.imageset", entries: [["idiom": "universal", "filename": .string(name)]])
        let catalog = try fixture.read()
        let error = try #require(catalog.diagnostics.first { $0.code == "contents.bad-filename" })
        #expect(error.severity == .error)
        #expect(catalog.asset(named: "Icon")?.selectableVariants.isEmpty == true)
    }

    @Test func setWithoutContentsIsAnError() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write([0x89, 0x50], to: "Orphan.imageset/orphan.png")
        let catalog = try fixture.read()
        let error = try #require(catalog.diagnostics.first { $0.code == "catalog.missing-contents" })
        #expect(error.severity == .error)
        #expect(error.location?.file.hasSuffix("Orphan.imageset") == true)
        #expect(catalog.asset(named: "Orphan")?.files == ["orphan.png"])
    }

    @Test func emptyCatalogIsANoteNotAFailure() throws {
        let fixture = try TemporaryCatalog(writeRootContents: false)
        let catalog = try fixture.read()
        #expect(catalog.assets.isEmpty)
        #expect(catalog.diagnostics.map(\.code) == ["catalog.empty"])
        #expect(catalog.diagnostics.map(\.severity) == [.note], "Xcode's SwiftUI template ships an empty Preview Assets catalog")
        #expect(!catalog.diagnostics.hasErrors)
    }

    @Test func missingCatalogThrowsWithItsPath() {
        #expect {
            _ = try CatalogReader().read(at: "/nonexistent/Missing.xcassets")
        } throws: { error in
            (error as? CatalogReader.Failure)?.diagnostic.description.hasPrefix("/nonexistent/Missing.xcassets:1:1: error:") == true
        }
    }

    @Test func unknownValuesAndKeysAreWarningsAndTheVariantIsNeverSelectable() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "iphone", "scale": "4x", "filename": "a.png"],
                ["idiom": "smartfridge", "filename": "b.png", "frobnicate": true],
                ["idiom": "universal", "filename": "c.png", "appearances": [["appearance": "luminosity", "value": "sepia"]]],
            ], files: ["a.png", "b.png", "c.png"])
        let catalog = try fixture.read()
        #expect(!catalog.diagnostics.hasErrors)
        #expect(catalog.diagnostics.filter { $0.code == "contents.unknown-value" }.count == 3)
        #expect(catalog.diagnostics.filter { $0.code == "contents.unknown-key" }.count == 1)
        let asset = try #require(catalog.asset(named: "A"))
        #expect(asset.variants[0].unrecognized == ["scale": "4x"])
        #expect(asset.variants[1].unrecognized == ["idiom": "smartfridge"])
        #expect(asset.variants[1].entry["frobnicate"] == true) // unknown keys are kept
        #expect(asset.selectableVariants.isEmpty)
    }

    @Test func everyNamedKeyIsRead() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "All.imageset",
            entries: [
                [
                    "idiom": "iphone", "screen-width": ">145", "width-class": "compact", "height-class": "regular",
                    "language-direction": "right-to-left", "memory": "3GB", "graphics-feature-set": "metal3v1",
                    "display-gamut": "display-P3", "scale": "3x", "filename": "all.png", "subtype": "retina4",
                    "size": "60x60", "role": "appLauncher", "platform": "ios", "unassigned": true, "locale": "ar",
                    "resizing": ["mode": "9-part"], "alignment-insets": ["top": 1], "template-rendering-intent": "template",
                    "compression-type": "lossless",
                    "appearances": [["appearance": "luminosity", "value": "dark"], ["appearance": "contrast", "value": "high"]],
                ]
            ], files: ["all.png"],
            properties: [
                "preserves-vector-representation": true, "on-demand-resource-tags": ["level1"], "localizable": true,
                "template-rendering-intent": "original",
            ])
        let catalog = try fixture.read()
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        let asset = try #require(catalog.asset(named: "All"))
        let variant = try #require(asset.variants.first)
        #expect(variant.idiom == .device(.phone))
        #expect(variant.screenWidth == ScreenWidthCondition(.greaterThan, 145))
        #expect(variant.horizontalSizeClass == .compact && variant.verticalSizeClass == .regular)
        #expect(variant.layoutDirection == .rightToLeft)
        #expect(variant.memory == 3 && variant.graphicsFeatureSet == .metal3v1)
        #expect(variant.displayGamut == .P3 && variant.scale == 3)
        #expect(variant.userInterfaceStyle == .dark && variant.accessibilityContrast == .high)
        #expect(variant.subtype == "retina4" && variant.size == "60x60" && variant.role == "appLauncher")
        #expect(variant.platform == "ios" && variant.unassigned && variant.locale == "ar")
        #expect(variant.resizing?["mode"] == "9-part" && variant.alignmentInsets?["top"] == 1)
        #expect(variant.templateRenderingIntent == "template" && variant.compressionType == "lossless")
        #expect(asset.properties.preservesVectorRepresentation && asset.properties.localizable)
        #expect(asset.properties.onDemandResourceTags == ["level1"])
        #expect(asset.properties.templateRenderingIntent == "original")
    }

    @Test func everySetTypeIsReadAndOtherKnownTypesAreListed() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("I.imageset", entries: [["idiom": "universal", "filename": "i.png"]], files: ["i.png"])
        try fixture.addSet("D.dataset", entries: [["idiom": "universal", "filename": "d.bin"]], files: ["d.bin"])
        try fixture.addSet(
            "C.colorset",
            entries: [["idiom": "universal", "color": ["color-space": "srgb", "components": ["red": "1.000", "green": "0", "blue": "0", "alpha": "1"]]]])
        try fixture.addSet("S.symbolset", entries: [["idiom": "universal", "filename": "s.svg"]], files: ["s.svg"])
        try fixture.addSet("A.appiconset", entries: [["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "a.png"]], files: ["a.png"])
        try fixture.addSet(
            "L.launchimage", entries: [["idiom": "iphone", "orientation": "portrait", "extent": "full-screen", "scale": "2x", "filename": "l.png"]],
            files: ["l.png"])
        try fixture.addSet("Atlas.spriteatlas/Sprite.imageset", entries: [["idiom": "universal", "filename": "p.png"]], files: ["p.png"])
        try fixture.write(#"{"info":{"author":"xcode","version":1}}"#, to: "Atlas.spriteatlas/Contents.json")
        try fixture.write(#"{"info":{"author":"xcode","version":1}}"#, to: "Stack.imagestack/Contents.json")
        try fixture.addSet("Folder.weird/Inner.imageset", entries: [["idiom": "universal", "filename": "n.png"]], files: ["n.png"])
        let catalog = try fixture.read()
        #expect(!catalog.diagnostics.hasErrors, "\(catalog.diagnostics)")
        let types = Dictionary(uniqueKeysWithValues: catalog.assets.map { ($0.name, $0.type) })
        #expect(
            types == [
                "I": .imageSet, "D": .dataSet, "C": .colorSet, "S": .symbolSet, "A": .appIconSet,
                "L": .launchImage, "Sprite": .imageSet, "Stack": .imageStack, "Inner": .imageSet,
            ])
        #expect(catalog.asset(named: "C")?.variants.first?.color?.components["red"] == "1.000")
        #expect(catalog.asset(named: "Stack")?.variants.isEmpty == true)
        #expect(catalog.groups.map { $0.path.lastPathComponent } == ["Atlas.spriteatlas", "Folder.weird"])
    }

    @Test func nestedNamespacesQualifyNamesAndPlainGroupsDoNot() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addGroup("Outer", providesNamespace: true)
        try fixture.addGroup("Outer/Inner", providesNamespace: true)
        try fixture.addGroup("Outer/Plain", providesNamespace: false)
        try fixture.addSet("Outer/Inner/Deep.imageset", entries: [])
        try fixture.addSet("Outer/Plain/Shallow.imageset", entries: [])
        let names = try fixture.read().assets.map(\.name)
        #expect(names == ["Outer/Inner/Deep", "Outer/Shallow"])
    }
}
