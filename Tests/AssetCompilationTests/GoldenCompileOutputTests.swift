import AdaptSupport
@_spi(Compiling) import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// The compiler's contract while it is reshaped (issue #36): the SHA-256 of every file `adapt
/// compile` writes (`Assets.car`, loose icons, `.icns`, the partial Info.plist, the dependency
/// info) for the bundled Showcase on every platform, and for every catalog and icon the
/// agreement tests compile, with the flags they use. A refactor leaves every hash as it is; a
/// change meant to change output re-records them (`ADAPT_RECORD_GOLDEN=1 swift test --filter
/// GoldenCompileOutputTests`) and says why in its commit. The file names adapt's version, so a
/// version bump re-records too.
@Suite struct GoldenCompileOutputTests {
    /// One compile: a name, the inputs (relative to the repository, or to the shared corpus with
    /// `corpus:`), and actool's flags after the inputs.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var inputs: [String]
        var flags: [String]
        var testDescription: String { name }
    }

    static let showcase = "Assets/Showcase.xcassets"
    static let acextract = "corpus:compiled/acextract/Images.xcassets"

    static let cases: [Case] =
        [
            Case(
                name: "showcase-iphoneos", inputs: [showcase],
                flags: ["--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--app-icon", "AppIcon"]),
            Case(
                name: "showcase-iphone", inputs: [showcase],
                flags: ["--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--target-device", "iphone", "--app-icon", "AppIcon"]),
            Case(
                name: "showcase-iphone15,2", inputs: [showcase],
                flags: ["--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--filter-for-device-model", "iPhone15,2", "--app-icon", "AppIcon"]),
            Case(name: "showcase-appletvos", inputs: [showcase], flags: ["--platform", "appletvos", "--minimum-deployment-target", "17.0"]),
            Case(name: "showcase-watchos", inputs: [showcase], flags: ["--platform", "watchos", "--minimum-deployment-target", "10.0"]),
            Case(name: "showcase-macosx", inputs: [showcase], flags: ["--platform", "macosx", "--minimum-deployment-target", "14.0", "--app-icon", "AppIcon"]),
            Case(name: "showcase-xros", inputs: [showcase], flags: ["--platform", "xros", "--minimum-deployment-target", "1.0"]),
        ]
        + CompileAgreementTests.acextractTargets.map { target in
            Case(
                name: "acextract-" + target.file, inputs: [acextract],
                flags: ["--platform", target.platform.rawValue, "--minimum-deployment-target", target.deployment]
                    + target.devices.flatMap { ["--target-device", $0] })
        }
        + [
            Case(
                name: "eink-assistant", inputs: ["corpus:compiled/recent/eink-assistant/Resources/Assets.xcassets"],
                flags: ["--platform", "macosx", "--minimum-deployment-target", "14.0", "--app-icon", "AppIcon"]),
            Case(
                name: "grid", inputs: ["corpus:compiled/recent/Grid/Sources/Assets.xcassets"],
                flags: ["--platform", "macosx", "--minimum-deployment-target", "14.0", "--app-icon", "AppIcon"]),
            Case(
                name: "am-miniplayer-icon", inputs: ["corpus:compiled/recent/AM-MiniPlayer/AppIcon.icon"],
                flags: ["--platform", "macosx", "--minimum-deployment-target", "14.0", "--app-icon", "AppIcon"]),
            Case(
                name: "samedesk-icon", inputs: ["corpus:compiled/recent/SameDesk/docs/icon.icon"],
                flags: ["--platform", "macosx", "--minimum-deployment-target", "14.0", "--app-icon", "icon"]),
            Case(
                name: "sudoku",
                inputs: ["corpus:compiled/recent/sudoku/Resources/Assets/Assets.xcassets", "corpus:compiled/recent/sudoku/Resources/Assets/App.icon"],
                flags: ["--platform", "macosx", "--minimum-deployment-target", "10.14", "--app-icon", "App"]),
            Case(
                name: "sudoku-iphoneos", inputs: ["corpus:compiled/recent/sudoku/Resources/Assets/App.icon"],
                flags: ["--platform", "iphoneos", "--minimum-deployment-target", "26.0", "--app-icon", "App"]),
        ]

    static var hashFile: String { Corpus.repositoryRoot + "/Tests/AssetCompilationTests/Fixtures/golden-compile-hashes.json" }

    /// Compiles `testCase` into a fresh folder and returns each written file's SHA-256 by name.
    static func hashes(of testCase: Case) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-assets-golden-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Build", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inputs = try testCase.inputs.map { input in
            input.hasPrefix("corpus:") ? try Corpus.root + "/" + input.dropFirst("corpus:".count) : Corpus.repositoryRoot + "/" + input
        }
        let arguments = try ActoolArguments(
            parsing: inputs + ["--compile", folder + "/Build"] + testCase.flags + [
                "--output-partial-info-plist", folder + "/Build/partial.plist", "--export-dependency-info", folder + "/Build/dependencies",
            ])
        let result = CompileRun(arguments).run()
        #expect(!result.failed, "\(result.diagnostics.map(\.description))")
        var hashes: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/Build") {
            var bytes = try FileSystem.readFile(folder + "/Build/" + name)
            // The dependency info names the inputs and the run's folder: where a checkout lies is
            // not the compile's output.
            if name == "dependencies" || name == "partial.plist" {
                var text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: folder, with: "$FOLDER")
                text = text.replacingOccurrences(of: try Corpus.root, with: "$CORPUS").replacingOccurrences(of: Corpus.repositoryRoot, with: "$REPOSITORY")
                bytes = Array(text.utf8)
            }
            hashes[name] = SHA256.hex(bytes)
        }
        return hashes
    }

    @Test func everyOutputIsAsRecorded() throws {
        var found: [String: [String: String]] = [:]
        for testCase in Self.cases { found[testCase.name] = try Self.hashes(of: testCase) }
        if ProcessInfo.processInfo.environment["ADAPT_RECORD_GOLDEN"] == "1" {
            let json = JSONValue.object(
                JSONObject(
                    found.sorted { $0.key < $1.key }.map { name, files in
                        JSONObject.Member(
                            key: name,
                            value: .object(JSONObject(files.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: .string($0.value)) })))
                    }))
            try Data(JSONWriter.xcodeStyle.string(for: json).utf8).write(to: URL(fileURLWithPath: Self.hashFile))
            return
        }
        let recorded = try JSONParser.parse(try FileSystem.readFile(Self.hashFile))
        for testCase in Self.cases {
            let expected = recorded[testCase.name]?.object?.members.map { ($0.key, $0.value.string ?? "") } ?? []
            #expect(
                Dictionary(uniqueKeysWithValues: expected) == found[testCase.name] ?? [:],
                "\(testCase.name): the compile's output changed (re-record with ADAPT_RECORD_GOLDEN=1 only if that was meant)")
        }
        #expect(Set(recorded.object?.members.map(\.key) ?? []) == Set(Self.cases.map(\.name)))
    }
}
