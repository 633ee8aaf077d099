@_spi(AdaptTool) import AdaptiveAssets
import ArgumentParser

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Choose the variant of an asset that a device with the given traits shows.",
        discussion: """
            Traits left out are unspecified, as the selection rule defines. With --queries, reads JSON lines
            such as {"asset": "box/Bottom", "traits": {"userInterfaceIdiom": "phone", "displayScale": 3}}
            from FILE (- for standard input) and writes one JSON line per query, in order.
            """
    )

    @Argument(help: "An .xcassets folder, or a compiled catalog (Assets.car).")
    var catalog: String

    @Argument(help: "The asset's qualified name, such as box/Bottom.")
    var asset: String?

    @OptionGroup var traits: TraitOptions

    @Option(
        name: .customLong("device"), help: ArgumentHelp("Take the traits of a device (id or model identifier); trait options override them.", valueName: "id"))
    var deviceID: String?

    @Option(help: "With --device: portrait or landscape (default: the device's first).")
    var orientation: String?

    @Option(help: "With --device: fullScreen, slideOver, splitOneThird, splitHalf or splitTwoThirds.")
    var multitasking: String?

    @OptionGroup var database: DeviceDatabaseOptions

    @Flag(help: "Show every variant set aside and why.")
    var explain = false

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    @Option(name: .customLong("queries"), help: ArgumentHelp("Resolve a batch of JSON-lines queries.", valueName: "file"))
    var queriesPath: String?

    func validate() throws {
        switch (asset, queriesPath) {
        case (nil, nil): throw ValidationError("Name an asset, or give --queries FILE.")
        case (.some, .some): throw ValidationError("Give either an asset or --queries, not both.")
        case (nil, .some) where traits.anySpecified || deviceID != nil:
            throw ValidationError("With --queries, traits come from each query line, not from options.")
        default: break
        }
        if deviceID == nil && (orientation != nil || multitasking != nil) {
            throw ValidationError("--orientation and --multitasking go with --device.")
        }
    }

    /// The query: a device's traits in the chosen window, with trait options on top.
    func queryTraits() throws -> TraitCollection {
        guard let deviceID else { return traits.collection }
        let database = try database.load()
        let device = try self.database.profile(deviceID, in: database)
        guard let window = device.window(orientation: orientation, multitasking: multitasking) else {
            let modes = device.traitSets.map(\.label).joined(separator: ", ")
            throw ValidationError("\(device.name) has no \([orientation, multitasking].compactMap { $0 }.joined(separator: " ")) window; it has: \(modes).")
        }
        return device.traits(in: window).applying(traits.collection)
    }

    func run() throws {
        // A compiled catalog answers by the same rule, over its renditions (docs/CompiledCatalogs.md, "adapt resolve FILE.car").
        let opened = try openCatalog(self.catalog)
        let catalog = opened.catalog
        let compiled = opened.compiled
        Terminal.report(catalog.diagnostics.filter { $0.severity == .error })
        let index = AssetIndex(catalog)
        if let queriesPath {
            try runBatch(index, compiled: compiled, queriesPath: queriesPath)
            return
        }
        let selection = index.select(asset!, for: try queryTraits())
        let report = ResolveReport(selection, in: index, compiled: compiled)
        switch format {
        case .text: Terminal.output(report.text(explain: explain))
        case .json: Terminal.document(JSONWriter.xcodeStyle.string(for: report.json(explain: explain)))
        }
        if !selection.isMatch || catalog.diagnostics.hasErrors { throw ExitCode(1) }
    }

    /// Answers each query line as it arrives: output is written (unbuffered) before the next line
    /// is read, and nothing of earlier lines is kept.
    private func runBatch(_ index: AssetIndex, compiled: AdaptedCompiledCatalog?, queriesPath: String) throws {
        var reader: LineReader
        do {
            reader = try LineReader(path: queriesPath)
        } catch {
            throw CommandFailure(
                Diagnostic(
                    .queryUnreadable, "cannot read queries: \(error.reason)",
                    at: SourceLocation(file: queriesPath, line: 1, column: 1)))
        }
        defer { reader.close() }
        var resolver = BatchResolver(index: index, sourceName: queriesPath == "-" ? "<stdin>" : queriesPath)
        resolver.compiled = compiled
        var number = 0
        do {
            while let line = try reader.next() {
                number += 1
                if line.isTruncated {
                    Terminal.document(resolver.reject(lineNumber: number, reason: "the line is longer than \(reader.maximumLineLength) bytes"))
                } else if let answer = resolver.answer(line: line.bytes, number: number) {
                    Terminal.document(answer)
                }
                Terminal.report(resolver.takeDiagnostics())
            }
        } catch {
            throw CommandFailure(
                Diagnostic(
                    .queryUnreadable, "cannot read queries: \(error.reason)",
                    at: SourceLocation(file: queriesPath, line: number + 1, column: 1)))
        }
        if resolver.unmatchedCount > 0 || index.catalog.diagnostics.hasErrors { throw ExitCode(1) }
    }
}

extension ResolveCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
