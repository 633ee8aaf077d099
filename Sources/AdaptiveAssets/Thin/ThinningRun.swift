/// What `adapt thin` does: read the catalog once, plan every device's slice, check the images
/// the slices keep, and write the slices atomically.
///
/// ```swift
/// let run = try ThinningRun(catalogPath: "Assets/Showcase.xcassets", devices: [iphone6], database: database)
/// let summaries = try run.write(to: "Thinned")
/// ```
public struct ThinningRun: Sendable {
    public let catalog: Catalog
    public let plans: [ThinningPlan]
    /// Problems in the source catalog and in the images the slices keep.
    public let diagnostics: [Diagnostic]

    /// Plans the slices and checks the kept images (`decodePNGs` adds a full libpng decode to the
    /// chunk walk and CRCs). A device given twice (by id and by model identifier) counts once.
    public init(catalog: Catalog, devices: [DeviceProfile], decodePNGs: Bool = false) {
        self.catalog = catalog
        let index = AssetIndex(catalog)
        var seen: Set<String> = []
        let devices = devices.filter { seen.insert($0.id).inserted }
        plans = devices.map { ThinningPlan(index: index, device: $0) }
        var kept: Set<String> = []
        for plan in plans {
            for assetPlan in plan.assets where !assetPlan.keptWhole {
                let asset = catalog.assets[assetPlan.asset]
                for position in assetPlan.kept {
                    if let filename = asset.variants[position].filename, filename.pathExtension.lowercased() == "png" {
                        kept.insert(asset.path + "/" + filename)
                    }
                }
            }
        }
        var inspector = PNGInspector()
        inspector.decodes = decodePNGs
        let reports = inspector.inspect(files: kept.sorted())
        // A file named .png that is another format (Home Assistant ships WebP so named) gets what
        // `validate` says of it, not the PNG checks' verdict on its signature.
        diagnostics = catalog.diagnostics + reports.flatMap { report in
            report.format == .png || report.format == .unknown ? report.diagnostics
                : CatalogImageChecker.formatDiagnostics(path: report.path ?? "", declaredFormat: .png, actualFormat: report.format)
        }
    }

    public var hasErrors: Bool { diagnostics.hasErrors }

    /// A warning for every device on which an asset has no match in some reachable trait set,
    /// located at the asset's Contents.json: the slice is written, but the app would find nothing there.
    public var noMatchWarnings: [Diagnostic] {
        plans.flatMap { plan in
            plan.assets.compactMap { assetPlan -> Diagnostic? in
                guard let example = assetPlan.unmatched.first else { return nil }
                let asset = catalog.assets[assetPlan.asset]
                let count = assetPlan.unmatched.count
                return Diagnostic(.thinNoMatch, "\(asset.name) has no match on \(plan.device.id) in \(count) trait set\(count == 1 ? "" : "s"), e.g. \(example)",
                                  subject: Diagnostic.Subject(catalog: catalog.path, asset: asset, variant: nil, device: plan.device.id),
                                  at: SourceLocation(file: asset.contentsPath ?? asset.path))
            }
        }
    }

    public func write(to output: String, writer: SliceWriter = SliceWriter()) throws -> [SliceSummary] {
        try writer.write(plans, of: catalog, to: output)
    }
}
