// The library product: `import AdaptiveAssets` gives a tool or plugin the model its API speaks in.
// Catalogs, assets, variants and diagnostics (AssetCatalog); traits and resolved matches
// (AssetSelection); PNG reports (PNGInspection); device profiles (DeviceProfiles); thinning plans and
// manifests (AssetThinning); the validator, its rules and settings (AssetValidation); compiled
// catalogs (Assets.car) and their renditions (CompiledCatalog), which `AdaptedCompiledCatalog` turns
// into the same model; the compiler that writes them (AssetCompilation), whose API is `@_spi(Compiling)`
// or `package`, reached through actool's front end here (`CompileRun`).
// Not re-exported: ImageChecks, which only the validator and `adapt png` call, and AdaptSupport, the
// package's own helpers (file system, atomic writes, the C library), which are not API.
@_exported import AssetCatalog
@_exported import AssetCompilation
@_exported import AssetSelection
@_exported import AssetThinning
@_exported import AssetValidation
@_exported import CompiledCatalog
@_exported import DeviceProfiles
@_exported import PNGInspection
