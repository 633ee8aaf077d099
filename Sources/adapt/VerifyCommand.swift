import AdaptiveAssets
import ArgumentParser

/// `adapt verify FILE.car --source DIR.xcassets`: what the compiled file lacks, holds
/// differently, or holds beyond its source. The logic is `CompiledVerification`.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Hold a compiled catalog (Assets.car) against the .xcassets it was built from.",
        discussion: """
            Lists source entries the file's platform and devices keep but the file lacks (compiled.missing), \
            renditions that hold their entry differently: another idiom, scale, subtype, size class, memory, \
            graphics, appearance or pixel size (compiled.different), and renditions no entry declares \
            (compiled.extra). Exits 1 when there is any.
            """
    )

    @Argument(help: "A compiled catalog (Assets.car).")
    var compiled: String

    @Option(name: .customLong("source"), help: ArgumentHelp("The .xcassets folder it was compiled from.", valueName: "dir"))
    var sourcePath: String

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    func run() throws {
        let adapted = AdaptedCompiledCatalog(try readCompiledCatalog(compiled))
        let source = try readCatalog(sourcePath)
        Terminal.report(source.diagnostics.filter { $0.severity == .error })
        let verification = CompiledVerification(source: source, compiled: adapted)
        switch format {
        case .text: Terminal.output(verification.text)
        case .json: Terminal.document(JSONWriter.xcodeStyle.string(for: verification.json))
        }
        if !verification.diagnostics.isEmpty { throw ExitCode(1) }
    }
}

extension VerifyCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
