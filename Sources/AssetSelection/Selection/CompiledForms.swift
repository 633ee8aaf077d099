import AssetCatalog

/// A variant's requirements packed into small integers, so that the selector's inner loop
/// compares integers instead of optionals, enums and strings. 0 always means "any" (or "absent").
/// Every value is kept exactly: the reader refuses what would not fit (`memory` and `screen-width`
/// above 65,535), so no comparison here is ever approximate.
struct CompiledVariant: Hashable, Sendable {
    /// 0 any, then the enum's cases in order, 1-based (`TraitValueOrdinal`).
    var style: UInt8
    var contrast: UInt8
    /// Interned `locale` (`StringTable`), 0 for none.
    var locale: UInt32
    /// Whether `locale` is a bare language (`fr`), which also serves `fr-CA`.
    var localeIsLanguage: Bool
    /// GB required, 0 for none.
    var memory: UInt16
    /// 0 for none, else `ScreenWidthCondition.Comparison.code`; with `widthPoints`.
    var widthComparison: UInt8
    var widthPoints: UInt16
    /// Interned case size (`44mm`), 0 for none.
    var subtype: UInt32
    /// `GraphicsFeatureSet.ordinal`, 0 for none.
    var graphics: UInt8
    /// 0 any (vector), else the scale.
    var scale: UInt8
    var direction: UInt8
    /// 1 sRGB (also when absent), 2 P3.
    var gamut: UInt8
    /// 0 universal, else `UserInterfaceIdiom.ordinal`.
    var idiom: UInt8
    /// 0 universal, else `Platform` index + 1.
    var platform: UInt8
    var horizontal: UInt8
    var vertical: UInt8
    /// False for empty slots, broken files, unrecognized values and store-only idioms: never a candidate.
    var isSelectable: Bool
    /// Position in the asset's `variants` array.
    var position: Int32

    init(_ variant: Variant, position: Int, strings: inout StringTable) {
        style = Self.code(variant.userInterfaceStyle)
        contrast = Self.code(variant.accessibilityContrast)
        if let locale = variant.locale {
            self.locale = strings.intern(LocaleIdentifier.comparisonKey(locale))
            localeIsLanguage = !locale.contains("-") && !locale.contains("_")
        } else {
            self.locale = 0
            localeIsLanguage = false
        }
        let memoryFits = (variant.memory ?? 0) <= TraitCollection.largestMemory
        memory = memoryFits ? UInt16(variant.memory ?? 0) : 0
        let widthFits = (variant.screenWidth.map { (0...TraitCollection.largestScreenWidth).contains($0.points) } ?? true)
        if let condition = variant.screenWidth, widthFits {
            widthComparison = condition.comparison.code
            widthPoints = UInt16(condition.points)
        } else {
            widthComparison = 0
            widthPoints = 0
        }
        subtype = variant.caseSizeSubtype.map { strings.intern($0) } ?? 0
        graphics = variant.graphicsFeatureSet?.ordinal ?? 0
        scale = UInt8(variant.scale ?? 0)
        direction = Self.code(variant.layoutDirection)
        gamut = variant.displayGamut == .P3 ? 2 : 1
        var storeOnly = false
        switch variant.idiom {
        case .universal: idiom = 0
        case .device(let device): idiom = device.ordinal
        case .storeOnly: idiom = 0; storeOnly = true
        }
        platform = variant.platform.flatMap(Platform.init(contentsValue:)).map(Self.code) ?? 0
        horizontal = Self.code(variant.horizontalSizeClass)
        vertical = Self.code(variant.verticalSizeClass)
        isSelectable = variant.isSelectable && !storeOnly && memoryFits && widthFits
        self.position = Int32(position)
    }

    @inline(__always)
    static func code<T: TraitValueOrdinal>(_ value: T?) -> UInt8 { value?.ordinal ?? 0 }

    static func code(_ platform: Platform) -> UInt8 {
        UInt8(Platform.allCases.firstIndex(of: platform)! + 1)
    }
}

/// A trait query packed the same way; 0 means unspecified.
struct CompiledQuery: Sendable {
    var style: UInt8
    var contrast: UInt8
    /// The query's locale and its language as interned in the catalog's table; `StringTable.absent`
    /// when the catalog never mentions them (then only variants without a locale compete).
    var locale: UInt32
    var localeLanguage: UInt32
    /// -1 when unspecified.
    var memory: Int32
    /// -1 when unspecified.
    var screenWidth: Int32
    var subtype: UInt32
    /// Per `GraphicsFeatureSet.ordinal`, the family's score for this query: its place in the
    /// device's fallback list (earlier is higher), 0 when the device does not support it.
    var graphicsScores: SIMD32<UInt8>
    var scale: UInt8
    var direction: UInt8
    /// 1 sRGB (also when unspecified), 2 P3.
    var gamut: UInt8
    var idiom: UInt8
    var platform: UInt8
    var horizontal: UInt8
    var vertical: UInt8

    init(_ traits: TraitCollection, strings: StringTable) {
        style = CompiledVariant.code(traits.userInterfaceStyle)
        contrast = CompiledVariant.code(traits.accessibilityContrast)
        if let locale = traits.locale {
            self.locale = strings.lookup(LocaleIdentifier.comparisonKey(locale))
            localeLanguage = strings.lookup(LocaleIdentifier.language(of: locale))
        } else {
            self.locale = 0
            localeLanguage = 0
        }
        memory = traits.memory.map { Int32(clamping: $0) } ?? -1
        screenWidth = traits.screenWidth.map { Int32(clamping: $0) } ?? -1
        subtype = traits.deviceSubtype.map { strings.lookup($0) } ?? 0
        graphicsScores = SIMD32(repeating: 0)
        if let families = traits.graphicsFeatureSets {
            for (place, family) in families.prefix(31).enumerated() where graphicsScores[Int(family.ordinal)] == 0 {
                graphicsScores[Int(family.ordinal)] = UInt8(31 - place)
            }
        }
        scale = UInt8(clamping: traits.displayScale ?? 0)
        direction = CompiledVariant.code(traits.layoutDirection)
        gamut = traits.displayGamut == .P3 ? 2 : 1
        idiom = CompiledVariant.code(traits.userInterfaceIdiom)
        platform = traits.userInterfaceIdiom.map { CompiledVariant.code($0.platform) } ?? 0
        horizontal = CompiledVariant.code(traits.horizontalSizeClass)
        vertical = CompiledVariant.code(traits.verticalSizeClass)
    }

    var graphicsSpecified: Bool { graphicsScores != SIMD32(repeating: 0) }
}

extension ScreenWidthCondition.Comparison {
    /// 1-based, so that 0 can mean "no condition" in a packed variant.
    var code: UInt8 {
        switch self {
        case .lessThanOrEqual: 1
        case .greaterThan: 2
        case .lessThan: 3
        case .greaterThanOrEqual: 4
        }
    }

    init(code: UInt8) {
        switch code {
        case 1: self = .lessThanOrEqual
        case 2: self = .greaterThan
        case 3: self = .lessThan
        default: self = .greaterThanOrEqual
        }
    }
}

/// The strings a catalog's variants compare by (locales, case sizes), numbered from 1, so that
/// a query compares integers. A query string the catalog never mentions gets `absent`, which
/// equals no variant's number.
struct StringTable: Sendable {
    private var numbers: [String: UInt32] = [:]
    static let absent = UInt32.max

    mutating func intern(_ string: String) -> UInt32 {
        if let number = numbers[string] { return number }
        let number = UInt32(numbers.count + 1)
        numbers[string] = number
        return number
    }

    func lookup(_ string: String) -> UInt32 { numbers[string] ?? Self.absent }

    /// Every interned string, for callers that list the catalog's locales.
    var strings: [String] { Array(numbers.keys) }
}
