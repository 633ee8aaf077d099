@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Foundation

/// Every pair of the corpus of a source and the `.car` Apple compiled from it, compiled by adapt
/// with the file's own platform and flags: Xcode 7.3's six acextract files, Xcode 26's Mac app
/// icons (Grid, eink-assistant) and Icon Composer icons (sudoku, AM-MiniPlayer, SameDesk).
enum CompilePairs {
    static let labels =
        CompileAgreementTests.acextractTargets.map(\.file) + MacIconPairs.all.map { String($0.car.prefix { $0 != "/" }) }
        + IconComposerAgreementTests.pairs.map { String($0.icon.prefix { $0 != "/" }) }

    struct Compiled {
        var appleBytes: Int
        var oursBytes: Int
        /// Each packed bitmap (a reference into an atlas), as its asset, file and traits.
        var applePacked: Set<String>
        var oursPacked: Set<String>
    }

    static func compile(_ label: String) throws -> Compiled {
        if let target = CompileAgreementTests.acextractTargets.first(where: { $0.file == label }) {
            var options = CompileOptions(platform: target.platform, deploymentTarget: target.deployment)
            options.targetDevices = target.devices
            let product = try CatalogCompiler(options).compile([try CatalogReader().read(at: try CompileAgreementTests.acextractSource)])
            return try compiled(apple: CompiledCorpus.path(label), product) { packed(CompileAgreementTests.facts($0)) }
        }
        if let pair = MacIconPairs.all.first(where: { $0.car.hasPrefix(label + "/") }) {
            var options = CompileOptions(platform: .macosx, deploymentTarget: "14.0")
            options.appIcon = "AppIcon"
            let product = try CatalogCompiler(options).compile([try CatalogReader().read(at: try RecentCorpus.path(pair.source))])
            return try compiled(apple: RecentCorpus.path(pair.car), product) { packed(CompileAgreementTests.facts($0)) }
        }
        guard let pair = IconComposerAgreementTests.pairs.first(where: { $0.icon.hasPrefix(label + "/") }) else { throw CocoaError(.fileNoSuchFile) }
        let (_, _, product) = try IconComposerAgreementTests.compile(pair)
        return try compiled(apple: RecentCorpus.path(pair.car), product) { packed(IconComposerAgreementTests.facts($0, icon: pair.name)) }
    }

    private static func compiled(apple path: String, _ product: CompileProduct, packed: (CompiledCatalog) -> Set<String>) throws -> Compiled {
        let apple = try CompiledCatalog(path: path)
        let bytes = try product.car
        let ours = try CompiledCatalog(bytes: bytes, path: "ours.car")
        let appleBytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        return Compiled(appleBytes: appleBytes, oursBytes: bytes.count, applePacked: packed(apple), oursPacked: packed(ours))
    }

    private static func packed<Facts: CustomStringConvertible>(_ facts: [Facts: Rendition]) -> Set<String> {
        // The description less its size: a grey rasterisation is `GA8` here and `ARGB` in Xcode 7.3's files.
        Set(facts.filter { $0.value.layout == .internalReference }.map { String($0.key.description.prefix { $0 != "]" }) + "]" })
    }
}
