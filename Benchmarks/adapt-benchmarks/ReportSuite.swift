import AdaptSupport
import AdaptiveAssets
import Foundation

/// `adapt report` (build the model and write the page) on a generated catalog whose sets each have
/// their own pixels, and on any `--catalog` given, with a cold and a warm thumbnail cache, against
/// `adapt validate` (full PNG decode, which the report runs too) on the same catalog in the same run.
///
///   Scripts/benchmark report --sets 10000 --catalog ../shared/corpus/catalogs/brave/Sources/Onboarding/Assets/Images.xcassets
func runReport(_ options: Options) throws {
    print("Generating \(options.sets) image sets x 6 variants (distinct pixels) under \(options.work) ...")
    let generated = try generateCatalog(sets: options.sets, under: options.work, distinct: true)
    let database = try DeviceDatabase.builtIn()
    let repetitions = max(1, min(options.repetitions, 3))
    print("\nadapt report against adapt validate (median of \(repetitions); \(Machine.coreCount) cores)")
    for catalog in options.catalogs + [generated] {
        let cache = options.work + "/report-cache-\(UUID().uuidString)"
        let page = options.work + "/report.html"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        var validate: [Double] = []
        var cold: [Double] = []
        var warm: [Double] = []
        for _ in 0..<repetitions {
            validate.append(seconds { _ = Validator(devices: database).validate(catalogsAt: [catalog]) })
            try? FileManager.default.removeItem(atPath: cache)
            func report() throws {
                var builder = ReportBuilder(database: database)
                builder.thumbnailer.cacheFolder = cache
                try HTMLReport(try builder.build(catalogsAt: [catalog])).write(to: page)
            }
            cold.append(try seconds(report))
            warm.append(try seconds(report))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: page)[.size] as? Int) ?? 0
        let assets = (try? CatalogReader().read(at: catalog).assets.count) ?? 0
        print("  \(catalog.split(separator: "/").suffix(3).joined(separator: "/")): \(assets) assets, page \(size / 1000) KB")
        print("    baseline: adapt validate (full decode)   \(format(median(validate)))")
        print("    adapt report, cold thumbnail cache      \(format(median(cold)))   ratio \(String(format: "%.2f", median(cold) / median(validate)))x")
        print("    adapt report, warm thumbnail cache      \(format(median(warm)))   ratio \(String(format: "%.2f", median(warm) / median(validate)))x")
    }
}
