import AdaptSupport

/// What `adapt inspect` reports: every asset with its qualified name, type and variants, and the
/// catalog's findings: those `adapt validate` reports for it, so that both count the same.
///
/// ```swift
/// let inspection = try CatalogInspection(inspecting: "Assets/Showcase.xcassets")
/// print(inspection.text)             // 16 assets, 83 variants, 0 errors, 0 warnings ...
/// ```
package struct CatalogInspection: Sendable {
    package let catalog: Catalog
    /// What the summary counts and the JSON lists; the reader's own findings unless given.
    package let findings: [Diagnostic]

    package init(_ catalog: Catalog, findings: [Diagnostic]? = nil) {
        self.catalog = catalog
        self.findings = findings ?? catalog.diagnostics
    }

    /// The catalog at `path` with the findings `adapt validate` reports for it (its `.adapt.yml`,
    /// its baseline), read once: validation's own reading is the one listed. A catalog its
    /// configuration excludes is read on its own (and has no findings); one that cannot be read at
    /// all throws, naming it. A configuration that cannot be used is a finding, as in validate.
    package init(inspecting path: String) throws(CatalogReader.Failure) {
        let report: ValidationReport
        do throws(Diagnostic) {
            report = try ValidationRun(catalogs: [path]).run()
        } catch {
            let catalog = try CatalogReader().read(at: path)
            self.init(catalog, findings: catalog.diagnostics + [error])
            return
        }
        // Validation takes a folder of catalogs too; inspect takes one catalog, and refuses anything
        // else as the reader does, so only the catalog read at `path` itself is reused.
        let catalog: Catalog
        if report.catalogs.count == 1, let read = report.catalogs.first,
            FileSystem.realPath(read.path) == FileSystem.realPath(path)
        {
            catalog = read
        } else {
            catalog = try CatalogReader().read(at: path)
        }
        self.init(catalog, findings: report.diagnostics)
    }

    /// Entries that provide a file or a colour; empty slots are listed but not counted.
    package var variantCount: Int { catalog.assets.reduce(0) { $0 + $1.providedVariantCount } }

    package var json: JSONValue {
        let assets: [JSONValue] = catalog.assets.map { asset in
            var object =
                ([
                    "name": .string(asset.name), "type": .string(asset.type.rawValue), "path": .string(asset.path),
                ] as JSONObject)
            var properties: JSONObject = [:]
            if asset.properties.providesNamespace { properties["provides-namespace"] = true }
            if asset.properties.preservesVectorRepresentation { properties["preserves-vector-representation"] = true }
            if let intent = asset.properties.templateRenderingIntent { properties["template-rendering-intent"] = .string(intent) }
            if !asset.properties.onDemandResourceTags.isEmpty {
                properties["on-demand-resource-tags"] = .array(asset.properties.onDemandResourceTags.map(JSONValue.string))
            }
            if !properties.members.isEmpty { object["properties"] = .object(properties) }
            object["variants"] = .array(asset.variants.map(\.json))
            return .object(object)
        }
        return .object(
            ([
                "catalog": .string(catalog.path),
                "assetCount": .number(String(catalog.assets.count)),
                "variantCount": .number(String(variantCount)),
                "assets": .array(assets),
                "diagnostics": .array(findings.map(\.json)),
            ] as JSONObject))
    }

    /// A listing for people; diagnostics are printed separately, to standard error.
    package var text: String {
        var lines: [String] = []
        let errors = findings.errorCount
        let warnings = findings.warningCount
        lines.append(
            "\(catalog.path): \(catalog.assets.count) assets, \(variantCount) variants, "
                + "\(counted(errors, "error")), \(counted(warnings, "warning"))")
        for asset in catalog.assets {
            lines.append("")
            lines.append("\(asset.name)  (\(asset.type.rawValue))")
            let labels = asset.variants.map { $0.label(in: asset) }
            let width = labels.map(\.count).max() ?? 0
            let summaries = asset.variants.map(\.attributeSummary)
            let summaryWidth = min(summaries.map(\.count).max() ?? 0, 72)
            for (position, variant) in asset.variants.enumerated() {
                let label = labels[position].padded(to: width)
                let summary = summaries[position].padded(to: summaryWidth)
                lines.append("  \(label)  \(summary)  \(variant.payloadDescription)")
            }
        }
        // Names and file names come from the catalog: a newline in one must not start a line.
        return lines.textOutput
    }
}
