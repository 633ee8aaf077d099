#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AssetCatalog
import AssetSelection
import DeviceProfiles
import ImageChecks
import PNGInspection

/// `adapt validate`: every rule over one or more catalogs, as diagnostics with stable rule ids.
///
/// ```swift
/// let result = Validator(devices: try DeviceDatabase.builtIn()).validate(catalogsAt: ["Assets.xcassets"])
/// result.diagnostics.forEach { print($0) }   // path:line:column: warning: ... [variant.unreachable]
/// ```
public struct Validator: Sendable {
    public var devices: DeviceDatabase
    /// How far PNG checks go: `.full` walks and decodes, `.walk` skips the decode, `.none` skips images.
    public var imageChecks: ImageCheckLevel
    /// Warnings become errors.
    public var strict: Bool
    /// Threads checking images (default: one per core).
    public var concurrency = CatalogReader.coreCount

    public enum ImageCheckLevel: String, Sendable, CaseIterable {
        case none, walk, full
    }

    public init(devices: DeviceDatabase, imageChecks: ImageCheckLevel = .full, strict: Bool = false) {
        self.devices = devices
        self.imageChecks = imageChecks
        self.strict = strict
    }

    public struct Result: Sendable {
        /// The catalogs validated (those that could be read at all).
        public var catalogs: [Catalog]
        public var diagnostics: [Diagnostic]
        public var hasErrors: Bool { diagnostics.hasErrors }
    }

    /// Reads each catalog and validates them together. A folder that cannot be read at all
    /// becomes an error diagnostic, and the others are still validated. A catalog given twice
    /// (`validate S S`, or `S` and a symbolic link to it) is read once, so it never collides with itself.
    public func validate(catalogsAt paths: [String]) -> Result {
        var catalogs: [Catalog] = []
        var readFailures: [Diagnostic] = []
        var seen: Set<String> = []
        for path in paths where seen.insert(Self.resolvedPath(path)).inserted {
            do { catalogs.append(try CatalogReader().read(at: path)) } catch { readFailures.append(error.diagnostic) }
        }
        var result = validate(catalogs)
        result.diagnostics = readFailures + result.diagnostics
        return result
    }

    /// The path with symbolic links, `.` and `..` resolved; the path itself when it does not exist.
    static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func validate(_ catalogs: [Catalog]) -> Result {
        var diagnostics: [Diagnostic] = []
        let reachable = ReachableTraitSets(devices: devices)
        for catalog in catalogs {
            diagnostics += catalog.diagnostics
            diagnostics += SetContentsRules.check(catalog)
            diagnostics += SelectionRules(index: AssetIndex(catalog), reachable: reachable).check()
            diagnostics += AppIconSlotRule.check(catalog)
            if imageChecks != .none {
                var inspector = PNGInspector()
                inspector.decodes = imageChecks == .full
                diagnostics += CatalogImageChecker(inspector: inspector, concurrency: concurrency).check(catalog).diagnostics
            }
        }
        diagnostics += NameCollisionRule.check(catalogs)
        if strict {
            diagnostics = diagnostics.map { diagnostic in
                var promoted = diagnostic
                if promoted.severity == .warning {
                    promoted.severity = .error
                    promoted.message += " (--strict)"
                }
                return promoted
            }
        }
        return Result(catalogs: catalogs, diagnostics: diagnostics)
    }
}

/// Every trait set any device can be in, once each, with the first device that reaches it
/// (for messages).
struct ReachableTraitSets: Sendable {
    let sets: [(traits: TraitCollection, device: DeviceProfile)]

    init(devices: DeviceDatabase) {
        var seen: Set<TraitCollection> = []
        var sets: [(TraitCollection, DeviceProfile)] = []
        for device in devices.devices {
            for reachable in device.reachableTraitSets() where seen.insert(reachable.traits).inserted {
                sets.append((reachable.traits, device))
            }
        }
        self.sets = sets
    }

    /// The distinct trait sets as seen by an asset that declares only `axes`.
    func projected(onto axes: Set<TraitAxis>) -> [(traits: TraitCollection, device: DeviceProfile)] {
        var seen: Set<TraitCollection> = []
        return sets.compactMap { set in
            let projected = set.traits.projected(onto: axes)
            return seen.insert(projected).inserted ? (projected, set.device) : nil
        }
    }
}
