import AdaptiveAssets
import ArgumentParser

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check catalogs for errors and likely mistakes, for build scripts and the build plugin.",
        discussion: """
            Exit codes: 0 no errors, 1 errors (warnings too with --strict), 2 usage. Each diagnostic names its
            rule, such as [variant.unreachable]. --format xcode prints only the diagnostics, for build logs;
            json prints one JSON object per diagnostic, one a line.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, xcode
    }

    @Argument(help: "One or more .xcassets folders, checked together (names must not collide across them).")
    var catalogs: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @OptionGroup var database: DeviceDatabaseOptions

    @Option(help: "PNG checks: full (walk and decode), walk (no decode) or none.")
    var images: Validator.ImageCheckLevel = .full

    @Option(help: "text, json or xcode.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Also write Swift accessors for every asset to this file.", valueName: "file"))
    var accessors: String?

    @Option(help: "The accessors' root type name.")
    var accessorsType = "Asset"

    func run() throws {
        let database = try database.load()
        let result = Validator(devices: database, imageChecks: images, strict: strict).validate(catalogsAt: catalogs)
        let (validated, diagnostics) = (result.catalogs, result.diagnostics)
        switch format {
        case .xcode:
            Terminal.report(diagnostics)
        case .text:
            Terminal.report(diagnostics)
            let errors = diagnostics.errorCount, warnings = diagnostics.warningCount
            Terminal.output("\(validated.count) catalog\(validated.count == 1 ? "" : "s") validated: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n")
        case .json:
            Terminal.output(diagnostics.map { JSONWriter.compact.string(for: $0.json) + "\n" }.joined())
        }
        if let accessors {
            do {
                try AccessorGenerator(rootTypeName: accessorsType).write(for: validated, to: accessors)
            } catch {
                Terminal.error(Diagnostic(.error, "cannot write accessors: \(error)", code: "accessors.refused",
                                          at: SourceLocation(file: accessors)).description)
                throw ExitCode(1)
            }
        }
        if diagnostics.hasErrors { throw ExitCode(1) }
    }
}

extension Validator.ImageCheckLevel: ExpressibleByArgument {}
