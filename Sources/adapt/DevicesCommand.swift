import AdaptiveAssets
import ArgumentParser

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the device profiles used for --device and thinning.")

    @OptionGroup var database: DeviceDatabaseOptions

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    func run() throws {
        let devices = try database.load().devices
        switch format {
        case .text: Terminal.output(DeviceListing(devices).text)
        case .json: Terminal.document(JSONWriter.xcodeStyle.string(for: DeviceListing(devices).json))
        }
    }
}

extension DevicesCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
