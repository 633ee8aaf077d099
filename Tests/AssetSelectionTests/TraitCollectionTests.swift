import AssetCatalog
import AssetSelection
import Testing

@Suite struct TraitCollectionTests {
    @Test func mergingTakesTheLastSpecifiedValueOfEachTrait() {
        let device = TraitCollection(userInterfaceIdiom: .phone, horizontalSizeClass: .compact, displayScale: 2)
        let window = TraitCollection(horizontalSizeClass: .regular, displayGamut: .P3)
        let merged = TraitCollection(mergingTraitsFrom: [device, window])
        #expect(
            merged
                == TraitCollection(
                    userInterfaceIdiom: .phone, horizontalSizeClass: .regular,
                    displayGamut: .P3, displayScale: 2))
        #expect(TraitCollection(mergingTraitsFrom: []) == .unspecified)
        #expect(TraitCollection(mergingTraitsFrom: [window, .unspecified]) == window, "unspecified never overwrites")
    }

    /// The container-override rule: the overridden size class survives a parent change, and
    /// every trait not overridden follows the parent.
    @Test func overriddenTraitsSurviveParentChangesAndTheRestIsInherited() {
        let portrait = TraitCollection(
            userInterfaceIdiom: .phone, horizontalSizeClass: .compact,
            verticalSizeClass: .regular, displayScale: 2)
        var child = TraitEnvironment(inherited: portrait, overrides: TraitCollection(horizontalSizeClass: .regular))
        #expect(child.effective.horizontalSizeClass == .regular)
        #expect(child.effective.verticalSizeClass == .regular)

        var landscape = portrait
        landscape.verticalSizeClass = .compact
        landscape.displayScale = 3
        child.inherited = landscape
        #expect(child.effective.horizontalSizeClass == .regular, "the override is kept")
        #expect(child.effective.verticalSizeClass == .compact, "the rest follows the parent")
        #expect(child.effective.displayScale == 3, "a new display scale is inherited")

        let grandchild = child.child()
        #expect(grandchild.effective == child.effective)
    }

    @Test func differingAxesListsEveryChangedTrait() {
        let portrait = TraitCollection(userInterfaceIdiom: .phone, horizontalSizeClass: .compact, verticalSizeClass: .regular)
        let landscape = TraitCollection(userInterfaceIdiom: .phone, horizontalSizeClass: .regular, verticalSizeClass: .compact)
        #expect(portrait.differingAxes(from: landscape) == [.horizontalSizeClass, .verticalSizeClass])
        #expect(portrait.differingAxes(from: portrait).isEmpty)
        #expect(portrait.differingAxes(from: .unspecified) == [.idiom, .horizontalSizeClass, .verticalSizeClass])
    }

    @Test func jsonUsesTheSpecsNamesAndRejectsTypos() throws {
        let json = try #require(
            JSONParser.parse(
                Array(
                    #"{"userInterfaceIdiom":"phone","displayScale":3,"layoutDirection":"rightToLeft","displayGamut":"P3","memory":4,"graphicsFeatureSet":"metal3v1","screenWidth":184}"#
                        .utf8)
            ).object)
        let traits = try TraitCollection(json: json)
        #expect(
            traits
                == TraitCollection(
                    userInterfaceIdiom: .phone, screenWidth: 184, layoutDirection: .rightToLeft,
                    memory: 4, graphicsFeatureSet: .metal3v1, displayGamut: .P3, displayScale: 3))
        #expect(try TraitCollection(json: traits.json) == traits)
        #expect(throws: TraitCollection.DecodingError.self) { try TraitCollection(json: ["displayScael": 3]) }
        #expect(throws: TraitCollection.DecodingError.self) { try TraitCollection(json: ["displayScale": 4]) }
        #expect(throws: TraitCollection.DecodingError.self) { try TraitCollection(json: ["userInterfaceIdiom": "iphone"]) }
    }

    /// `deviceSubtype` is a watch's case size or `retina4`, the 4-inch iPhones' (rule 2.1, axis 5).
    @Test func jsonTakesCaseSizesAndTheFourInchSubtype() throws {
        let fourInch = TraitCollection(userInterfaceIdiom: .phone, displayScale: 2, deviceSubtype: "retina4")
        #expect(try TraitCollection(json: fourInch.json) == fourInch)
        #expect(try TraitCollection(json: ["deviceSubtype": "45mm"]).deviceSubtype == "45mm")
        for wrong: JSONValue in ["retina5", "Retina4", "568h", "mm", "1234567mm", 4] {
            #expect(throws: TraitCollection.DecodingError.self, "\(wrong)") { try TraitCollection(json: ["deviceSubtype": wrong]) }
        }
    }
}
