// The library product: everything a tool or plugin needs comes through `import AdaptiveAssets`.
@_exported import AssetCatalog
@_exported import AssetSelection
@_exported import PNGInspection
@_exported import ImageChecks
@_exported import DeviceProfiles
@_exported import AssetThinning
@_exported import AssetValidation
