import AssetCatalog
import AssetValidation
import CatalogFixtures
import DeviceProfiles
import Testing

/// Issue #20, part 3: `validate` says what Xcode would say, and nothing it would not, on catalogs
/// of apps that ship.
@Suite struct XcodeFindingsTests {
    let devices = try! DeviceDatabase.builtIn()

    func validate(_ fixture: TemporaryCatalog) throws -> [Diagnostic] {
        Validator(devices: devices, imageChecks: .walk).validate([try fixture.read()]).diagnostics
    }

    /// Keys Apple's Asset Catalog Format Reference documents, each in its documented place.
    @Test func documentedKeysAreKnown() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": "universal", "platform": "ios", "size": "1024x1024"]],
            properties: ["pre-rendered": true])
        try fixture.addSet("Pack.stickerpack", entries: [["filename": "Cat.sticker"]], properties: ["grid-size": "regular"])
        try fixture.write(
            #"{"info":{"author":"xcode","version":1},"properties":{"filename":"cat.png","accessibility-label":"A cat"}}"#,
            to: "Pack.stickerpack/Cat.sticker/Contents.json")
        try fixture.write([0x89, 0x50, 0x4E, 0x47], to: "Pack.stickerpack/Cat.sticker/cat.png")
        try fixture.addSet("Stack.imagestack", entries: [["filename": "Front.imagestacklayer"]], properties: ["canvasSize": ["width": 400, "height": 240]])
        try fixture.write(
            #"{"info":{"author":"xcode","version":1},"properties":{"frame-size":{"width":40,"height":24},"frame-center":{"x":20,"y":12}}}"#,
            to: "Stack.imagestack/Front.imagestacklayer/Contents.json")
        try fixture.addSet(
            "Stack.imagestack/Front.imagestacklayer/Content.imageset", entries: [["idiom": "tv", "scale": "1x", "filename": "f.png"]],
            files: ["f.png"])
        try fixture.addSet(
            "Stone.textureset", entries: [["idiom": "universal", "filename": "Base.mipmapset", "color-space": "srgb"]],
            properties: ["origin": "top-left", "interpretation": "colors"])
        try fixture.addSet(
            "Stone.textureset/Base.mipmapset", entries: [["idiom": "universal", "filename": "s.png", "mipmap-level": "base"]],
            files: ["s.png"], properties: ["level-mode": "all"])
        let unknown = try fixture.read().diagnostics.filter { $0.code == "contents.unknown-key" }
        #expect(unknown.isEmpty, "\(unknown)")
    }

    /// An empty slot (Xcode's templates write them) is not a finding; a file in no slot is
    /// Xcode's "unassigned child", and teams that want every slot filled opt in to `policy.empty-slot`.
    @Test func unassignedMeansAFileInNoSlot() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "A.imageset",
            entries: [
                ["idiom": "universal", "scale": "1x"], ["idiom": "universal", "scale": "2x", "filename": "a@2x.png"], ["idiom": "universal", "scale": "3x"],
            ], files: ["a@2x.png", "old-a.png"])
        let codes = try validate(fixture).map(\.code)
        #expect(codes.filter { $0 == "set.unassigned" }.count == 1, "\(codes)")
        #expect(!codes.contains("set.orphan-file"))
        var validator = Validator(devices: devices, imageChecks: .none)
        validator.settings.optIn = ["policy.empty-slot"]
        let policy = validator.validate([try fixture.read()]).diagnostics.filter { $0.code == "policy.empty-slot" }
        #expect(policy.count == 1 && policy[0].message.contains("2 entries without a file"), "\(policy)")
    }

    /// Watch icons exist at 2x only, iPad's 83.5 pt too: no device upscales them.
    @Test func oneScaleIconSlotsAreNeverAScaleGap() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset",
            entries: [
                ["idiom": "watch", "role": "appLauncher", "subtype": "40mm", "size": "44x44", "scale": "2x", "filename": "w.png"],
                ["idiom": "ipad", "size": "83.5x83.5", "scale": "2x", "filename": "p.png"],
            ], files: ["w.png", "p.png"])
        let gaps = try validate(fixture).filter { $0.code == "scale.gap" }
        #expect(gaps.isEmpty, "\(gaps)")
    }

    /// Vector data the set keeps is drawn at every scale; a launch image is one screen at one scale.
    @Test func preservedVectorsAndLaunchImagesAreNeverAScaleGap() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "V.imageset", entries: [["idiom": "universal", "scale": "1x", "filename": "v.pdf"]], files: ["v.pdf"],
            properties: ["preserves-vector-representation": true])
        try fixture.addSet(
            "Launch.launchimage",
            entries: [
                [
                    "idiom": "iphone", "orientation": "portrait", "extent": "full-screen", "minimum-system-version": "7.0", "subtype": "retina4",
                    "scale": "2x", "filename": "l.png",
                ]
            ], files: ["l.png"])
        let gaps = try validate(fixture).filter { $0.code == "scale.gap" }
        #expect(gaps.isEmpty, "\(gaps)")
    }

    /// The example device of a scale gap is one of the idiom that upscales, never a phone with `userInterfaceIdiom=watch`.
    @Test func aScaleGapNamesADeviceOfItsOwnIdiom() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("W.imageset", entries: [["idiom": "watch", "scale": "1x", "filename": "w.png"]], files: ["w.png"])
        let gaps = try validate(fixture).filter { $0.code == "scale.gap" }
        #expect(!gaps.isEmpty)
        for gap in gaps {
            let device = try #require(gap.subject.device.flatMap { devices.profile(matching: $0) })
            #expect(device.idiom == .watch, "\(gap.message)")
        }
    }
}
