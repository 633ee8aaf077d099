import AssetCatalog
@_spi(Compiling) import AssetCompilation
import CompiledCatalog
import Testing

/// `CompiledTraitNumbers` is the one table the compiler writes and the reader reads: every value
/// maps to its number and back, every number the reader knows maps to its value and back, and the
/// places that name numbers of their own (the compiler's appearances, the idiom type) agree with it.
@Suite struct CompiledTraitNumbersTests {
    typealias Numbers = CompiledTraitNumbers

    @Test func idiomsRoundTrip() {
        checkBothWays(Numbers.idioms, every: UserInterfaceIdiom.allCases)
        // Each device kind's number is the idiom the reader names, and the other way round.
        for idiom in UserInterfaceIdiom.allCases {
            let number = Numbers.idioms.number(idiom) ?? 0
            #expect(CompiledIdiom(rawValue: number).requirement == .device(idiom), "\(idiom)")
        }
        for number in UInt16(0)..<64 {
            guard case .device(let idiom)? = CompiledIdiom(rawValue: number).requirement else { continue }
            #expect(Numbers.idioms.number(idiom) == number, "\(number)")
        }
        #expect(CompiledIdiom.universal.requirement == .universal)
        #expect(CompiledIdiom.marketing.requirement == .storeOnly("marketing"))
    }

    @Test func sizeClassesRoundTrip() {
        checkBothWays(Numbers.sizeClasses, every: SizeClass.allCases)
        for sizeClass in SizeClass.allCases {
            let number = Numbers.sizeClasses.number(sizeClass) ?? 0
            let key = RenditionKey(attributes: [.horizontalSizeClass, .verticalSizeClass], values: [number, number])
            #expect(key.horizontalSizeClass == sizeClass && key.verticalSizeClass == sizeClass, "\(sizeClass)")
        }
    }

    @Test func directionsRoundTrip() {
        checkBothWays(Numbers.directions, every: LayoutDirection.allCases)
    }

    /// sRGB has no number: it compiles as no gamut, and no gamut reads as none.
    @Test func displayGamutsRoundTrip() {
        checkBothWays(Numbers.displayGamuts, every: DisplayGamut.allCases.filter { $0 != .sRGB })
        #expect(Numbers.displayGamuts.number(.sRGB) == nil)
        #expect(Numbers.displayGamuts.trait(0) == nil)
        for gamut in DisplayGamut.allCases {
            let key = RenditionKey(attributes: [.displayGamut], values: [Numbers.displayGamuts.number(gamut) ?? 0])
            #expect(key.displayGamut == (gamut == .sRGB ? nil : gamut), "\(gamut)")
        }
    }

    /// Only the memory sizes and GPU families the corpus shows have numbers; the compiler reports
    /// any other as a trait without one.
    @Test func memoryAndGraphicsClassesRoundTrip() {
        checkBothWays(Numbers.memoryClasses, every: [1, 2, 4])
        checkBothWays(Numbers.graphicsClasses, every: [.metal1v2, .metal2v2, .metal3v1])
        for family in GraphicsFeatureSet.allCases where ![.metal1v2, .metal2v2, .metal3v1].contains(family) {
            #expect(Numbers.graphicsClasses.number(family) == nil, "\(family)")
        }
    }

    /// A phone's and a watch's subtypes (a watch's by `screen-width`, the only name a source of
    /// Apple's file gives them).
    @Test func subtypesRoundTrip() {
        checkBothWays(Numbers.phoneSubtypes, every: [Variant.fourInchSubtype])
        checkBothWays(
            Numbers.watchSubtypes, every: [ScreenWidthCondition(.lessThanOrEqual, 145), ScreenWidthCondition(.greaterThan, 145)])
    }

    /// Every luminosity and contrast compiles to an appearance that reads back as itself, on the
    /// Mac (AppKit's names) and elsewhere (UIKit's); a tinted entry has none. Each family's names
    /// and numbers are one to one.
    @Test(arguments: [true, false])
    func appearancesRoundTrip(appKit: Bool) throws {
        let family = appKit ? Numbers.appKitAppearances : Numbers.uiKitAppearances
        #expect(Set(family.map(\.name)).count == family.count)
        #expect(Set(family.map(\.number)).count == family.count)
        for style in [nil] + UserInterfaceStyle.allCases.map(Optional.some) {
            for contrast in [nil] + AccessibilityContrast.allCases.map(Optional.some) {
                let appearance = Numbers.appearance(style: style, contrast: contrast, appKit: appKit)
                guard style != .tinted else {
                    #expect(appearance == nil)
                    continue
                }
                let named = try #require(appearance.flatMap { Numbers.appearance(named: $0.name) })
                #expect(named == appearance)
                #expect(named.style == style && named.highContrast == (contrast == .high))
            }
        }
        for appearance in family {
            #expect(Numbers.appearance(named: appearance.name) == appearance)
            let compiled = Numbers.appearance(style: appearance.style, contrast: appearance.highContrast ? .high : nil, appKit: appKit)
            #expect(compiled == appearance, "\(appearance.name)")
        }
    }

    /// The compiler's appearances are the table's: a set's on each platform, and an Icon Composer
    /// icon's stacks and groups.
    @Test func theCompilersAppearancesAreTheTables() throws {
        for platform in CompilePlatform.allCases {
            let any = try #require(platform.appearance(style: nil, contrast: nil))
            let named = try #require(Numbers.appearance(named: any.name))
            #expect(named.number == any.value && named.style == nil && !named.highContrast)
            #expect((platform == .macosx) == Numbers.appKitAppearances.contains(named), "\(platform)")
        }
        for (appearance, name, value) in IconComposerCompiler.appearances {
            let named = try #require(Numbers.appearance(named: name))
            #expect(named.number == value, "\(name)")
            #expect(named.style?.rawValue == appearance.rawValue, "\(name)")
        }
        #expect(Numbers.appearance(named: Numbers.tintable.name) == Numbers.tintable)
    }

    /// Every value of `expected` has a number that names it, every pair of the table reads both
    /// ways, no two values share a number, and every number from 0 to 65,535 the table knows maps
    /// to a value whose number it is.
    private func checkBothWays<Trait>(
        _ table: Numbers.Table<Trait>, every expected: [Trait], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(Set(table.pairs.map(\.trait)) == Set(expected), sourceLocation: sourceLocation)
        #expect(Set(table.pairs.map(\.number)).count == table.pairs.count, "a number names two values", sourceLocation: sourceLocation)
        for trait in expected {
            let number = table.number(trait)
            #expect(number != nil && table.trait(number ?? 0) == trait, "\(trait)", sourceLocation: sourceLocation)
        }
        for number in UInt16.min...UInt16.max {
            guard let trait = table.trait(number) else { continue }
            #expect(table.number(trait) == number, "\(number)", sourceLocation: sourceLocation)
        }
    }
}
