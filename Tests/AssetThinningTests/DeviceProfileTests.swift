import AssetCatalog
import AssetSelection
import DeviceProfiles
import Foundation
import Testing

@Suite struct DeviceProfileTests {
    let database = try! DeviceDatabase.builtIn()

    /// Table 12-2: size classes (width/height) in portrait and landscape, exactly.
    @Test(arguments: [
        ("iPad2,1", "regular/regular", "regular/regular"), // iPad
        ("iPad2,5", "regular/regular", "regular/regular"), // iPad mini
        ("iPhone7,1", "compact/regular", "regular/compact"), // iPhone 6 Plus
        ("iPhone7,2", "compact/regular", "compact/compact"), // iPhone 6
        ("iPhone6,1", "compact/regular", "compact/compact"), // iPhone 5s
        ("iPhone5,3", "compact/regular", "compact/compact"), // iPhone 5c
        ("iPhone5,1", "compact/regular", "compact/compact"), // iPhone 5
        ("iPhone4,1", "compact/regular", "compact/compact"), // iPhone 4s
    ])
    func table12_2SizeClasses(model: String, portrait: String, landscape: String) throws {
        let device = try #require(database.profile(matching: model))
        func classes(_ orientation: String) throws -> String {
            let window = try #require(device.window(orientation: orientation, multitasking: "fullScreen"))
            return "\(window.horizontalSizeClass.rawValue)/\(window.verticalSizeClass.rawValue)"
        }
        #expect(try classes("portrait") == portrait)
        #expect(try classes("landscape") == landscape)
    }

    @Test func currentLineupRules() throws {
        for device in database.devices where device.idiom == .phone {
            let landscape = try #require(device.window(orientation: "landscape", multitasking: "fullScreen"))
            #expect(landscape.horizontalSizeClass == (device.screen.width >= 414 ? .regular : .compact), "\(device.name)")
        }
        let max = try #require(database.profile(matching: "iPhone18,2")) // iPhone 17 Pro Max
        #expect(max.window(orientation: "landscape", multitasking: "fullScreen")?.horizontalSizeClass == .regular)
        let ipad = try #require(database.profile(matching: "ipad-pro-11-m4"))
        #expect(ipad.window(orientation: "landscape", multitasking: "slideOver")?.horizontalSizeClass == .compact)
        #expect(ipad.window(orientation: "landscape", multitasking: "splitHalf")?.horizontalSizeClass == .compact)
        #expect(ipad.window(orientation: "landscape", multitasking: "splitTwoThirds")?.horizontalSizeClass == .regular)
        let large = try #require(database.profile(matching: "ipad-pro-13-m4"))
        #expect(large.window(orientation: "landscape", multitasking: "splitHalf")?.horizontalSizeClass == .regular)
        #expect(database.devices.contains { $0.idiom == .watch && $0.screenWidth == 136 })
        #expect(database.devices.contains { $0.idiom == .tv } && database.devices.contains { $0.idiom == .mac })
        #expect(Set(database.devices.map(\.id)).count == database.devices.count)
    }

    @Test func reachableTraitSetsCoverEveryCombination() throws {
        let phone = try #require(database.profile(matching: "iphone-16"))
        let sets = phone.reachableTraitSets()
        #expect(sets.count == 2 * 2 * 2 * 2, "orientations x light/dark x contrast x direction; tinted is for icons only")
        #expect(Set(sets.map(\.traits)).count == sets.count)
        #expect(sets.allSatisfy { $0.traits.userInterfaceIdiom == .phone && $0.traits.displayScale == 3 })
        let old = try #require(database.profile(matching: "iPhone7,2"))
        #expect(old.reachableTraitSets().allSatisfy { $0.traits.userInterfaceStyle == .light }, "iOS 12 has no dark mode")
    }

    @Test func profilesStateWhatTheHardwareFixes() throws {
        let mac = try #require(database.profile(matching: "mac-apple-silicon"))
        #expect(mac.displayScales == [2, 1], "a Mac drives 2x and 1x displays")
        let phone = try #require(database.profile(matching: "iphone-15-pro"))
        #expect(phone.graphicsFeatureSets.first == .apple9 && phone.graphicsFeatureSets.contains(.metal4v1))
        #expect(phone.hostedIdioms == [.car] && phone.offersTintedIcons, "rule 2.1: CarPlay, and no watch content")
        #expect(try #require(database.profile(matching: "iphone-se-1")).deviceSubtype == "retina4", "4-inch phones prefer retina4 images")
        #expect(try #require(database.profile(matching: "iphone-6")).deviceSubtype == nil)
        #expect(try #require(database.profile(matching: "iphone-6")).newestOS == OSVersion("12.5"))
        let watch = try #require(database.profile(matching: "watch-series-7-45mm"))
        #expect(watch.deviceSubtype == "45mm" && watch.screenWidth == 198)
        #expect(try #require(database.profile(matching: "iphone-4s")).graphicsFeatureSets.isEmpty, "no Metal")
    }

    @Test func thinningTraitSetsTakeEveryRunTimeValueAndEachFixedOne() throws {
        let phone = try #require(database.profile(matching: "iphone-16"))
        let all = phone.thinningTraitSets(locales: ["fr", "ar"])
        // (own idiom + car at the phone's 3x) x (unspecified, light, dark, tinted) x contrast 3 x width 3 x height 3 x direction 3 x locale 3
        #expect(all.count == 2 * 4 * 3 * 3 * 3 * 3 * 3)
        #expect(Set(all).count == all.count)
        #expect(all.contains { $0.userInterfaceIdiom == .car && $0.displayScale == 3 && $0.locale == "ar" && $0.horizontalSizeClass == nil })
        #expect(!all.contains { $0.userInterfaceIdiom == .watch }, "actool leaves watch entries out of an iPhone's catalog")
        #expect(Set(all.filter { $0.userInterfaceIdiom == .car }.map(\.displayScale)) == [3], "rule 2.2: CarPlay at the phone's own scale")
        #expect(all.filter { $0.userInterfaceIdiom == .car }.allSatisfy { $0.displayGamut == .sRGB })
        let twoX = try #require(database.profile(matching: "iphone-se-3"))
        #expect(Set(twoX.fixedTraitSets.filter { $0.userInterfaceIdiom == .car }.map(\.displayScale)) == [2], "a 2x phone's CarPlay content is 2x")
        let scaleOnly = phone.thinningTraitSets(declaring: [.displayScale], locales: ["fr"])
        #expect(
            scaleOnly == [TraitCollection(displayScale: 3)],
            "an asset that declares only scale sees one trait set: the phone's scale, CarPlay's too (rule 2.2)")
        let mac = try #require(database.profile(matching: "mac-apple-silicon"))
        #expect(mac.thinningTraitSets(declaring: [.displayScale], locales: []).map(\.displayScale) == [2, 1])
        let old = try #require(database.profile(matching: "iPhone7,2"))
        #expect(
            old.thinningTraitSets(declaring: [.userInterfaceStyle], locales: []).map(\.userInterfaceStyle) == [nil, .light, .dark],
            "appearance can change at run time; tinted only where the OS offers it")
    }

    @Test func formatOneFilesStillRead() throws {
        let old =
            #"{"devices": [{"id": "old", "name": "Old", "modelIdentifiers": [], "idiom": "phone", "displayScale": 2, "screen": {"width": 375, "height": 667}, "displayGamut": "sRGB", "memory": 2, "graphicsFeatureSet": "metal3v1", "appearances": ["light"], "traitSets": [{"orientation": "portrait", "multitasking": "fullScreen", "horizontalSizeClass": "compact", "verticalSizeClass": "regular", "window": {"width": 375, "height": 667}}]}]}"#
        let device = try #require(try DeviceDatabase.parse(Array(old.utf8), path: "old.json").devices.first)
        #expect(device.displayScales == [2])
        #expect(device.graphicsFeatureSets == [.metal3v1, .metal2v3, .metal2v2, .metal1v3, .metal1v2])
    }

    @Test func userFilesExtendAndReportErrorsWithLines() throws {
        let good =
            #"{"devices": [{"id": "iphone-6", "name": "Custom 6", "modelIdentifiers": ["X1,1"], "idiom": "phone", "displayScale": 2, "screen": {"width": 375, "height": 667}, "displayGamut": "P3", "memory": 2, "appearances": ["light", "dark"], "traitSets": [{"orientation": "portrait", "multitasking": "fullScreen", "horizontalSizeClass": "compact", "verticalSizeClass": "regular", "window": {"width": 375, "height": 667}}]}]}"#
        var merged = database
        merged.merge(try DeviceDatabase.parse(Array(good.utf8), path: "mine.json"))
        #expect(merged.devices.count == database.devices.count)
        #expect(merged.profile(matching: "X1,1")?.name == "Custom 6")
        let bad = good.replacingOccurrences(of: #""idiom": "phone""#, with: "\n\"idiom\": \"fridge\"")
        #expect {
            _ = try DeviceDatabase.parse(Array(bad.utf8), path: "mine.json")
        } throws: { error in
            let text = (error as? DeviceDatabase.LoadError)?.description ?? ""
            return text.hasPrefix("mine.json:2:1: error:") && text.contains("idiom must be one of")
        }
    }

    /// A `--devices` file that is not there is `devices.missing`, as that rule says; one that is
    /// there but cannot be read (a folder) is `devices.unreadable`.
    @Test func aMissingFileIsToldApartFromOneThatCannotBeRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("devices-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func rule(_ path: String, inside boundary: String? = nil) -> RuleID? {
            do {
                _ = try DeviceDatabase.load(from: path, inside: boundary)
                return nil
            } catch {
                return error.diagnostic.rule
            }
        }
        #expect(rule(folder + "/none.json") == .devicesMissing)
        #expect(rule(folder + "/none.json", inside: folder) == .devicesMissing)
        #expect(rule(folder) == .devicesUnreadable)
    }
}
