import AssetCatalog

/// A variant's requirements packed into small integers, so that the selector's inner loop
/// compares bytes instead of optionals and enums. 0 always means "any" (or "absent").
struct CompiledVariant: Hashable, Sendable {
    /// 0 any, 1... `UserInterfaceIdiom` index + 1, `neverSelected` for store-only idioms.
    var idiom: UInt8
    /// 0 any, else `ScreenWidthCondition.Comparison.code`; with `widthPoints`.
    var widthComparison: UInt8
    var widthPoints: Int16
    /// 0 any, then the enum's cases in order, 1-based.
    var style: UInt8
    var contrast: UInt8
    var horizontal: UInt8
    var vertical: UInt8
    var direction: UInt8
    /// GB required, 0 for none (clamped to 255).
    var memory: UInt8
    /// `GraphicsFeatureSet.rank`, 0 for none.
    var graphics: UInt8
    /// 1 sRGB (also when absent), 2 P3.
    var gamut: UInt8
    /// 0 any (vector), else the scale.
    var scale: UInt8
    /// False for empty slots, broken files, unrecognized values and store-only idioms: never a candidate.
    var isSelectable: Bool
    /// The categorical axes' codes, one byte each (see `CategoricalBytes`).
    var categorical: UInt64
    /// Position in the asset's `variants` array (not the Contents.json index).
    var position: Int16

    static let neverSelected: UInt8 = 255

    init(_ variant: Variant, position: Int) {
        switch variant.idiom {
        case .universal: idiom = 0
        case .device(let device): idiom = device.ordinal
        case .storeOnly: idiom = Self.neverSelected
        }
        if let condition = variant.screenWidth {
            widthComparison = condition.comparison.code
            widthPoints = Int16(clamping: condition.points)
        } else {
            widthComparison = 0
            widthPoints = 0
        }
        style = Self.code(variant.userInterfaceStyle)
        contrast = Self.code(variant.accessibilityContrast)
        horizontal = Self.code(variant.horizontalSizeClass)
        vertical = Self.code(variant.verticalSizeClass)
        direction = Self.code(variant.layoutDirection)
        memory = UInt8(min(variant.memory ?? 0, 254))
        graphics = variant.graphicsFeatureSet?.ordinal ?? 0
        gamut = variant.displayGamut == .P3 ? 2 : 1
        scale = UInt8(variant.scale ?? 0)
        isSelectable = variant.isSelectable && idiom != Self.neverSelected
        self.position = Int16(clamping: position)
        categorical = CategoricalBytes.pack(idiom: idiom, style: style, contrast: contrast, horizontal: horizontal,
                                            vertical: vertical, direction: direction)
    }

    @inline(__always)
    static func code<T: TraitValueOrdinal>(_ value: T?) -> UInt8 { value?.ordinal ?? 0 }
}

/// A trait query packed the same way; 0 means unspecified.
struct CompiledQuery: Hashable, Sendable {
    var idiom: UInt8
    /// -1 when unspecified.
    var screenWidth: Int32
    var style: UInt8
    var contrast: UInt8
    var horizontal: UInt8
    var vertical: UInt8
    var direction: UInt8
    /// -1 when unspecified.
    var memory: Int32
    var graphics: UInt8
    /// 0 unspecified, 1 sRGB, 2 P3.
    var gamut: UInt8
    var scale: UInt8

    static let tinted = UserInterfaceStyle.tinted.ordinal
    var categorical: UInt64 = 0
    /// `CategoricalBytes.zeroBytes(categorical)`, computed once per query.
    var categoricalZero: UInt64 = 0

    init(_ traits: TraitCollection) {
        idiom = CompiledVariant.code(traits.userInterfaceIdiom)
        screenWidth = Int32(clamping: traits.screenWidth ?? -1)
        style = CompiledVariant.code(traits.userInterfaceStyle)
        contrast = CompiledVariant.code(traits.accessibilityContrast)
        horizontal = CompiledVariant.code(traits.horizontalSizeClass)
        vertical = CompiledVariant.code(traits.verticalSizeClass)
        direction = CompiledVariant.code(traits.layoutDirection)
        memory = Int32(clamping: traits.memory ?? -1)
        graphics = traits.graphicsFeatureSet?.ordinal ?? 0
        gamut = CompiledVariant.code(traits.displayGamut)
        scale = UInt8(clamping: traits.displayScale ?? 0)
        categorical = CategoricalBytes.pack(idiom: idiom, style: style, contrast: contrast, horizontal: horizontal,
                                            vertical: vertical, direction: direction)
        categoricalZero = CategoricalBytes.zeroBytes(categorical)
    }
}

extension ScreenWidthCondition.Comparison {
    /// 1-based, so that 0 can mean "no condition" in a packed variant.
    var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self)! + 1) }

    init(code: UInt8) { self = Self.allCases[Int(code) - 1] }
}

/// The seven categorical axes of a variant or a query, one code per byte, so that a variant is
/// checked on all of them at once (SWAR). Byte 7 holds the idiom, byte 6 is left for the screen
/// width (not categorical, scored apart), bytes 5 to 1 hold style, contrast, horizontal and
/// vertical size class and direction; so the score bits, compared as an integer, keep the axes'
/// order.
enum CategoricalBytes {
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    static let widthBit: UInt64 = 0x80 << 48

    static func pack(idiom: UInt8, style: UInt8, contrast: UInt8, horizontal: UInt8, vertical: UInt8, direction: UInt8) -> UInt64 {
        UInt64(idiom) << 56 | UInt64(style) << 40 | UInt64(contrast) << 32 | UInt64(horizontal) << 24
            | UInt64(vertical) << 16 | UInt64(direction) << 8
    }

    /// 0x80 in every byte of `x` that is zero, nothing elsewhere.
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & highBits
    }

    /// SELECTION.md step 1 on every categorical axis at once: each byte is *any*, unspecified, or equal.
    @inline(__always)
    static func eligible(variant: UInt64, variantZero: UInt64, query: UInt64, queryZero: UInt64) -> Bool {
        (variantZero | queryZero | zeroBytes(variant ^ query)) == highBits
    }

    /// Step 2's score bits: set where exact beats any (query specified) or any beats a value
    /// (query unspecified), i.e. where the variant's and the query's "is zero" agree.
    @inline(__always)
    static func scores(variantZero: UInt64, queryZero: UInt64) -> UInt64 {
        ~(variantZero ^ queryZero) & highBits & ~widthBit
    }
}
