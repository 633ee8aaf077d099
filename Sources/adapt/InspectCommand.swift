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
        let path = catalog
        let catalog = try readCatalog(path)
        // The findings `adapt validate` reports for this catalog (its .adapt.yml, its baseline):
        // both commands count the same. A configuration that cannot be used is reported as validate does.
        let findings: [Diagnostic]
        do { findings = try ValidationRun(catalogs: [path]).run().diagnostics } catch { findings = catalog.diagnostics + [error] }
        let inspection = CatalogInspection(catalog, findings: findings)
        switch format {
        case .text:
            Terminal.output(inspection.text)
            Terminal.report(findings)
        case .json:
            Terminal.document(JSONWriter.xcodeStyle.string(for: inspection.json))
        }
        if findings.hasErrors { throw ExitCode(1) }
    }
}

extension InspectCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
