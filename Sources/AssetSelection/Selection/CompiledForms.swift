import AssetCatalog

/// A variant's requirements packed into small integers, so that the selector's inner loop
/// compares integers instead of optionals, enums and strings. 0 always means "any" (or "absent").
/// Every value is kept exactly: the reader refuses what would not fit (`memory` and `screen-width`
/// above 65,535, a scale other than 1 to 3), so no comparison here is ever approximate. A variant
/// built in code with a value out of range (a 200x scale, a negative memory) never competes.
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
    /// For a scale-less variant, the scales (bit `scale - 1`, 1x to 3x) at which an entry with the
    /// same attributes declares a file: there that entry replaces it (rule 2.1). Set by `AssetIndex`.
    var replacedScales: UInt8 = 0
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
    /// The categorical axes' codes, one byte each (`CategoricalBytes`), for the fast path.
    var categorical: UInt64
    /// Whether the variant declares localization, memory, watch size or graphics, which the fast
    /// path scores one by one; most variants declare none.
    var hasRareAxes: Bool

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
        let memoryFits = (0...TraitCollection.largestMemory).contains(variant.memory ?? 0)
        memory = memoryFits ? UInt16(variant.memory ?? 0) : 0
        let widthFits = (variant.screenWidth.map { (0...TraitCollection.largestScreenWidth).contains($0.points) } ?? true)
        if let condition = variant.screenWidth, widthFits {
            widthComparison = condition.comparison.code
            widthPoints = UInt16(condition.points)
        } else {
            widthComparison = 0
            widthPoints = 0
        }
        subtype = variant.screenSubtype.map { strings.intern($0) } ?? 0
        graphics = variant.graphicsFeatureSet?.ordinal ?? 0
        // A lower scale scores 128 + its value, which must stay below an exact match (`largestScale`).
        let scaleFits = (0...Self.largestScale).contains(variant.scale ?? 0)
        scale = scaleFits ? UInt8(variant.scale ?? 0) : 0
        direction = Self.code(variant.layoutDirection)
        gamut = variant.displayGamut == .P3 ? 2 : 1
        var storeOnly = false
        switch variant.idiom {
        case .universal: idiom = 0
        case .device(let device): idiom = device.ordinal
        case .storeOnly:
            idiom = 0
            storeOnly = true
        }
        platform = variant.platform.flatMap(Platform.init(contentsValue:)).map(Self.code) ?? 0
        horizontal = Self.code(variant.horizontalSizeClass)
        vertical = Self.code(variant.verticalSizeClass)
        isSelectable = variant.isSelectable && !storeOnly && memoryFits && widthFits && scaleFits
        self.position = Int32(position)
        categorical = CategoricalBytes.pack(
            style: style, contrast: contrast, idiom: idiom, platform: platform,
            horizontal: horizontal, vertical: vertical)
        hasRareAxes = locale != 0 || memory != 0 || widthComparison != 0 || subtype != 0 || graphics != 0
    }

    /// The largest scale a variant may declare and compete with: a lower scale scores 128 + its
    /// value (`AxisRule.scale`), which must stay below an exact match's 255.
    static let largestScale = 126

    @inline(__always)
    static func code<T: TraitValueOrdinal>(_ value: T?) -> UInt8 { value?.ordinal ?? 0 }

    /// A switch, not `allCases.firstIndex`: every query asks, and `allCases` builds an array.
    static func code(_ platform: Platform) -> UInt8 {
        switch platform {
        case .ios: 1
        case .watchos: 2
        case .tvos: 3
        case .macos: 4
        case .visionos: 5
        }
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
    /// The categorical axes packed as a variant's are.
    var categorical: UInt64

    /// `borrowing`: an initializer takes its arguments owned, and every query then paid for a copy
    /// of the whole collection (three references retained and released) that it only reads.
    init(_ traits: borrowing TraitCollection, strings: borrowing StringTable) {
        style = CompiledVariant.code(traits.userInterfaceStyle)
        contrast = CompiledVariant.code(traits.accessibilityContrast)
        if let locale = traits.locale {
            self.locale = strings.lookup(LocaleIdentifier.comparisonKey(locale))
            localeLanguage = strings.lookup(LocaleIdentifier.language(of: locale))
        } else {
            self.locale = 0
            localeLanguage = 0
        }
        // What the platform's compiled catalog lacks (rule 2.1, step 1) is compiled into the query:
        // no memory and no graphics families to meet, and a size class no variant declares.
        let lacks = traits.userInterfaceIdiom.map { PlatformAxes.lacking(on: $0.platform) } ?? []
        memory = lacks.contains(.memory) ? -1 : traits.memory.map { Int32(clamping: $0) } ?? -1
        screenWidth = traits.screenWidth.map { Int32(clamping: $0) } ?? -1
        subtype = traits.deviceSubtype.map { strings.lookup($0) } ?? 0
        graphicsScores = SIMD32(repeating: 0)
        if let families = traits.graphicsFeatureSets, !lacks.contains(.graphics) {
            for (place, family) in families.prefix(31).enumerated() where graphicsScores[Int(family.ordinal)] == 0 {
                graphicsScores[Int(family.ordinal)] = UInt8(31 - place)
            }
        }
        scale = UInt8(clamping: traits.displayScale ?? 0)
        direction = CompiledVariant.code(traits.layoutDirection)
        gamut = traits.displayGamut == .P3 ? 2 : 1
        idiom = CompiledVariant.code(traits.userInterfaceIdiom)
        platform = traits.userInterfaceIdiom.map { CompiledVariant.code($0.platform) } ?? 0
        horizontal = lacks.contains(.sizeClasses) ? Self.absentSizeClass : CompiledVariant.code(traits.horizontalSizeClass)
        vertical = lacks.contains(.sizeClasses) ? Self.absentSizeClass : CompiledVariant.code(traits.verticalSizeClass)
        categorical = CategoricalBytes.pack(
            style: style, contrast: contrast, idiom: idiom, platform: platform,
            horizontal: horizontal, vertical: vertical)
    }

    var graphicsSpecified: Bool { graphicsScores != SIMD32(repeating: 0) }

    /// A size-class code no variant has: on a platform whose compiled catalogs have no size
    /// classes, the query carries it, so that a variant declaring one never competes there and
    /// one without competes as before (`AxisRule.categorical`).
    static let absentSizeClass: UInt8 = 0x7F
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

/// The six categorical axes (appearance, contrast, idiom, platform, horizontal and vertical size
/// class) of a variant or a query, one code per byte, so that the fast path checks them all at
/// once (SWAR). On each, a variant competes when its byte is 0 (*any*) or equals the query's, and
/// then scores 1 exactly when its byte is not 0: `AxisRule.categorical`, for six axes in one go.
enum CategoricalBytes {
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    static func pack(style: UInt8, contrast: UInt8, idiom: UInt8, platform: UInt8, horizontal: UInt8, vertical: UInt8) -> UInt64 {
        UInt64(style) << 56 | UInt64(contrast) << 48 | UInt64(idiom) << 40 | UInt64(platform) << 32
            | UInt64(horizontal) << 24 | UInt64(vertical) << 16
    }

    /// 0x80 in every byte of `x` that is zero, nothing elsewhere.
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & highBits
    }

    /// The categorical part of `AxisRule.packedScore`, and whether every categorical axis lets the
    /// variant compete: each byte is *any*, or equal to the query's (an unspecified query's byte is
    /// 0, so it admits only *any*).
    @inline(__always)
    static func scoreIfCompeting(variant: UInt64, query: UInt64) -> (score: UInt64, competes: Bool) {
        let variantZero = zeroBytes(variant)
        let competes = variantZero | zeroBytes(variant ^ query) == highBits
        let exact = ~variantZero & highBits
        // Byte k's flag is bit 8k+7; move each to its axis's place in the packed score.
        let score =
            (exact >> 63) << 56 | ((exact >> 55) & 1) << 55 | ((exact >> 47) & 1) << 3 | ((exact >> 39) & 1) << 2
            | ((exact >> 31) & 1) << 1 | ((exact >> 23) & 1)
        return (score, competes)
    }
}

/// The part of a `CompiledVariant` the fast path reads for every variant, in one 64-bit word, so
/// that a set's variants share as few cache lines as possible (a random batch is bound by cache
/// misses, and half the size keeps twice as many sets in cache). The rest is read only for the few
/// variants that declare localization, memory, watch size or graphics.
struct HotVariant: Sendable {
    /// Bits 63–16: the categorical bytes (`CategoricalBytes`). 15–8: scale. 7–6: direction.
    /// 5: P3. 4–2: `replacedScales` (3x, 2x, 1x). 1: `rare`. 0: `selectable`.
    private var word: UInt64

    static let selectable: UInt8 = 1
    static let rare: UInt8 = 2

    init(_ variant: CompiledVariant) {
        word = variant.categorical | UInt64(variant.scale) << 8 | UInt64(variant.direction) << 6
        word |= UInt64(variant.gamut == 2 ? 1 : 0) << 5 | UInt64(variant.replacedScales & 7) << 2
        word |= UInt64((variant.isSelectable ? Self.selectable : 0) | (variant.hasRareAxes ? Self.rare : 0))
    }

    var categorical: UInt64 { word & 0xFFFF_FFFF_FFFF_0000 }
    var scale: UInt8 { UInt8(truncatingIfNeeded: word >> 8) }
    var direction: UInt8 { UInt8(truncatingIfNeeded: word >> 6) & 3 }
    /// 1 sRGB, 2 P3, as `CompiledVariant.gamut`.
    var gamut: UInt8 { 1 + UInt8(truncatingIfNeeded: word >> 5) & 1 }
    var flags: UInt8 { UInt8(truncatingIfNeeded: word) & 3 }
    var replacedScales: UInt8 { UInt8(truncatingIfNeeded: word >> 2) & 7 }
}
