import CatalogFixtures
import Foundation
import Testing

/// `--deployment-target` and `deployment_target:` (rule 2.1, "Which devices a catalog is for"):
/// devices whose newest OS is older than the target are not asked.
@Suite struct DeploymentTargetTests {
    /// An iPhone app's catalog with Xcode's template set (universal 1x, 2x, 3x): the 1x is shown
    /// only by 1x iPads running the app, which iOS 15 no longer runs on.
    func iPhoneApp(config: String? = nil) throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog(name: "App.xcassets")
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "icon.png"]],
            files: ["icon.png"])
        try fixture.addSet(
            "Template.imageset", entries: (1...3).map { ["idiom": "universal", "scale": .string("\($0)x"), "filename": .string("t\($0).png")] },
            files: ["t1.png", "t2.png", "t3.png"])
        if let config { try config.write(toFile: fixture.root + "/.adapt.yml", atomically: true, encoding: .utf8) }
        return fixture
    }

    func templateFindings(_ run: AdaptRun) -> [String] {
        run.stderr.split(separator: "\n").filter { $0.contains("Template.imageset") }.map { String($0) }
    }

    @Test func theFlagRetiresOldDevices() throws {
        let fixture = try iPhoneApp()
        let every = try Adapt.run(["validate", "--images", "none", "--format", "xcode", "App.xcassets"], in: fixture.root)
        #expect(templateFindings(every).isEmpty, "\(every.stderr)")
        let modern = try Adapt.run(["validate", "--images", "none", "--format", "xcode", "--deployment-target", "ios=15.0", "App.xcassets"], in: fixture.root)
        #expect(templateFindings(modern).count == 1 && templateFindings(modern)[0].hasSuffix("[variant.unreachable]"), "\(modern.stderr)")
    }

    @Test func theConfigurationSaysItAndTheFlagWins() throws {
        let fixture = try iPhoneApp(config: "deployment_target: {ios: \"15.0\"}\n")
        let run = try Adapt.run(["validate", "--images", "none", "--format", "xcode", "App.xcassets"], in: fixture.root)
        #expect(templateFindings(run).count == 1, "\(run.stderr)")
        let older = try Adapt.run(["validate", "--images", "none", "--format", "xcode", "--deployment-target", "ios=9.0", "App.xcassets"], in: fixture.root)
        #expect(templateFindings(older).isEmpty, "\(older.stderr)")
    }

    @Test func mistakesAreUsageErrorsOrConfigurationErrors() throws {
        let fixture = try iPhoneApp()
        let flag = try Adapt.run(["validate", "--deployment-target", "android=14", "App.xcassets"], in: fixture.root)
        #expect(flag.status != 0 && flag.stderr.contains("unknown platform 'android'"), "\(flag.stderr)")
        let bad = try iPhoneApp(config: "deployment_target: {ios: fifteen}\n")
        let run = try Adapt.run(["validate", "App.xcassets"], in: bad.root)
        #expect(run.status == 1 && run.stderr.contains(".adapt.yml:1:21: error: deployment target for ios is not a version"), "\(run.stderr)")
    }
}
