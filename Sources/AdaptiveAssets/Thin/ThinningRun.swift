import AdaptSupport
import ImageChecks

/// What `adapt thin` does: read the catalog once, plan every device's slice, check the images
/// the slices keep, and write the slices atomically.
///
/// ```swift
/// let run = try ThinningRun(catalogPath: "Assets/Showcase.xcassets", devices: [iphone6], database: database)
/// let summaries = try run.write(to: "Thinned")
/// ```
package struct ThinningRun: Sendable {
    package let catalog: Catalog
    /// Every device's plan, in outline (`ThinningPlans`): a full plan per device and asset was
    /// most of `thin --all-devices`'s memory at scale.
    package let plans: ThinningPlans
    /// Problems in the source catalog and in the images the slices keep.
    package let diagnostics: [Diagnostic]

    /// Plans the slices and checks the kept images (`decodePNGs` adds a full libpng decode to the
    /// chunk walk and CRCs). A device given twice (by id and by model identifier) counts once.
    package init(catalog: Catalog, devices: [DeviceProfile], decodePNGs: Bool = false) {
        self.catalog = catalog
        var seen: Set<String> = []
        let devices = devices.filter { seen.insert($0.id).inserted }
        plans = ThinningPlans(index: AssetIndex(catalog), devices: devices)
        // Types kept whole are not selected: their files are not among the kept variants checked here.
        // Each file once (by the first variant naming it), as positions: paths only a batch at a time.
        let isKept = plans.keptByAnyDevice()
        var kept: [(asset: Int, variant: Int)] = []
        for (position, asset) in catalog.assets.enumerated() where asset.type.hasSelectableVariants {
            var seen: Set<String> = []
            for (variant, entry) in asset.variants.enumerated() where isKept(position, variant) {
                guard let filename = entry.filename, filename.pathExtension.lowercased() == "png", seen.insert(filename).inserted else { continue }
                kept.append((position, variant))
            }
        }
        func path(_ file: (asset: Int, variant: Int)) -> String {
            let asset = catalog.assets[file.asset]
            return asset.path + "/" + asset.variants[file.variant].filename!
        }
        kept.sort { first, second in
            first.asset == second.asset
                ? catalog.assets[first.asset].variants[first.variant].filename!
                    < catalog.assets[second.asset].variants[second.variant].filename! : path(first) < path(second)
        }
        var inspector = PNGInspector()
        inspector.decodes = decodePNGs
        // In batches, keeping only the diagnostics: a report per kept PNG adds up at 20,000 sets.
        var found: [Diagnostic] = []
        for start in stride(from: 0, to: kept.count, by: 4096) {
            let reports = inspector.inspect(files: kept[start..<min(start + 4096, kept.count)].map(path))
            // A file named .png that is another format (Home Assistant ships WebP so named) gets what
            // `validate` says of it, not the PNG checks' verdict on its signature.
            found += reports.flatMap { report in
                report.format == .png || report.format == .unknown
                    ? report.diagnostics
                    : CatalogImageChecker.formatDiagnostics(path: report.path ?? "", declaredFormat: .png, actualFormat: report.format)
            }
        }
        diagnostics = catalog.diagnostics + found
    }

    package var hasErrors: Bool { diagnostics.hasErrors }

    /// A warning for every device on which an asset has no match in some reachable trait set,
    /// located at the asset's Contents.json: the slice is written, but the app would find nothing there.
    package var noMatchWarnings: [Diagnostic] {
        plans.devices.indices.flatMap { position in
            let device = plans.devices[position]
            return plans.unmatched(at: position).map { unmatched -> Diagnostic in
                let asset = catalog.assets[unmatched.asset]
                let count = unmatched.windows.count
                return Diagnostic(
                    .thinNoMatch, "\(asset.name) has no match on \(device.id) in \(counted(count, "trait set")), e.g. \(unmatched.windows[0])",
                    subject: Diagnostic.Subject(catalog: catalog.path, asset: asset, variant: nil, device: device.id),
                    at: SourceLocation(file: asset.contentsPath ?? asset.path))
            }
        }
    }

    package func write(to output: String, writer: SliceWriter = SliceWriter()) throws -> [SliceSummary] {
        try writer.write(plans, to: output)
    }
}
