import AdaptSupport
import AdaptiveAssets
import ArgumentParser

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page showing catalogs: diagnostics, a contact sheet, what each device shows, sizes.",
        discussion: """
            The page needs no network: thumbnails (decoded with libpng, at most 128 px) are embedded as data
            URIs, and a Content-Security-Policy blocks every other request. --link-images references the
            original files instead. Thumbnails are cached by file content in --cache (default: a folder
            under the system temporary folder), so a second run decodes nothing.
            """)

    @Argument(help: "One or more .xcassets folders.")
    var catalogs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The HTML file to write.", valueName: "file"))
    var output: String

    @Option(name: .customLong("device"), help: ArgumentHelp("Only these devices (repeatable; default: every device).", valueName: "id"))
    var deviceIDs: [String] = []

    @OptionGroup var database: DeviceDatabaseOptions

    @OptionGroup var deployment: DeploymentTargetOption

    @Flag(help: "Reference the original image files instead of embedding thumbnails.")
    var linkImages = false

    @Option(help: ArgumentHelp("The thumbnail cache folder.", valueName: "dir"))
    var cache: String?

    @Option(help: "PNG checks for the diagnostics: full, walk or none.")
    var images: Validator.ImageCheckLevel = .full

    func run() throws {
        // Checked before any work, so a refused path leaves everything as it was: the page goes
        // outside the catalogs, over nothing or over an earlier report; thumbnails likewise.
        if let reason = HTMLReport.refusal(toWrite: output, catalogs: catalogs) {
            Terminal.error(Diagnostic(.reportOutput, "cannot write the report: \(reason)", at: SourceLocation(file: output)).description)
            throw ExitCode(1)
        }
        let cacheFolder: String?
        do {
            cacheFolder = try Thumbnailer.cacheFolder(requested: cache, catalogs: catalogs) { warning in
                Terminal.error(Diagnostic(.reportCacheSkipped, warning).description)
            }
        } catch {
            Terminal.error(
                Diagnostic(
                    .reportCache, "cannot use the thumbnail cache: \(error)",
                    at: SourceLocation(file: cache ?? "")
                ).description)
            throw ExitCode(1)
        }
        let database = try database.load()
        var builder = ReportBuilder(
            database: database,
            devices: deviceIDs.isEmpty ? nil : try deviceIDs.map { try self.database.profile($0, in: database) })
        builder.makeThumbnails = !linkImages
        builder.imageChecks = images
        builder.deploymentTarget = deployment.deploymentTarget
        builder.thumbnailer.cacheFolder = cacheFolder
        let report: ReportV1
        do {
            report = try builder.build(catalogsAt: catalogs)
        } catch {
            Terminal.report(error.diagnostics)
            throw ExitCode(1)
        }
        var page = HTMLReport(report)
        page.linkImages = linkImages
        do {
            try page.write(to: output)
        } catch {
            Terminal.error(Diagnostic(.reportOutput, "cannot write the report: \(error)", at: SourceLocation(file: output)).description)
            throw ExitCode(1)
        }
        let diagnostics = report.diagnostics.count
        Terminal.output("\(output): \(report.assets.count) assets, \(report.sizes.groups.count) device groups, \(counted(diagnostics, "diagnostic"))\n")
    }
}
