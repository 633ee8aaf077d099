import AssetCatalog
import AssetSelection
import CompiledCatalog

/// What every set compiler plans with: the options, the devices they target, and the two
/// questions each entry is asked, whether the platform keeps it and what its key is.
struct PlanContext: Sendable {
    let options: CompileOptions
    /// The device kinds the platform and `--target-device` select.
    let idioms: Set<UserInterfaceIdiom>
    /// Which entries actool writes for them (shared with `adapt verify`).
    let entries: ActoolEntryFilter

    init(_ options: CompileOptions) {
        self.options = options
        idioms = options.platform.idioms(targetDevices: options.targetDevices)
        entries = ActoolEntryFilter(platform: options.platform.platform, idioms: idioms)
    }

    var platform: Platform { options.platform.platform }
}

extension PlanContext {
    /// Whether the platform and devices keep `variant` (`ActoolEntryFilter`, which `adapt verify` shares).
    func keeps(_ variant: Variant, in asset: Asset) -> Bool {
        entries.keeps(variant, in: asset)
    }

    /// The key values of a variant's traits (`CompiledTraitNumbers`), or the reason one has no
    /// established number.
    func traitKey(_ variant: Variant, scale: Int?) -> Result<[RenditionAttribute: UInt16], TraitGap> {
        typealias Numbers = CompiledTraitNumbers
        var key: [RenditionAttribute: UInt16] = [:]
        if let scale { key[.scale] = UInt16(scale) }
        switch variant.idiom {
        case .universal: break
        case .device(let idiom): key[.idiom] = Numbers.idioms.number(idiom)
        case .storeOnly: key[.idiom] = CompiledIdiom.marketing.rawValue
        }
        // On the Mac the key has no idiom: `mac` and `universal` are one there.
        if options.platform.platform == .macos { key[.idiom] = nil }
        if let subtype = variant.subtype, variant.screenSubtype == Variant.fourInchSubtype, subtype == Variant.fourInchSubtype {
            key[.subtype] = Numbers.phoneSubtypes.number(subtype)
        } else if let width = variant.screenWidth {
            guard let number = Numbers.watchSubtypes.number(width) else { return .failure(TraitGap(trait: "screen-width \(width)")) }
            key[.subtype] = number
        } else if variant.caseSizeSubtype != nil {
            // No Apple file shows the number of a watch's case-size subtype (`38mm`): said, not guessed.
            return .failure(TraitGap(trait: "subtype \(variant.subtype ?? "")"))
        }
        if let sizeClass = variant.horizontalSizeClass { key[.horizontalSizeClass] = Numbers.sizeClasses.number(sizeClass) }
        if let sizeClass = variant.verticalSizeClass { key[.verticalSizeClass] = Numbers.sizeClasses.number(sizeClass) }
        if let memory = variant.memory {
            guard let number = Numbers.memoryClasses.number(memory) else { return .failure(TraitGap(trait: "memory \(memory)GB")) }
            key[.memoryClass] = number
        }
        if let family = variant.graphicsFeatureSet {
            guard let number = Numbers.graphicsClasses.number(family) else { return .failure(TraitGap(trait: "graphics-feature-set \(family.rawValue)")) }
            key[.graphicsClass] = number
        }
        if let gamut = variant.displayGamut, let value = Numbers.displayGamuts.number(gamut) { key[.displayGamut] = value }
        guard let appearance = options.platform.appearance(style: variant.userInterfaceStyle, contrast: variant.accessibilityContrast) else {
            return .failure(TraitGap(trait: "luminosity \(variant.userInterfaceStyle?.rawValue ?? "any")"))
        }
        if appearance.value != 0 { key[.appearance] = appearance.value }
        if let direction = variant.layoutDirection { key[.direction] = Numbers.directions.number(direction) }
        if let locale = variant.locale { key[.localization] = CompiledName.identifier(of: locale) }
        return .success(key)
    }

    struct TraitGap: Error {
        var trait: String
    }

    /// Template rendering mode in a bitmap's flags (bits 3 to 5): original 0, template 1, unset 2
    /// (acextract's `r_original`, `r_template`, `r_default`).
    static func templateFlags(_ intent: String?) -> UInt32 {
        switch intent {
        case "original": 0
        case "template": 1 << 3
        default: 2 << 3
        }
    }

    /// The scales actool rasterises a vector entry without a scale at (`ActoolEntryFilter`).
    var vectorScales: [Int] { entries.vectorScales }
}

extension PlanContext {
    /// Whether an app icon (a set, a brand asset or an Icon Composer icon) named `name` is
    /// compiled: named by `--app-icon` or `--alternate-app-icon`, or all with `--include-all-app-icons`.
    func selectsIcon(_ name: String) -> Bool {
        options.includeAllAppIcons || name == options.appIcon || options.alternateAppIcons.contains(name)
    }
}
