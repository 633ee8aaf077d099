import FuzzSupport

/// A `--devices` file through the device-database parser: it either fails with a located
/// diagnostic naming the file, or every profile it yields has an id that is a name (never a
/// path: ids become folder names in thin's output), at least one display scale, and trait sets
/// that can be enumerated without blowing up.
Fuzz.run { start, count in
    let bytes = Fuzz.bytes(start, count)
    let database: DeviceDatabase
    do {
        database = try DeviceDatabase.parse(bytes, path: "devices.json")
    } catch let error as DeviceDatabase.LoadError {
        Fuzz.require(error.diagnostic.location?.file == "devices.json", "a load error that names no file: \(error)")
        return 0
    } catch {
        Fuzz.require(false, "the parser threw something other than a load error: \(error)")
        return 0
    }
    for device in database.devices {
        Fuzz.require(DeviceProfile.isValidID(device.id), "a device id that is not a name: \(device.id)")
        Fuzz.require(!device.id.contains("/") && device.id != "." && device.id != "..", "a device id that is a path: \(device.id)")
        Fuzz.require(!device.displayScales.isEmpty, "\(device.id) has no display scale")
        let sets = device.thinningTraitSets(locales: ["en", "fr"])
        Fuzz.require(!sets.isEmpty, "\(device.id) has no thinning trait set")
        _ = device.reachableTraitSets()
    }
    return 0
}
