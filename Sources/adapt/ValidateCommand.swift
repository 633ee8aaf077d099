@_spi(AdaptTool) import AdaptiveAssets
import ArgumentParser

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check catalogs for errors and likely mistakes, for build scripts, CI and the build plugin.",
        discussion: """
            Exit codes: 0 no errors, 1 errors (warnings too with --strict), 2 usage or environment. Each diagnostic names its
            rule, such as [variant.unreachable]; 'adapt rules' lists them. A folder that is not a catalog stands
            for the catalogs inside it. Each catalog's .adapt.yml (the nearest one in its folder or above) says
            which rules run; flags override it.
            """)

    @Argument(help: "Catalogs (.xcassets), or folders to look for catalogs in, checked together.")
    var catalogs: [String]

    @Flag(inversion: .prefixedNo, help: "Treat warnings as errors (default: strict: in .adapt.yml, else no).")
    var strict: Bool?

    @OptionGroup var database: DeviceDatabaseOptions

    @Option(help: "PNG checks: full (walk and decode), walk (no decode: damaged image data inside intact chunks goes unseen) or none.")
    var images: Validator.ImageCheckLevel?

    @Option(help: "How to print the findings.")
    var format: ReporterFormat = .text

    @OptionGroup var deployment: DeploymentTargetOption

    @Option(help: ArgumentHelp("A configuration file to use instead of each catalog's .adapt.yml.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Report only findings that this baseline does not list.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Record today's findings in this file (and report them all).", valueName: "file"))
    var writeBaseline: String?

    @Option(help: ArgumentHelp("Also write Swift accessors for every asset to this file.", valueName: "file"))
    var accessors: String?

    @Option(help: "The accessors' root type name (a Swift identifier, not a keyword, not AssetName).")
    var accessorsType = "Asset"

    func validate() throws {
        if let problem = AccessorGenerator.rootTypeNameProblem(accessorsType) {
            throw ValidationError("Invalid --accessors-type '\(accessorsType.escapingControlCharacters)': \(problem).")
        }
    }

    func run() throws {
        var run = ValidationRun(catalogs: catalogs, configPath: config)
        run.overrides = .init(
            strict: strict, images: images, devices: database.devicesFile, baseline: baseline,
            deploymentTarget: deployment.deploymentTarget)
        run.writeBaseline = writeBaseline
        let generator = AccessorGenerator(rootTypeName: accessorsType)
        if accessors != nil { run.accessors = generator }
        let report: ValidationReport
        var failed = false
        do { report = try run.run() } catch {
            report = ValidationReport(workingDirectory: run.workingDirectory, failure: error)
            failed = true
        }
        Terminal.write(report, with: format.reporter)
        if failed { throw ExitCode(1) }
        if let accessors, let source = report.accessors {
            do {
                try generator.write(source, for: report.catalogs, to: accessors)
            } catch {
                Terminal.error(
                    Diagnostic(
                        .accessorsRefused, "cannot write accessors: \(error)",
                        at: SourceLocation(file: accessors)
                    ).description)
                throw ExitCode(1)
            }
        }
        if report.hasErrors { throw ExitCode(1) }
    }
}

extension Validator.ImageCheckLevel: ExpressibleByArgument {}

extension ReporterFormat: ExpressibleByArgument {
    public static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.summary) })
    }
}
