@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

@testable import AssetCompilation

/// Compile and verify give one answer (issue #37 §7): a catalog compiled for its platforms with
/// every app icon, and the `.car` held against its source by `adapt verify`'s logic, shows no
/// finding beyond what compile itself said (a set or an entry left out is named by a `compile.*`
/// finding of the same set, and file or line). Here: the bundled Showcase and the sources beside
/// Apple's files (acextract's, whose PDFs and device kinds exercise every rule of
/// `ActoolEntryFilter`, and `compiled/recent`'s), which compile in seconds in a debug build;
/// `Scripts/test-corpus-compile` holds every catalog of the corpus to the same, in release.
@Suite struct CorpusCompileVerifyTests {
    /// Whether a compile finding accounts for a verify finding: the same set, and the same entry
    /// (its file or its line) unless compile left the whole set out.
    static func excuses(_ compileFinding: Diagnostic, _ verifyFinding: Diagnostic) -> Bool {
        guard verifyFinding.rule == .compiledMissing, compileFinding.subject.asset == verifyFinding.subject.asset else { return false }
        if compileFinding.subject.file == nil, compileFinding.location?.line == nil { return true }
        return compileFinding.subject.file == verifyFinding.subject.file || compileFinding.location == verifyFinding.location
    }

    /// The findings of `adapt verify` on what `options` compile of `catalog` that compile did not say.
    static func unexplained(_ catalog: Catalog, _ options: CompileOptions) throws -> [Diagnostic] {
        let product: CompileProduct
        do throws(CompileFailure) {
            product = try CatalogCompiler(options).compile([catalog])
        } catch {
            Issue.record("\(catalog.path) [\(options.platform.rawValue)]: compile failed: \(error.diagnostics.map(\.description).joined(separator: "\n"))")
            return []
        }
        let compiled = AdaptedCompiledCatalog(try CompiledCatalog(bytes: try product.car, path: "Assets.car"))
        let compileFindings = product.diagnostics.filter { $0.rule.id.hasPrefix("compile.") }
        return CompiledVerification(source: catalog, compiled: compiled).diagnostics.filter { finding in
            !compileFindings.contains { excuses($0, finding) }
        }
    }

    static func catalogs() throws -> [String] {
        try CorpusCompileCoverageTests.catalogs().filter { $0.hasPrefix("compiled/") }
    }

    @Test(arguments: try catalogs())
    func compileOutputVerifiesWithNoFindingOfItsOwn(relative: String) throws {
        let catalog = try CatalogReader().read(at: try Corpus.root + "/" + relative)
        for platform in CorpusCompileCoverageTests.platforms(relative, catalog) {
            var options = CompileOptions(platform: platform, deploymentTarget: CorpusCompileCoverageTests.deploymentTargets[platform] ?? "17.0")
            options.includeAllAppIcons = true
            let unexplained = try Self.unexplained(catalog, options)
            #expect(
                unexplained.isEmpty,
                "\(relative) [\(platform.rawValue)]: verify finds what compile did not say:\n\(unexplained.map(\.description).joined(separator: "\n"))")
        }
    }

    /// The issue's example: Showcase for iOS, both families, `--app-icon AppIcon`. verify expected
    /// the universal `banner@2x.png` that compile (as actool) drops where the iPhone and iPad entries
    /// cover the scale, and not the vector rendition `preserves-vector-representation` adds.
    /// Then every platform with every app icon.
    @Test func showcaseVerifiesWithNoFindingOfItsOwn() throws {
        let catalog = try CatalogReader().read(at: Corpus.repositoryRoot + "/Assets/Showcase.xcassets")
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        options.targetDevices = ["iphone", "ipad"]
        options.appIcon = "AppIcon"
        #expect(try Self.unexplained(catalog, options).isEmpty)
        for platform in [CompilePlatform.iphoneos, .macosx, .watchos, .appletvos] {
            var options = CompileOptions(platform: platform, deploymentTarget: CorpusCompileCoverageTests.deploymentTargets[platform] ?? "17.0")
            options.includeAllAppIcons = true
            let unexplained = try Self.unexplained(catalog, options)
            #expect(unexplained.isEmpty, "Showcase [\(platform.rawValue)]: \(unexplained.map(\.description).joined(separator: "\n"))")
        }
    }
}
