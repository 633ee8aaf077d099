import AssetCatalog
@_spi(Compiling) import AssetCompilation
import AssetSelection
import CompiledCatalog
import PNGInspection

/// A compiled catalog held against the `.xcassets` it came from ("did Xcode build what I
/// meant?"): `adapt verify FILE.car --source DIR.xcassets`.
///
/// A source entry is expected in the file when actool writes it for the file's platform and the
/// device kinds it holds (`ActoolEntryFilter`, the answer compile plans by: an iPhone-only build
/// has no iPad renditions, a universal PNG the iPhone and iPad entries cover is left out). Each
/// expected entry must have a rendition of the same set with its file name (a vector kept with
/// `preserves-vector-representation` drops its extension); that rendition must declare the same
/// traits (a scale-less entry is compiled at every scale, so scale is not compared) and, for a
/// PNG, have the source's pixel size. Renditions no entry names are extra.
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
        var idioms = Set<UserInterfaceIdiom>()
        for asset in compiled.catalog.assets {
            for variant in asset.variants { if case .device(let idiom) = variant.idiom { idioms.insert(idiom) } }
        }
        var check = Check(compiled: compiled, filter: ActoolEntryFilter(platform: compiled.platform, idioms: idioms), inspector: inspector)
        let verified: Set<AssetType> = [.imageSet, .dataSet, .colorSet, .appIconSet, .iconSet]
        for asset in source.assets where verified.contains(asset.type) {
            let position = compiled.catalog.assets.firstIndex { $0.name == asset.name }
            // actool compiles only the app icon sets its options name, and icon sets only for the
            // Mac: one the file lacks is not expected.
            if asset.type == .appIconSet || asset.type == .iconSet, position == nil { continue }
            if asset.type == .colorSet {
                check.colors(of: asset, at: position)
            } else {
                check.files(of: asset, at: position)
            }
        }
        let renditions = check.reportExtras(source: source)
        diagnostics = check.diagnostics
        expectedCount = check.expected
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
}
