@_spi(Compiling) import AssetCompilation

/// An actool command line, parsed exactly as `xcrun actool` reads it, so that `adapt compile` (or
/// adapt started through a link named `actool`) replaces actool in a build script unchanged.
///
/// ```swift
/// let arguments = try ActoolArguments(parsing: ["Assets.xcassets", "--compile", "out",
///                                               "--platform", "iphoneos", "--app-icon", "AppIcon"])
/// arguments.platform         // .iphoneos
/// arguments.ignoredFlags     // flags accepted that change nothing in adapt's output, for a notice
/// ```
///
/// Values follow their flag as the next argument or after `=` (`--platform=macosx`). A flag adapt
/// does not know, a missing value or a value outside a flag's fixed set is an `ActoolUsageError`.
package struct ActoolArguments: Equatable, Sendable {
    /// The inputs, as given: asset catalogs, Icon Composer icons (`.icon`), iconsets.
    package var inputs: [String] = []
    /// `--compile DIR`: the folder the `.car` and its companions are written to.
    package var compileDirectory: String?
    package var platform: CompilePlatform?
    /// `--minimum-deployment-target`, as given (`17.0`).
    package var minimumDeploymentTarget: String?
    /// `--target-device`, in order, each once.
    package var targetDevices: [ActoolTargetDevice] = []
    /// `--filter-for-device-model` (`iPhone16,1`), or `--filter-for-thinning-device-configuration`
    /// (`iPhone18,1`), which Xcode 26.5 passes for a device build instead: compile the thinned
    /// slice of that device.
    package var filterForDeviceModel: String?
    /// The flag that named `filterForDeviceModel`, for messages.
    package var deviceFilterFlag = ActoolFlag.filterForDeviceModel
    package var filterForDeviceOSVersion: String?
    package var appIcon: String?
    package var alternateAppIcons: [String] = []
    package var includeAllAppIcons = false
    package var accentColor: String?
    package var widgetBackgroundColor: String?
    package var launchImage: String?
    package var standaloneIconBehavior: ActoolStandaloneIconBehavior = .default
    /// `--output-partial-info-plist FILE`.
    package var partialInfoPlist: String?
    /// `--export-dependency-info FILE`.
    package var dependencyInfo: String?
    /// xml1 when the flag is absent: actool's default (it prints its results as a plist).
    package var outputFormat: ActoolOutputFormat = .xml1
    /// `--max-pixels` (adapt's own): the most pixels one image may decode to; nil for the default.
    package var maxPixels: UInt64?
    /// `--timeout` (adapt's own): the whole compile's time budget in seconds; nil for the
    /// default, which grows with the renditions planned (`CompileDeadline`).
    package var timeout: Int?
    /// Which sections of the result document are printed (`--warnings`, `--notices`).
    package var sections = ActoolResultDocument.Sections()
    package var printsVersion = false
    package var printsContents = false
    /// `--enable-on-demand-resources YES`: tagged sets go into the asset packs of
    /// `--asset-pack-output-specifications` (`AssetPackSpecification`).
    package var enableOnDemandResources = false
    package var assetPackOutputSpecifications: String?
    /// `--print-asset-tag-combinations`: answer the catalogs' tag combinations instead of compiling.
    package var printsAssetTagCombinations = false
    /// Flags accepted that change nothing in what adapt writes, in the order given.
    package var ignoredFlags: [IgnoredFlag] = []

    /// A flag adapt accepted and did nothing with, and its value when it takes one.
    package struct IgnoredFlag: Equatable, Sendable {
        package var flag: ActoolFlag
        package var value: String?

        package init(flag: ActoolFlag, value: String?) {
            self.flag = flag
            self.value = value
        }
    }

    package init() {}

    /// Parses actool's arguments (without the program name).
    package init(parsing arguments: [String]) throws(ActoolUsageError) {
        // The value each single-valued flag was given, to refuse a second, different one.
        var given: [ActoolFlag: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                try addInput(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let flag = ActoolFlag(rawValue: name) else { throw .unknownFlag(argument) }
            guard flag.takesValue else {
                if let inlineValue { throw .unexpectedValue(flag: flag, value: inlineValue) }
                apply(flag)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(flag: flag)
            }
            if !flag.isRepeatable {
                if let first = given[flag], first != value { throw .conflictingValues(flag: flag, first: first, second: value) }
                given[flag] = value
            }
            try apply(flag, value)
        }
    }

    /// Refuses a command line that asks to compile but cannot: no input, no `--compile`, or no
    /// `--platform`.
    /// (`--version` needs neither; the run checks this only when it compiles.)
    package func checkCompileInputs() throws(ActoolUsageError) {
        if inputs.isEmpty { throw .noInputs }
        if compileDirectory == nil { throw .missingCompileDirectory }
        if platform == nil { throw .missingPlatform }
    }

    /// `--name=value` splits at the first `=`; `--name` and single-dash arguments stay whole.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private mutating func addInput(_ path: String) throws(ActoolUsageError) {
        let trimmed = path.reversed().drop { $0 == "/" }.reversed()
        let name = String(trimmed).split(separator: "/").last.map(String.init) ?? ""
        let isCatalog = [".xcassets", ".xcstickers", ".icon", ".iconset"].contains { name.count > $0.count && name.hasSuffix($0) }
        guard isCatalog else { throw .unsupportedInput(path) }
        inputs.append(path)
    }

    private mutating func apply(_ flag: ActoolFlag) {
        switch flag {
        case .includeAllAppIcons: includeAllAppIcons = true
        // Errors are always printed, as actool prints them (Xcode never passes --errors).
        case .errors: break
        case .warnings: sections.warnings = true
        case .notices: sections.notices = true
        case .version: printsVersion = true
        case .printContents: printsContents = true
        case .printAssetTagCombinations: printsAssetTagCombinations = true
        default: if !ignoredFlags.contains(where: { $0.flag == flag }) { ignoredFlags.append(IgnoredFlag(flag: flag, value: nil)) }
        }
    }

    private mutating func apply(_ flag: ActoolFlag, _ value: String) throws(ActoolUsageError) {
        if let allowed = flag.allowedValues, !allowed.contains(value) {
            throw .invalidValue(flag: flag, value: value, expected: allowed)
        }
        switch flag {
        case .compile: compileDirectory = value
        case .platform: platform = CompilePlatform(rawValue: value)
        case .minimumDeploymentTarget: minimumDeploymentTarget = try Self.version(flag, value)
        case .targetDevice:
            let device = ActoolTargetDevice(rawValue: value)!
            if !targetDevices.contains(device) { targetDevices.append(device) }
        case .filterForDeviceModel, .filterForThinningDeviceConfiguration:
            filterForDeviceModel = value
            deviceFilterFlag = flag
        case .filterForDeviceOSVersion: filterForDeviceOSVersion = try Self.version(flag, value)
        case .appIcon: appIcon = value
        case .alternateAppIcon: if !alternateAppIcons.contains(value) { alternateAppIcons.append(value) }
        case .accentColor: accentColor = value
        case .widgetBackgroundColor: widgetBackgroundColor = value
        case .launchImage: launchImage = value
        case .standaloneIconBehavior: standaloneIconBehavior = ActoolStandaloneIconBehavior(rawValue: value)!
        case .outputPartialInfoPlist: partialInfoPlist = value
        case .exportDependencyInfo: dependencyInfo = value
        case .enableOnDemandResources: enableOnDemandResources = value == "YES"
        case .assetPackOutputSpecifications: assetPackOutputSpecifications = value
        case .outputFormat: outputFormat = ActoolOutputFormat(rawValue: value)!
        case .maxPixels:
            guard let pixels = UInt64(value), pixels > 0 else { throw .invalidValue(flag: flag, value: value, expected: ["a positive number of pixels"]) }
            maxPixels = pixels
        case .timeout:
            // At most a year: a budget no build waits for, and a number no clock overflows on.
            guard value.count <= 9, let seconds = Int(value), (1...31_536_000).contains(seconds) else {
                throw .invalidValue(flag: flag, value: value, expected: ["a whole number of seconds, 1 to 31536000"])
            }
            timeout = seconds
        default:
            // A single-valued flag repeated with the same value is recorded once.
            if flag.isRepeatable || !ignoredFlags.contains(where: { $0.flag == flag }) {
                ignoredFlags.append(IgnoredFlag(flag: flag, value: value))
            }
        }
    }

    /// One to three dot-separated runs of digits, as deployment targets and OS versions are written.
    private static func version(_ flag: ActoolFlag, _ value: String) throws(ActoolUsageError) -> String {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            (1...3).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { ("0"..."9").contains($0) } }
        guard valid else { throw .invalidVersion(flag: flag, value: value) }
        return value
    }
}
