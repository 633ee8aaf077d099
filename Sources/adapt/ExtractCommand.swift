import AdaptiveAssets
import ArgumentParser
import CatalogExtraction

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write a compiled catalog (Assets.car) back out as an .xcassets folder.",
        discussion: """
            One set per asset name (.imageset, .colorset, .dataset), each rendition as its file under its
            rendition name (PNG for bitmaps, with straight alpha; PDF, SVG, JPEG and data as stored), with a
            Contents.json per set listing its traits. Renditions whose compression is not decoded (deepmap2,
            astc, heif, palette-img, blurred, jpeg-lzfse, ...) are named and skipped with a warning; damaged
            ones are errors (exit 1, the rest is still written). Exit 1 too when nothing could be written.

            Safety, as adapt thin: written into a staging folder beside OUTPUT and moved into place when
            complete. OUTPUT is replaced only when it is absent, empty, or an earlier output of adapt extract
            holding nothing else (its .adapt-extract.json lists what that run wrote; a file added or changed
            since makes the run refuse). Names from the file never leave OUTPUT; each set keeps its extension,
            two names a Mac would take for one are told apart, and every renaming is reported.

            Bounds: one rendition decodes to at most 128 MiB of pixels, a payload shared by many renditions is
            decoded once, and the run writes at most --max-output bytes (default 16 times the file's size, at
            least 64 MiB); past that it fails, naming the file, and writes nothing.
            """)

    @Argument(help: "A compiled catalog (Assets.car).")
    var catalog: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The .xcassets folder to write.", valueName: "dir"))
    var output: String

    @Option(help: ArgumentHelp("The most bytes to write (default: 16 times the .car's size, at least 64 MiB).", valueName: "bytes"))
    var maxOutput: Int?

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    func validate() throws {
        if let maxOutput, maxOutput <= 0 { throw ValidationError("--max-output must be a positive number of bytes") }
    }

    func run() throws {
        let compiled: CompiledCatalog
        do { compiled = try CompiledCatalog(path: catalog) } catch { throw CommandFailure(error.diagnostic) }
        let result: CompiledExtraction.Result
        do {
            result = try CompiledExtraction(compiled, maxOutput: maxOutput).write(to: output)
        } catch let failure as CompiledExtraction.Failure where failure.kind != .output && failure.kind != .nothingWritten {
            // Too much output is the input's doing: the message names the .car.
            throw CommandFailure(Diagnostic(.extractOutput, failure.message, at: SourceLocation(file: catalog)))
        } catch {
            throw CommandFailure(Diagnostic(.extractOutput, "\(error)", at: SourceLocation(file: output)))
        }
        switch format {
        case .text:
            Terminal.report(result.diagnostics)
            Terminal.output(result.text)
        case .json:
            Terminal.document(JSONWriter.xcodeStyle.string(for: result.json))
        }
        if result.diagnostics.hasErrors { throw ExitCode(1) }
    }
}

extension ExtractCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
