@_spi(AdaptTool) import AdaptiveAssets
import ArgumentParser

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "List every asset of a catalog with its type and variants, and report problems.",
        discussion:
            "Takes a compiled catalog too (a path ending in .car, or a BOM file): its assets and renditions, or with --format json the document `assetutil --info` prints."
    )

    @Argument(help: "An .xcassets folder, or a compiled catalog (Assets.car).")
    var catalog: String

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    @Flag(
        help:
            "With --format json on a compiled catalog: leave out each rendition's SHA1Digest, the SHA-256 of its bytes (hashing every byte of the file is most of the time)."
    )
    var noDigests = false

    func validate() throws {
        if noDigests && format != .json { throw ValidationError("--no-digests applies to the JSON of a compiled catalog (--format json).") }
    }

    func run() throws {
        // A compiled catalog is listed from its index as it is read (no model: a 100 MB file's
        // inspection streams), so only its form is asked here.
        if CatalogSource.form(of: catalog) == .compiled { return try inspectCompiled() }
        if noDigests { throw ValidationError("--no-digests applies to the JSON of a compiled catalog; \(catalog) is an asset catalog.") }
        let inspection: CatalogInspection
        do { inspection = try CatalogInspection(inspecting: catalog) } catch { throw CommandFailure(error.diagnostic) }
        let findings = inspection.findings
        switch format {
        case .text:
            Terminal.output(inspection.text)
            Terminal.report(findings)
        case .json:
            Terminal.document(JSONWriter.xcodeStyle.string(for: inspection.json))
        }
        if findings.hasErrors { throw ExitCode(1) }
    }
}

extension InspectCommand {
    /// Both forms are written from the file read only as far as an index (where each rendition
    /// lies, checked), every rendition formatted in place, with no `Rendition` values, in pieces
    /// as they are made (the text's lines are escaped as they are formatted).
    func inspectCompiled() throws {
        do throws(CompiledCatalogError) {
            switch format {
            case .text: try CompiledInspection.write(path: catalog) { Terminal.document(bytes: $0) }
            case .json:
                CompiledCatalog.AssetutilDocument(try CompiledCatalogIndex(path: catalog), digests: !noDigests).write { Terminal.document(bytes: $0) }
            }
        } catch {
            throw CommandFailure(error.diagnostic)
        }
    }
}

extension InspectCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
