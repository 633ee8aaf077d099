@_spi(Compiling) import AdaptiveAssets
import CatalogFixtures
import CompiledCatalog

/// The set compilers' tests compile a temporary catalog and read the `.car` back.
enum CompileFixture {
    /// `fixture` compiled for `platform` (`options` sets the rest): the product and its `.car`, read.
    static func compile(_ fixture: TemporaryCatalog, _ platform: CompilePlatform, options: (inout CompileOptions) -> Void = { _ in }) throws -> (
        CompileProduct, CompiledCatalog
    ) {
        var compileOptions = CompileOptions(platform: platform, deploymentTarget: "17.0")
        options(&compileOptions)
        let product = try CatalogCompiler(compileOptions).compile([try fixture.read()])
        return (product, try CompiledCatalog(bytes: try product.car, path: "Assets.car"))
    }
}
