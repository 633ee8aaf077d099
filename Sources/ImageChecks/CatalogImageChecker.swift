import AdaptSupport
import AssetCatalog
import PNGInspection

/// Checks a catalog's images against the slots that hold them: each file really is the image
/// its name says, PNGs pass the PNG checks, scale families agree in size (up to rounding) and
/// with their `@Nx` names, app icons have their slot's pixel size, the App Store icon is opaque,
/// and gamut slots hold images with the matching profile.
///
/// An error means actool, the App Store or the running app would reject the file; what only
/// looks wrong (a size off by more than rounding, an alpha channel nobody uses) is a warning.
///
/// ```swift
/// let catalog = try CatalogReader().read(at: "App/Assets.xcassets")
/// let result = CatalogImageChecker().check(catalog)
/// result.diagnostics.forEach { print($0) }   // path:line:column: error: ... [image.scale-size]
/// ```
package struct CatalogImageChecker: Sendable {
    package var inspector: PNGInspector
    package var concurrency: Int

    package init(inspector: PNGInspector = PNGInspector(), concurrency: Int? = nil) {
        self.inspector = inspector
        self.concurrency = max(1, concurrency ?? Machine.coreCount)
    }

    package struct Result: Sendable {
        package var diagnostics: [Diagnostic]
        /// How many PNG files went through the PNG checks (files of other formats are only sniffed).
        package var pngCount: Int
    }

    /// One image file of the catalog and the variants that name it.
    struct ImageFile: Sendable {
        var path: String
        var declaredFormat: ImageFormat?
        /// The scales of the slots that name this file.
        var scales: [Int] = []
        /// The first entry that names it: what its findings are about.
        var subject: Diagnostic.Subject
    }

    /// How many sets are checked at a time: what a set's rules need (each file's path, subject and
    /// PNG report) is held for these sets only, never for the whole catalog (70,000 files at
    /// 20,000 sets were 50 MB at once). A file belongs to one set, so nothing is lost between chunks.
    static let setsPerChunk = 1024

    package func check(_ catalog: Catalog) -> Result {
        // Every file's findings in catalog order, then every set's, as when checked all at once.
        var fileDiagnostics: [Diagnostic] = []
        var setDiagnostics: [Diagnostic] = []
        var pngCount = 0
        for start in stride(from: 0, to: catalog.assets.count, by: Self.setsPerChunk) {
            let assets = catalog.assets[start..<min(start + Self.setsPerChunk, catalog.assets.count)]
            let files = imageFiles(in: assets, ofCatalogAt: catalog.path)
            let inspections = inspect(files)
            var reports: [String: PNGReport] = [:]
            for (file, inspection) in zip(files, inspections) {
                let firstOfFile = fileDiagnostics.count
                defer { fileDiagnostics.attribute(to: file.subject, from: firstOfFile) }
                fileDiagnostics.append(contentsOf: formatDiagnostics(file, inspection))
                if var report = inspection.report {
                    // 72 dpi times the slot's scale (144 for 2x) is the Retina convention, not a problem.
                    if let dpi = report.header?.dotsPerInch, file.scales.contains(where: { $0 * 72 == dpi }) {
                        report.problems.removeAll { $0.code == .phys }
                    }
                    fileDiagnostics.append(contentsOf: report.diagnostics)
                    reports[file.path] = report
                }
            }
            pngCount += reports.count
            // The per-set rules are independent: run them on every core too, keeping set order.
            let headers = reports
            let perSet = Array(assets).concurrentMap(concurrency: concurrency) { asset -> [Diagnostic] in
                switch asset.type {
                case .imageSet:
                    ScaleFamilyRule.check(asset, headers: headers) + ScaleNameRule.check(asset)
                        + GamutProfileRule.check(asset, headers: headers)
                case .appIconSet: AppIconRule.check(asset, headers: headers) + StoreIconAlphaRule.check(asset, headers: headers)
                default: []
                }
            }
            for diagnostics in perSet { setDiagnostics += diagnostics }
        }
        var diagnostics = fileDiagnostics
        fileDiagnostics = []
        diagnostics += setDiagnostics
        diagnostics.attribute(to: Diagnostic.Subject(catalog: catalog.path))
        return Result(diagnostics: diagnostics, pngCount: pngCount)
    }

    /// Every distinct image file named by a usable entry of `assets`, in catalog order.
    func imageFiles(in assets: ArraySlice<Asset>, ofCatalogAt catalogPath: String) -> [ImageFile] {
        var positions: [String: Int] = [:]
        var files: [ImageFile] = []
        for asset in assets where [.imageSet, .appIconSet, .launchImage].contains(asset.type) {
            for variant in asset.variants where variant.fileProblem == nil {
                guard let filename = variant.filename else { continue }
                let path = asset.path.appendingPathComponent(filename)
                if positions[path] == nil {
                    positions[path] = files.count
                    files.append(
                        ImageFile(
                            path: path, declaredFormat: ImageFormat(fileExtension: filename.pathExtension),
                            subject: Diagnostic.Subject(catalog: catalogPath, asset: asset, variant: variant)))
                }
                files[positions[path]!].scales.append(variant.scale ?? Self.scaleSuffix(of: filename) ?? 1)
            }
        }
        return files
    }

    /// The `N` of a `name@Nx.png` file name: the scale a slot without `scale` was drawn for.
    static func scaleSuffix(of filename: String) -> Int? {
        ScaleNameRule.scale(named: filename)
    }

    struct Inspection: Sendable {
        var actualFormat: ImageFormat
        var report: PNGReport?
        /// Why the file could not be read at all (a FIFO, a folder, no permission): then its format
        /// is unknown, and saying it "is not an image" would blame its bytes.
        var unreadable: String?
    }

    /// Sniffs every file and runs the PNG checks on the PNGs, on every core.
    private func inspect(_ files: [ImageFile]) -> [Inspection] {
        let inspector = self.inspector
        return files.concurrentMap(concurrency: concurrency) { file in
            if file.declaredFormat == .png {
                let report = inspector.inspect(file: file.path)
                let unreadable = report.problems.first { $0.code == .unreadable }?.message
                return Inspection(actualFormat: report.format, report: report.format == .png ? report : nil, unreadable: unreadable)
            }
            let prefix: [UInt8]
            do { prefix = try FileSystem.readPrefix(file.path, count: ImageFormat.sniffLength(declared: file.declaredFormat)) } catch {
                return Inspection(
                    actualFormat: .unknown, report: nil, unreadable: "cannot read the file: \((error as? FileSystem.Failure)?.reason ?? "\(error)")")
            }
            let format = ImageFormat(sniffing: prefix)
            return Inspection(actualFormat: format, report: format == .png ? inspector.inspect(file: file.path) : nil)
        }
    }

    /// A file whose bytes are not what its extension says.
    private func formatDiagnostics(_ file: ImageFile, _ inspection: Inspection) -> [Diagnostic] {
        if let reason = inspection.unreadable {
            return [Diagnostic(.catalogUnreadable, reason, at: SourceLocation(file: file.path))]
        }
        return Self.formatDiagnostics(path: file.path, declaredFormat: file.declaredFormat, actualFormat: inspection.actualFormat)
    }

    /// A file whose bytes are not what its extension says: an error when they are no image format
    /// Apple platforms decode, a warning when they are another one (a WebP named `.png`: it ships and
    /// shows). `adapt thin` asks the same of the files its slices keep.
    package static func formatDiagnostics(path: String, declaredFormat: ImageFormat?, actualFormat: ImageFormat) -> [Diagnostic] {
        let location = SourceLocation(file: path)
        let named = declaredFormat?.rawValue ?? "'.\(path.pathExtension)'"
        if actualFormat == .unknown {
            return [Diagnostic(.imageNotAnImage, "named as \(named) but is not an image in any format Apple platforms decode", at: location)]
        }
        guard let declared = declaredFormat, declared != actualFormat else { return [] }
        return [
            Diagnostic(
                .imageFormatMismatch,
                "named as \(declared.rawValue) but is a \(actualFormat.rawValue) file: "
                    + "Apple platforms decode it, but tools that trust the extension will not", at: location)
        ]
    }
}
