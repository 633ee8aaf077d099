import AdaptiveAssets
import ArgumentParser

struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Show which variant each asset shows in every trait set of a device, and what changes on rotation or split view.",
        discussion: """
            Takes a compiled catalog (FILE.car) too: its renditions are the variants, chosen by the same rule
            (a rendition is named by its traits as a Contents.json entry would declare them).
            """)

    @Argument(help: "An .xcassets folder, or a compiled catalog (Assets.car).")
    var catalog: String

    @Argument(help: "One asset (default: every asset).")
    var asset: String?

    @Option(name: .customLong("device"), help: ArgumentHelp("A device id or model identifier.", valueName: "id"))
    var deviceID: String

    @OptionGroup var database: DeviceDatabaseOptions

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    func run() throws {
        let database = try database.load()
        let device = try self.database.profile(deviceID, in: database)
        let index = AssetIndex(try openCatalog(catalog).catalog)
        let assets: [Int]
        if let asset {
            guard let position = index.assetPosition(named: asset) else {
                throw CommandFailure(
                    Diagnostic(
                        .queryInvalid, "the catalog has no asset named '\(asset)'",
                        at: SourceLocation(file: catalog, line: 1, column: 1)))
            }
            assets = [position]
        } else {
            assets = index.catalog.assets.indices.filter { index.catalog.assets[$0].type.hasSelectableVariants }
        }
        let matrix = TraitMatrix(index: index, device: device, assets: assets)
        switch format {
        case .text: Terminal.output(matrix.text)
        case .json: Terminal.document(JSONWriter.xcodeStyle.string(for: matrix.json))
        }
    }
}

extension MatrixCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
