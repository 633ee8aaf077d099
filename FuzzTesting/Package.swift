// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets, one executable per input format (the layout of swift-protobuf's FuzzTesting).
// Built and run by `Scripts/fuzz [SECONDS]`, which passes `-sanitize=fuzzer,address`: each
// target's main.swift hands its test function to libFuzzer's driver (`Fuzz.run`), because SwiftPM
// names an executable's entry point itself and so libFuzzer's own `main` cannot be used.
// A side package, so the main package's build and tests never carry the sanitizer flags.
let package = Package(
    name: "FuzzTesting",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "AdaptiveAssets", path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "AdaptiveAssets", package: "AdaptiveAssets")]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzContents", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzDevices", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzQueries", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzAccessors", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzConfig", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCAR", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCompile", dependencies: ["FuzzSupport"]),
    ]
)
