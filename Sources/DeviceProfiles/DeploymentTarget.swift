import AssetCatalog

/// The lowest OS version an app supports, per platform (`.adapt.yml`'s `deployment_target`, or
/// `--deployment-target ios=15.0`): a device whose newest OS is older cannot run the app, so
/// validation leaves it out (rule 2.1, "Which devices a catalog is for"). Without one, every
/// device counts.
///
/// ```swift
/// let target = try DeploymentTarget(parsing: "ios=15.0,watchos=8.0")
/// target.admits(iphone6)     // false: its newest iOS is 12.5
/// DeploymentTarget().admits(iphone6)   // true
/// ```
public struct DeploymentTarget: Hashable, Sendable {
    /// The lowest version per platform; a platform without one admits every device.
    public var minimums: [Platform: OSVersion]

    /// A target with these minimum versions; a platform left out admits every device.
    public init(_ minimums: [Platform: OSVersion] = [:]) {
        self.minimums = minimums
    }

    /// A malformed `--deployment-target` or `deployment_target` value, said as the user wrote it.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `PLATFORM=VERSION` pairs separated by commas (`ios=15.0,macos=12`).
    public init(parsing text: String) throws(Failure) {
        var minimums: [Platform: OSVersion] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw Failure(description: "deployment target '\(pair)' is not PLATFORM=VERSION (e.g. ios=15.0)")
            }
            let platform = try Self.platform(String(parts[0]))
            minimums[platform] = try Self.version(String(parts[1]), for: platform)
        }
        self.init(minimums)
    }

    /// The platform a deployment target names: `ios`, `watchos`, `tvos`, `macos` or `visionos`.
    package static func platform(_ name: String) throws(Failure) -> Platform {
        guard let platform = Platform(rawValue: name.lowercased()) else {
            throw Failure(
                description: "unknown platform '\(name.escapingControlCharacters)' in a deployment target "
                    + "(one of \(Platform.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return platform
    }

    /// Reads `text` (`17.2`) as `platform`'s version, or throws naming the platform and the text.
    package static func version(_ text: String, for platform: Platform) throws(Failure) -> OSVersion {
        guard let version = OSVersion(text) else {
            throw Failure(description: "deployment target for \(platform.rawValue) is not a version such as 15.0: '\(text.escapingControlCharacters)'")
        }
        return version
    }

    /// Whether the device runs an OS at least as new as the target for its platform. A device
    /// whose newest OS is unknown is admitted.
    public func admits(_ device: DeviceProfile) -> Bool {
        guard let minimum = minimums[device.idiom.platform], let newest = device.newestOS else { return true }
        return newest >= minimum
    }
}
