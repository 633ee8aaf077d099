import AdaptSupport
import CompiledCatalog

/// Builds a `ReportV1` from catalogs on disk: validates them, makes the thumbnails, works out
/// what each device shows in each trait context, what changes on rotation and in split view,
/// and what each device downloads. All of `adapt report` but the rendering.
///
/// ```swift
/// var builder = ReportBuilder(database: try DeviceDatabase.builtIn())
/// builder.thumbnailer.cacheFolder = ".build/thumbnails"
/// let report = builder.build(catalogsAt: ["Assets/Showcase.xcassets"])
/// try HTMLReport(report).write(to: "report.html")
/// ```
package struct ReportBuilder: Sendable {
    package var database: DeviceDatabase
    /// The devices the grids, changes and sizes are for (default: every device in the database).
    package var devices: [DeviceProfile]
    package var thumbnailer = Thumbnailer()
    /// Skip thumbnails (`--link-images`: the page references the original files).
    package var makeThumbnails = true
    /// PNG checks the Validator runs for the overview.
    package var imageChecks: Validator.ImageCheckLevel = .full
    /// The lowest OS versions the app supports (`--deployment-target`), over `.adapt.yml`'s.
    package var deploymentTarget: DeploymentTarget?
    package var concurrency = Machine.coreCount

    package init(database: DeviceDatabase, devices: [DeviceProfile]? = nil) {
        self.database = database
        self.devices = devices ?? database.devices
    }

    package struct Failure: Error, CustomStringConvertible {
        package var diagnostics: [Diagnostic]
        package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    /// Reads, validates and reports the catalogs. Throws when none can be read at all, or when a
    /// configuration file cannot be used. The overview lists what `adapt validate` reports for the
    /// same catalogs: each catalog's `.adapt.yml` (rules turned off or up, exclusions, baseline)
    /// applies here too.
    package func build(catalogsAt paths: [String]) throws(Failure) -> ReportV1 {
        var run = ValidationRun(catalogs: paths)
        run.overrides.images = imageChecks
        run.overrides.deploymentTarget = deploymentTarget
        let validation: ValidationReport
        do { validation = try run.run() } catch { throw Failure(diagnostics: [error]) }
        guard !validation.catalogs.isEmpty else { throw Failure(diagnostics: validation.diagnostics) }
        return build(catalogs: validation.catalogs, diagnostics: validation.diagnostics)
    }

    package func build(catalogs: [Catalog], diagnostics: [Diagnostic]) -> ReportV1 {
        build(catalogs: catalogs, compiled: nil, diagnostics: diagnostics, sizes: nil)
    }

    /// The report of a compiled catalog (`adapt report FILE.car`): the same page, its variants
    /// the renditions (`AdaptedCompiledCatalog`), thumbnails decoded from them (references cut out
    /// of their packed images), and sizes as `adapt size FILE.car` counts them (each device's
    /// thinned `Assets.car`). Its diagnostics are the reader's; there is no Contents.json to check.
    /// With `source`, the `.xcassets` it was compiled from, they add `adapt verify`'s findings
    /// (`CompiledVerification`: what the file lacks, holds differently or holds beyond its source),
    /// each on the sheet of the asset it names.
    package func build(compiled: AdaptedCompiledCatalog, source: Catalog? = nil) throws(CompiledCatalogError) -> ReportV1 {
        var seen: Set<String> = []
        let devices = self.devices.filter { seen.insert($0.id).inserted }
        let sizes = try CompiledThinning(compiled, devices: devices).sizeReport()
        var diagnostics = compiled.catalog.diagnostics
        if let source { diagnostics += CompiledVerification(source: source, compiled: compiled).diagnostics }
        return build(catalogs: [compiled.catalog], compiled: compiled, diagnostics: diagnostics, sizes: sizes)
    }

    private func build(catalogs: [Catalog], compiled: AdaptedCompiledCatalog?, diagnostics: [Diagnostic], sizes: SizeReport?) -> ReportV1 {
        var seen: Set<String> = []
        let devices = self.devices.filter { seen.insert($0.id).inserted }
        let indexes = catalogs.map(AssetIndex.init)
        let files = compiled.map { [SizeReport.CatalogFiles(compiled: $0)] } ?? indexes.map(SizeReport.CatalogFiles.init)
        let grid = GridBuilder(devices: devices)
        var images = ImageTable()
        var assets: [ReportV1.AssetSheet] = []
        var overviews: [ReportV1.CatalogOverview] = []
        var firstAsset: [Int] = []
        // Sets of the same shape have the same grid: each distinct grid is kept once and shared
        // (at 20,000 sets, a grid per asset was the largest part of the model).
        var distinctGrids: Set<Grid> = []
        for (catalogPosition, index) in indexes.enumerated() {
            let catalog = index.catalog
            firstAsset.append(assets.count)
            // Grids are independent per asset: build them on every core, a batch at a time (so
            // only a batch's are held before they are shared), then number the images in order.
            var grids: [Grid] = []
            grids.reserveCapacity(catalog.assets.count)
            let batch = max(1, concurrency) * 256
            for start in stride(from: 0, to: catalog.assets.count, by: batch) {
                let made = Array(start..<min(start + batch, catalog.assets.count)).concurrentMap(concurrency: concurrency) { position in
                    catalog.assets[position].type.hasSelectableVariants ? Grid(grid.grid(index: index, asset: position)) : Grid()
                }
                for one in made { grids.append(distinctGrids.insert(one).memberAfterInsert) }
            }
            for (position, asset) in catalog.assets.enumerated() {
                let slotOf = Self.slots(of: index, asset: position)
                let variants = asset.variants.enumerated().map { offset, variant in
                    ReportV1.VariantCard(
                        index: variant.index, label: variant.payloadDescription,
                        attributes: variant.attributeStrings(),
                        image: variant.filename.flatMap { name in
                            guard variant.fileProblem == nil else { return nil }
                            guard let compiled else { return images.add(asset.path + "/" + name) }
                            // A rendition is an image by its position: many share a name.
                            return images.add(rendition: compiled.renditionPositions[position][offset], of: compiled.compiled.path)
                        },
                        color: variant.color.flatMap(\.cssColor), slot: slotOf[offset])
                }
                assets.append(
                    ReportV1.AssetSheet(
                        id: "asset-\(catalogPosition)-\(position)", catalog: catalogPosition, name: asset.name,
                        type: asset.type.rawValue, path: asset.path, variants: variants,
                        columns: grids[position].columns, rows: grids[position].rows,
                        hasSlots: asset.type.hasSlots))
            }
            overviews.append(
                ReportV1.CatalogOverview(
                    path: catalog.path, name: catalog.path.lastPathComponent,
                    assets: catalog.assets.count,
                    variants: catalog.assets.reduce(0) { $0 + $1.providedVariantCount },
                    bytes: devices.isEmpty ? 0 : files[catalogPosition].bytesBefore))
        }
        let thumbnailer = self.thumbnailer
        let makeThumbnails = self.makeThumbnails
        let renditions = images.renditions
        let loader = compiled.map { VariantContent.Loader(OpenedCatalog(catalog: $0.catalog, compiled: $0)) }
        let entries = Array(images.paths.enumerated()).concurrentMap(concurrency: concurrency) { position, path in
            if let loader, let rendition = renditions[position] {
                return ReportV1.ImageEntry(
                    path: path, bytes: loader.opened.compiled!.compiled.renditions[rendition].sizeOnDisk,
                    thumbnail: makeThumbnails ? Self.thumbnail(of: rendition, loader, thumbnailer) : nil)
            }
            return ReportV1.ImageEntry(
                path: path, bytes: FileSystem.fileSize(path) ?? 0,
                thumbnail: makeThumbnails ? thumbnailer.thumbnail(ofFileAt: path) : nil)
        }
        return ReportV1(
            catalogs: overviews,
            diagnostics: Self.locate(diagnostics, in: catalogs, firstAsset: firstAsset, byAssetName: compiled != nil),
            assets: assets, images: entries, contexts: grid.contexts,
            traitChanges: TraitChangeBuilder.changes(indexes: indexes, devices: devices, firstAsset: firstAsset),
            sizes: sizes ?? SizeReport(indexes: indexes, devices: devices, files: files, concurrency: concurrency))
    }

    /// A compiled rendition's thumbnail: its pixels as a PNG (a reference's cut out of its packed
    /// image), or the PNG a raw-data rendition holds; nil for anything else (a PDF, a JPEG).
    private static func thumbnail(of position: Int, _ loader: VariantContent.Loader, _ thumbnailer: Thumbnailer) -> Thumbnailer.Thumbnail? {
        guard let catalog = loader.opened.compiled?.compiled else { return nil }
        let rendition = catalog.renditions[position]
        if let bitmap = loader.bitmap(of: rendition), let png = bitmap.pngData() { return thumbnailer.thumbnail(of: png) }
        if let data = try? catalog.rawData(of: rendition) { return thumbnailer.thumbnail(of: data) }
        return nil
    }

    /// One asset's grid (`GridBuilder.grid`), hashable so that equal grids are stored once.
    private struct Grid: Hashable {
        var columns: [[String]] = []
        var rows: [ReportV1.GridRow] = []

        init() {}
        init(_ made: (columns: [[String]], rows: [ReportV1.GridRow])) { (columns, rows) = made }
    }

    /// Each variant's slot description, for sets of slots.
    private static func slots(of index: AssetIndex, asset: Int) -> [Int: String] {
        guard index.hasSlots(assetAt: asset) else { return [:] }
        var result: [Int: String] = [:]
        for (slot, positions) in index.catalog.assets[asset].variantsBySlot() {
            for position in positions { result[position] = slot.description }
        }
        return result
    }

    /// Each diagnostic with the asset sheet its subject names: one lookup by the set's folder (a
    /// child set, such as a brand asset's layer, shows on its parent's sheet). Never by the path
    /// the diagnostic points at, which would take `Logo.imageset2` for `Logo.imageset`'s.
    /// `byAssetName` (a compiled catalog, whose findings from its source name a set of the source):
    /// a subject whose set is none of the sheets' goes on the first sheet of its asset's name.
    private static func locate(
        _ diagnostics: [Diagnostic], in catalogs: [Catalog], firstAsset: [Int], byAssetName: Bool = false
    ) -> [ReportV1.LocatedDiagnostic] {
        var sheetOfSet: [String: Int] = [:]
        var sheetOfName: [String: Int] = [:]
        for (catalogPosition, catalog) in catalogs.enumerated() {
            for (position, asset) in catalog.assets.enumerated() {
                for set in asset.withDescendants { sheetOfSet[set.path] = firstAsset[catalogPosition] + position }
                if byAssetName && sheetOfName[asset.name] == nil { sheetOfName[asset.name] = firstAsset[catalogPosition] + position }
            }
        }
        return diagnostics.map { diagnostic in
            let sheet = diagnostic.subject.set.flatMap { sheetOfSet[$0] } ?? diagnostic.subject.asset.flatMap { sheetOfName[$0] }
            return ReportV1.LocatedDiagnostic(diagnostic: diagnostic, asset: sheet)
        }
    }
}

/// Image paths, each once, numbered in the order first seen.
struct ImageTable {
    var paths: [String] = []
    var positions: [String: Int] = [:]
    /// For an image of a compiled catalog, its rendition's position, by the image's number.
    var renditions: [Int: Int] = [:]

    /// A compiled catalog's rendition, named `Assets.car#<position>` (the page's link to the file).
    mutating func add(rendition: Int, of path: String) -> Int {
        let number = add(path + "#\(rendition)")
        renditions[number] = rendition
        return number
    }

    mutating func add(_ path: String) -> Int {
        if let known = positions[path] { return known }
        positions[path] = paths.count
        paths.append(path)
        return paths.count - 1
    }
}

extension ColorDefinition {
    /// A CSS colour for the swatch, nil for system colour references.
    var cssColor: String? {
        guard reference == nil else { return nil }
        func channel(_ key: String) -> Double? {
            guard let text = components[key]?.trimmingSpaces else { return nil }
            if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            // Finite only: `nan` or `1e999` would make no colour, and no Int below.
            guard let value = Double(text), value.isFinite else { return nil }
            return text.contains(".") || value <= 1 ? value : value / 255
        }
        let alpha = channel("alpha") ?? 1
        if let white = channel("white") {
            // Clamped as CSS clamps `rgb()` anyway, so that any finite grey converts to an Int.
            let level = Int((min(max(white, 0), 1) * 255).rounded())
            return "rgb(\(level) \(level) \(level) / \(alpha))"
        }
        guard let red = channel("red"), let green = channel("green"), let blue = channel("blue") else { return nil }
        let space = colorSpace?.contains("display-p3") == true ? "display-p3" : "srgb"
        return "color(\(space) \(red) \(green) \(blue) / \(alpha))"
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
