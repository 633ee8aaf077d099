import AdaptSupport
import AssetCatalog
import AssetSelection
import CompiledCatalog

/// Compiles source catalogs into one compiled catalog, as actool does for a platform and its
/// devices, in three stages, each a function from one value to the next (as
/// swift-openapi-generator's `GeneratorPipeline` runs its stages):
///
/// 1. **plan** (`Plan/`): every set, by the `SetCompiler` of its type (`SetCompilers.all`), gives
///    its renditions to make, its side files and Info.plist keys, and its findings; the set types
///    no compiler takes are left out with their `NotCompiled` reason.
/// 2. **encode** (`Encode/`): each rendition's value from its files (bitmaps premultiplied and
///    LZFSE-compressed, JPEGs and data as they are, colours as components, PDFs and SVGs
///    rasterised by separate programs, `VectorRasterizer`), on every core, a batch at a time;
///    and the files beside the `.car` (loose icons resampled, `.icns` files, launch images).
/// 3. **assemble** (`Assemble/`): the file's names, key format and appearances, then each encoded
///    rendition under its key.
///
/// The output is the same bytes for the same input and options whatever the core count.
///
/// ```swift
/// var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
/// options.appIcon = "AppIcon"
/// let product = try CatalogCompiler(options).compile([catalog])
/// try FileOperations.writeAtomically("Build/Assets.car", try product.car)
/// ```
@_spi(Compiling) public struct CatalogCompiler {
    public let options: CompileOptions
    let context: PlanContext

    public init(_ options: CompileOptions) {
        self.options = options
        context = PlanContext(options)
    }

    /// Compiles `catalogs` (read by `CatalogReader`) into one file. A catalog's own errors are
    /// reported as they are and stop the compile, as actool stops.
    public func compile(_ catalogs: [Catalog]) throws(CompileFailure) -> CompileProduct {
        let plan = try self.plan(catalogs)
        var assembly = try Assembly(plan, options)
        // Decoding and compressing are the cost: on every core, a batch at a time, each batch's
        // renditions set aside in the spool before the next is decoded, so memory holds one
        // batch of pictures whatever the catalog's size.
        if assembly.renditions.contains(where: { if case .vector = $0.source { true } else { false } }) {
            // A drawing worker per core, started now so that loading its libraries overlaps the
            // batches before the first vector rather than delaying it.
            RenderWorkers.pool(for: options.vectorRenderers.renderWorker).start(Machine.coreCount)
        }
        let total = plan.sideFiles.count + assembly.renditions.count
        options.planned?(total)
        assembly.add(plan.sideFiles, encode(plan.sideFiles))
        var done = plan.sideFiles.count
        for batch in assembly.renditions.batches(of: Self.batchSize) {
            assembly.add(batch, encode(batch, identifiers: assembly.identifiers))
            done += batch.count
            options.progress?(done, total)
        }
        return try assembly.product()
    }

    /// Four renditions a core: a batch's compressed renditions wait in memory until it ends, and a
    /// large photograph's are megabytes (16 a core made 20,000 sets peak at 220 MB).
    static var batchSize: Int { 4 * Machine.coreCount }

    /// The encode stage for the files beside the `.car` (a few icons and launch images), on every
    /// core, in the plan's order.
    func encode(_ sideFiles: [SideFileJob]) -> [Result<[UInt8], Diagnostic>] {
        let maxPixels = options.maxPixels
        return sideFiles.concurrentMap(concurrency: nil) { SideFileEncoder.encode($0, maxPixels: maxPixels) }
    }

    /// The encode stage for one batch, on every core, in the batch's order.
    func encode(_ batch: [RenditionJob], identifiers: [String: UInt16]) -> [Result<RenditionEncoder.EncodedValue, Diagnostic>] {
        let maxPixels = options.maxPixels
        let renderers = options.vectorRenderers
        return batch.concurrentMap(concurrency: nil) { item in
            RenditionEncoder.encode(item, maxPixels: maxPixels, renderers: renderers, identifiers: identifiers)
        }
    }
}
