import AdaptiveAssets
import ArgumentParser

struct SizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "size",
        abstract: "Show the bytes each device's slice holds, split by asset type (an asset thinning size report).",
        discussion: """
            Devices whose slices are identical are grouped. The numbers are the bytes adapt thin writes for the
            same devices. --budget BYTES exits 1 with one diagnostic per device whose slice holds more.

            Takes one compiled catalog (FILE.car) too: each group's bytes are those of the Assets.car adapt thin
            writes for it, split by rendition layout and the file's structure. Without --device, its devices are
            those of the platform it was compiled for (an iOS file's iPhones and iPads).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, csv
    }

    @Argument(help: "One or more .xcassets folders (a device's size is the sum over them), or one compiled catalog (Assets.car).")
    var catalogs: [String]

    @Option(name: .customLong("device"), help: ArgumentHelp("A device id or model identifier (repeatable).", valueName: "id"))
    var deviceIDs: [String] = []

    @Flag(help: "Every known device (the default when no --device is given).")
    var allDevices = false

    @OptionGroup var database: DeviceDatabaseOptions

    @Option(help: "The output format.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Fail when a device's slice holds more than this many bytes.", valueName: "bytes"))
    var budget: Int?

    func validate() throws {
        if allDevices && !deviceIDs.isEmpty { throw ValidationError("Give --device ID or --all-devices, not both.") }
        if let budget, budget < 0 { throw ValidationError("--budget must not be negative.") }
    }

    func run() throws {
        let database = try database.load()
        let devices = deviceIDs.isEmpty ? database.devices : try deviceIDs.map { try self.database.profile($0, in: database) }
        // Each device's plan is worked out and dropped in turn, never every device's manifest at once.
        let sizes =
            try catalogs.contains(where: { CatalogSource.form(of: $0) == .compiled })
            ? compiledSizes(deviceIDs.isEmpty ? nil : devices, database: database)
            : SizeReport(indexes: try catalogs.map { AssetIndex(try openCatalog($0).catalog) }, devices: devices)
        switch format {
        case .text: Terminal.output(sizes.text)
        case .json: Terminal.document(JSONWriter.xcodeStyle.string(for: sizes.json))
        case .csv: Terminal.document(sizes.csv)
        }
        if let budget {
            let over = sizes.overBudget(budget)
            Terminal.report(over)
            if !over.isEmpty { throw ExitCode(1) }
        }
    }
}

extension SizeCommand {
    /// `adapt size FILE.car`: the bytes of each device's thinned Assets.car; `devices` nil: every
    /// device of the platform the file was compiled for.
    func compiledSizes(_ devices: [DeviceProfile]?, database: DeviceDatabase) throws -> SizeReport {
        guard catalogs.count == 1 else {
            throw ValidationError("Give one compiled catalog (a .car) alone; sizes of several .car files are not summed.")
        }
        let opened = try openCatalog(catalogs[0])
        guard let adapted = opened.compiled else { throw ValidationError("\(catalogs[0]) is no compiled catalog.") }
        do {
            return try CompiledThinning(adapted, devices: devices ?? CompiledThinning.devices(for: adapted.compiled, in: database)).sizeReport()
        } catch {
            throw CommandFailure(error.diagnostic)
        }
    }
}

extension SizeCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
