import AdaptSupport
import CatalogFixtures
import CompiledCatalog
import Foundation
import Testing

/// Xcode 26.5's device builds name the device with `--filter-for-thinning-device-configuration
/// iPhone18,1` (and `--filter-for-device-os-version 26.5`), not `--filter-for-device-model`: adapt
/// applies it as the device filter. It was accepted and ignored, so a build for a 3x phone held
/// every scale (issue #37).
@Suite struct DeviceBuildFlagTests {
    static func compile(_ flags: [String], into folder: String) throws -> AdaptRun {
        try Adapt.run(
            ["compile", "Assets/Showcase.xcassets", "--compile", folder, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"] + flags)
    }

    @Test func theThinningDeviceConfigurationFiltersAsTheDeviceModelDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-assets-device-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let configuration = try Self.compile(
            ["--filter-for-thinning-device-configuration", "iPhone18,1", "--filter-for-device-os-version", "26.5"], into: folder + "/configuration")
        #expect(configuration.status == 0, "\(configuration.stderr)")
        let model = try Self.compile(["--filter-for-device-model", "iPhone18,1", "--filter-for-device-os-version", "26.5"], into: folder + "/model")
        #expect(model.status == 0, "\(model.stderr)")
        let unfiltered = try Self.compile([], into: folder + "/all")
        #expect(unfiltered.status == 0, "\(unfiltered.stderr)")
        let filtered = try FileSystem.readFile(folder + "/configuration/Assets.car")
        #expect(filtered == (try FileSystem.readFile(folder + "/model/Assets.car")), "the same slice as --filter-for-device-model")
        let thinned = try CompiledCatalog(path: folder + "/configuration/Assets.car")
        let whole = try CompiledCatalog(path: folder + "/all/Assets.car")
        #expect(thinned.renditions.count < whole.renditions.count)
        #expect(!thinned.renditions.contains { $0.renditionName == "logo@2x.png" }, "a 3x phone's build holds no 2x universal image")
        #expect(!configuration.stdout.contains("--filter-for-thinning-device-configuration is accepted and changes nothing"))
    }

    @Test func anUnknownConfigurationIsAUsageErrorNamingItsFlag() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-assets-device-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.compile(["--filter-for-thinning-device-configuration", "Nothing9,9"], into: folder)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--filter-for-thinning-device-configuration Nothing9,9 names no device"), "\(run.stderr)")
    }
}
