import AdaptSupport
import AssetCatalog
import AssetValidation
import Foundation
import Yams

/// `.adapt.yml` as written: each key checked and located (Yams marks give line and column), paths
/// resolved against the file's folder. `AdaptConfiguration` merges it with the command line.
///
/// ```yaml
/// disabled_rules: [set.unassigned]
/// opt_in_rules: [policy.scales]
/// severity: {variant.unreachable: error}
/// excluded: [Legacy.xcassets, "App.xcassets/Old/*"]
/// policy.scales: {required: [2x, 3x]}
/// deployment_target: {ios: "15.0", watchos: "8.0"}
/// ```
///
/// `@_spi(AdaptTool)`: not the library's API. It is the `adapt` tool's own, public only so that the
/// fuzz targets (`FuzzTesting/`, a package of their own) can drive it; they and the tool import it
/// with `@_spi(AdaptTool)`.
@_spi(AdaptTool) public struct ConfigFile: Hashable, Sendable {
    /// The keys a configuration file may have, besides rule ids (whose value is the rule's options).
    package enum Key: String, CaseIterable, Sendable {
        case disabledRules = "disabled_rules"
        case optInRules = "opt_in_rules"
        case severity, excluded, strict, images, devices, baseline
        case deploymentTarget = "deployment_target"
    }

    package static let fileName = ".adapt.yml"

    /// The file's path, and its folder, against which `excluded`, `devices` and `baseline` are read.
    package var path: String
    package var folder: String {
        let folder = path.deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
    @_spi(AdaptTool) public var rules = RuleSettings()
    @_spi(AdaptTool) public var excluded: [String] = []
    package var strict: Bool?
    package var images: Validator.ImageCheckLevel?
    /// Paths inside `folder` (checked as written when parsed, and by real path when read: see
    /// `AdaptConfiguration.devicesBoundary`), as `folder` joined with what the file says.
    @_spi(AdaptTool) public var devices: String?
    @_spi(AdaptTool) public var baseline: String?
    /// The lowest OS version per platform: devices with an older newest OS are not asked.
    package var deploymentTarget: DeploymentTarget?

    package init(path: String) { self.path = path }

    /// The largest configuration file read (256 KiB); real ones are a few lines, and every byte
    /// more is parsing a hostile file may make adapt do.
    package static let sizeLimit = 256 << 10

    /// Reads and parses a configuration file. Only a regular file of at most `sizeLimit` bytes is
    /// read: a `.adapt.yml` found above a catalog may be a FIFO (which would hang `validate`) or a
    /// link to /dev/zero (which would take all memory). A file found by lookup is read only as
    /// `find(above:)` describes (no link, a trusted owner). Two paths given on purpose with
    /// `--config` keep working: `/dev/null` is an empty configuration and `/dev/stdin` reads
    /// standard input (to the same limit).
    package static func load(_ path: String, origin: Origin = .commandLine) throws(Diagnostic) -> ConfigFile {
        let bytes: [UInt8]
        do {
            switch (origin, path) {
            case (.commandLine, "/dev/null"): bytes = []
            case (.commandLine, "/dev/stdin"): bytes = try FileSystem.readStandardInput(limit: sizeLimit, path: path)
            case (.commandLine, _): bytes = try FileSystem.readRegularFile(path, limit: sizeLimit)
            case (.lookup, _): bytes = try FileSystem.readTrustedFile(path, limit: sizeLimit, owners: trustedOwners(of: path))
            }
        } catch {
            var reason = error.reason
            if origin == .lookup, ["is a symbolic link", "is owned by", "may be written"].contains(where: reason.hasPrefix) {
                reason +=
                    "; a \(fileName) found above a catalog is read only when it is a regular file in that folder, "
                    + "owned by you, root or the repository's owner (name a file with --config to use it anyway)"
            }
            throw Diagnostic(
                .configInvalid, "cannot read the configuration file: \(reason)",
                at: SourceLocation(file: path))
        }
        return try parse(String(decoding: bytes, as: UTF8.self), path: path)
    }

    @_spi(AdaptTool) public static func parse(_ text: String, path: String) throws(Diagnostic) -> ConfigFile {
        do { try YAMLScreen.check(text) } catch {
            throw Diagnostic(.configInvalid, error.message, at: SourceLocation(file: path, line: error.line, column: error.column))
        }
        var parser = Parser(path: path)
        do { return try parser.parse(text) } catch let error as Diagnostic { throw error } catch let error as YamlError {
            throw parser.diagnostic(for: error, in: text)
        } catch {
            throw Diagnostic(.configInvalid, "not valid YAML", at: SourceLocation(file: path))
        }
    }
}
