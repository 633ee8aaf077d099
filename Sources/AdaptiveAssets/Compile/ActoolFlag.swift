@_spi(Compiling) import AssetCompilation

/// Every flag `xcrun actool` accepts that adapt knows of, with its arity and whether it changes what
/// `adapt compile` writes. A flag not listed here is a usage error: nothing is silently misread.
///
/// Sources: Apple's own build system (swiftlang/swift-build, `Specs/AssetCatalogCompiler.xcspec`
/// and `AssetCatalogCompiler.swift`: every flag Xcode passes, with its value), Xcode build logs,
/// and the option parsers of two actool reimplementations (facebookarchive/xcbuild
/// `Libraries/acdriver/Sources/Options.cpp`, and a Rust port of it). actool takes a flag's value as
/// the next argument or after `=` (Chromium's `compile_car.py` calls `--output-format=xml1`,
/// `--platform=macosx`, `--compile=DIR`); both are accepted.
package enum ActoolFlag: String, CaseIterable, Sendable {
    // What adapt compiles, and for whom.
    case compile = "--compile"
    case platform = "--platform"
    case minimumDeploymentTarget = "--minimum-deployment-target"
    case targetDevice = "--target-device"
    case filterForDeviceModel = "--filter-for-device-model"
    case filterForDeviceOSVersion = "--filter-for-device-os-version"
    // Icons, colours and launch images, and the partial Info.plist that names them.
    case appIcon = "--app-icon"
    case alternateAppIcon = "--alternate-app-icon"
    case includeAllAppIcons = "--include-all-app-icons"
    case accentColor = "--accent-color"
    case widgetBackgroundColor = "--widget-background-color"
    case launchImage = "--launch-image"
    case standaloneIconBehavior = "--standalone-icon-behavior"
    case outputPartialInfoPlist = "--output-partial-info-plist"
    case exportDependencyInfo = "--export-dependency-info"
    // The result document on standard output.
    case outputFormat = "--output-format"
    case errors = "--errors"
    case warnings = "--warnings"
    case notices = "--notices"
    case version = "--version"
    case printContents = "--print-contents"
    // adapt's own, beside actool's: the most pixels one image may decode to.
    case maxPixels = "--max-pixels"
    // adapt's own: the whole compile's time budget, in seconds.
    case timeout = "--timeout"
    // Accepted and named in a notice: they change nothing in what adapt writes.
    case compressPNGs = "--compress-pngs"
    case enableOnDemandResources = "--enable-on-demand-resources"
    case assetPackOutputSpecifications = "--asset-pack-output-specifications"
    case printAssetTagCombinations = "--print-asset-tag-combinations"
    case developmentRegion = "--development-region"
    case includeLanguage = "--include-language"
    case includePartialInfoPlistLocalizations = "--include-partial-info-plist-localizations"
    case optimization = "--optimization"
    case productType = "--product-type"
    case targetName = "--target-name"
    case bundleIdentifier = "--bundle-identifier"
    case enableIncrementalDistill = "--enable-incremental-distill"
    case skipAppStoreDeployment = "--skip-app-store-deployment"
    case lightweightAssetRuntimeMode = "--lightweight-asset-runtime-mode"
    case enableIconStackFallbackGeneration = "--enable-icon-stack-fallback-generation"
    case flattenedAppIconPath = "--flattened-app-icon-path"
    case filterForThinningDeviceConfiguration = "--filter-for-thinning-device-configuration"
    case uiFrameworkFamily = "--ui-framework-family"
    case stickerPackIdentifierPrefix = "--sticker-pack-identifier-prefix"
    case stickerPackStringsFile = "--sticker-pack-strings-file"
    case stickersIconRole = "--stickers-icon-role"
    case includeStickerContent = "--include-sticker-content"
    case leaderboardIdentifierPrefix = "--leaderboard-identifier-prefix"
    case leaderboardSetIdentifierPrefix = "--leaderboard-set-identifier-prefix"
    case generateSwiftAssetSymbols = "--generate-swift-asset-symbols"
    case generateObjCAssetSymbols = "--generate-objc-asset-symbols"
    case generateAssetSymbolIndex = "--generate-asset-symbol-index"
    case generateAssetSymbolWarnings = "--generate-asset-symbol-warnings"
    case generateAssetSymbolErrors = "--generate-asset-symbol-errors"
    case generateSwiftAssetSymbolExtensions = "--generate-swift-asset-symbol-extensions"
    case generateAssetSymbolFrameworkSupport = "--generate-asset-symbol-framework-support"
    case generateAssetSymbolBackwardsDeploymentSupport = "--generate-asset-symbol-backwards-deployment-support"

    /// Whether the flag stands alone (`--warnings`) or takes one value (`--platform iphoneos`).
    package var takesValue: Bool {
        switch self {
        case .includeAllAppIcons, .errors, .warnings, .notices, .version, .printContents, .compressPNGs,
            .printAssetTagCombinations, .skipAppStoreDeployment, .includeStickerContent:
            false
        default:
            true
        }
    }

    /// True for the flags adapt accepts but that change nothing in its output (on-demand resources,
    /// PNG recompression, asset symbols, stickers, ...): the run names them in a notice.
    package var isIgnored: Bool {
        switch self {
        case .compile, .platform, .minimumDeploymentTarget, .targetDevice, .filterForDeviceModel, .filterForThinningDeviceConfiguration,
            .filterForDeviceOSVersion, .appIcon, .alternateAppIcon, .includeAllAppIcons, .accentColor,
            .widgetBackgroundColor, .launchImage, .standaloneIconBehavior, .outputPartialInfoPlist,
            .exportDependencyInfo, .outputFormat, .errors, .warnings, .notices, .version, .printContents, .maxPixels, .timeout,
            .enableOnDemandResources, .assetPackOutputSpecifications, .printAssetTagCombinations:
            false
        default:
            true
        }
    }

    /// The values the flag takes, where actool takes a fixed set; nil when any value goes.
    package var allowedValues: [String]? {
        switch self {
        case .platform: CompilePlatform.allCases.map(\.rawValue)
        case .targetDevice: ActoolTargetDevice.allCases.map(\.rawValue)
        case .outputFormat: ActoolOutputFormat.allCases.map(\.rawValue)
        case .standaloneIconBehavior: ActoolStandaloneIconBehavior.allCases.map(\.rawValue)
        case .optimization: ["space", "time"]
        case .stickersIconRole: ["host-app", "extension"]
        case .lightweightAssetRuntimeMode: ["enabled", "disabled"]
        case .enableOnDemandResources, .enableIncrementalDistill, .includePartialInfoPlistLocalizations,
            .generateAssetSymbolWarnings, .generateAssetSymbolErrors, .generateSwiftAssetSymbolExtensions:
            ["YES", "NO"]
        default: nil
        }
    }

    /// True for the flags that may be given more than once, each value kept.
    package var isRepeatable: Bool {
        switch self {
        case .targetDevice, .alternateAppIcon, .includeLanguage, .stickerPackStringsFile,
            .generateAssetSymbolFrameworkSupport:
            true
        default:
            false
        }
    }
}

/// The device families `--target-device` names (Xcode's `TARGETED_DEVICE_FAMILY`, spelled out).
package enum ActoolTargetDevice: String, CaseIterable, Sendable {
    case iphone, ipad, tv, watch, mac, car, vision
}

/// `--output-format`: how the result document is written on standard output.
package enum ActoolOutputFormat: String, CaseIterable, Sendable {
    case humanReadableText = "human-readable-text"
    case xml1
    case binary1
}
