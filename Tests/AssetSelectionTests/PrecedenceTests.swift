import AssetCatalog
import AssetSelection
import CatalogFixtures
import Testing

/// Axes are compared in the rule's order: an earlier axis decides before a later one looks.
@Suite struct PrecedenceTests {
    /// For each consecutive pair of axes, a variant that wins on the earlier axis beats one that
    /// wins on the later axis.
    @Test(arguments: Array(zip(TraitAxis.allCases, TraitAxis.allCases.dropFirst())))
    func earlierAxisDecidesFirst(earlier: TraitAxis, later: TraitAxis) {
        let query = Self.fullQuery
        let index = imageSet([
            { Self.makeBest(later, &$0) }, // best on the later axis only
            { Self.makeBest(earlier, &$0) }, // best on the earlier axis only
        ])
        #expect(index.winner(query) == "v1.png", "\(earlier) should outrank \(later)")
    }

    static let fullQuery = TraitCollection(
        userInterfaceIdiom: .phone, screenWidth: 198, userInterfaceStyle: .dark, accessibilityContrast: .high,
        horizontalSizeClass: .compact, verticalSizeClass: .regular, layoutDirection: .rightToLeft, memory: 4,
        graphicsFeatureSet: .metal3v1, displayGamut: .P3, displayScale: 3, locale: "fr-CA", deviceSubtype: "45mm")

    /// Gives the variant the best value on one axis for `fullQuery`, and a neutral but eligible
    /// value (or a worse one, for gamut and scale) on the others.
    static func makeBest(_ axis: TraitAxis, _ variant: inout Variant) {
        variant.displayGamut = .sRGB
        variant.scale = 1
        switch axis {
        case .userInterfaceStyle: variant.userInterfaceStyle = .dark
        case .accessibilityContrast: variant.accessibilityContrast = .high
        case .locale: variant.locale = "fr-CA"
        case .memory: variant.memory = 4
        case .watchSize: variant.screenWidth = ScreenWidthCondition(.greaterThan, 183)
        case .graphicsFeatureSet: variant.graphicsFeatureSet = .metal3v1
        case .displayScale: variant.scale = 3
        case .layoutDirection: variant.layoutDirection = .rightToLeft
        case .displayGamut: variant.displayGamut = .P3
        case .idiom: variant.idiom = .device(.phone)
        case .horizontalSizeClass: variant.horizontalSizeClass = .compact
        case .verticalSizeClass: variant.verticalSizeClass = .regular
        }
    }

    /// The three consequences the rule names, one test each.
    @Test func scaleOutranksIdiom() {
        let index = imageSet([
            {
                $0.idiom = .device(.phone)
                $0.scale = 2
            }, { $0.scale = 3 },
        ])
        #expect(
            index.winner(TraitCollection(userInterfaceIdiom: .phone, displayScale: 3)) == "v1.png",
            "on a @3x iPhone, {iphone @2x, universal @3x} gives the universal @3x")
    }

    @Test func gamutOutranksIdiom() {
        let index = imageSet([
            {
                $0.idiom = .device(.phone)
                $0.displayGamut = .sRGB
            }, { $0.displayGamut = .P3 },
        ])
        #expect(
            index.winner(TraitCollection(userInterfaceIdiom: .phone, displayGamut: .P3)) == "v1.png",
            "on a P3 iPhone, {iphone sRGB, universal P3} gives the universal P3")
    }

    @Test func appearanceOutranksEverything() {
        let index = imageSet([{ $0.idiom = .device(.phone) }, { $0.userInterfaceStyle = .dark }])
        #expect(
            index.winner(TraitCollection(userInterfaceIdiom: .phone, userInterfaceStyle: .dark)) == "v1.png",
            "in dark mode, {iphone any, universal dark} gives the universal dark")
        let rich = imageSet([
            {
                $0.idiom = .device(.phone)
                $0.scale = 3
                $0.displayGamut = .P3
                $0.locale = "fr"
                $0.horizontalSizeClass = .compact
            },
            {
                $0.userInterfaceStyle = .dark
                $0.scale = 1
            },
        ])
        #expect(
            rich.winner(
                TraitCollection(
                    userInterfaceIdiom: .phone, userInterfaceStyle: .dark, horizontalSizeClass: .compact,
                    displayGamut: .P3, displayScale: 3, locale: "fr")) == "v1.png")
    }

    @Test func declarationOrderBreaksTiesAndTheTraceSaysSo() {
        let index = imageSet([{ $0.scale = 2 }, { $0.scale = 2 }])
        #expect(index.winner(TraitCollection(displayScale: 2)) == "v0.png")
        let selection = index.select("A", for: TraitCollection(displayScale: 2))
        #expect(selection.trace.tiedAfterAllAxes == [0, 1])
        #expect(selection.trace.drops.map(\.step) == [.declarationOrder])
    }

    @Test func emptySlotsAreNeverCandidates() {
        let index = imageSet([
            {
                $0.filename = nil
                $0.scale = 3
            }, { $0.scale = 1 },
        ])
        #expect(index.winner(TraitCollection(displayScale: 3)) == "v1.png")
        let selection = index.select("A", for: TraitCollection(displayScale: 3))
        #expect(selection.trace.drops.first?.reason.contains("empty slot") == true)
    }

    @Test func noMatchSaysWhy() {
        let index = imageSet([{ $0.idiom = .device(.pad) }, { $0.userInterfaceStyle = .dark }])
        let selection = index.select("A", for: TraitCollection(userInterfaceIdiom: .phone, userInterfaceStyle: .light))
        #expect(selection.winner == nil)
        #expect(index.select("A", for: .unspecified).noMatchReason?.contains("only variants that leave it unspecified compete") == true)
        let reason = selection.noMatchReason ?? ""
        #expect(reason.contains("idiom 'ipad'"))
        #expect(reason.contains("luminosity 'dark'"))
        #expect(index.resolve("A", for: selection.traits) == nil)
        #expect(index.select("Missing", for: .unspecified).noMatchReason?.contains("no asset named 'Missing'") == true)
        let empty = imageSet([{ $0.filename = nil }])
        #expect(empty.select("A", for: .unspecified).noMatchReason?.contains("no usable variant") == true)
    }

    @Test func traceNamesTheAxisThatDroppedEachVariant() {
        let index = imageSet([
            { $0.idiom = .device(.pad) }, { $0.scale = 1 }, { $0.scale = 3 },
            {
                $0.scale = 3
                $0.idiom = .device(.phone)
            },
        ])
        let selection = index.select("A", for: TraitCollection(userInterfaceIdiom: .phone, displayScale: 3))
        #expect(selection.winner == 3)
        #expect(selection.trace.drops.map(\.variant) == [0, 1, 2])
        #expect(selection.trace.drops.map(\.step) == [.eligibility, .ranking, .ranking])
        #expect(selection.trace.drops.map(\.axis) == [.idiom, .displayScale, .idiom])
    }

    /// Random catalogs and random queries: the packed fast path and the step-by-step trace
    /// must always choose the same variant.
    @Test func fastPathAgreesWithTheTraceOnRandomInput() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<1000 {
            let count = Int.random(in: 1...8, using: &generator)
            let index = imageSet((0..<count).map { _ in randomVariant(&generator) })
            for _ in 0..<20 {
                let query = randomQuery(&generator)
                let fast = index.resolve("A", for: query)
                let explained = index.select("A", for: query)
                #expect(fast?.variant == explained.winner, "\(query.summary)")
                #expect((fast?.mirrored ?? false) == explained.mirrored, "\(query.summary)")
            }
        }
    }
}

extension PrecedenceTests {
    /// Values no Contents.json can hold (the reader takes scales 1 to 3 and no negative memory)
    /// but code can set: such a variant never competes, neither path crashes, and both agree. A
    /// 200x variant used to outscore a dark one for a dark query on the fast path only, and a
    /// 127x one scored as high as an exact match for a 200x query.
    @Test func valuesOutOfRangeNeverCompeteOnEitherPath() {
        let index = imageSet([
            {
                $0.userInterfaceStyle = .dark
                $0.scale = 3
            }, { $0.scale = 200 }, { $0.scale = -1 },
            { $0.memory = -1 }, { $0.scale = 127 }, { $0.scale = 1 },
        ])
        for style in [nil, UserInterfaceStyle.dark] {
            for scale in [nil, 1, 2, 3, 200] {
                let query = TraitCollection(userInterfaceStyle: style, displayScale: scale)
                let fast = index.resolve("A", for: query)
                #expect(fast?.variant == index.select("A", for: query).winner, "\(query.summary)")
                #expect(fast.map { [0, 5].contains($0.variant) } ?? false, "\(query.summary)")
            }
        }
    }
}

extension PrecedenceTests {
    /// Thinning's shortcut for localized sets (the unlocalized best found once per run of trait
    /// sets that differ only in locale) marks exactly the variants that win set by set.
    @Test func markingWinnersAgreesWithResolvingEachTraitSet() {
        var generator = SplitMix64(seed: 0x10CA1E)
        var traitSets: [TraitCollection] = []
        for style in [nil, UserInterfaceStyle.dark] {
            for scale in [nil, 1, 2, 3] {
                for direction in [nil, LayoutDirection.rightToLeft] {
                    for locale in [nil, "fr", "fr-CA", "fr-BE", "ar", "de", "en"] {
                        traitSets.append(
                            TraitCollection(
                                userInterfaceIdiom: .phone, userInterfaceStyle: style, layoutDirection: direction,
                                displayScale: scale, locale: locale))
                    }
                }
            }
        }
        for _ in 0..<300 {
            let count = Int.random(in: 1...10, using: &generator)
            let configure: [(inout Variant) -> Void] = (0..<count).map { _ in
                let seed = generator.next()
                return { variant in
                    var random = SplitMix64(seed: seed)
                    variant.locale = [nil, nil, "fr", "fr-CA", "ar", "de", "FR"].randomElement(using: &random)!
                    variant.scale = [nil, 1, 2, 3].randomElement(using: &random)!
                    variant.userInterfaceStyle = [nil, .dark].randomElement(using: &random)!
                    variant.layoutDirection = [nil, .leftToRight, .rightToLeft].randomElement(using: &random)!
                    variant.idiom = [.universal, .device(.phone), .device(.pad)].randomElement(using: &random)!
                    variant.memory = [nil, nil, 2, 64].randomElement(using: &random)!
                }
            }
            let index = imageSet(configure)
            var marked = Array(repeating: false, count: count)
            index.markWinners(assetAt: 0, for: traitSets.shuffled(using: &generator), in: &marked)
            var resolved = Array(repeating: false, count: count)
            for traits in traitSets { index.forEachWinner(assetAt: 0, for: traits) { resolved[$0.variant] = true } }
            #expect(marked == resolved)
            var inOrder = Array(repeating: false, count: count)
            index.markWinners(assetAt: 0, for: traitSets, in: &inOrder)
            #expect(inOrder == resolved)
        }
    }
}
