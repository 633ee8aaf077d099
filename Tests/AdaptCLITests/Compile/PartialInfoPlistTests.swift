import AdaptSupport
@_spi(Compiling) import AdaptiveAssets
import Testing

/// The partial Info.plist per platform, as actool writes it.
@Suite struct PartialInfoPlistTests {
    /// The file actool writes for an iPhone and iPad app with an app icon, byte for byte.
    @Test func iOSMatchesActoolsFile() {
        let plist = PartialInfoPlist(
            platform: .iphoneos, appIcon: "AppIcon",
            iconFiles: .init(primary: ["AppIcon60x60"], pad: ["AppIcon60x60", "AppIcon76x76"]))
        #expect(
            plist.propertyList.xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>CFBundleIcons</key>
                \t<dict>
                \t\t<key>CFBundlePrimaryIcon</key>
                \t\t<dict>
                \t\t\t<key>CFBundleIconFiles</key>
                \t\t\t<array>
                \t\t\t\t<string>AppIcon60x60</string>
                \t\t\t</array>
                \t\t\t<key>CFBundleIconName</key>
                \t\t\t<string>AppIcon</string>
                \t\t</dict>
                \t</dict>
                \t<key>CFBundleIcons~ipad</key>
                \t<dict>
                \t\t<key>CFBundlePrimaryIcon</key>
                \t\t<dict>
                \t\t\t<key>CFBundleIconFiles</key>
                \t\t\t<array>
                \t\t\t\t<string>AppIcon60x60</string>
                \t\t\t\t<string>AppIcon76x76</string>
                \t\t\t</array>
                \t\t\t<key>CFBundleIconName</key>
                \t\t\t<string>AppIcon</string>
                \t\t</dict>
                \t</dict>
                </dict>
                </plist>

                """)
    }

    @Test func iPhoneOnlyHasNoPadKeyAndAlternatesAreListedInBoth() {
        let phone = PartialInfoPlist(platform: .iphonesimulator, appIcon: "AppIcon", iconFiles: .init(primary: ["AppIcon60x60"]))
        #expect(phone.propertyList == ["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"], "CFBundleIconName": "AppIcon"]]])
        let universal = PartialInfoPlist(
            platform: .iphoneos, appIcon: "AppIcon", alternateIcons: ["Dark"], accentColor: "AccentColor",
            iconFiles: .init(primary: [], pad: []),
            alternateIconFiles: ["Dark": .init(primary: ["Dark60x60"], pad: ["Dark76x76"])])
        #expect(
            universal.propertyList == [
                "NSAccentColorName": "AccentColor",
                "CFBundleIcons": [
                    "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
                    "CFBundleAlternateIcons": ["Dark": ["CFBundleIconName": "Dark", "CFBundleIconFiles": ["Dark60x60"]]],
                ],
                "CFBundleIcons~ipad": [
                    "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
                    "CFBundleAlternateIcons": ["Dark": ["CFBundleIconName": "Dark", "CFBundleIconFiles": ["Dark76x76"]]],
                ],
            ])
    }

    @Test func macOSNamesTheIcnsAndTheIcon() {
        let plist = PartialInfoPlist(platform: .macosx, appIcon: "AppIcon", accentColor: "AccentColor", iconFiles: .init(primary: ["AppIcon"]))
        #expect(plist.propertyList == ["CFBundleIconFile": "AppIcon", "CFBundleIconName": "AppIcon", "NSAccentColorName": "AccentColor"])
        // No .icns written (--standalone-icon-behavior none): no CFBundleIconFile naming a missing file.
        #expect(PartialInfoPlist(platform: .macosx, appIcon: "AppIcon").propertyList == ["CFBundleIconName": "AppIcon"])
    }

    @Test func tvOSNamesThePrimaryIconAsAString() {
        #expect(PartialInfoPlist(platform: .appletvos, appIcon: "App Icon").propertyList == ["CFBundleIcons": ["CFBundlePrimaryIcon": "App Icon"]])
    }

    @Test(arguments: [CompilePlatform.watchos, .watchsimulator, .xros, .xrsimulator])
    func watchAndVisionHaveOneIconsKey(platform: CompilePlatform) {
        let plist = PartialInfoPlist(platform: platform, appIcon: "AppIcon", iconFiles: .init(primary: [], pad: ["ignored"]))
        #expect(plist.propertyList == ["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]]])
    }

    /// Without an app icon only the colours are written; without anything, an empty dictionary.
    @Test(arguments: CompilePlatform.allCases)
    func colorsWithoutAnIcon(platform: CompilePlatform) throws {
        let plist = PartialInfoPlist(platform: platform, appIcon: nil, accentColor: "Accent", widgetBackgroundColor: "Widget")
        #expect(plist.propertyList == ["NSAccentColorName": "Accent", "NSWidgetBackgroundColorName": "Widget"])
        #expect(PartialInfoPlist(platform: platform, appIcon: nil).propertyList.xml.contains("<dict/>"))
        #expect(try PlistLib.read([Array(plist.propertyList.xml.utf8)]) == [plist.propertyList])
    }
}
