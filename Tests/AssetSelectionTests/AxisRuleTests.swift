import AssetCatalog
import AssetSelection
import Testing

/// Each axis of SELECTION.md on its own: eligibility (step 1) and ranking (step 2).
@Suite struct AxisRuleTests {
    @Test func idiomExactBeatsUniversalAndOtherIdiomsAreNeverChosen() {
        let index = imageSet([{ $0.idiom = .universal }, { $0.idiom = .device(.phone) }, { $0.idiom = .device(.pad) }])
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone)) == "v1.png")
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .pad)) == "v2.png")
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .tv)) == "v0.png")
        #expect(index.winner(.unspecified) == "v0.png", "unspecified: any beats a specific value")
        let padOnly = imageSet([{ $0.idiom = .device(.pad) }])
        #expect(padOnly.winner(TraitCollection(userInterfaceIdiom: .phone)) == nil)
        #expect(padOnly.winner(.unspecified) == "v0.png", "an unspecified trait admits every value")
    }

    @Test func storeOnlyIdiomsAreNeverSelected() {
        let index = imageSet([{ $0.idiom = .storeOnly("ios-marketing") }])
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone)) == nil)
        #expect(index.winner(.unspecified) == nil)
    }

    @Test func watchScreenWidthConditions() {
        let index = imageSet([
            { $0.screenWidth = nil }, { $0.screenWidth = ScreenWidthCondition(.lessThanOrEqual, 145) },
            { $0.screenWidth = ScreenWidthCondition(.greaterThan, 145) },
        ])
        #expect(index.winner(TraitCollection(screenWidth: 136)) == "v1.png")
        #expect(index.winner(TraitCollection(screenWidth: 184)) == "v2.png")
        #expect(index.winner(.unspecified) == "v0.png")
        let narrowOnly = imageSet([{ $0.screenWidth = ScreenWidthCondition(.lessThanOrEqual, 145) }])
        #expect(narrowOnly.winner(TraitCollection(screenWidth: 198)) == nil)
    }

    @Test func darkIsNeverShownInLightAndTintedOnlyForTinted() {
        let index = imageSet([{ _ in }, { $0.userInterfaceStyle = .dark }, { $0.userInterfaceStyle = .tinted }])
        #expect(index.winner(TraitCollection(userInterfaceStyle: .dark)) == "v1.png")
        #expect(index.winner(TraitCollection(userInterfaceStyle: .light)) == "v0.png")
        #expect(index.winner(TraitCollection(userInterfaceStyle: .tinted)) == "v2.png")
        let darkAndTinted = imageSet([{ $0.userInterfaceStyle = .dark }, { $0.userInterfaceStyle = .tinted }])
        #expect(darkAndTinted.winner(TraitCollection(userInterfaceStyle: .light)) == nil)
        #expect(darkAndTinted.winner(.unspecified) == "v0.png", "tinted is chosen only by a tinted query")
    }

    @Test func contrastSizeClassesAndDirectionAreCategorical() {
        let contrast = imageSet([{ _ in }, { $0.accessibilityContrast = .high }])
        #expect(contrast.winner(TraitCollection(accessibilityContrast: .high)) == "v1.png")
        #expect(contrast.winner(TraitCollection(accessibilityContrast: .normal)) == "v0.png")

        let sizes = imageSet([{ _ in }, { $0.horizontalSizeClass = .compact }, { $0.verticalSizeClass = .regular }])
        #expect(sizes.winner(TraitCollection(horizontalSizeClass: .compact)) == "v1.png")
        #expect(sizes.winner(TraitCollection(horizontalSizeClass: .regular)) == "v0.png")
        #expect(sizes.winner(TraitCollection(verticalSizeClass: .regular)) == "v2.png")
        #expect(sizes.winner(TraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .compact)) == "v0.png")
        let compactOnly = imageSet([{ $0.horizontalSizeClass = .compact }])
        #expect(compactOnly.winner(TraitCollection(horizontalSizeClass: .regular)) == nil)

        let direction = imageSet([{ _ in }, { $0.layoutDirection = .rightToLeft }])
        #expect(direction.winner(TraitCollection(layoutDirection: .rightToLeft)) == "v1.png")
        #expect(direction.winner(TraitCollection(layoutDirection: .leftToRight)) == "v0.png")
    }

    @Test func memoryTakesTheHighestRequirementThatFits() {
        let index = imageSet([{ _ in }, { $0.memory = 2 }, { $0.memory = 4 }])
        #expect(index.winner(TraitCollection(memory: 1)) == "v0.png")
        #expect(index.winner(TraitCollection(memory: 3)) == "v1.png")
        #expect(index.winner(TraitCollection(memory: 6)) == "v2.png")
        #expect(index.winner(.unspecified) == "v0.png")
        let requiresOnly = imageSet([{ $0.memory = 2 }])
        #expect(requiresOnly.winner(.unspecified) == nil, "unspecified memory admits only variants without a requirement")
    }

    @Test func graphicsFeatureSetsFollowThePublishedOrder() {
        let index = imageSet([{ _ in }, { $0.graphicsFeatureSet = .metal2v2 }, { $0.graphicsFeatureSet = .metal3v1 }])
        #expect(index.winner(TraitCollection(graphicsFeatureSet: .metal1v2)) == "v0.png")
        #expect(index.winner(TraitCollection(graphicsFeatureSet: .metal2v3)) == "v1.png")
        #expect(index.winner(TraitCollection(graphicsFeatureSet: .metal4v1)) == "v2.png")
        #expect(index.winner(.unspecified) == "v0.png")
        #expect(GraphicsFeatureSet.allCases.map(\.rawValue)
            == ["metal1v2", "metal1v3", "metal2v2", "metal2v3", "metal3v1", "metal3v2", "metal4v1"])
    }

    @Test func gamutPrefersTheQuerysGamutAndNeverExcludes() {
        let index = imageSet([{ $0.displayGamut = .P3 }, { _ in }])
        #expect(index.winner(TraitCollection(displayGamut: .P3)) == "v0.png")
        #expect(index.winner(TraitCollection(displayGamut: .sRGB)) == "v1.png")
        #expect(index.winner(.unspecified) == "v1.png", "unspecified: sRGB first")
        let p3Only = imageSet([{ $0.displayGamut = .P3 }])
        #expect(p3Only.winner(TraitCollection(displayGamut: .sRGB)) == "v0.png")
        let explicitAndAbsent = imageSet([{ _ in }, { $0.displayGamut = .sRGB }])
        #expect(explicitAndAbsent.winner(TraitCollection(displayGamut: .sRGB)) == "v0.png", "absent counts as sRGB: a tie")
    }

    @Test func scaleExactThenVectorThenSmallestAboveThenLargestBelow() {
        let all = imageSet([{ $0.scale = 1 }, { $0.scale = 3 }, { $0.scale = nil }, { $0.scale = 2 }])
        #expect(all.winner(TraitCollection(displayScale: 2)) == "v3.png")
        #expect(all.winner(.unspecified) == "v2.png", "unspecified: any scale first")
        let bitmaps = imageSet([{ $0.scale = 1 }, { $0.scale = 3 }, { $0.scale = 2 }])
        #expect(bitmaps.winner(.unspecified) == "v1.png", "unspecified: then the largest scale")
        let noExact = imageSet([{ $0.scale = 1 }, { $0.scale = 3 }, { $0.scale = nil }])
        #expect(noExact.winner(TraitCollection(displayScale: 2)) == "v2.png", "vector beats scaling a bitmap")
        let aboveAndBelow = imageSet([{ $0.scale = 1 }, { $0.scale = 3 }])
        #expect(aboveAndBelow.winner(TraitCollection(displayScale: 2)) == "v1.png", "above beats below")
        let belowOnly = imageSet([{ $0.scale = 1 }, { $0.scale = 2 }])
        #expect(belowOnly.winner(TraitCollection(displayScale: 3)) == "v1.png", "the largest below")
        let aboveOnly = imageSet([{ $0.scale = 3 }, { $0.scale = 2 }])
        #expect(aboveOnly.winner(TraitCollection(displayScale: 1)) == "v1.png", "the smallest above")
    }
}
