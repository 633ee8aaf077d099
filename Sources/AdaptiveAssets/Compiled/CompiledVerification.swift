import AssetCatalog
@_spi(Compiling) import AssetCompilation
import AssetSelection
import CompiledCatalog
import PNGInspection

/// A compiled catalog held against the `.xcassets` it came from ("did Xcode build what I
/// meant?"): `adapt verify FILE.car --source DIR.xcassets`.
///
/// A source entry is expected in the file when the file's platform and devices keep it (rule
/// 2.1): its idiom is universal or one of the device idioms the file holds (an iPhone-only build
/// has no iPad renditions), and it declares no axis the platform's compiled catalogs lack
/// (`PlatformAxes`). Each expected entry must have a rendition of the same set with its file name
/// (a PDF's vector rendition drops `.pdf`); that rendition must declare the same traits (a
/// scale-less entry is compiled at every scale, so scale is not compared) and, for a PNG, have
/// the source's pixel size. Renditions no entry names are extra.
///
/// ```swift
/// let verification = CompiledVerification(source: try CatalogReader().read(at: "Images.xcassets"),
///                                         compiled: AdaptedCompiledCatalog(try CompiledCatalog(path: "Assets.car")))
/// for diagnostic in verification.diagnostics { print(diagnostic) }   // compiled.missing, .different, .extra
/// ```
package struct CompiledVerification: Sendable {
    package let diagnostics: [Diagnostic]
    /// How many source entries were expected in the file, and how many renditions were compared.
    package let expectedCount: Int
    package let renditionCount: Int

    package init(source: Catalog, compiled: AdaptedCompiledCatalog, inspector: PNGInspector = PNGInspector(headerOnly: true)) {
        let platform = compiled.platform
        let lacking = platform.map(PlatformAxes.lacking(on:)) ?? []
        var idioms = Set<UserInterfaceIdiom>()
        for asset in compiled.catalog.assets {
            for variant in asset.variants { if case .device(let idiom) = variant.idiom { idioms.insert(idiom) } }
        }
        var diagnostics: [Diagnostic] = []
        var matched = Set<[Int]>()
        var expected = 0
        let carLocation = SourceLocation(file: compiled.catalog.path, line: 1, column: 1)
        for asset in source.assets where asset.type == .imageSet || asset.type == .dataSet || asset.type == .colorSet || asset.type == .appIconSet {
            let position = compiled.catalog.assets.firstIndex { $0.name == asset.name }
            // actool compiles only the app icon sets its options name: one the file lacks is not expected.
            if asset.type == .appIconSet, position == nil { continue }
            if asset.type == .colorSet {
                expected += Self.verifyColors(
                    asset, at: position, compiled: compiled, platform: platform, idioms: idioms, lacking: lacking,
                    matched: &matched, diagnostics: &diagnostics)
                continue
            }
            if asset.type == .appIconSet, let position {
                // The set's size list is the set itself.
                for variant in compiled.catalog.assets[position].variants where variant.unrecognized["layout"] == "MultisizeImage" {
                    matched.insert([position, variant.index])
                }
            }
            for entry in asset.variants where entry.filename != nil {
                guard Self.isKept(entry, platform: platform, idioms: idioms, lacking: lacking) else { continue }
                expected += 1
                let file = entry.filename!
                let subject = Diagnostic.Subject(asset: asset, variant: entry)
                let location = entry.location ?? SourceLocation(file: asset.contentsPath ?? asset.path)
                let candidates =
                    position.map { at in
                        compiled.catalog.assets[at].variants.filter { $0.filename == file || $0.filename.map { $0 + ".pdf" } == file }.map { [at, $0.index] }
                    } ?? []
                guard !candidates.isEmpty else {
                    diagnostics.append(
                        Diagnostic(
                            .compiledMissing, "\(asset.name): \(file) (\(entry.attributeSummary)) has no rendition in \(compiled.catalog.folderName)",
                            subject: subject, at: location))
                    continue
                }
                matched.formUnion(candidates)
                // A macOS file keys no idiom: a `mac` entry and a universal one compile alike.
                var excluded: Set<String> = entry.scale == nil ? ["scale"] : []
                if platform == .macos { excluded.insert("idiom") }
                // An icon's slot (its size) is a number in the key, not a trait the adapter reads.
                if asset.type == .appIconSet { excluded.formUnion(["size", "idiom", "platform", "role", "subtype"]) }
                let wanted = entry.attributeStrings(excluding: excluded)
                let variants = candidates.map { compiled.catalog.assets[$0[0]].variants[$0[1]] }
                if !variants.contains(where: { $0.attributeStrings(excluding: excluded) == wanted }) {
                    let held = variants.map(\.attributeSummary).joined(separator: "; ")
                    diagnostics.append(
                        Diagnostic(
                            .compiledDifferent, "\(asset.name): \(file) is declared \(entry.attributeSummary) but compiled as \(held)",
                            subject: subject, at: location))
                }
                // A sliced image (`resizing`) is stored as its caps and centre only: smaller by design.
                if entry.resizing == nil, file.lowercased().hasSuffix(".png"),
                    let header = inspector.inspect(file: asset.path.appendingPathComponent(file)).header
                {
                    for candidate in candidates {
                        let rendition = compiled.rendition(assetAt: candidate[0], variant: candidate[1])
                        guard rendition.width > 0, rendition.width != header.width || rendition.height != header.height else { continue }
                        diagnostics.append(
                            Diagnostic(
                                .compiledDifferent,
                                "\(asset.name): \(file) is \(header.width)×\(header.height) pixels in the source "
                                    + "but \(rendition.width)×\(rendition.height) in \(compiled.catalog.folderName)", subject: subject, at: location))
                    }
                }
            }
        }
        var renditions = 0
        for (at, asset) in compiled.catalog.assets.enumerated() {
            for variant in asset.variants {
                renditions += 1
                guard !matched.contains([at, variant.index]) else { continue }
                let rendition = compiled.rendition(assetAt: at, variant: variant.index)
                let why = source.asset(named: asset.name) == nil ? "the source has no set \(asset.name)" : "no entry of \(asset.name) declares it"
                diagnostics.append(
                    Diagnostic(
                        .compiledExtra,
                        "\(asset.name): rendition \(variant.payloadDescription) (\(variant.attributeSummary)) is in the compiled file, but \(why)",
                        subject: Diagnostic.Subject(asset: asset.name, file: rendition.renditionName), at: carLocation))
            }
        }
        self.diagnostics = diagnostics
        expectedCount = expected
        renditionCount = renditions
    }

    /// One diagnostic a line (`path:line:column: severity: message [rule-id]`), then a summary.
    package var text: String {
        var lines = diagnostics.map(\.description)
        let counts = [RuleID.compiledMissing, .compiledDifferent, .compiledExtra].map { rule in
            "\(diagnostics.filter { $0.rule == rule }.count) \(rule.id.dropFirst("compiled.".count))"
        }
        lines.append("\(expectedCount) source entries expected, \(renditionCount) renditions: " + counts.joined(separator: ", "))
        return lines.textOutput
    }

    /// `{"expected": N, "renditions": N, "diagnostics": [...]}`.
    package var json: JSONValue {
        .object([
            "expected": .number(String(expectedCount)), "renditions": .number(String(renditionCount)),
            "diagnostics": .array(diagnostics.map(\.json)),
        ])
    }

    /// The colour entries of `asset`: each must have a colour rendition with its traits and its
    /// components, compared as the 32-bit floats actool stores (sudoku's 0.176 is 0.17600000649690628
    /// in its file). Returns how many entries were expected.
    private static func verifyColors(
        _ asset: Asset, at position: Int?, compiled: AdaptedCompiledCatalog, platform: Platform?,
        idioms: Set<UserInterfaceIdiom>, lacking: PlatformAxes,
        matched: inout Set<[Int]>, diagnostics: inout [Diagnostic]
    ) -> Int {
        var expected = 0
        for entry in asset.variants {
            guard let color = entry.color, color.reference == nil, isKept(entry, platform: platform, idioms: idioms, lacking: lacking) else { continue }
            expected += 1
            var excluded: Set<String> = ["scale"]
            if platform == .macos { excluded.insert("idiom") }
            let wanted = entry.attributeStrings(excluding: excluded)
            let found = position.flatMap { at in
                compiled.catalog.assets[at].variants.first { variant in
                    guard let held = variant.color, variant.attributeStrings(excluding: excluded) == wanted else { return false }
                    return Self.sameColor(held, color)
                }.map { [at, $0.index] }
            }
            if let found {
                matched.insert(found)
            } else {
                diagnostics.append(
                    Diagnostic(
                        .compiledMissing, "\(asset.name): \(color.summary) (\(entry.attributeSummary)) has no rendition in \(compiled.catalog.folderName)",
                        subject: Diagnostic.Subject(asset: asset, variant: entry),
                        at: entry.location ?? SourceLocation(file: asset.contentsPath ?? asset.path)))
            }
        }
        return expected
    }

    /// Two colours alike: the same colour space and components, each as a 32-bit float.
    static func sameColor(_ compiled: ColorDefinition, _ source: ColorDefinition) -> Bool {
        guard compiled.colorSpace == (source.colorSpace ?? "srgb") else { return false }
        let names = Set(compiled.components.keys).union(source.components.keys)
        return names.allSatisfy { name in
            guard let held = compiled.components[name].flatMap(Double.init), let written = CatalogCompiler.storedComponent(name, of: source) else {
                return false
            }
            return Float(held) == Float(written)
        }
    }

    /// Whether actool keeps a source entry for this platform and these device idioms (rule 2.1).
    static func isKept(_ entry: Variant, platform: Platform?, idioms: Set<UserInterfaceIdiom>, lacking: PlatformAxes) -> Bool {
        switch entry.idiom {
        case .storeOnly(let slot):
            // The App Store icon is compiled into an iOS app's catalog.
            return slot == "ios-marketing" && platform == .ios
        case .device(let idiom):
            if let platform, idiom.platform != platform { return false }
            if !idioms.isEmpty && !idioms.contains(idiom) { return false }
        case .universal: break
        }
        // Macs drive 1x and 2x displays: actool leaves 3x out of a macOS catalog.
        if platform == .macos, let scale = entry.scale, scale > 2 { return false }
        if lacking.contains(.memory) && entry.memory != nil { return false }
        if lacking.contains(.graphics) && entry.graphicsFeatureSet != nil { return false }
        if lacking.contains(.sizeClasses) && (entry.horizontalSizeClass != nil || entry.verticalSizeClass != nil) { return false }
        return true
    }
}
