import AssetCatalog
import AssetSelection
import CompiledCatalog

/// What every set compiler plans with: the options, the devices they target, and the two
/// questions each entry is asked, whether the platform keeps it and what its key is.
struct PlanContext: Sendable {
    let options: CompileOptions
    /// The device kinds the platform and `--target-device` select.
    let idioms: Set<UserInterfaceIdiom>

    init(_ options: CompileOptions) {
        self.options = options
        idioms = options.platform.idioms(targetDevices: options.targetDevices)
    }

    var platform: Platform { options.platform.platform }
}

extension PlanContext {
    /// Whether the platform and devices keep `variant`, and if not, why not (nil: kept quietly left out).
    func keeps(_ variant: Variant, in asset: Asset) -> Bool {
        guard variant.isSelectable else { return false }
        switch variant.idiom {
        case .universal: break
        case .device(let idiom): guard idioms.contains(idiom) else { return false }
        case .storeOnly(let slot):
            // The App Store icon is compiled into an iOS app's catalog (ITMS-90704 asks for it there).
            guard asset.type == .appIconSet, slot == "ios-marketing", options.platform.platform == .ios else { return false }
        }
        if let platform = variant.platform, Platform(contentsValue: platform) != options.platform.platform { return false }
        let lacking = PlatformAxes.lacking(on: options.platform.platform)
        if lacking.contains(.memory), variant.memory != nil { return false }
        if lacking.contains(.graphics), variant.graphicsFeatureSet != nil { return false }
        if lacking.contains(.sizeClasses), variant.horizontalSizeClass != nil || variant.verticalSizeClass != nil { return false }
        return true
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

    /// The scales actool rasterises a vector entry without a scale at: Xcode 7.3's files hold
    /// 1x, 2x and 3x renditions of each such PDF for iOS (the iPad's too), tvOS and watchOS, and
    /// 1x and 2x for the Mac (acextract). visionOS has no file here: Vision Pro draws at 2x.
    var vectorScales: [Int] {
        switch options.platform.platform {
        case .macos: [1, 2]
        case .visionos: [2]
        default: [1, 2, 3]
        }
    }
}

extension PlanContext {
    /// Whether an app icon (a set, a brand asset or an Icon Composer icon) named `name` is
    /// compiled: named by `--app-icon` or `--alternate-app-icon`, or all with `--include-all-app-icons`.
    func selectsIcon(_ name: String) -> Bool {
        options.includeAllAppIcons || name == options.appIcon || options.alternateAppIcons.contains(name)
    }
}
