@_spi(Compiling) import AssetCompilation

/// Why an actool command line was refused. Each case carries the flag and value it is about, so the
/// run can report it without reading the message back.
package enum ActoolUsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An argument that starts with `-` and is no flag adapt knows (`--compile-pngs`).
    case unknownFlag(String)
    /// A flag that takes a value given none: last on the line, or followed by another flag.
    case missingValue(flag: ActoolFlag)
    /// A flag that stands alone given a value (`--warnings=YES`).
    case unexpectedValue(flag: ActoolFlag, value: String)
    /// A value outside the flag's fixed set (`--platform iphone`).
    case invalidValue(flag: ActoolFlag, value: String, expected: [String])
    /// A version that is not one to three dot-separated numbers (`--minimum-deployment-target 17.x`).
    case invalidVersion(flag: ActoolFlag, value: String)
    /// A flag that holds one value given two different ones.
    case conflictingValues(flag: ActoolFlag, first: String, second: String)
    /// A positional argument that is not an asset catalog, Icon Composer icon or iconset.
    case unsupportedInput(String)
    /// No catalog to compile.
    case noInputs
    /// Catalogs to compile but no `--compile DIR`.
    case missingCompileDirectory
    /// Catalogs to compile but no `--platform`.
    case missingPlatform
    /// A `--filter-for-device-model` that names no device of adapt's database.
    case unknownDeviceModel(String, flag: ActoolFlag = .filterForDeviceModel)

    package var message: String {
        switch self {
        case .unknownFlag(let argument):
            "unknown argument '\(argument)'"
        case .missingValue(let flag):
            "\(flag.rawValue) needs a value"
        case .unexpectedValue(let flag, let value):
            "\(flag.rawValue) takes no value, but was given '\(value)'"
        case .invalidValue(let flag, let value, let expected):
            "'\(value)' is not a value of \(flag.rawValue); expected one of: \(expected.joined(separator: ", "))"
        case .invalidVersion(let flag, let value):
            "'\(value)' is not a version for \(flag.rawValue) (expected numbers such as 17.0 or 10.15.4)"
        case .conflictingValues(let flag, let first, let second):
            "\(flag.rawValue) was given twice, as '\(first)' and as '\(second)'"
        case .unsupportedInput(let path):
            "'\(path)' is not an asset catalog (.xcassets, .xcstickers), Icon Composer icon (.icon) or iconset (.iconset)"
        case .noInputs:
            "no asset catalog to compile"
        case .missingCompileDirectory:
            "--compile DIR is required to compile"
        case .missingPlatform:
            "--platform is required to compile (one of \(CompilePlatform.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownDeviceModel(let model, let flag):
            "\(flag.rawValue) \(model) names no device of adapt's database (adapt devices lists them)"
        }
    }

    package var description: String { message }
}
