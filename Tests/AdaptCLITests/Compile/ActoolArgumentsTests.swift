@_spi(Compiling) import AdaptiveAssets
import Testing

/// actool's command line as build scripts and Xcode write it.
@Suite struct ActoolArgumentsTests {
    /// Xcode 16's CompileAssetCatalog for an iOS app (a GitHub Actions build log).
    @Test func parsesXcodesIOSCommandLine() throws {
        let arguments = try ActoolArguments(
            parsing: """
                --output-format human-readable-text --notices --warnings --export-dependency-info /d/assetcatalog_dependencies \
                --output-partial-info-plist /d/assetcatalog_generated_info.plist --app-icon AppIcon --compress-pngs \
                --enable-on-demand-resources YES --development-region en --target-device iphone --target-device ipad \
                --minimum-deployment-target 18.0 --platform iphoneos --compile /d/App.app /s/Resources/Assets.xcassets
                """.split(separator: " ").map(String.init))
        #expect(arguments.inputs == ["/s/Resources/Assets.xcassets"])
        #expect(arguments.compileDirectory == "/d/App.app")
        #expect(arguments.platform == .iphoneos)
        #expect(arguments.targetDevices == [.iphone, .ipad])
        #expect(arguments.minimumDeploymentTarget == "18.0")
        #expect(arguments.appIcon == "AppIcon")
        #expect(arguments.partialInfoPlist == "/d/assetcatalog_generated_info.plist")
        #expect(arguments.dependencyInfo == "/d/assetcatalog_dependencies")
        #expect(arguments.outputFormat == .humanReadableText)
        #expect(arguments.sections == .init(warnings: true, notices: true))
        #expect(arguments.ignoredFlags == [.init(flag: .compressPNGs, value: nil), .init(flag: .developmentRegion, value: "en")])
        // Applied: the tagged sets go into asset packs (none without --asset-pack-output-specifications).
        #expect(arguments.enableOnDemandResources && arguments.assetPackOutputSpecifications == nil)
        try arguments.checkCompileInputs()
    }

    /// Xcode 26's asset-symbol pass for a macOS app: every symbol flag accepted and set aside.
    @Test func parsesXcodesAssetSymbolCommandLine() throws {
        let arguments = try ActoolArguments(
            parsing: """
                /s/Assets.xcassets --compile /d/Resources --output-format human-readable-text --notices --warnings \
                --export-dependency-info /d/deps --output-partial-info-plist /d/info.plist --app-icon AppIcon \
                --accent-color AccentColor --enable-on-demand-resources NO --development-region en --target-device mac \
                --minimum-deployment-target 26.2 --platform macosx --bundle-identifier Siji.FeishuSpeech \
                --generate-swift-asset-symbols /d/GeneratedAssetSymbols.swift --generate-objc-asset-symbols /d/GeneratedAssetSymbols.h \
                --generate-asset-symbol-index /d/GeneratedAssetSymbols-Index.plist
                """.split(separator: " ").map(String.init))
        #expect(arguments.platform == .macosx)
        #expect(arguments.accentColor == "AccentColor")
        #expect(
            arguments.ignoredFlags.map(\.flag) == [
                .developmentRegion, .bundleIdentifier, .generateSwiftAssetSymbols, .generateObjCAssetSymbols, .generateAssetSymbolIndex,
            ])
        #expect(!arguments.enableOnDemandResources)
    }

    /// Chromium's compile_car.py writes every value after `=`; actool takes both forms alike.
    @Test func acceptsValuesAfterAnEqualsSign() throws {
        let joined = try ActoolArguments(parsing: [
            "--output-format=xml1", "--notices", "--warnings", "--errors", "--platform=macosx", "--target-device=mac",
            "--lightweight-asset-runtime-mode=enabled", "--enable-icon-stack-fallback-generation=disabled",
            "--include-all-app-icons", "--app-icon=AppIcon", "--minimum-deployment-target=12.0",
            "--output-partial-info-plist=/t/partial.plist", "--compile=/t", "/s/Assets.xcassets", "/t/AppIcon.icon",
        ])
        let separate = try ActoolArguments(parsing: [
            "--output-format", "xml1", "--notices", "--warnings", "--errors", "--platform", "macosx", "--target-device", "mac",
            "--lightweight-asset-runtime-mode", "enabled", "--enable-icon-stack-fallback-generation", "disabled",
            "--include-all-app-icons", "--app-icon", "AppIcon", "--minimum-deployment-target", "12.0",
            "--output-partial-info-plist", "/t/partial.plist", "--compile", "/t", "/s/Assets.xcassets", "/t/AppIcon.icon",
        ])
        #expect(joined == separate)
        #expect(joined.inputs == ["/s/Assets.xcassets", "/t/AppIcon.icon"])
        #expect(joined.includeAllAppIcons)
        #expect(
            joined.ignoredFlags == [
                .init(flag: .lightweightAssetRuntimeMode, value: "enabled"),
                .init(flag: .enableIconStackFallbackGeneration, value: "disabled"),
            ])
    }

    /// Each flag parses with its arity; exactly the flags that change nothing are set aside.
    @Test(arguments: ActoolFlag.allCases)
    func everyFlagParses(flag: ActoolFlag) throws {
        var line = [flag.rawValue]
        if flag.takesValue {
            let versioned: Set<ActoolFlag> = [.minimumDeploymentTarget, .filterForDeviceOSVersion]
            line.append(flag.allowedValues?.first ?? (versioned.contains(flag) ? "17.0" : flag == .maxPixels ? "1000000" : flag == .timeout ? "60" : "value"))
        }
        let arguments = try ActoolArguments(parsing: line + ["A.xcassets"])
        #expect(arguments.inputs == ["A.xcassets"])
        #expect(arguments.ignoredFlags.map(\.flag) == (flag.isIgnored ? [flag] : []))
    }

    @Test func defaultsAreActools() throws {
        let arguments = try ActoolArguments(parsing: ["A.xcassets", "--compile", "out"])
        #expect(arguments.outputFormat == .xml1)
        #expect(arguments.sections == .init(warnings: false, notices: false))
        #expect(arguments.standaloneIconBehavior == .default)
        #expect(arguments.ignoredFlags.isEmpty)
    }

    @Test func anUnknownPlatformNamesTheValueAndTheList() {
        #expect(
            throws: ActoolUsageError.invalidValue(
                flag: .platform, value: "iphone",
                expected: [
                    "iphoneos", "iphonesimulator", "appletvos", "appletvsimulator", "watchos", "watchsimulator", "macosx", "xros", "xrsimulator",
                ])
        ) { try ActoolArguments(parsing: ["--platform", "iphone"]) }
        let message = ActoolUsageError.invalidValue(flag: .platform, value: "iphone", expected: CompilePlatform.allCases.map(\.rawValue)).message
        #expect(message.contains("'iphone'") && message.contains("--platform") && message.contains("xrsimulator"))
    }

    @Test(arguments: [
        (["--compile-pngs"], ActoolUsageError.unknownFlag("--compile-pngs")),
        (["-v"], .unknownFlag("-v")),
        (["--compile-asset-pack-with-directory", "x"], .unknownFlag("--compile-asset-pack-with-directory")),
        (["A.xcassets", "--compile"], .missingValue(flag: .compile)),
        (["--app-icon", "--compile", "out"], .missingValue(flag: .appIcon)),
        (["--warnings=YES"], .unexpectedValue(flag: .warnings, value: "YES")),
        (["--target-device", "iPhone"], .invalidValue(flag: .targetDevice, value: "iPhone", expected: ActoolTargetDevice.allCases.map(\.rawValue))),
        (["--output-format", "json"], .invalidValue(flag: .outputFormat, value: "json", expected: ["human-readable-text", "xml1", "binary1"])),
        (["--enable-on-demand-resources", "yes"], .invalidValue(flag: .enableOnDemandResources, value: "yes", expected: ["YES", "NO"])),
        (["--optimization=size"], .invalidValue(flag: .optimization, value: "size", expected: ["space", "time"])),
        (["--minimum-deployment-target", "17.x"], .invalidVersion(flag: .minimumDeploymentTarget, value: "17.x")),
        (["--filter-for-device-os-version", "1.2.3.4"], .invalidVersion(flag: .filterForDeviceOSVersion, value: "1.2.3.4")),
        (["--platform", "iphoneos", "--platform=macosx"], .conflictingValues(flag: .platform, first: "iphoneos", second: "macosx")),
        (["--development-region", "en", "--development-region", "de"], .conflictingValues(flag: .developmentRegion, first: "en", second: "de")),
        (["icon.png"], .unsupportedInput("icon.png")),
        ([".xcassets"], .unsupportedInput(".xcassets")),
    ])
    func refusesWhatActoolRefuses(line: [String], error: ActoolUsageError) {
        #expect(throws: error) { try ActoolArguments(parsing: line) }
    }

    @Test func repeatsThatAgreeAreAccepted() throws {
        let arguments = try ActoolArguments(parsing: [
            "--platform", "iphoneos", "--platform", "iphoneos", "--target-device", "ipad", "--target-device", "ipad",
            "--alternate-app-icon", "Dark", "--alternate-app-icon", "Light", "--compress-pngs", "--compress-pngs",
            "--include-language", "en", "--include-language", "de", "Assets.xcassets/",
        ])
        #expect(arguments.platform == .iphoneos)
        #expect(arguments.targetDevices == [.ipad])
        #expect(arguments.alternateAppIcons == ["Dark", "Light"])
        #expect(arguments.inputs == ["Assets.xcassets/"])
        #expect(
            arguments.ignoredFlags == [
                .init(flag: .compressPNGs, value: nil), .init(flag: .includeLanguage, value: "en"),
                .init(flag: .includeLanguage, value: "de"),
            ])
    }

    @Test func compilingNeedsAnInputAndAnOutputFolder() throws {
        #expect(throws: ActoolUsageError.noInputs) { try ActoolArguments(parsing: ["--compile", "out"]).checkCompileInputs() }
        #expect(throws: ActoolUsageError.missingCompileDirectory) { try ActoolArguments(parsing: ["A.xcassets"]).checkCompileInputs() }
        let version = try ActoolArguments(parsing: ["--version", "--output-format", "xml1"])
        #expect(version.printsVersion && version.inputs.isEmpty)
    }
}
