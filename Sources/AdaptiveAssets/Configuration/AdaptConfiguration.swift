import AssetCatalog
import AssetValidation
import Foundation

/// What `adapt validate` runs with for one group of catalogs: a flag beats `.adapt.yml`, and
/// the file beats the default.
///
/// `@_spi(AdaptTool)`: not the library's API. It is the `adapt` tool's own, public only so that the
/// fuzz targets (`FuzzTesting/`, a package of their own) can drive it; they and the tool import it
/// with `@_spi(AdaptTool)`.
@_spi(AdaptTool) public struct AdaptConfiguration: Hashable, Sendable {
    /// The file this came from, if any.
    package var file: ConfigFile?
    package var rules: RuleSettings
    package var strict: Bool
    package var images: Validator.ImageCheckLevel
    package var devices: String?
    package var baseline: String?
    /// The lowest OS versions the app supports (rule 2.1): the flag's platforms, then the file's.
    package var deploymentTarget: DeploymentTarget
    /// The folder `devices` must lie inside once links are resolved: the configuration file's
    /// folder when the path came from the file, nil when the command line named it (read as the
    /// user named it, links followed).
    package var devicesBoundary: String?
    /// The same for `baseline`.
    package var baselineBoundary: String?

    /// The command line's choices; nil means "as the file says".
    @_spi(AdaptTool) public struct Overrides: Hashable, Sendable {
        package var strict: Bool?
        package var images: Validator.ImageCheckLevel?
        package var devices: String?
        package var baseline: String?
        package var deploymentTarget: DeploymentTarget?
        @_spi(AdaptTool) public init(
            strict: Bool? = nil, images: Validator.ImageCheckLevel? = nil, devices: String? = nil, baseline: String? = nil,
            deploymentTarget: DeploymentTarget? = nil
        ) {
            (self.strict, self.images, self.devices, self.baseline) = (strict, images, devices, baseline)
            self.deploymentTarget = deploymentTarget
        }
    }

    @_spi(AdaptTool) public init(file: ConfigFile?, overrides: Overrides) {
        self.file = file
        rules = file?.rules ?? RuleSettings()
        strict = overrides.strict ?? file?.strict ?? false
        images = overrides.images ?? file?.images ?? .full
        devices = overrides.devices ?? file?.devices
        baseline = overrides.baseline ?? file?.baseline
        // Per platform: `--deployment-target ios=16.0` keeps the file's `watchos`.
        deploymentTarget = DeploymentTarget(
            (file?.deploymentTarget?.minimums ?? [:])
                .merging(overrides.deploymentTarget?.minimums ?? [:]) { _, flag in flag })
        devicesBoundary = overrides.devices == nil && file?.devices != nil ? file?.folder : nil
        baselineBoundary = overrides.baseline == nil && file?.baseline != nil ? file?.folder : nil
    }

    /// Whether `path` (a catalog, group, set or file) lies in a folder `excluded` names. Globs are
    /// read relative to the configuration file's folder, and matched against the path and each of
    /// its parent folders, so `Legacy.xcassets` excludes everything inside it.
    @_spi(AdaptTool) public func excludes(_ path: String) -> Bool {
        guard let file, !file.excluded.isEmpty else { return false }
        // Work is paths × components × globs: `excluded` is de-duplicated when read.
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: file.folder).standardizedFileURL.path
        guard absolute.hasPrefix(base + "/") else { return false }
        let components = absolute.dropFirst(base.count + 1).split(separator: "/")
        for length in stride(from: components.count, through: 1, by: -1) {
            let candidate = components.prefix(length).joined(separator: "/")
            if file.excluded.contains(where: { fnmatch($0.trimmingTrailingSlashes, candidate, 0) == 0 }) { return true }
        }
        return false
    }
}

extension String {
    fileprivate var trimmingTrailingSlashes: String {
        var result = self
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result.hasPrefix("./") ? String(result.dropFirst(2)) : result
    }
}
