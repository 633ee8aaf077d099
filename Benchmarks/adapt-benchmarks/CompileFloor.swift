import AdaptSupport
import AdaptiveAssets
import CompiledCatalog
import Foundation

/// Compile's floor (issue #36): the work no compiler of these bitmaps can skip, on the same
/// images `adapt compile` reads, on every core as compile runs it: each PNG entry of the catalog
/// read, decoded by libpng (premultiplied, as compile decodes it) and encoded by adapt's own LZFSE
/// into its rendition, nothing else (no model, no validation, no planning, no file written).
/// `Scripts/benchmark compile` times this process beside `adapt compile` of the same catalog, in
/// the same run, and prints compile's ratio to it.
///
///   adapt-benchmarks compile-floor --catalog PATH.xcassets
func runCompileFloor(_ options: Options) throws {
    for catalog in options.catalogs {
        let paths = pngEntries(under: catalog)
        var total = 0
        // In batches, as compile encodes, so memory holds a batch of pictures, not the catalog's.
        let batch = 4 * Machine.coreCount
        for start in stride(from: 0, to: paths.count, by: batch) {
            let sizes = paths[start..<min(start + batch, paths.count)].map { $0 }.concurrentMap(concurrency: nil) { path -> Int in
                guard let file = try? FileSystem.readRegularFile(path, limit: 256 << 20),
                    case .success(let png) = PremultipliedPNG.decode(file, maxPixels: 1 << 32, path: path)
                else { return 0 }
                return withExtendedLifetime(png) {
                    CSIRendition.bitmap(
                        name: (path as NSString).lastPathComponent, width: png.width, height: png.height, scale: 1, pixels: png.pixels,
                        isOpaque: png.isOpaque, flags: 0, compress: BitmapCompression.lzfse
                    ).bytes().count
                }
            }
            total += sizes.reduce(0, +)
        }
        print("\(catalog): \(paths.count) PNGs, \(total) bytes of renditions")
    }
}

/// Every PNG file of the catalog's sets, in a stable order, once per entry that names it.
private func pngEntries(under catalog: String) -> [String] {
    var paths: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: catalog)
    while let relative = enumerator?.nextObject() as? String {
        if relative.lowercased().hasSuffix(".png") { paths.append("\(catalog)/\(relative)") }
    }
    return paths.sorted()
}
