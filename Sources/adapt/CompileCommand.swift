import AdaptSupport
import AdaptiveAssets
import ArgumentParser

/// `adapt compile`: actool's command line, so that a build script's `xcrun actool …` runs
/// unchanged as `adapt compile …` (or through a link named `actool`). The arguments are parsed by
/// `ActoolArguments`, as actool reads them, not by ArgumentParser.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile asset catalogs into Assets.car, with actool's command line.",
        usage: "adapt compile <catalog>... --compile <dir> --platform <platform> --minimum-deployment-target <version> [options]",
        discussion: """
            Takes the arguments of Apple's actool: the catalogs, --compile DIR (the folder Assets.car is written \
            into), --platform (iphoneos, iphonesimulator, appletvos, appletvsimulator, watchos, watchsimulator, \
            macosx, xros, xrsimulator), --minimum-deployment-target, --target-device (repeatable), --app-icon, \
            --alternate-app-icon, --include-all-app-icons, --accent-color, --output-partial-info-plist FILE, \
            --output-format human-readable-text|xml1|binary1, --errors, --warnings, --notices, \
            --filter-for-device-model and --filter-for-device-os-version; and adapt's own --max-pixels N (the most \
            pixels one image may decode to, 64 Mi by default) and --timeout SECONDS (the whole compile's time \
            budget; by default \(CompileDeadline.defaultBudget) planned: past it the compile stops, writes nothing \
            and exits 1). \
            --enable-on-demand-resources YES with \
            --asset-pack-output-specifications FILE writes each asset pack's tagged sets into its own Assets.car; \
            --print-asset-tag-combinations prints the catalogs' tag combinations. Flags that change nothing adapt \
            writes (--compress-pngs, --product-type, ...) are accepted and named in a notice; an unknown flag is a \
            usage error.

            \(SetCompilers.summary) The same input and flags give the same bytes.

            In DIR only the files written are touched, all or nothing: every output (Assets.car, the loose icons, \
            the asset packs, the partial Info.plist, the dependency info) is staged, every place checked, and only \
            then all are renamed into place; a file already there is replaced only when it is what a compiler \
            writes under that name (a compiled catalog, a PNG, an .icns, a property list). Staging files a killed \
            run left behind are removed by the next compile into the folder. One compile at a time writes into \
            DIR: a second one started meanwhile is refused (exit 1). A missing --platform or an unknown \
            --filter-for-device-model is a usage error (exit 2); running out of memory or file descriptors is \
            environment.exhausted (exit 2). Findings print on standard error as \
            path:line:column: severity: message [rule-id]; actool's result document on standard output. \
            adapt's own --format json prints one JSON document instead of actool's.
            """)

    @Argument(parsing: .allUnrecognized, help: "actool's arguments.")
    var arguments: [String] = []

    func run() throws {
        var actoolArguments = arguments
        var format = OutputFormat.text
        if let position = actoolArguments.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
            let value =
                actoolArguments[position].hasPrefix("--format=")
                ? String(actoolArguments[position].dropFirst(9))
                : (position + 1 < actoolArguments.count ? actoolArguments[position + 1] : "")
            guard let chosen = OutputFormat(rawValue: value) else { throw ValidationError("--format must be text or json") }
            format = chosen
            actoolArguments.removeSubrange(
                position..<(actoolArguments[position].hasPrefix("--format=") ? position + 1 : min(position + 2, actoolArguments.count)))
        }
        let parsed: ActoolArguments
        let compiles: Bool
        do throws(ActoolUsageError) {
            parsed = try ActoolArguments(parsing: actoolArguments)
            if parsed.printsAssetTagCombinations, parsed.inputs.isEmpty { throw .noInputs }
            compiles = !parsed.printsVersion && !parsed.printsAssetTagCombinations
            if compiles { try CompileRun(parsed).checkUsage() }
        } catch {
            throw ValidationError(error.message)
        }
        var run = CompileRun(parsed)
        // A compile of 20,000 sets takes minutes: on a terminal, a line says how far it is (as thin's does).
        let showsProgress = compiles && isatty(STDERR_FILENO) == 1
        if showsProgress { run.progress = Self.progressLine }
        if compiles { CompileWatchdog.arm(run.deadline) }
        let result = run.run()
        CompileWatchdog.disarm()
        if showsProgress { Terminal.progress(nil) }
        switch format {
        case .text:
            Terminal.report(result.diagnostics)
            result.document.rendered(as: parsed.outputFormat, sections: parsed.sections).withUnsafeBytes { Terminal.document(bytes: $0) }
        case .json:
            Terminal.document(JSONWriter.xcodeStyle.string(for: result.json))
        }
        if result.failed { throw ExitCode(1) }
    }

    /// The progress line, redrawn after each batch: `compiling: 1200/20000 renditions`.
    static let progressLine: @Sendable (Int, Int) -> Void = { done, total in Terminal.progress("compiling: \(done)/\(total) renditions") }
}
