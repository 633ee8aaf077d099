import CompiledCatalog
import Testing

/// actool's name identifiers, and what the builder does when two names share one.
@Suite struct CompiledNameTests {
    /// Every (name, identifier) pair of the real files in `../shared/corpus/compiled` (Xcode 7.3 to
    /// 26.6: acextract's six files, sentry-cli's, Grid, sudoku, Stasis, iMon, SameDesk,
    /// AM-MiniPlayer, eink-assistant), read by adapt inspect.
    static let realPairs: [(String, UInt16)] = [
        ("AccentColor", 20419),
        ("App Icon", 38162),
        ("App Icon/Back/Content", 31317),
        ("App Icon/Front/Content", 23331),
        ("App Icon/Middle/Content", 21981),
        ("App", 29839),
        ("App/Group", 36038),
        ("AppIcon", 6849),
        ("AppIcon/Group 2", 57949),
        ("AppIcon/Group 3", 28350),
        ("AppIcon/Group", 55059),
        ("AppIcon_Assets/1 _ Layer", 21782),
        ("AppIcon_Assets/3 _ Layer 3", 24551),
        ("AppIcon_Assets/Color-1", 27972),
        ("AppIcon_Assets/Color-2", 63909),
        ("AppIcon_Assets/Color-3", 34310),
        ("AppIcon_Assets/Color-4", 4711),
        ("AppIcon_Assets/Ellipse 2 2", 55809),
        ("AppIcon_Assets/Gradient-1", 59377),
        ("AppIcon_Assets/Gradient-2", 29778),
        ("AppIcon_Assets/Gradient-3", 179),
        ("AppIcon_Assets/logo", 52189),
        ("App_Assets/Color-1", 58200),
        ("App_Assets/Color-2", 28601),
        ("App_Assets/Color-3", 64538),
        ("App_Assets/Color-4", 34939),
        ("App_Assets/Color-5", 5340),
        ("App_Assets/Gradient-1", 47657),
        ("App_Assets/Gradient-2", 18058),
        ("App_Assets/Sudoku", 53272),
        ("Sudoku", 4774),
        ("a_any", 60298),
        ("a_no", 26774),
        ("d_ipad", 30312),
        ("d_iphone", 17323),
        ("d_iphone4", 32670),
        ("d_iphone_ipad_mac", 8393),
        ("d_iphone_ipad_mac_watch", 41541),
        ("d_mac", 59532),
        ("d_tv", 37128),
        ("d_universal", 54316),
        ("d_watch", 51958),
        ("g_1v2", 60205),
        ("g_2v2", 5070),
        ("g_3v1", 45070),
        ("g_mix", 39203),
        ("g_none", 27391),
        ("m_1gb", 38528),
        ("m_2gb", 48929),
        ("m_4gb", 4195),
        ("m_no", 24425),
        ("product-image", 45616),
        ("r_default", 15991),
        ("r_original", 20574),
        ("r_template", 63615),
        ("s_horizontal", 41539),
        ("s_horizontal_vertical", 11938),
        ("s_none", 51849),
        ("s_vertical", 3303),
        ("sc_h_a&r", 24811),
        ("sc_w_a&c", 8506),
        ("sc_wh_a&r&c", 732),
        ("v_device", 36373),
        ("v_overrides", 59299),
        ("v_universal", 37819),
    ]

    @Test func identifiersAreActools() {
        for (name, identifier) in Self.realPairs {
            #expect(CompiledName.identifier(of: name) == identifier, "\(name)")
        }
    }

    /// A compiled catalog numbers its names with 16 bits: 65,535 of them fit, one more is refused
    /// as a value, where it used to trap in the search for a free identifier.
    @Test func moreNamesThanIdentifiersAreRefusedNotATrap() throws {
        var builder = CompiledCatalogBuilder(keyFormat: [.scale, .identifier, .element, .part], platform: "ios", platformVersion: "17.0")
        try builder.assignIdentifiers((0..<65_535).map { "n\($0)" })
        #expect(Set((0..<65_535).map { builder.assignedIdentifier(of: "n\($0)") }).count == 65_535)
        #expect(throws: CompiledCatalogBuilder.Refusal.tooManyNames) { try builder.assignIdentifiers(["one more"]) }
        var fresh = CompiledCatalogBuilder(keyFormat: [.scale, .identifier, .element, .part], platform: "ios", platformVersion: "17.0")
        #expect(throws: CompiledCatalogBuilder.Refusal.tooManyNames) { try fresh.assignIdentifiers((0...65_535).map { "n\($0)" }) }
    }

    /// Apple's Food Truck sample has two colour sets whose names hash alike; Xcode builds it.
    @Test func namesThatHashAlikeGetDistinctIdentifiers() throws {
        let first = "dough/green-thumb"
        let second = "dough/plain-bg"
        #expect(CompiledName.identifier(of: first) == CompiledName.identifier(of: second))
        var builder = CompiledCatalogBuilder(keyFormat: [.appearance, .scale, .identifier, .element, .part], platform: "ios", platformVersion: "17.0")
        // Added in the order the other way round: the identifiers still follow the names' order.
        try builder.assignIdentifiers([second, first])
        for name in [second, first] {
            try builder.add(
                name: name, facetAttributes: [(.element, 85), (.part, 217)], key: [.scale: 1, .element: 85, .part: 217],
                value: CSIRendition.color(name: name, colorSpace: .sRGB, components: [1, 0, 0, 1]).bytes())
        }
        let catalog = try CompiledCatalog(bytes: try builder.bytes(), path: "collision.car")
        let identifiers = Dictionary(uniqueKeysWithValues: catalog.facets.map { ($0.name, $0.nameIdentifier) })
        #expect(identifiers[first] == CompiledName.identifier(of: first))
        #expect(identifiers[second] != nil && identifiers[second] != identifiers[first])
        // Each name finds its own rendition.
        #expect(Set(catalog.renditions.compactMap(\.name)) == [first, second])
    }
}
