import AssetCatalog
import AssetSelection
import Testing

/// Each axis of the rule on its own: who may compete (step 1) and who wins (step 2). Every answer
/// is checked by both the fast path and the trace (`winner`).
@Suite struct AxisRuleTests {
    @Test func appearanceExactBeatsAnyAndUnspecifiedAdmitsOnlyAny() {
        let index = imageSet([{ _ in }, { $0.userInterfaceStyle = .dark }, { $0.userInterfaceStyle = .tinted }])
        #expect(index.winner(TraitCollection(userInterfaceStyle: .dark)) == "v1.png")
        #expect(index.winner(TraitCollection(userInterfaceStyle: .light)) == "v0.png")
        #expect(index.winner(TraitCollection(userInterfaceStyle: .tinted)) == "v2.png")
        #expect(index.winner(.unspecified) == "v0.png")
        let darkOnly = imageSet([{ $0.userInterfaceStyle = .dark }])
        #expect(darkOnly.winner(TraitCollection(userInterfaceStyle: .light)) == nil)
        #expect(darkOnly.winner(.unspecified) == nil, "an unspecified trait never falls back to a specific value")
    }

    @Test func darkHighContrastFollowsUIKitsOrder() {
        let index = imageSet([
            { _ in }, { $0.accessibilityContrast = .high }, { $0.userInterfaceStyle = .dark },
            {
                $0.userInterfaceStyle = .dark
                $0.accessibilityContrast = .high
            },
        ])
        let darkHigh = TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high)
        #expect(index.winner(darkHigh) == "v3.png")
        #expect(
            imageSet([{ _ in }, { $0.accessibilityContrast = .high }, { $0.userInterfaceStyle = .dark }]).winner(darkHigh) == "v2.png",
            "dark before high contrast")
        #expect(imageSet([{ _ in }, { $0.accessibilityContrast = .high }]).winner(darkHigh) == "v1.png", "then high contrast")
    }

    @Test func localizationExactThenLanguageThenNone() {
        let index = imageSet([{ _ in }, { $0.locale = "fr" }, { $0.locale = "fr-CA" }, { $0.locale = "ar" }])
        #expect(index.winner(TraitCollection(locale: "fr-CA")) == "v2.png", "exact identifier")
        #expect(index.winner(TraitCollection(locale: "fr-BE")) == "v1.png", "same language")
        #expect(index.winner(TraitCollection(locale: "fr")) == "v1.png")
        #expect(index.winner(TraitCollection(locale: "de")) == "v0.png", "no locale")
        #expect(index.winner(TraitCollection(locale: "fr_ca")) == "v2.png", "case and underscores do not matter")
        #expect(index.winner(.unspecified) == "v0.png", "no locale in the query: the base only")
        let regionOnly = imageSet([{ $0.locale = "fr-CA" }])
        #expect(regionOnly.winner(TraitCollection(locale: "fr")) == nil, "fr-CA does not serve fr")
        #expect(regionOnly.winner(.unspecified) == nil)
    }

    @Test func memoryTakesTheHighestRequirementThatFits() {
        let index = imageSet([{ _ in }, { $0.memory = 2 }, { $0.memory = 4 }])
        #expect(index.winner(TraitCollection(memory: 1)) == "v0.png")
        #expect(index.winner(TraitCollection(memory: 3)) == "v1.png")
        #expect(index.winner(TraitCollection(memory: 6)) == "v2.png")
        #expect(index.winner(.unspecified) == "v0.png")
        #expect(imageSet([{ $0.memory = 2 }]).winner(.unspecified) == nil, "unspecified memory admits only variants without a requirement")
        let large = imageSet([{ _ in }, { $0.memory = 300 }])
        #expect(large.winner(TraitCollection(memory: 256)) == "v0.png", "300 GB is not clamped to fit a 256 GB query")
    }

    @Test func watchSizeTakesTheTightestThresholdThatHolds() {
        let index = imageSet([
            { _ in }, { $0.screenWidth = ScreenWidthCondition(.greaterThan, 145) },
            { $0.screenWidth = ScreenWidthCondition(.greaterThan, 183) }, { $0.screenWidth = ScreenWidthCondition(.greaterThan, 161) },
            { $0.screenWidth = ScreenWidthCondition(.lessThanOrEqual, 145) },
        ])
        #expect(index.winner(TraitCollection(screenWidth: 198)) == "v2.png", ">183 before >161 before >145, whatever the order declared")
        #expect(index.winner(TraitCollection(screenWidth: 184)) == "v2.png")
        #expect(index.winner(TraitCollection(screenWidth: 176)) == "v3.png")
        #expect(index.winner(TraitCollection(screenWidth: 162)) == "v3.png")
        #expect(index.winner(TraitCollection(screenWidth: 156)) == "v1.png")
        #expect(index.winner(TraitCollection(screenWidth: 136)) == "v4.png")
        #expect(index.winner(.unspecified) == "v0.png")
        let bounds = imageSet([
            { $0.screenWidth = ScreenWidthCondition(.lessThanOrEqual, 200) }, { $0.screenWidth = ScreenWidthCondition(.lessThanOrEqual, 145) },
        ])
        #expect(bounds.winner(TraitCollection(screenWidth: 136)) == "v1.png", "for <=, the smallest bound")
        #expect(imageSet([{ $0.screenWidth = ScreenWidthCondition(.lessThanOrEqual, 145) }]).winner(TraitCollection(screenWidth: 198)) == nil)
    }

    @Test func caseSizeSubtypeMustMatch() {
        let index = imageSet([{ _ in }, { $0.subtype = "44mm" }, { $0.subtype = "40mm" }])
        #expect(index.winner(TraitCollection(deviceSubtype: "44mm")) == "v1.png")
        #expect(index.winner(TraitCollection(deviceSubtype: "45mm")) == "v0.png")
        #expect(index.winner(.unspecified) == "v0.png")
    }

    @Test func graphicsFamiliesFollowTheDevicesOwnList() {
        let index = imageSet([{ _ in }, { $0.graphicsFeatureSet = .metal2v2 }, { $0.graphicsFeatureSet = .metal3v1 }])
        #expect(index.winner(TraitCollection(graphicsFeatureSet: .metal1v2)) == "v0.png")
        #expect(index.winner(TraitCollection(graphicsFeatureSet: .metal2v3)) == "v1.png")
        #expect(index.winner(TraitCollection(graphicsFeatureSet: .metal4v1)) == "v2.png")
        #expect(index.winner(.unspecified) == "v0.png")
        let apple = imageSet([{ _ in }, { $0.graphicsFeatureSet = .apple4 }, { $0.graphicsFeatureSet = .apple7 }, { $0.graphicsFeatureSet = .metal4v1 }])
        #expect(apple.winner(TraitCollection(graphicsFeatureSet: .apple8)) == "v2.png", "appleN in its own order")
        #expect(apple.winner(TraitCollection(graphicsFeatureSet: .apple5)) == "v1.png")
        var device = TraitCollection()
        device.graphicsFeatureSets = [.apple5, .apple4, .metal4v1]
        #expect(apple.winner(device) == "v1.png", "the device's list is its fallback order, best first")
        device.graphicsFeatureSets = [.metal4v1, .apple5, .apple4]
        #expect(apple.winner(device) == "v3.png")
    }

    @Test func scaleFallsBackDownwardFirst() {
        let all = imageSet([{ $0.scale = 1 }, { $0.scale = 3 }, { $0.scale = 2 }])
        #expect(all.winner(TraitCollection(displayScale: 2)) == "v2.png")
        #expect(all.winner(.unspecified) == "v0.png", "unspecified: the smallest scale")
        let oneAndThree = imageSet([{ $0.scale = 3 }, { $0.scale = 1 }])
        #expect(oneAndThree.winner(TraitCollection(displayScale: 2)) == "v1.png", "a @2x device with 1x and 3x shows 1x")
        let oneAndTwo = imageSet([{ $0.scale = 1 }, { $0.scale = 2 }])
        #expect(oneAndTwo.winner(TraitCollection(displayScale: 3)) == "v1.png", "a @3x device with 1x and 2x shows 2x")
        let aboveOnly = imageSet([{ $0.scale = 3 }, { $0.scale = 2 }])
        #expect(aboveOnly.winner(TraitCollection(displayScale: 1)) == "v1.png", "then the nearest above")
        let vector = imageSet([
            { $0.scale = nil },
            {
                $0.scale = 2
                $0.idiom = .device(.phone)
            },
        ])
        #expect(
            vector.winner(TraitCollection(displayScale: 2)) == "v0.png",
            "a variant without a scale counts as exact (the 2x iPhone entry, with other attributes, does not replace it)")
        #expect(vector.winner(.unspecified) == "v0.png", "unspecified: a variant without a scale first")
    }

    @Test func directionFallsBackToTheOtherDirectionMirrored() {
        let index = imageSet([{ $0.layoutDirection = .leftToRight }, { _ in }])
        #expect(index.winner(TraitCollection(layoutDirection: .rightToLeft)) == "v0.png", "the other direction beats none")
        let rtl = index.resolve("A", for: TraitCollection(layoutDirection: .rightToLeft))
        #expect(rtl?.mirrored == true)
        #expect(index.select("A", for: TraitCollection(layoutDirection: .rightToLeft)).mirrored)
        #expect(index.resolve("A", for: TraitCollection(layoutDirection: .leftToRight))?.mirrored == false)
        #expect(index.winner(.unspecified) == "v1.png", "unspecified: only variants without a direction")
        let both = imageSet([{ $0.layoutDirection = .leftToRight }, { $0.layoutDirection = .rightToLeft }])
        #expect(both.winner(TraitCollection(layoutDirection: .rightToLeft)) == "v1.png")
        #expect(both.resolve("A", for: TraitCollection(layoutDirection: .rightToLeft))?.mirrored == false)
    }

    @Test func gamutPrefersTheQuerysGamutAndNeverExcludes() {
        let index = imageSet([{ $0.displayGamut = .P3 }, { _ in }])
        #expect(index.winner(TraitCollection(displayGamut: .P3)) == "v0.png")
        #expect(index.winner(TraitCollection(displayGamut: .sRGB)) == "v1.png")
        #expect(index.winner(.unspecified) == "v1.png", "unspecified counts as sRGB")
        #expect(imageSet([{ $0.displayGamut = .P3 }]).winner(TraitCollection(displayGamut: .sRGB)) == "v0.png")
    }

    @Test func idiomAndPlatform() {
        let index = imageSet([{ $0.idiom = .universal }, { $0.idiom = .device(.phone) }, { $0.idiom = .device(.pad) }])
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone)) == "v1.png")
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .pad)) == "v2.png")
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .tv)) == "v0.png")
        #expect(index.winner(.unspecified) == "v0.png")
        #expect(imageSet([{ $0.idiom = .device(.pad) }]).winner(.unspecified) == nil)
        let platforms = imageSet([{ $0.platform = "ios" }, { $0.platform = "watchos" }])
        #expect(platforms.winner(TraitCollection(userInterfaceIdiom: .watch)) == "v1.png", "a watch never shows the iOS entry")
        #expect(platforms.winner(TraitCollection(userInterfaceIdiom: .phone)) == "v0.png")
        #expect(platforms.winner(TraitCollection(userInterfaceIdiom: .car)) == "v0.png", "CarPlay content ships in the iOS app")
        #expect(platforms.winner(.unspecified) == nil)
        #expect(imageSet([{ $0.idiom = .storeOnly("ios-marketing") }]).winner(TraitCollection(userInterfaceIdiom: .phone)) == nil)
    }

    @Test func sizeClassesComeLast() {
        let sizes = imageSet([{ _ in }, { $0.horizontalSizeClass = .compact }, { $0.verticalSizeClass = .regular }])
        #expect(sizes.winner(TraitCollection(horizontalSizeClass: .compact)) == "v1.png")
        #expect(sizes.winner(TraitCollection(horizontalSizeClass: .regular)) == "v0.png")
        #expect(sizes.winner(TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)) == "v1.png")
        #expect(sizes.winner(TraitCollection(verticalSizeClass: .regular)) == "v2.png")
        #expect(imageSet([{ $0.horizontalSizeClass = .compact }]).winner(.unspecified) == nil)
    }
}
