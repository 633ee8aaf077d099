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

            Takes one compiled catalog (FILE.car) too: the same page, its variants the renditions (chosen
            by the same rule), thumbnails decoded from them (references cut out of their packed images),
            sizes as adapt size FILE.car counts them, and the reader's diagnostics. Its devices are those
            of the platform it was compiled for unless --device is given; --link-images does not apply
            (a rendition is no file to link to). With --source DIR, the .xcassets it was compiled from,
            the diagnostics add adapt verify's findings: entries the file lacks (compiled.missing), holds
            differently (compiled.different) or holds beyond its source (compiled.extra).
            """)

    @Argument(help: "One or more .xcassets folders, or one compiled catalog (Assets.car).")
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

    @Option(
        name: .customLong("source"),
        help: ArgumentHelp("With a compiled catalog: the .xcassets it was compiled from, whose differences (adapt verify) the page lists.", valueName: "dir"))
    var sourcePath: String?

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
        let compiled = catalogs.contains { CatalogSource.form(of: $0) == .compiled }
        if compiled && catalogs.count > 1 { throw ValidationError("Give one compiled catalog (a .car) alone; it is reported on its own.") }
        if compiled && linkImages { throw ValidationError("--link-images does not apply to a compiled catalog: its renditions are no files to link to.") }
        if !compiled && sourcePath != nil { throw ValidationError("--source applies to a compiled catalog (a .car): the source it is verified against.") }
        let database = try database.load()
        var builder = ReportBuilder(
            database: database,
            devices: deviceIDs.isEmpty ? nil : try deviceIDs.map { try self.database.profile($0, in: database) })
        builder.makeThumbnails = !linkImages
        builder.imageChecks = images
        builder.deploymentTarget = deployment.deploymentTarget
        builder.thumbnailer.cacheFolder = cacheFolder
        let report: ReportV1
        if compiled {
            guard let adapted = try openCatalog(catalogs[0]).compiled else { throw ValidationError("\(catalogs[0]) is no compiled catalog.") }
            if deviceIDs.isEmpty { builder.devices = CompiledThinning.devices(for: adapted.compiled, in: database) }
            let source = try sourcePath.map(readCatalog)
            // As adapt verify does: what cannot be read of the source is said, the rest verified.
            if let source { Terminal.report(source.diagnostics.filter { $0.severity == .error }) }
            do { report = try builder.build(compiled: adapted, source: source) } catch { throw CommandFailure(error.diagnostic) }
        } else {
            do {
                report = try builder.build(catalogsAt: catalogs)
            } catch {
                Terminal.report(error.diagnostics)
                throw ExitCode(1)
            }
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
