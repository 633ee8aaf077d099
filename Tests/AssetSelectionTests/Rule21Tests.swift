import AssetCatalog
import AssetSelection
import Testing

/// What rule 2.1 changed, each as actool compiled it (shared/corpus/compiled/acextract): every
/// answer through both the fast path and the trace (`winner`), which must agree.
@Suite struct Rule21Tests {
    /// (a) `{iphone PDF, iphone 2x PNG}`: the PNG on @2x iPhones, the PDF on @3x ones.
    @Test func aScaledEntryReplacesTheScalelessOneAtItsScaleOnly() {
        let index = imageSet([
            {
                $0.idiom = .device(.phone)
                $0.filename = "v0.pdf"
            },
            {
                $0.idiom = .device(.phone)
                $0.scale = 2
            },
        ])
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone, displayScale: 2)) == "v1.png")
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone, displayScale: 3)) == "v0.pdf")
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone, displayScale: 1)) == "v0.pdf")
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone)) == "v0.pdf", "unspecified scale: the scale-less entry first")
        let trace = index.select("A", for: TraitCollection(userInterfaceIdiom: .phone, displayScale: 2)).trace
        #expect(trace.drops.contains { $0.variant == 0 && $0.axis == .displayScale && $0.reason.contains("replaced at 2x") })
    }

    /// (a) `{universal 2x PNG, iphone PDF}` on a @2x iPhone: both exact at 2x, idiom decides.
    @Test func onlyAnEntryWithTheSameAttributesReplaces() {
        let index = imageSet([
            { $0.scale = 2 },
            {
                $0.idiom = .device(.phone)
                $0.filename = "v1.pdf"
            },
        ])
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone, displayScale: 2)) == "v1.pdf")
        let dark = imageSet([
            { $0.filename = "v0.pdf" },
            {
                $0.scale = 2
                $0.userInterfaceStyle = .dark
            },
        ])
        #expect(dark.winner(TraitCollection(displayScale: 2)) == "v0.pdf", "a dark 2x entry does not replace the light vector")
    }

    /// An unstated gamut is sRGB (the table: "absent = sRGB"), so a scale-less `display-gamut:
    /// sRGB` entry has the same attributes as a 2x entry without a gamut, which replaces it at
    /// 2x: scale decides before gamut. It gave the scale-less entry, declared first (issue #35).
    @Test func anSRGBScalelessEntryIsReplacedByAScaledOneWithoutAGamut() {
        for order in [false, true] {
            let entries: [(inout Variant) -> Void] = [
                {
                    $0.idiom = .device(.tv)
                    $0.filename = "srgb.png"
                    $0.displayGamut = .sRGB
                },
                {
                    $0.idiom = .device(.tv)
                    $0.filename = "2x.png"
                    $0.scale = 2
                },
            ]
            let index = imageSet(order ? entries.reversed() : entries)
            for gamut in [nil, DisplayGamut.sRGB, .P3] {
                for sizeClass in [nil, SizeClass.regular] {
                    var query = TraitCollection(userInterfaceIdiom: .tv, displayScale: 2)
                    query.displayGamut = gamut
                    query.horizontalSizeClass = sizeClass
                    #expect(index.winner(query) == "2x.png", "\(query)")
                }
            }
            #expect(index.winner(TraitCollection(userInterfaceIdiom: .tv, displayScale: 1)) == "srgb.png", "exact at 1x, where nothing replaces it")
        }
    }

    /// (b) A 4-inch iPhone prefers its `retina4` image; no other phone shows it.
    @Test func retina4IsForFourInchPhones() {
        let index = imageSet([
            {
                $0.idiom = .device(.phone)
                $0.scale = 2
            },
            {
                $0.idiom = .device(.phone)
                $0.scale = 2
                $0.subtype = "retina4"
            },
        ])
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone, displayScale: 2, deviceSubtype: "retina4")) == "v1.png")
        #expect(index.winner(TraitCollection(userInterfaceIdiom: .phone, displayScale: 2)) == "v0.png")
    }

    /// (c) macOS and watchOS catalogs have no memory, graphics or size classes; tvOS no size classes.
    @Test func aPlatformNeverShowsAVariantDeclaringAnAxisItsCatalogLacks() {
        let sizeClass = imageSet([{ _ in }, { $0.horizontalSizeClass = .regular }])
        #expect(sizeClass.winner(TraitCollection(userInterfaceIdiom: .pad, horizontalSizeClass: .regular)) == "v1.png")
        for idiom in [UserInterfaceIdiom.tv, .mac, .watch] {
            #expect(sizeClass.winner(TraitCollection(userInterfaceIdiom: idiom, horizontalSizeClass: .regular)) == "v0.png", "\(idiom)")
        }
        let memory = imageSet([{ _ in }, { $0.memory = 2 }])
        #expect(memory.winner(TraitCollection(userInterfaceIdiom: .phone, memory: 4)) == "v1.png")
        #expect(memory.winner(TraitCollection(userInterfaceIdiom: .tv, memory: 4)) == "v1.png", "tvOS keeps memory")
        #expect(memory.winner(TraitCollection(userInterfaceIdiom: .mac, memory: 8)) == "v0.png")
        #expect(memory.winner(TraitCollection(userInterfaceIdiom: .watch, memory: 1)) == "v0.png")
        let graphics = imageSet([{ _ in }, { $0.graphicsFeatureSet = .metal1v2 }])
        var mac = TraitCollection(userInterfaceIdiom: .mac)
        mac.graphicsFeatureSets = [.metal4v1, .metal1v2]
        #expect(graphics.winner(mac) == "v0.png")
        mac.userInterfaceIdiom = .phone
        #expect(graphics.winner(mac) == "v1.png")
        let reason = memory.select("A", for: TraitCollection(userInterfaceIdiom: .mac, memory: 8)).trace.drops.first { $0.variant == 1 }?.reason
        #expect(reason?.contains("macos catalogs have no memory") == true)
    }
}
