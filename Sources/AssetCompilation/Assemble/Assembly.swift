import AdaptSupport
import AssetCatalog
import AssetSelection
import CompiledCatalog

/// The assemble stage: the compiled file laid out before any rendition (its names numbered, its
/// key format and appearances), then each encoded rendition added under its key, and the product.
struct Assembly {
    private var builder: CompiledCatalogBuilder
    private var compiled: CompileProduct
    private let keyFormat: [RenditionAttribute]
    /// Small bitmaps being laid into atlases, written as each atlas closes.
    private var packer = AtlasPacker()
    /// The plan's renditions, their icon layers numbered (`numberIconLayers`).
    let renditions: [RenditionJob]
    /// The identifier of each name, for renditions that refer to other names (a stack's layers).
    let identifiers: [String: UInt16]

    init(_ plan: CatalogPlan, _ options: CompileOptions) throws(CompileFailure) {
        compiled = plan.product
        // The key format holds what the platform's base format holds, and what these renditions use.
        keyFormat = options.platform.keyFormat(using: Set(plan.renditions.flatMap { $0.key.filter { $0.value != 0 }.keys }))
        let spool: ByteSpool
        do {
            spool = try options.spoolFolder.map { folder throws(CompiledCatalogError) in try ByteSpool(folder: folder) } ?? ByteSpool()
        } catch {
            throw CompileFailure(diagnostics: plan.product.diagnostics + [Diagnostic(.compileOutput, error.problem, at: SourceLocation(file: error.structure))])
        }
        var builder = CompiledCatalogBuilder(
            keyFormat: keyFormat, platform: options.platform.metadataName, platformVersion: options.deploymentTarget,
            authoringTool: "adapt \(AdaptVersion.current)", versionString: "adapt compile \(AdaptVersion.current)", spool: spool)
        builder.keySemantics = options.platform.keySemantics
        var appearances = Self.appearances(plan.renditions, options.platform)
        if options.platform.alwaysWritesAppearances || !appearances.isEmpty, let any = options.platform.appearance(style: nil, contrast: nil) {
            appearances[any.name] = any.value
            builder.appearances = appearances.map { ($0.key, $0.value) }
        }
        builder.localizations = plan.locales.sorted().map { ($0, CompiledName.identifier(of: $0)) }
        do throws(CompiledCatalogBuilder.Refusal) { try builder.assignIdentifiers(plan.renditions.map(\.assetName)) } catch {
            let count = Set(plan.renditions.map(\.assetName)).count
            let finding = Diagnostic(
                .compileTooManyNames, "the catalogs hold \(count) names, more than the 65,535 a compiled catalog's 16-bit name identifiers number")
            throw CompileFailure(diagnostics: plan.product.diagnostics + [finding])
        }
        var numbered = plan.renditions
        for index in numbered.indices { numbered[index].numberIconLayers(builder.identifier(of:)) }
        renditions = numbered
        identifiers = Dictionary(numbered.map { ($0.assetName, builder.assignedIdentifier(of: $0.assetName) ?? 0) }) { first, _ in first }
        self.builder = builder
    }

    /// The appearances the renditions use, by name (`APPEARANCEKEYS`).
    private static func appearances(_ renditions: [RenditionJob], _ platform: CompilePlatform) -> [String: UInt16] {
        let used = Set(renditions.compactMap { $0.key[.appearance] })
        var appearances: [String: UInt16] = [:]
        for style in [nil] + UserInterfaceStyle.allCases.map(Optional.some) {
            for contrast in [nil, AccessibilityContrast.high] {
                if let named = platform.appearance(style: style, contrast: contrast), used.contains(named.value) {
                    appearances[named.name] = named.value
                }
            }
        }
        for (name, value) in IconComposerIcons.appearances(renditions) { appearances[name] = value }
        return appearances
    }

    /// Adds one encoded batch, in its order: each value under its key, each failure once.
    mutating func add(_ batch: [RenditionJob], _ encoded: [Result<RenditionEncoder.EncodedValue, Diagnostic>]) {
        for (item, result) in zip(batch, encoded) {
            switch result {
            case .success(let value):
                let facetAttributes: [(RenditionAttribute, UInt16)] = [(.element, CompiledPart.element), (.part, item.facetPart)]
                let key = item.key.filter { keyFormat.contains($0.key) }
                do throws(CompiledCatalogBuilder.Refusal) {
                    switch value {
                    case .bytes(let bytes): try builder.add(name: item.assetName, facetAttributes: facetAttributes, key: key, value: bytes)
                    case .headThenFile(let head, let path, let length):
                        try builder.add(name: item.assetName, facetAttributes: facetAttributes, key: key, head: head, file: path, length: length)
                    case .notDrawn: continue
                    case .packable(let bitmap):
                        if let closed = packer.add(item, bitmap) { write(closed) }
                        continue
                    }
                } catch {
                    compiled.diagnostics.append(Self.diagnostic(for: error, item))
                }
            case .failure(let diagnostic):
                // A missing renderer fails each scale of a file alike: said once per file.
                guard diagnostic.rule != .compileRenderer || !compiled.diagnostics.contains(diagnostic) else { continue }
                compiled.diagnostics.append(diagnostic)
            }
        }
    }

    /// Adds the encoded files beside the `.car`, in the plan's order, each failure once.
    mutating func add(_ sideFiles: [SideFileJob], _ encoded: [Result<[UInt8], Diagnostic>]) {
        for (job, result) in zip(sideFiles, encoded) {
            switch result {
            case .success(let bytes): compiled.looseFiles.append((job.name, bytes))
            case .failure(let diagnostic): compiled.diagnostics.append(diagnostic)
            }
        }
    }

    /// One closed atlas and the references into it. A second atlas of the same traits is told
    /// apart by `dimension1`, which the key format then gains where Apple's files have it (before
    /// `dimension2`, after the name's identifier on a Mac).
    private mutating func write(_ atlas: AtlasPacker.Atlas) {
        if atlas.number > 0 {
            let format = builder.keyFormat
            builder.insertKeyAttribute(.dimension1, at: format.firstIndex(of: .dimension2) ?? format.firstIndex(of: .identifier) ?? format.count)
        }
        let (atlasValue, references) = atlas.renditions(compress: BitmapCompression.lzfse)
        do throws(CompiledCatalogBuilder.Refusal) {
            try builder.addUnnamed(key: atlas.key, value: atlasValue)
        } catch {
            compiled.diagnostics.append(Diagnostic(.compileOutput, "the compiled catalog cannot be assembled: a packed image: \(error)"))
        }
        for (item, value) in references {
            let key = item.key.filter { keyFormat.contains($0.key) }
            do throws(CompiledCatalogBuilder.Refusal) {
                try builder.add(name: item.assetName, facetAttributes: [(.element, CompiledPart.element), (.part, item.facetPart)], key: key, value: value)
            } catch {
                compiled.diagnostics.append(Self.diagnostic(for: error, item))
            }
        }
    }

    /// The compile's product, or the findings that stop it; the atlases still open are written first.
    mutating func product() throws(CompileFailure) -> CompileProduct {
        for atlas in packer.finish() { write(atlas) }
        guard !compiled.diagnostics.contains(where: { $0.severity == .error }) else { throw CompileFailure(diagnostics: compiled.diagnostics) }
        var product = compiled
        product.renditionCount = builder.renditionCount
        product.catalog = builder
        return product
    }

    private static func diagnostic(for refusal: CompiledCatalogBuilder.Refusal, _ item: RenditionJob) -> Diagnostic {
        switch refusal {
        case .tooManyNames:
            Diagnostic(
                .compileTooManyNames, "the catalogs hold more than 65,535 names, more than a compiled catalog's 16-bit name identifiers number",
                subject: Diagnostic.Subject(asset: item.assetName), at: item.location)
        case .spool(let error):
            Diagnostic(.compileOutput, "the compiled catalog cannot be assembled: \(error.problem)", at: item.location)
        case .duplicateKey(let name, _):
            Diagnostic(
                .compileDuplicateVariant, "'\(name)' has two entries that compile to the same traits (\(item.renditionName) is one); actool keeps one of them",
                subject: Diagnostic.Subject(asset: name), at: item.location)
        }
    }
}

extension Array where Element == RenditionJob {
    /// The jobs in batches of `size`, in order.
    func batches(of size: Int) -> [[RenditionJob]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
