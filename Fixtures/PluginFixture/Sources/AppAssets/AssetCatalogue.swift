// Uses the accessors the ValidateAssets plugin generates: a misspelled asset fails to compile.

/// The assets the app shows in its settings screen.
public let settingsAssets: [AssetName] = [Asset.Icons.star, Asset.Icons.heart, Asset.tint, Asset.level]
