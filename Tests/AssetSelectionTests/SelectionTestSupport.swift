import AssetCatalog
import AssetSelection
import CatalogFixtures

/// Builds an image set in memory: one variant per closure, declared in order, each with a file
/// named after its position so a test can read the winner at a glance.
func imageSet(named name: String = "A", _ configure: [(inout Variant) -> Void]) -> AssetIndex {
    let variants = configure.enumerated().map { position, setUp in
        var variant = Variant(index: position)
        variant.filename = "v\(position).png"
        setUp(&variant)
        return variant
    }
    let asset = Asset(name: name, type: .imageSet, path: "/tmp/\(name).imageset", variants: variants)
    return AssetIndex(Catalog(path: "/tmp/T.xcassets", assets: [asset]))
}

extension AssetIndex {
    /// The winner's filename by both paths, checking that the fast path and the trace agree.
    func winner(_ traits: TraitCollection, asset: String = "A") -> String? {
        let fast = resolve(asset, for: traits).map { variant($0).filename }
        let explained = select(asset, for: traits)
        let slow = explained.winner.map { catalog.assets[0].variants[$0].filename }
        precondition(fast == slow, "fast path \(String(describing: fast)) and trace \(String(describing: slow)) disagree")
        return fast ?? nil
    }
}

/// A random variant on every axis the rule compares, from values that make ties, near misses and
/// exclusions likely (for tests that hold two paths of the rule to each other).
func randomVariant(_ generator: inout SplitMix64) -> (inout Variant) -> Void {
    let seed = generator.next()
    return { variant in
        var random = SplitMix64(seed: seed)
        variant.idiom = [.universal, .device(.phone), .device(.pad), .device(.watch), .device(.mac), .device(.tv), .storeOnly("ios-marketing")]
            .randomElement(using: &random)!
        variant.screenWidth = [
            nil, ScreenWidthCondition(.lessThanOrEqual, 145), ScreenWidthCondition(.greaterThan, 145),
            ScreenWidthCondition(.greaterThan, 161), ScreenWidthCondition(.greaterThan, 183),
        ]
        .randomElement(using: &random)!
        variant.subtype = [nil, "44mm", "45mm", "retina4"].randomElement(using: &random)!
        variant.locale = [nil, "fr", "fr-CA", "ar"].randomElement(using: &random)!
        variant.platform = [nil, "ios", "watchos"].randomElement(using: &random)!
        variant.userInterfaceStyle = [nil, .dark, .light, .tinted].randomElement(using: &random)!
        variant.accessibilityContrast = [nil, .high].randomElement(using: &random)!
        variant.horizontalSizeClass = [nil, .compact, .regular].randomElement(using: &random)!
        variant.verticalSizeClass = [nil, .compact, .regular].randomElement(using: &random)!
        variant.layoutDirection = [nil, .rightToLeft, .leftToRight].randomElement(using: &random)!
        variant.memory = [nil, 1, 2, 4].randomElement(using: &random)!
        variant.graphicsFeatureSet = [nil, .metal1v2, .metal3v1, .apple3, .apple7].randomElement(using: &random)!
        variant.displayGamut = [nil, .sRGB, .P3].randomElement(using: &random)!
        variant.scale = [nil, 1, 2, 3].randomElement(using: &random)!
    }
}

/// A random query, each trait possibly unspecified.
func randomQuery(_ generator: inout SplitMix64) -> TraitCollection {
    TraitCollection(
        userInterfaceIdiom: [nil, .phone, .pad, .watch, .mac, .tv].randomElement(using: &generator)!,
        screenWidth: [nil, 136, 162, 184, 198].randomElement(using: &generator)!,
        userInterfaceStyle: [nil, .light, .dark, .tinted].randomElement(using: &generator)!,
        accessibilityContrast: [nil, .normal, .high].randomElement(using: &generator)!,
        horizontalSizeClass: [nil, .compact, .regular].randomElement(using: &generator)!,
        verticalSizeClass: [nil, .compact, .regular].randomElement(using: &generator)!,
        layoutDirection: [nil, .leftToRight, .rightToLeft].randomElement(using: &generator)!,
        memory: [nil, 1, 3, 8].randomElement(using: &generator)!,
        graphicsFeatureSet: [nil, .metal2v2, .metal4v1, .apple5, .apple9].randomElement(using: &generator)!,
        displayGamut: [nil, .sRGB, .P3].randomElement(using: &generator)!,
        displayScale: [nil, 1, 2, 3].randomElement(using: &generator)!,
        locale: [nil, "fr", "fr-CA", "fr-BE", "de"].randomElement(using: &generator)!,
        deviceSubtype: [nil, "44mm", "45mm", "retina4"].randomElement(using: &generator)!)
}
