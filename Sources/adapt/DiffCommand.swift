import AdaptiveAssets
import ArgumentParser
import Foundation

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of a catalog, and each device's download size before and after.",
        discussion: """
            Assets added, removed and renamed (the same files under a new name), variants added, removed and
            changed, files whose bytes changed, new diagnostics, and per-device sizes. Exits 0, or 1 with
            --fail-on-growth BYTES when a device's download grows by more than BYTES.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github
    }

    @Argument(help: "The old version's .xcassets folder.")
    var old: String

    @Argument(help: "The new version's .xcassets folder.")
    var new: String

    @Option(name: .customLong("device"), help: ArgumentHelp("Only these devices (repeatable; default: every device).", valueName: "id"))
    var deviceIDs: [String] = []

    @OptionGroup var database: DeviceDatabaseOptions

    @Option(help: "The output format (github: workflow commands).")
    var format: Format = .text

    @Option(help: ArgumentHelp("Exit 1 when a device's download grows by more than this many bytes.", valueName: "bytes"))
    var failOnGrowth: Int?

    func run() throws {
        let database = try database.load()
        let devices = deviceIDs.isEmpty ? nil : try deviceIDs.map { try self.database.profile($0, in: database) }
        let diff = CatalogDiff(old: try readCatalog(old), new: try readCatalog(new), database: database, devices: devices)
        let growth = failOnGrowth.map(diff.growth(over:)) ?? []
        switch format {
        case .text: Terminal.output(diff.text)
        case .json: Terminal.document(JSONWriter.xcodeStyle.string(for: diff.json))
        case .github: Terminal.document(diff.github(workingDirectory: FileManager.default.currentDirectoryPath, failures: growth))
        }
        // GitHub shows the failures as annotations; every format also says them on standard error.
        Terminal.report(growth)
        if !growth.isEmpty { throw ExitCode(1) }
    }
}

extension DiffCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
