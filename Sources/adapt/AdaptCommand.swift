import AdaptSupport
import AdaptiveAssets
import ArgumentParser

struct AdaptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapt",
        abstract: "Read, resolve, thin and validate Xcode asset catalogs anywhere Swift runs.",
        discussion: """
            Variants are chosen by the published selection rule (see docs/Selection.md).

            Exit codes: 0 success, 1 errors in the input or nothing matched, 2 usage errors (or adapt ran out of \
            file descriptors or memory).
            """,
        version: "adapt \(AdaptVersion.current) (commit \(buildCommit))",
        // Grouped by what a user came to do; each subcommand in exactly one group.
        groupedSubcommands: [
            CommandGroup(name: "Read", subcommands: [InspectCommand.self, ResolveCommand.self, MatrixCommand.self, DevicesCommand.self]),
            CommandGroup(name: "Check", subcommands: [ValidateCommand.self, PNGCommand.self, VerifyCommand.self, RulesCommand.self]),
            CommandGroup(name: "Thin and report", subcommands: [ThinCommand.self, SizeCommand.self, ReportCommand.self, DiffCommand.self]),
            CommandGroup(name: "Compiled catalog", subcommands: [CompileCommand.self, ExtractCommand.self]),
        ]
    )

    /// Runs `arguments` (the command line without the program name) and exits with 0, 1 or 2.
    static func runAndExit(arguments: [String]) -> Never {
        // The subcommand that was parsed, so a usage error its run throws (an unknown device) shows
        // that subcommand's usage line rather than the root's.
        var parsed: ParsableCommand.Type = Self.self
        var writesJSON = false
        do {
            var command = try parseAsRoot(arguments)
            parsed = type(of: command)
            writesJSON = (command as? MachineReadableCommand)?.writesJSON ?? false
            try command.run()
            SystemCall.exit(0)
        } catch let code as ExitCode {
            SystemCall.exit(code.rawValue)
        } catch let failure as CommandFailure {
            Terminal.report(failure.diagnostics)
            if writesJSON { Terminal.document(failure.jsonDocument) }
            SystemCall.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success { Self.exit(withError: error) } // --help, --version
            Terminal.error(parsed == Self.self ? fullMessage(for: error) : Self.usageError(error, in: parsed))
            SystemCall.exit(code == .validationFailure ? 2 : 1)
        }
    }
}

extension AdaptCommand {
    /// `Error: ...` and the usage line of `command` (`adapt resolve <catalog> ...`).
    static func usageError(_ error: Error, in command: ParsableCommand.Type) -> String {
        let name = command.configuration.commandName ?? ""
        return "Error: \(command.message(for: error))\nUsage: \(usageString(for: command))\n  See 'adapt \(name) --help' for more information."
    }
}

/// Where messages go: answers to standard output, diagnostics and errors to standard error.
enum Terminal {
    /// Control characters other than line breaks and tabs are escaped in everything printed: the
    /// values come from untrusted catalogs, and only `progress` drives the terminal on purpose.
    static func output(_ text: String) {
        write(text.escapingControlCharacters(keepingLineBreaks: true), to: STDOUT_FILENO)
    }

    /// A machine-read document (JSON, SARIF, JUnit and Checkstyle XML, CSV, workflow commands),
    /// written as it is: each format escapes what it carries in its own syntax (JSON as `\u2028`,
    /// CSV and workflow commands keep every record on one line), and the text escaper would make
    /// it invalid (`\u{2028}` is not a JSON escape).
    static func document(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// A document's bytes, written as they are (as `document(_:)`), without a String in between:
    /// `adapt inspect FILE.car --format json` writes a hundred megabytes this way.
    static func document(bytes: UnsafeRawBufferPointer) {
        write(bytes, to: STDOUT_FILENO)
    }

    static func error(_ text: String) {
        let text = text.escapingControlCharacters(keepingLineBreaks: true)
        write(text.hasSuffix("\n") ? text : text + "\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = SystemCall.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// A progress line on a terminal, rewritten in place; nil clears it.
    static func progress(_ text: String?) {
        write("\r\u{1B}[K" + (text ?? ""), to: STDERR_FILENO)
    }

    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { error(diagnostic.description) }
    }

    /// A validation report as `reporter` makes it, standard error then standard output, written in
    /// chunks of about 64 KB as the pieces come: neither the whole text nor a string per finding
    /// is held (the text of 58,000 findings is 20 MB).
    static func write(_ report: ValidationReport, with reporter: any Reporter) {
        var errors = ""
        var document = ""
        func flushErrors() {
            if !errors.isEmpty { error(errors) }
            errors = ""
        }
        func flushDocument() {
            if !document.isEmpty { self.document(document) }
            document = ""
        }
        reporter.write(
            report,
            standardError: { piece in
                flushDocument()
                errors += piece
                if errors.utf8.count >= chunkSize { flushErrors() }
            },
            standardOutput: { piece in
                flushErrors()
                document += piece
                if document.utf8.count >= chunkSize { flushDocument() }
            })
        flushErrors()
        flushDocument()
    }

    private static let chunkSize = 64 * 1024
}

extension OutputFormat: ExpressibleByArgument {}

/// Reads a catalog or fails (exit 1) with a diagnostic naming it.
func readCatalog(_ path: String) throws -> Catalog {
    do {
        return try CatalogReader().read(at: path)
    } catch {
        throw CommandFailure(error.diagnostic)
    }
}

/// Reads a compiled catalog (`Assets.car`) or fails (exit 1) with a diagnostic naming it.
func readCompiledCatalog(_ path: String) throws -> CompiledCatalog {
    do { return try CompiledCatalog(path: path) } catch { throw CommandFailure(error.diagnostic) }
}

/// Errors in a command's input that stop it (exit 1). The runner prints them to standard error,
/// and a command writing JSON also prints them as its document, so a script reading standard
/// output learns why there is no answer instead of parsing nothing.
struct CommandFailure: Error {
    var diagnostics: [Diagnostic]

    init(_ diagnostics: Diagnostic...) { self.diagnostics = diagnostics }
    init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// `{"diagnostics": [{"severity": "error", "code": ..., "message": ..., "file": ...}]}`
    var jsonDocument: String {
        JSONWriter.xcodeStyle.string(for: .object(["diagnostics": .array(diagnostics.map(\.json))]))
    }
}

/// A command with `--format json`: its failures are JSON documents too.
protocol MachineReadableCommand {
    var writesJSON: Bool { get }
}
