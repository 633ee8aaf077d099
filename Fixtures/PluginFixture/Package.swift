// swift-tools-version: 6.1
// A package that uses AdaptiveAssets' plugins, built for real in CI (Scripts/test-plugins).
// ADAPT_FIXTURE_BROKEN=1 adds three targets that must fail to build: one whose catalog is broken,
// one whose code misspells an asset name, and one with a duplicate entry, which .adapt.yml makes an error.
// .adapt.yml also disables set.orphan-file, so AppAssets' kept star-old.png is not reported.
// ADAPT_PLUGINS_PACKAGE=DIR takes the plugins from the plugins-only package Scripts/plugins-package
// writes (adapt from the release's artifact bundle) instead of from this repository (adapt built from source).
import Foundation
import PackageDescription

// A path dependency's identity is its folder name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let plugins = ProcessInfo.processInfo.environment["ADAPT_PLUGINS_PACKAGE"].map { URL(fileURLWithPath: $0) } ?? root
let adaptiveAssets = plugins.lastPathComponent

var targets: [Target] = [
    .target(name: "AppAssets", exclude: ["Assets.xcassets"], plugins: [.plugin(name: "ValidateAssets", package: adaptiveAssets)]),
    .testTarget(name: "AppAssetsTests", dependencies: ["AppAssets"]),
]
if ProcessInfo.processInfo.environment["ADAPT_FIXTURE_BROKEN"] == "1" {
    for name in ["BrokenAssets", "MisspelledAssets", "DuplicateAssets"] {
        targets.append(
            .target(
                name: name, path: "Broken/\(name)", exclude: ["Assets.xcassets"],
                plugins: [.plugin(name: "ValidateAssets", package: adaptiveAssets)]))
    }
}

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(path: plugins.path)],
    targets: targets
)
