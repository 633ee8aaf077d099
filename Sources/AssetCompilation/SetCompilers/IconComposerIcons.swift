import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// How `CatalogCompiler` takes Icon Composer icons (`CompileOptions.iconComposerIcons`): each
/// named by `--app-icon` or `--alternate-app-icon` (or all, with `--include-all-app-icons`)
/// becomes `IconComposerCompiler`'s renditions, and the primary one the app's icon (its `.icns`
/// and `CFBundleIconName`/`CFBundleIconFile`), as an app icon set would.
enum IconComposerIcons {
    /// What `adapt compile --help` calls them (`SetCompilers.summary`).
    static let label = "Icon Composer icons (.icon: the flattened bitmaps, without the Liquid Glass)"
    /// The work of every icon the options select, and the findings of those that fail.
    static func plan(_ catalogs: [Catalog], _ context: PlanContext) -> SetPlan {
        var plan = SetPlan()
        for icon in context.options.iconComposerIcons {
            guard context.selectsIcon(icon.name) else {
                plan.findings.append(
                    Diagnostic(
                        .compileLeftOut,
                        "Icon Composer icon '\(icon.name)' is not compiled: name it with --app-icon or --alternate-app-icon, or pass --include-all-app-icons",
                        subject: Diagnostic.Subject(asset: icon.name), at: SourceLocation(file: icon.path)))
                continue
            }
            // An SVG layer is drawn from its own bytes: a reference to any other file is said.
            for file in Set(icon.groups.flatMap { $0.layers.map(icon.file(of:)) }).sorted() where file.lowercased().hasSuffix(".svg") {
                plan.findings += VectorRasterizer.droppedReferences(file, asset: icon.name)
            }
            let compiler = IconComposerCompiler(icon)
            var pieces = compiler.structure()
            // The sizes: a catalog's icon set of the same name gives them instead of the drawing
            // (sudoku: Xcode 26 stored App.iconset's ten PNGs beside App.icon's stack).
            let sizes: (pieces: [IconComposerCompiler.Piece], icns: [(type: String, image: SideFileJob.ICNSImage)])
            if let iconSet = catalogs.lazy.compactMap({ $0.asset(named: icon.name) }).first(where: { $0.type == .iconSet }) {
                pieces.removeAll { if case .sizes = $0.content { true } else { false } }
                sizes = compiler.iconSetImages(iconSet, leftOut: &plan.findings)
            } else {
                switch compiler.flattened(maxPixels: context.options.maxPixels, renderers: context.options.vectorRenderers) {
                case .success(let flattened): sizes = flattened
                case .failure(let diagnostic):
                    plan.findings.append(diagnostic)
                    continue
                }
            }
            pieces += sizes.pieces
            if icon.name == context.options.appIcon {
                plan.appIconName = icon.name
                if context.platform == .macos, context.options.standaloneIcons != .none, !sizes.icns.isEmpty {
                    plan.sideFiles.append(
                        SideFileJob(name: "\(icon.name).icns", assetName: icon.name, source: .icns(sizes.icns), location: SourceLocation(file: icon.path)))
                    plan.macIconFile = icon.name
                }
            }
            for piece in pieces {
                var key = piece.key
                key[.element] = CompiledPart.element
                if key[.part] == nil { key[.part] = piece.facetPart }
                plan.renditions.append(
                    RenditionJob(
                        assetName: piece.assetName, facetPart: piece.facetPart, renditionName: piece.renditionName, key: key,
                        source: .iconComposer(piece, identifiers: [:]), location: SourceLocation(file: piece.source)))
            }
        }
        return plan
    }

    /// The appearances the icons' stacks and groups are keyed by, by name (`APPEARANCEKEYS`):
    /// `ISAppearanceTintable` is no appearance a catalog's set has.
    static func appearances(_ work: [RenditionJob]) -> [(name: String, value: UInt16)] {
        var used: Set<UInt16> = []
        for item in work {
            guard case .iconComposer = item.source, let appearance = item.key[.appearance] else { continue }
            used.insert(appearance)
        }
        return IconComposerCompiler.appearances.filter { used.contains($0.value) }.map { ($0.name, $0.value) }
    }

}

extension RenditionJob {
    /// Gives an icon stack's or group's layer names their numbers, once the catalog's names are
    /// numbered (`CompiledCatalogBuilder.identifier(of:)`); other work is left as it is.
    mutating func numberIconLayers(_ identifier: (String) -> UInt16?) {
        guard case .iconComposer(let piece, _) = source, case .layers(let entries, _) = piece.content else { return }
        var identifiers: [String: UInt16] = [:]
        for entry in entries { identifiers[entry.name] = identifier(entry.name) }
        source = .iconComposer(piece, identifiers: identifiers)
    }
}
