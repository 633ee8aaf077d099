// swift-tools-version: 6.1
import PackageDescription

// The pipeline, bottom to top (every target of this file is named here):
//   AdaptSupport   package-only helpers every module shares: file system, atomic writes, bounded byte reads,
//                  the C library, core count, plurals and padding (never re-exported: not API)
//   AssetCatalog   reads .xcassets folders into a typed model, with diagnostics
//   CompiledCatalog (beside) reads compiled catalogs (Assets.car): the BOM container, CoreUI's blocks and renditions
//     CMemoryHints   C: a prefetch hint, to load a large file's renditions ahead of the walk
//     CDigest        C: the package's one SHA-256, on the processor's SHA instructions (assetutil's SHA1Digest, and SHA256 in AdaptiveAssets)
//   AssetSelection traits, and traits and slots, and the selection rule (docs/Selection.md) over that model
//   PNGInspection  (beside) PNG files: our chunk walk, and a full decode through libpng
//     CPNG           the system libpng, through a module map
//     CPNGSupport    C: the libpng and zlib shim that owns every setjmp (decode, encode, inflate, thumbnails)
//   ImageChecks    a catalog's images against their slots: scale families, icon sizes, gamut, format
//   DeviceProfiles the device database (a JSON resource users can extend) and each device's trait sets
//   AssetThinning  per-device slices of source and compiled catalogs: which variants each device can show, written
//                  atomically; trait matrices
//   AssetValidation every rule of `adapt validate`, on top of all of the above
//   AssetCompilation (beside) `adapt compile`'s compiler: source catalogs and Icon Composer icons to one compiled
//                  catalog and its side files, as plan → encode → assemble, one set compiler a set type
//   CatalogExtraction (beside) `adapt extract`: a compiled catalog written back as a source catalog, all of it or nothing
//   AdaptiveAssets the library product: the commands' logic (actool's front end for compile), re-exporting the modules below it
//   adapt          the command-line shell: parses arguments, calls AdaptiveAssets, prints
//   adapt-render   adapt compile's drawing worker, a program of its own: PDF and SVG through libraries it opens at run time
//   Plugins/       ValidateAssets (build tool) and ThinAssets (command): locate catalogs, run adapt
// Beside the product:
//   adapt-benchmarks  speed figures, each against a baseline in the same run (Benchmarks/)
//   CatalogFixtures   test support: temporary catalogs, synthetic and hostile compiled catalogs, the corpus and its compiled catalogs (Tests/)
//   *Tests            one test target per module (AssetCompilationTests: the compiler, a file per set compiler), AdaptCLITests (the binary, with snapshots), HostileInputTests
let package = Package(
    name: "AdaptiveAssets",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "AdaptiveAssets", targets: ["AdaptiveAssets"]),
        .executable(name: "adapt", targets: ["adapt"]),
        .executable(name: "adapt-render", targets: ["adapt-render"]),
        .plugin(name: "ValidateAssets", targets: ["ValidateAssets"]),
        .plugin(name: "ThinAssets", targets: ["ThinAssets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation` (the DocC catalog in Sources/AdaptiveAssets/AdaptiveAssets.docc);
        // a command plugin only: nothing of it is linked into the library or adapt.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "AdaptSupport"),
        .target(name: "AssetCatalog", dependencies: ["AdaptSupport"]),
        .target(name: "AssetSelection", dependencies: ["AdaptSupport", "AssetCatalog"]),
        // Issue #21: compiled catalogs (Assets.car). CPNGSupport for zlib (CoreUI "zip" renditions),
        // CMemoryHints for prefetching the renditions of a large file ahead of the walk, CDigest for
        // assetutil's SHA1Digest (a SHA-256 of each rendition) on the processor's SHA instructions.
        .target(name: "CompiledCatalog", dependencies: ["AdaptSupport", "AssetCatalog", "CPNGSupport", "CMemoryHints", "CDigest"]),
        .target(name: "CMemoryHints"),
        .target(name: "CDigest"),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CPNGSupport", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "PNGInspection", dependencies: ["AdaptSupport", "AssetCatalog", "CPNGSupport"]),
        .target(name: "ImageChecks", dependencies: ["AdaptSupport", "AssetCatalog", "PNGInspection"]),
        .target(name: "DeviceProfiles", dependencies: ["AdaptSupport", "AssetCatalog", "AssetSelection"], resources: [.embedInCode("Resources/devices.json")]),
        .target(name: "AssetThinning", dependencies: ["AdaptSupport", "AssetCatalog", "AssetSelection", "CompiledCatalog", "DeviceProfiles"]),
        .target(
            name: "AssetValidation",
            dependencies: ["AdaptSupport", "AssetCatalog", "AssetSelection", "DeviceProfiles", "ImageChecks", "PNGInspection", "AssetThinning"]),
        .target(
            name: "AssetCompilation",
            dependencies: [
                "AdaptSupport", "AssetCatalog", "AssetSelection", "CPNGSupport", "PNGInspection", "DeviceProfiles", "AssetThinning", "CompiledCatalog",
            ]),
        .target(name: "CatalogExtraction", dependencies: ["AdaptSupport", "AssetCatalog", "AssetCompilation", "AssetThinning", "CompiledCatalog"]),
        .target(
            name: "AdaptiveAssets",
            dependencies: [
                "AdaptSupport", "AssetCatalog", "AssetSelection", "CPNGSupport", "CDigest", "PNGInspection", "ImageChecks", "DeviceProfiles", "AssetThinning",
                "AssetValidation",
                "CompiledCatalog",
                "AssetCompilation",
                "CatalogExtraction",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "adapt",
            dependencies: [
                "AdaptiveAssets", "AdaptSupport", "CatalogExtraction",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The plugins find a target's catalogs and run adapt; all logic stays in the tool.
        .plugin(name: "ValidateAssets", capability: .buildTool(), dependencies: ["adapt"]),
        .plugin(
            name: "ThinAssets",
            capability: .command(
                intent: .custom(verb: "thin-assets", description: "Write per-device slices of a target's asset catalogs."),
                permissions: [.writeToPackageDirectory(reason: "thin-assets writes the per-device slices into the package (Thinned/ by default).")]
            ),
            dependencies: ["adapt"]
        ),
        // Draws PDF and SVG images for `adapt compile`, a worker adapt starts and talks to through
        // a socket: a program of its own because the libraries it opens at run time include
        // poppler (GPL), which adapt must not link.
        .executableTarget(name: "adapt-render", dependencies: ["AdaptSupport"]),
        .executableTarget(
            name: "adapt-benchmarks",
            dependencies: ["AdaptiveAssets", "AdaptSupport", "CatalogFixtures", "CompiledCatalog"],
            path: "Benchmarks/adapt-benchmarks"
        ),
        .target(name: "CatalogFixtures", dependencies: ["AssetCatalog", "CompiledCatalog"], path: "Tests/CatalogFixtures"),
        .testTarget(name: "AssetCatalogTests", dependencies: ["AssetCatalog", "CatalogFixtures"]),
        .testTarget(
            name: "CompiledCatalogTests",
            dependencies: [
                "AdaptSupport", "CompiledCatalog", "AssetCatalog", "AssetSelection", "AssetThinning", "DeviceProfiles", "CatalogFixtures", "AdaptiveAssets",
                "AssetCompilation", "CPNGSupport", "CatalogExtraction",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "CatalogExtractionTests", dependencies: ["AssetCatalog", "CatalogExtraction", "CatalogFixtures", "CompiledCatalog", "AdaptiveAssets"]),
        // `adapt compile`'s compiler (issue #36): one file per set compiler, and the golden hashes,
        // agreement with Apple's files and corpus coverage in files of their own.
        .testTarget(
            name: "AssetCompilationTests",
            dependencies: ["AdaptSupport", "AssetCatalog", "AssetCompilation", "CatalogFixtures", "CompiledCatalog", "DeviceProfiles", "AdaptiveAssets"],
            exclude: ["Fixtures"]),
        .testTarget(name: "AssetSelectionTests", dependencies: ["AssetSelection", "AssetCatalog", "CatalogFixtures"]),
        .testTarget(name: "PNGInspectionTests", dependencies: ["PNGInspection", "ImageChecks", "AssetCatalog", "CatalogFixtures"]),
        .testTarget(
            name: "AssetThinningTests", dependencies: ["AdaptSupport", "AssetThinning", "DeviceProfiles", "AssetSelection", "AssetCatalog", "CatalogFixtures"]),
        .testTarget(name: "AssetValidationTests", dependencies: ["AssetValidation", "AdaptiveAssets", "DeviceProfiles", "AssetCatalog", "CatalogFixtures"]),
        .testTarget(
            name: "AdaptCLITests", dependencies: ["AdaptSupport", "adapt", "AdaptiveAssets", "CatalogExtraction", "CatalogFixtures"], exclude: ["Snapshots"]),
        // Issue #9: hostile and careless input, through the real binary.
        .testTarget(name: "HostileInputTests", dependencies: ["AdaptSupport", "adapt", "AdaptiveAssets", "CatalogExtraction", "CatalogFixtures"]),
    ]
)
