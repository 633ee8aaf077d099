import AssetCatalog
import CompiledCatalog

/// actool's `--platform` (Xcode's `PLATFORM_NAME`): what a catalog is compiled for. Each names the platform whose rules
/// apply (rule 2.1's platform table), the devices it serves, the key format actool writes for it
/// and the name the file's `EXTENDED_METADATA` gives it.
@_spi(Compiling) public enum CompilePlatform: String, CaseIterable, Sendable {
    case iphoneos, iphonesimulator, appletvos, appletvsimulator, watchos, watchsimulator, macosx, xros, xrsimulator

    package var platform: Platform {
        switch self {
        case .iphoneos, .iphonesimulator: .ios
        case .appletvos, .appletvsimulator: .tvos
        case .watchos, .watchsimulator: .watchos
        case .macosx: .macos
        case .xros, .xrsimulator: .visionos
        }
    }

    /// `EXTENDED_METADATA`'s platform, as the real files spell it: `ios` (sentry-cli's archives),
    /// `atv` (Stasis), `macosx` (Grid, iMon, eink-assistant); `watchos` and `xros` by analogy.
    package var metadataName: String {
        switch platform {
        case .ios: "ios"
        case .tvos: "atv"
        case .watchos: "watchos"
        case .macos: "macosx"
        case .visionos: "xros"
        }
    }

    /// The device kinds a `--target-device` value names on this platform. `iphone` brings CarPlay
    /// (`car`) with it, as a phone draws its car's screen (rule 2.1, thinning).
    package func idioms(targetDevices: [String]) -> Set<UserInterfaceIdiom> {
        let all: Set<UserInterfaceIdiom> =
            switch platform {
            case .ios: [.phone, .pad, .car]
            case .tvos: [.tv]
            case .watchos: [.watch]
            case .macos: [.mac]
            case .visionos: [.vision]
            }
        guard !targetDevices.isEmpty else { return all }
        var idioms: Set<UserInterfaceIdiom> = []
        for device in targetDevices {
            switch device {
            case "iphone": idioms.formUnion([.phone, .car])
            case "ipad": idioms.insert(.pad)
            case "tv": idioms.insert(.tv)
            case "watch": idioms.insert(.watch)
            case "mac": idioms.insert(.mac)
            case "car": idioms.insert(.car)
            case "vision": idioms.insert(.vision)
            default: break
            }
        }
        return idioms.intersection(all).isEmpty ? all : idioms.intersection(all)
    }

    /// The key format actool writes for this platform, from the real files of Xcode 15 to 26.6:
    /// macOS `appearance, localization, element, part, size, identifier, dimension2, layer, scale`
    /// (Grid, iMon, SameDesk, eink-assistant) with `displayGamut` after `scale` when a rendition
    /// has a gamut (AM-MiniPlayer); the others `appearance, localization, scale, idiom, subtype,
    /// identifier, element, part` (sentry-cli's, Stasis) with `dimension2` and `displayGamut` after
    /// `subtype` when used (sentry-cli's thinned archive). Where actool puts direction, size
    /// classes, memory and graphics classes no file here shows: after those, before `identifier`;
    /// on the Mac, direction after `scale` and the gamut. CoreUI reads each file's own key format,
    /// so the place is adapt's choice and loads alike; leaving direction out of a Mac key lost a
    /// right-to-left entry's trait.
    package func keyFormat(using used: Set<RenditionAttribute>) -> [RenditionAttribute] {
        if platform == .macos {
            var format: [RenditionAttribute] = [.appearance, .localization, .element, .part, .size, .identifier, .dimension2, .layer, .scale]
            for optional: RenditionAttribute in [.displayGamut, .direction] where used.contains(optional) { format.append(optional) }
            return format
        }
        var format: [RenditionAttribute] = [.appearance, .localization, .scale, .idiom, .subtype]
        for optional: RenditionAttribute in [.dimension2, .displayGamut, .direction, .horizontalSizeClass, .verticalSizeClass, .memoryClass, .graphicsClass]
        where used.contains(optional) {
            format.append(optional)
        }
        return format + [.identifier, .element, .part]
    }

    /// The header's key semantics: 1 in every Mac file of the corpus, 2 in the iOS and tvOS ones.
    package var keySemantics: UInt32 { platform == .macos ? 1 : 2 }

    /// The `APPEARANCEKEYS` name and number of a luminosity and contrast: AppKit's on the Mac,
    /// UIKit's elsewhere (`CompiledTraitNumbers`); nil for a tinted entry.
    package func appearance(style: UserInterfaceStyle?, contrast: AccessibilityContrast?) -> (name: String, value: UInt16)? {
        CompiledTraitNumbers.appearance(style: style, contrast: contrast, appKit: platform == .macos).map { ($0.name, $0.number) }
    }

    /// Whether the file has an `APPEARANCEKEYS` tree when no rendition has an appearance: iOS's
    /// always has one (`UIAppearanceAny`, mcfans/actool against actool); a Mac file without dark
    /// renditions has none (eink-assistant's, Grid's).
    package var alwaysWritesAppearances: Bool { platform != .macos }
}
