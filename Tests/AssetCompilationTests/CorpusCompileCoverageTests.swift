@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

@testable import AssetCompilation

/// Nothing a catalog holds is dropped without a word (issue #37 §2): every set of every source
/// catalog of the shared corpus (`catalogs/`, seven apps' real catalogs, and the sources beside
/// Apple's files in `compiled/recent` and `compiled/acextract`), compiled for its platform, is
/// compiled under its name or named by a finding of compile (`compile.left-out` and its
/// reason, or another `compile.*` rule). What is left out, and why, is printed per catalog.
@Suite struct CorpusCompileCoverageTests {
    /// The folders whose catalogs are a Mac app's (NetNewsWire's Mac app, WWDC for macOS, and the
    /// Mac apps of `compiled/recent`, whose `.car` files say `macosx`): compiled for macOS alone.
    static let macApps = ["catalogs/netnewswire/Mac/", "catalogs/wwdc/", "compiled/recent/"]

    /// Every source catalog of the corpus, relative to it, sorted.
    static func catalogs() throws -> [String] {
        let root = try Corpus.root
        var found: [String] = []
        for folder in ["catalogs", "compiled/recent", "compiled/acextract"] {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".xcassets") else { continue }
                found.append(folder + "/" + relative)
                enumerator?.skipDescendants()
            }
        }
        return found.sorted()
    }

    /// The platforms a catalog is compiled for: macOS for a Mac app's; else iOS (every iOS device,
    /// so each idiom it holds), and the Mac, watchOS or tvOS too when entries name their idiom or
    /// platform (Food Truck's and Home Assistant's Mac icons, a watch app's single-size icon,
    /// acextract's every idiom).
    static func platforms(_ relative: String, _ catalog: Catalog) -> [CompilePlatform] {
        if macApps.contains(where: { relative.hasPrefix($0) }) { return [.macosx] }
        var named: Set<Platform> = [.ios]
        let byIdiom: [UserInterfaceIdiom: Platform] = [.mac: .macos, .watch: .watchos, .tv: .tvos]
        for asset in catalog.assets {
            for variant in asset.variants {
                if case .device(let idiom) = variant.idiom, let platform = byIdiom[idiom] { named.insert(platform) }
                if let platform = variant.platform.flatMap(Platform.init(contentsValue:)) { named.insert(platform) }
            }
        }
        let compiled: [(Platform, CompilePlatform)] = [(.ios, .iphoneos), (.macos, .macosx), (.watchos, .watchos), (.tvos, .appletvos)]
        return compiled.filter { named.contains($0.0) }.map(\.1)
    }

    /// What one compile shows of the catalog's sets: the names it makes renditions of, and compile's
    /// findings. Read from the plan stage: encoding makes every rendition the plan names or stops
    /// the compile with an error naming the file, so it can drop nothing silently, and skipping it
    /// (the corpus's thousand PDFs and SVGs rasterised) keeps the test to seconds.
    struct Outcome {
        var names: Set<String> = []
        var findings: [Diagnostic] = []
    }

    /// The deployment target each platform is compiled for.
    static let deploymentTargets: [CompilePlatform: String] = [.iphoneos: "17.0", .macosx: "14.0", .watchos: "10.0", .appletvos: "17.0"]

    static func compile(_ catalog: Catalog, for platform: CompilePlatform) -> Outcome {
        var options = CompileOptions(platform: platform, deploymentTarget: deploymentTargets[platform] ?? "17.0")
        options.includeAllAppIcons = true
        var outcome = Outcome()
        do throws(CompileFailure) {
            let plan = try CatalogCompiler(options).plan([catalog])
            outcome.findings = plan.product.diagnostics
            outcome.names = Set(plan.renditions.map(\.assetName))
        } catch {
            outcome.findings = error.diagnostics
        }
        outcome.findings = outcome.findings.filter { $0.rule.id.hasPrefix("compile.") }
        return outcome
    }

    /// Whether `finding` is about `asset`: it names the set, or is located in its folder.
    static func names(_ finding: Diagnostic, _ asset: Asset) -> Bool {
        if finding.subject.asset == asset.name { return true }
        guard let file = finding.location?.file else { return false }
        return file == asset.path || file.hasPrefix(asset.path + "/")
    }

    @Test(arguments: try catalogs())
    func everySetIsCompiledOrNamedByAFinding(relative: String) throws {
        let catalog = try CatalogReader().read(at: try Corpus.root + "/" + relative)
        let outcomes = Self.platforms(relative, catalog).map { ($0, Self.compile(catalog, for: $0)) }
        var compiled = 0
        var leftOut: [String: [String]] = [:]
        var silent: [String] = []
        var empty: [String] = []
        for asset in catalog.assets {
            if outcomes.contains(where: { $0.1.names.contains(asset.name) }) {
                compiled += 1
                continue
            }
            let findings = outcomes.flatMap { platform, outcome in outcome.findings.filter { Self.names($0, asset) }.map { (platform, $0) } }
            guard let (platform, first) = findings.first else {
                // A set whose every entry is an empty slot (Xcode's template widget icon, a colour
                // entry with no colour) holds nothing to compile, nor to say.
                if asset.variants.allSatisfy(\.isEmptySlot) && asset.folders.isEmpty {
                    empty.append(asset.name)
                    continue
                }
                silent.append("\(asset.name) (\(asset.type.rawValue), \(asset.variants.count) entries)")
                continue
            }
            leftOut["\(first.rule.id) \(asset.type.rawValue)", default: []].append("\(asset.name) [\(platform.rawValue)]: \(first.message)")
        }
        let platforms = outcomes.map(\.0.rawValue).joined(separator: ", ")
        print(
            "\(relative) (\(platforms)): \(catalog.assets.count) sets, \(compiled) in the .car, \(leftOut.values.map(\.count).reduce(0, +)) named by findings"
                + (empty.isEmpty ? "" : ", \(empty.count) holding nothing (\(empty.joined(separator: ", ")))"))
        for (kind, sets) in leftOut.sorted(by: { $0.key < $1.key }) {
            print("  \(kind): \(sets.count)")
            for set in sets.prefix(3) { print("    \(set)") }
        }
        #expect(silent.isEmpty, "\(relative): sets neither in the .car nor named by a finding of compile:\n\(silent.joined(separator: "\n"))")
    }
}
