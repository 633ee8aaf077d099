import AdaptSupport
import AssetCatalog
import AssetSelection

/// The device profiles thinning and validation use: the built-in database shipped with the
/// package, extended or overridden by users' own files in the same format.
///
/// ```swift
/// var database = try DeviceDatabase.builtIn()
/// try database.merge(DeviceDatabase.load(from: "MyDevices.json"))   // same id replaces
/// database.profile(matching: "iPad16,3")?.name                        // "iPad Pro 11-inch (M4)"
/// ```
public struct DeviceDatabase: Sendable {
    /// Every profile, in the database's order (later merges append or replace by id).
    public private(set) var devices: [DeviceProfile]

    /// A database of `devices`, as given.
    public init(devices: [DeviceProfile]) { self.devices = devices }

    /// A file that is not a valid device database, with the place of the first problem.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// The problem, naming the file and, where it can, the line and the key.
        public var diagnostic: Diagnostic
        public var description: String { diagnostic.description }
    }

    /// The database shipped with the package: Sources/DeviceProfiles/Resources/devices.json,
    /// compiled into the module (`.embedInCode`), so the tool is one file that needs nothing
    /// beside it, and no command looks for a resource bundle at start-up (Foundation's
    /// `Bundle.module` cost 1–2 ms of every run, and listed the executable's folder).
    public static func builtIn() throws(LoadError) -> DeviceDatabase {
        try parse(PackageResources.devices_json, path: "Sources/DeviceProfiles/Resources/devices.json")
    }

    /// The largest device database read (16 MiB); the built-in one is about 100 kB.
    package static let sizeLimit = 16 << 20

    /// Reads a device database. Only a regular file of at most `sizeLimit` bytes is read: a FIFO
    /// would hang the command and /dev/zero would take all memory, so either is an error naming it.
    /// With `boundary` (a `devices:` path from `.adapt.yml`), the file must also lie inside that
    /// folder once links are resolved: a link to `/proc/self/environ` is refused, not parsed.
    public static func load(from path: String, inside boundary: String? = nil) throws(LoadError) -> DeviceDatabase {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(path, inside: boundary, limit: sizeLimit)
        } catch {
            throw LoadError(
                diagnostic: Diagnostic(
                    error.isMissing ? .devicesMissing : .devicesUnreadable, "cannot read device database: \(error.reason)",
                    at: SourceLocation(file: path)))
        }
        return try parse(bytes, path: path)
    }

    /// Reads a database from the bytes of a JSON file; `path` names it in errors.
    public static func parse(_ bytes: [UInt8], path: String) throws(LoadError) -> DeviceDatabase {
        let lines = LineTable(bytes)
        func fail(_ message: String, at offset: Int?) -> LoadError {
            let location = offset.map { SourceLocation(file: path, offset: $0, lines: lines) } ?? SourceLocation(file: path)
            return LoadError(diagnostic: Diagnostic(.devicesInvalid, message, at: location))
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw fail("malformed JSON: \(error.message)", at: error.offset)
        }
        guard let list = root["devices"]?.array else {
            throw fail("a device database is an object with a \"devices\" array", at: root.object?.offset ?? 0)
        }
        var devices: [DeviceProfile] = []
        for value in list {
            guard let object = value.object else { throw fail("each device is an object", at: nil) }
            do {
                devices.append(try DeviceProfileParser(object: object).parse())
            } catch {
                throw fail(error.message, at: error.offset ?? object.offset)
            }
        }
        var seen: Set<String> = []
        for device in devices where !seen.insert(device.id).inserted {
            throw fail("two devices have the id '\(device.id)'", at: nil)
        }
        return DeviceDatabase(devices: devices)
    }

    /// Adds `other`'s devices; a device with an id already present replaces it. Looked up by id
    /// in a dictionary, not a scan per device: a 16 MiB file holds some 40,000 small profiles,
    /// and scanning took 80 s.
    public mutating func merge(_ other: DeviceDatabase) {
        var position = Dictionary(devices.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for device in other.devices {
            if let index = position[device.id] {
                devices[index] = device
            } else {
                position[device.id] = devices.count
                devices.append(device)
            }
        }
    }

    /// The device with this profile id or model identifier (`iphone-6` or `iPhone7,2`).
    public func profile(matching identifier: String) -> DeviceProfile? {
        devices.first { $0.id == identifier } ?? devices.first { $0.modelIdentifiers.contains(identifier) }
    }
}

/// Reads one device object, naming the key at fault.
struct DeviceProfileParser {
    let object: JSONObject

    struct Failure: Error {
        var message: String
        var offset: Int?
    }

    func parse() throws(Failure) -> DeviceProfile {
        let id = try string("id")
        if let problem = DeviceProfile.idProblem(id) {
            throw Failure(message: "invalid id '\(id)': \(problem)", offset: object.member("id")?.offset)
        }
        func enumValue<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(Failure) -> T where T.RawValue == String {
            let text = try string(key)
            guard let value = T(rawValue: text) else {
                throw Failure(
                    message: "device '\(id)': \(key) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'",
                    offset: object.member(key)?.offset)
            }
            return value
        }
        let appearanceNames = try array("appearances").map { value throws(Failure) in
            guard let text = value.string, let style = UserInterfaceStyle(rawValue: text) else {
                throw Failure(message: "device '\(id)': appearances holds light, dark or tinted", offset: object.member("appearances")?.offset)
            }
            return style
        }
        var windows: [DeviceProfile.WindowTraits] = []
        for value in try array("traitSets") {
            guard let window = value.object else { throw Failure(message: "device '\(id)': each trait set is an object", offset: nil) }
            let parser = DeviceProfileParser(object: window)
            windows.append(
                DeviceProfile.WindowTraits(
                    orientation: try parser.string("orientation"), multitasking: try parser.string("multitasking"),
                    horizontalSizeClass: try parser.enumValueOf("horizontalSizeClass"),
                    verticalSizeClass: try parser.enumValueOf("verticalSizeClass"),
                    window: try parser.size("window")))
        }
        guard !windows.isEmpty else { throw Failure(message: "device '\(id)' lists no trait sets", offset: object.member("traitSets")?.offset) }
        // Format 1 gave one `displayScale` and one `graphicsFeatureSet`; both still read.
        let scales: [Int]
        if object["displayScales"] != nil {
            scales = try array("displayScales").map { value throws(Failure) in
                guard case .number = value, let scale = value.int, (1...3).contains(scale) else {
                    throw Failure(message: "device '\(id)': displayScales holds 1, 2 or 3", offset: object.member("displayScales")?.offset)
                }
                return scale
            }
            guard !scales.isEmpty else { throw Failure(message: "device '\(id)': displayScales is empty", offset: object.member("displayScales")?.offset) }
        } else {
            scales = [try integer("displayScale", 1...3)]
        }
        var families: [GraphicsFeatureSet] = []
        if object["graphicsFeatureSets"] != nil {
            families = try array("graphicsFeatureSets").map { value throws(Failure) in
                guard let text = value.string, let family = GraphicsFeatureSet(rawValue: text) else {
                    throw Failure(
                        message:
                            "device '\(id)': graphicsFeatureSets holds family names (\(GraphicsFeatureSet.allCases.map(\.rawValue).joined(separator: ", ")))",
                        offset: object.member("graphicsFeatureSets")?.offset)
                }
                return family
            }
        } else if object["graphicsFeatureSet"] != nil {
            families = try enumValue("graphicsFeatureSet", GraphicsFeatureSet.self).fallbackList
        }
        let hosted = try (object["hostedIdioms"] == nil ? [] : array("hostedIdioms")).map { value throws(Failure) in
            guard let text = value.string, let idiom = UserInterfaceIdiom(rawValue: text) else {
                throw Failure(
                    message: "device '\(id)': hostedIdioms holds idioms (\(UserInterfaceIdiom.allCases.map(\.rawValue).joined(separator: ", ")))",
                    offset: object.member("hostedIdioms")?.offset)
            }
            return idiom
        }
        var subtype: String?
        if object["deviceSubtype"] != nil {
            let text = try string("deviceSubtype")
            guard TraitCollection.deviceSubtype(text) != nil else {
                throw Failure(
                    message: "device '\(id)': deviceSubtype is \(TraitCollection.deviceSubtypeExpected), not '\(text)'",
                    offset: object.member("deviceSubtype")?.offset)
            }
            subtype = text
        }
        var newestOS: OSVersion?
        if object["newestOS"] != nil {
            let text = try string("newestOS")
            guard let version = OSVersion(text) else {
                throw Failure(message: "device '\(id)': newestOS is a version such as 18.7, not '\(text)'", offset: object.member("newestOS")?.offset)
            }
            newestOS = version
        }
        return DeviceProfile(
            id: id, name: try string("name"), modelIdentifiers: try array("modelIdentifiers").compactMap(\.string),
            idiom: try enumValue("idiom", UserInterfaceIdiom.self), displayScales: scales,
            screen: try size("screen"), displayGamut: try enumValue("displayGamut", DisplayGamut.self),
            memory: try integer("memory", 0...TraitCollection.largestMemory), graphicsFeatureSets: families,
            screenWidth: object["screenWidth"] == nil ? nil : try integer("screenWidth", 1...TraitCollection.largestScreenWidth),
            deviceSubtype: subtype, hostedIdioms: hosted,
            appearances: appearanceNames.isEmpty ? [.light] : appearanceNames, newestOS: newestOS, traitSets: windows)
    }

    func enumValueOf(_ key: String) throws(Failure) -> SizeClass {
        let text = try string(key)
        guard let value = SizeClass(rawValue: text) else {
            throw Failure(message: "\(key) must be compact or regular, not '\(text)'", offset: object.member(key)?.offset)
        }
        return value
    }

    func string(_ key: String) throws(Failure) -> String {
        guard let value = object[key]?.string else {
            throw Failure(message: "'\(key)' is required and must be a string", offset: object.member(key)?.offset ?? object.offset)
        }
        return value
    }

    func integer(_ key: String, _ range: ClosedRange<Int>) throws(Failure) -> Int {
        guard case .number = object[key], let value = object[key]?.int, range.contains(value) else {
            throw Failure(
                message: "'\(key)' must be a whole number in \(range.lowerBound)...\(range.upperBound)",
                offset: object.member(key)?.offset ?? object.offset)
        }
        return value
    }

    func array(_ key: String) throws(Failure) -> [JSONValue] {
        guard let value = object[key]?.array else {
            throw Failure(message: "'\(key)' is required and must be an array", offset: object.member(key)?.offset ?? object.offset)
        }
        return value
    }

    func size(_ key: String) throws(Failure) -> DeviceProfile.Size {
        guard let size = object[key]?.object else {
            throw Failure(message: "'\(key)' must be an object with width and height", offset: object.member(key)?.offset ?? object.offset)
        }
        let parser = DeviceProfileParser(object: size)
        return DeviceProfile.Size(width: try parser.integer("width", 1...100_000), height: try parser.integer("height", 1...100_000))
    }
}
