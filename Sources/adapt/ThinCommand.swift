import AdaptSupport
import AdaptiveAssets
import ArgumentParser

struct ThinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thin",
        abstract: "Write per-device slices of a catalog that keep exactly the variants each device can show.",
        discussion: """
            Writes OUTPUT/<device-id>/<Catalog>.xcassets and OUTPUT/<device-id>/manifest.json for each device,
            and OUTPUT/summary.json. OUTPUT is replaced only when every slice is complete. Kept PNGs are checked
            (chunk walk and CRCs; --full-png-check adds a libpng decode, and only it inflates the image data, so
            only it sees damage inside intact chunks such as a bad Adler-32); a corrupt one fails the run unless
            --allow-invalid.

            Safety: OUTPUT is replaced only when it is absent, empty, or an earlier output of adapt thin (its
            summary.json says so). It is refused when it is a file, is or contains or lies inside the catalog,
            or is or contains the working folder. One run at a time writes an OUTPUT. Symbolic links leading
            out of the catalog are never followed.

            Slice files are copy-on-write clones where the file system supports them (Btrfs, XFS), else hard
            links of the catalog's files: fast and free of space, but then a slice file IS the catalog's file,
            and editing it in place (an optimiser run over the slice) edits the catalog. Give --copy for real
            copies that are independent of the catalog.

            Takes a compiled catalog too (FILE.car): each device's OUTPUT/<device-id>/Assets.car keeps the renditions
            its thinning trait sets resolve to (and the packed images they point into), copied byte for byte into a
            rewritten BOM file, with a manifest.json; same safety, same summary.json. --link, --copy and the PNG
            checks do not apply to it.
            """)

    @Argument(help: "An .xcassets folder, or a compiled catalog (Assets.car).")
    var catalog: String

    @Option(name: .customLong("device"), help: ArgumentHelp("A device id or model identifier (repeatable).", valueName: "id"))
    var deviceIDs: [String] = []

    @Flag(help: "Thin for every known device (for a compiled catalog, every device of the platform it was compiled for).")
    var allDevices = false

    @Option(name: .shortAndLong, help: ArgumentHelp("The output folder.", valueName: "dir"))
    var output: String

    @OptionGroup var database: DeviceDatabaseOptions

    @Flag(help: "Write slices even when kept images are corrupt.")
    var allowInvalid = false

    @Flag(help: "Decode every kept PNG through libpng, not only walk its chunks (the walk never inflates the image data).")
    var fullPNGCheck = false

    @Flag(
        help:
            "Always hard-link kept files, even where clones are possible: a slice file is then the catalog's own file, and editing one in place edits the other."
    )
    var link = false

    @Flag(help: "Make real byte copies (no clones, no hard links), so that editing a slice never edits the catalog.")
    var copy = false

    @Option(parsing: .unconditional, help: "Threads writing slices (default: one per core).")
    var jobs: Int?

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    func validate() throws {
        if deviceIDs.isEmpty == !allDevices { throw ValidationError("Give --device ID (one or more) or --all-devices.") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        if link && copy { throw ValidationError("Give --link or --copy, not both.") }
    }

    func run() throws {
        let database = try database.load()
        let devices = allDevices ? database.devices : try deviceIDs.map { try self.database.profile($0, in: database) }
        let opened = try openCatalog(catalog)
        if let compiled = opened.compiled { return try thinCompiled(compiled, allDevices ? nil : devices, database: database) }
        let run = ThinningRun(catalog: opened.catalog, devices: devices, decodePNGs: fullPNGCheck)
        if run.hasErrors && !allowInvalid {
            throw CommandFailure(
                run.diagnostics + [
                    Diagnostic(
                        .thinOutput, "not writing slices: the catalog or a kept image has errors (--allow-invalid writes them anyway)",
                        at: SourceLocation(file: output))
                ])
        }
        Terminal.report(run.diagnostics)
        var writer = SliceWriter(concurrency: jobs ?? Machine.coreCount)
        writer.placement = link ? .hardLink : copy ? .copy : .clone
        if isatty(STDERR_FILENO) == 1 {
            writer.progress = { done, total in Terminal.progress("thinning: \(done)/\(total) devices") }
        }
        let summaries: [SliceSummary]
        do {
            summaries = try run.write(to: output, writer: writer)
        } catch {
            throw CommandFailure(Diagnostic(.thinOutput, "\(error)", at: SourceLocation(file: output)))
        }
        if writer.progress != nil { Terminal.progress(nil) }
        switch format {
        case .text:
            Terminal.output(SliceSummary.table(summaries))
            Terminal.report(run.noMatchWarnings)
        case .json:
            Terminal.document(JSONWriter.xcodeStyle.string(for: SliceSummary.json(summaries)))
        }
    }
}

extension ThinCommand {
    /// `adapt thin FILE.car`: one thinned Assets.car per device.
    /// `devices` nil: every device of the platform the file was compiled for.
    func thinCompiled(_ adapted: AdaptedCompiledCatalog, _ devices: [DeviceProfile]?, database: DeviceDatabase) throws {
        let thinning = CompiledThinning(adapted, devices: devices ?? CompiledThinning.devices(for: adapted.compiled, in: database))
        let summaries: [SliceSummary]
        do {
            summaries = try thinning.write(to: output)
        } catch let error as CompiledCatalogError {
            throw CommandFailure(error.diagnostic)
        } catch {
            throw CommandFailure(Diagnostic(.thinOutput, "\(error)", at: SourceLocation(file: output)))
        }
        switch format {
        case .text: Terminal.output(SliceSummary.table(summaries))
        case .json: Terminal.document(JSONWriter.xcodeStyle.string(for: SliceSummary.json(summaries)))
        }
    }
}

extension ThinCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
