import AdaptiveAssets
import ArgumentParser

struct PNGCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "png",
        abstract: "Check PNG files: structure, CRCs, colour information, and a full decode through libpng.",
        discussion: """
            Files are checked in parallel on every core; output follows the order of the arguments.
            An .xcassets folder gets the catalog image checks: every image's format and PNG checks, scale
            families, app icon sizes and alpha, and display-gamut profiles.
            Exit code 1 when anything has an error.
            """
    )

    @Argument(help: "PNG files, or .xcassets folders.")
    var files: [String]

    @Flag(help: "Read only up to the image data: no pixel CRCs, no decode.")
    var headerOnly = false

    @Option(parsing: .unconditional, help: "Images with more pixels are reported and not decoded.")
    var maxPixels: UInt64 = PNGInspector.defaultMaxPixels

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    func run() throws {
        let run = PNGCheckRun(paths: files, inspector: PNGInspector(maxPixels: maxPixels, headerOnly: headerOnly))
        switch format {
        case .text:
            Terminal.output(run.text)
            Terminal.report(run.diagnostics)
        case .json:
            Terminal.document(JSONWriter.xcodeStyle.string(for: run.json))
        }
        if run.hasErrors { throw ExitCode(1) }
    }
}

extension PNGCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
