import AdaptiveAssets
import ArgumentParser

/// `--devices FILE`: device profiles added to (or replacing, by id) the built-in ones.
struct DeviceDatabaseOptions: ParsableArguments {
    @Option(name: .customLong("devices"), help: ArgumentHelp("A device database to add to the built-in one.", valueName: "file"))
    var devicesFile: String?

    func load() throws -> DeviceDatabase {
        do {
            var database = try DeviceDatabase.builtIn()
            if let devicesFile { database.merge(try DeviceDatabase.load(from: devicesFile)) }
            return database
        } catch {
            throw CommandFailure(error.diagnostic)
        }
    }

    /// The profile for an id or model identifier, or a usage error listing what exists.
    func profile(_ identifier: String, in database: DeviceDatabase) throws -> DeviceProfile {
        guard let profile = database.profile(matching: identifier) else {
            let names = database.devices.flatMap { [$0.id] + $0.modelIdentifiers }
            throw ValidationError(
                "Unknown device '\(identifier)'.\(NameSuggestions.didYouMean(identifier, among: names)) "
                    + "'adapt devices' lists the known ids and model identifiers.")
        }
        return profile
    }
}
