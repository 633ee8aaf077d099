import AdaptiveAssets
import ArgumentParser

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "List every asset of a catalog with its type and variants, and report problems."
    )

    @Argument(help: "An .xcassets folder.")
    var catalog: String

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    func run() throws {
        let catalog = try readCatalog(catalog)
        let inspection = CatalogInspection(catalog)
        switch format {
        case .text:
            Terminal.output(inspection.text)
            Terminal.report(catalog.diagnostics)
        case .json:
            Terminal.document(JSONWriter.xcodeStyle.string(for: inspection.json))
        }
        if catalog.diagnostics.hasErrors { throw ExitCode(1) }
    }
}

extension InspectCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
