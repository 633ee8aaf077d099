import AssetCatalog
import AssetValidation
import CatalogFixtures
import DeviceProfiles
import Testing

/// Which devices a catalog is for (rule 2.1, last section): validation asks only those.
@Suite struct CatalogAudienceTests {
    let devices = try! DeviceDatabase.builtIn()

    /// The findings about every set but the app icon (a one-entry icon set draws its own).
    func codes(_ fixture: TemporaryCatalog, deploymentTarget: DeploymentTarget = DeploymentTarget()) throws -> [String] {
        var validator = Validator(devices: devices, imageChecks: .none)
        validator.deploymentTarget = deploymentTarget
        return validator.validate([try fixture.read()]).diagnostics.filter { $0.subject.asset != "AppIcon" }.map(\.code).sorted()
    }

    /// An app icon entry of `idiom` (60 pt at 2x, or the Mac's 512 pt), so the catalog is for that kind.
    func addIcon(_ fixture: TemporaryCatalog, idiom: String) throws {
        let size = idiom == "mac" ? "512x512" : idiom == "ipad" ? "76x76" : "60x60"
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": .string(idiom), "size": .string(size), "scale": "2x", "filename": "icon.png"]],
            files: ["icon.png"])
    }

    func addTemplateSet(_ fixture: TemporaryCatalog) throws {
        try fixture.addSet(
            "Template.imageset", entries: (1...3).map { ["idiom": "universal", "scale": .string("\($0)x"), "filename": .string("t\($0).png")] },
            files: ["t1.png", "t2.png", "t3.png"])
    }

    @Test func xcodesTemplateSetInAnIPhoneAppDrawsNothing() throws {
        let fixture = try TemporaryCatalog()
        try addIcon(fixture, idiom: "iphone")
        try addTemplateSet(fixture)
        #expect(try codes(fixture) == [], "1x is shown by 1x iPads running the iPhone app; 2x and 3x by iPhones")
    }

    @Test func aDeploymentTargetRetiresTheDevicesThatShowedTheOneX() throws {
        let fixture = try TemporaryCatalog()
        try addIcon(fixture, idiom: "iphone")
        try addTemplateSet(fixture)
        #expect(try codes(fixture, deploymentTarget: DeploymentTarget([.ios: OSVersion("15.0")!])) == ["variant.unreachable"])
        #expect(try codes(fixture, deploymentTarget: DeploymentTarget([.watchos: OSVersion("15.0")!])) == [], "another platform's target changes nothing")
    }

    @Test func aMacAppsUniversal3xIsStillUnreachable() throws {
        let fixture = try TemporaryCatalog()
        try addIcon(fixture, idiom: "mac")
        try addTemplateSet(fixture)
        #expect(try codes(fixture) == ["variant.unreachable"])
    }

    @Test func anEntrysOwnIdiomIsIntent() throws {
        let fixture = try TemporaryCatalog()
        try addIcon(fixture, idiom: "iphone")
        try fixture.addSet("Face.imageset", entries: [["idiom": "watch", "scale": "2x", "filename": "face.png"]], files: ["face.png"])
        #expect(CatalogAudience(try fixture.read()).kinds == [.phone, .watch])
        #expect(try codes(fixture) == [], "a watch image in an iPhone app's catalog is for its watch extension")
    }

    @Test func theKindsComeFromIconsBrandAssetsAndImageStacks() throws {
        let tv = try TemporaryCatalog()
        try tv.addBrandAssets()
        #expect(CatalogAudience(try tv.read()).kinds?.contains(.tv) == true)
        let library = try TemporaryCatalog()
        try addTemplateSet(library)
        #expect(CatalogAudience(try library.read()).kinds == nil, "no icon: every kind of device")
    }

    @Test func compatibilityHostsRunTheAppAsItsOwnIdiom() throws {
        let members = CatalogAudience(kinds: [.phone]).members(of: devices, deploymentTarget: DeploymentTarget())
        let ipad2 = try #require(members.first { $0.device.id == "ipad-2" })
        #expect(ipad2.hostedIdiom == .phone)
        #expect(members.contains { $0.device.idiom == .mac && $0.hostedIdiom == .phone })
        #expect(!members.contains { $0.device.idiom == .watch || $0.device.idiom == .tv })
        #expect(members.filter { $0.device.idiom == .phone }.allSatisfy { $0.hostedIdiom == nil })
    }

    @Test func deploymentTargetsParseAndRefuseWhatTheyCannotRead() throws {
        let target = try DeploymentTarget(parsing: "ios=15.0,watchos=8")
        #expect(target.minimums == [.ios: OSVersion(major: 15), .watchos: OSVersion(major: 8)])
        #expect(!target.admits(devices.profile(matching: "iphone-6")!), "its newest iOS is 12.5")
        #expect(target.admits(devices.profile(matching: "iphone-13")!))
        #expect(throws: DeploymentTarget.Failure.self) { try DeploymentTarget(parsing: "android=15") }
        #expect(throws: DeploymentTarget.Failure.self) { try DeploymentTarget(parsing: "ios=fifteen") }
        #expect(throws: DeploymentTarget.Failure.self) { try DeploymentTarget(parsing: "ios15") }
    }
}
