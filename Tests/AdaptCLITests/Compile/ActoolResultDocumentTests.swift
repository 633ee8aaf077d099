import AdaptSupport
import AdaptiveAssets
import Testing

/// actool's result document, compared with what actool printed in real builds.
@Suite struct ActoolResultDocumentTests {
    /// Xcode 26.6's actool, `--output-format xml1` omitted, on a GitHub runner (an iOS app with an
    /// app icon): the files it wrote, sorted, in Apple's XML form.
    @Test func xmlMatchesActoolsOutput() {
        let folder = "/var/folders/36/tjdph2t965j8snz9_vkdnw0r0000gn/T/tmp.JADY26ZRlt"
        let document = ActoolResultDocument(outputFiles: [
            "\(folder)/partial.plist", "\(folder)/Bilibiliclient76x76@2x~ipad.png", "\(folder)/Assets.car",
            "\(folder)/Bilibiliclient60x60@2x.png",
        ])
        let xml = String(decoding: document.rendered(as: .xml1, sections: .init()), as: UTF8.self)
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>com.apple.actool.compilation-results</key>
                \t<dict>
                \t\t<key>output-files</key>
                \t\t<array>
                \t\t\t<string>\(folder)/Assets.car</string>
                \t\t\t<string>\(folder)/Bilibiliclient60x60@2x.png</string>
                \t\t\t<string>\(folder)/Bilibiliclient76x76@2x~ipad.png</string>
                \t\t\t<string>\(folder)/partial.plist</string>
                \t\t</array>
                \t</dict>
                </dict>
                </plist>

                """)
    }

    /// Xcode 26.3's actool with `--output-format human-readable-text --notices --warnings`: a
    /// content notice located by catalog and item, then the files, then an empty line.
    @Test func textMatchesActoolsOutput() {
        let build =
            "/Users/runner/builds/like-art-ios/like-art-ios/build-b2/DerivedData/Build/Intermediates.noindex/LikeArt.build/Release-iphoneos/LikeArt.build"
        var document = ActoolResultDocument(outputFiles: [
            "\(build)/assetcatalog_output/thinned/Assets.car", "\(build)/assetcatalog_output/thinned/AppIcon76x76@2x~ipad.png",
            "\(build)/assetcatalog_generated_info.plist_thinned", "\(build)/assetcatalog_output/thinned/AppIcon60x60@2x.png",
        ])
        document.documentMessages = [
            .init(
                severity: .notice, catalog: "/Users/runner/builds/like-art-ios/like-art-ios/ios-b2/Resources/Assets.xcassets",
                affectedItems: ["./AppIcon.appiconset/[][ipad][76x76][][][1x][][][][]"], type: "Unsupported Configuration",
                message: "76x76@1x app icons only apply to iPad apps targeting releases of iOS prior to 10.0.")
        ]
        #expect(
            document.text(sections: .init(warnings: true, notices: true)) == """
                /* com.apple.actool.document.notices */
                /Users/runner/builds/like-art-ios/like-art-ios/ios-b2/Resources/Assets.xcassets:./AppIcon.appiconset/[][ipad][76x76][][][1x][][][][]: notice: 76x76@1x app icons only apply to iPad apps targeting releases of iOS prior to 10.0.
                /* com.apple.actool.compilation-results */
                \(build)/assetcatalog_generated_info.plist_thinned
                \(build)/assetcatalog_output/thinned/AppIcon60x60@2x.png
                \(build)/assetcatalog_output/thinned/AppIcon76x76@2x~ipad.png
                \(build)/assetcatalog_output/thinned/Assets.car


                """)
    }

    /// Sections in actool's order: run errors, content warnings, content notices, the files; a run
    /// error's failure reason on its own indented line; an empty results section after an error.
    @Test func textOrdersTheSectionsAsActoolDoes() {
        var document = ActoolResultDocument(outputFiles: [])
        document.documentMessages = [
            .init(
                severity: .notice, catalog: "/s/A.xcassets", affectedItems: ["./AppIcon.appiconset/[][ipad][76x76][][][1x][][]"],
                type: "Unsupported Configuration", message: "(null)"),
            .init(
                severity: .warning, catalog: "/s/A.xcassets", affectedItems: ["./AppIcon.appiconset"], type: "Missing Content",
                message: "A 1024x1024 app store icon is required for iOS apps"),
        ]
        document.runMessages = [
            .init(
                severity: .error, description: "The output directory \"/o\" does not exist.",
                failureReason: "No such file.", path: "/s/A.xcassets")
        ]
        #expect(
            document.text(sections: .init(warnings: true, notices: true)) == """
                /* com.apple.actool.errors */
                /s/A.xcassets: error: The output directory "/o" does not exist.
                    Failure Reason: No such file.
                /* com.apple.actool.document.warnings */
                /s/A.xcassets:./AppIcon.appiconset: warning: A 1024x1024 app store icon is required for iOS apps
                /* com.apple.actool.document.notices */
                /s/A.xcassets:./AppIcon.appiconset/[][ipad][76x76][][][1x][][]: notice: (null)
                /* com.apple.actool.compilation-results */


                """)
    }

    /// Without `--warnings` and `--notices` only errors and the files are printed (errors always:
    /// Xcode never passes `--errors`); the property list forms select the same sections.
    @Test(arguments: ActoolOutputFormat.allCases)
    func sectionsFollowTheFlags(format: ActoolOutputFormat) throws {
        var document = ActoolResultDocument(outputFiles: ["/o/Assets.car"])
        document.runMessages = [
            .init(severity: .error, description: "run error"), .init(severity: .warning, description: "run warning"),
            .init(severity: .notice, description: "run notice"),
        ]
        document.documentMessages = Severity.allCases.map {
            .init(severity: $0, catalog: "/s/A.xcassets", affectedItems: [], type: "T", message: "content \($0.rawValue)")
        }
        let quiet = document.propertyList(sections: .init())
        #expect(keys(quiet) == ["com.apple.actool.compilation-results", "com.apple.actool.document.errors", "com.apple.actool.errors"])
        let all = document.propertyList(sections: .init(warnings: true, notices: true))
        #expect(keys(all).count == 7)
        let rendered = document.rendered(as: format, sections: .init())
        switch format {
        case .humanReadableText:
            let text = String(decoding: rendered, as: UTF8.self)
            #expect(text.contains("run error") && text.contains("content error"))
            #expect(!text.contains("warning") && !text.contains("notice"))
        case .xml1, .binary1:
            #expect(try PlistLib.read([rendered]) == [quiet])
        }
    }

    /// The content messages' keys in xml1, and the run messages' `description` and `failure-reason`.
    @Test func messagesCarryActoolsKeys() throws {
        var document = ActoolResultDocument(outputFiles: nil)
        document.runMessages = [.init(severity: .error, description: "d", failureReason: "r")]
        document.documentMessages = [
            .init(
                severity: .error, catalog: "/s/A.xcassets", affectedItems: ["./X.imageset"],
                type: "Ambiguous Content", message: "m")
        ]
        #expect(
            document.propertyList(sections: .init()) == [
                "com.apple.actool.errors": [["description": "d", "failure-reason": "r"]],
                "com.apple.actool.document.errors": [
                    [
                        "catalog": "/s/A.xcassets", "affected-items": ["./X.imageset"],
                        "type": "Ambiguous Content", "message": "m",
                    ]
                ],
            ])
    }

    /// A name from a catalog cannot add a line (a forged entry) to the text form.
    @Test func textKeepsEachEntryOnOneLine() {
        var document = ActoolResultDocument(outputFiles: ["/o/evil\n/* com.apple.actool.errors */.car"])
        document.documentMessages = [
            .init(
                severity: .warning, catalog: "/s/A.xcassets", affectedItems: ["./a\nb.imageset"],
                type: "T", message: "m\r\n")
        ]
        let lines = document.text(sections: .init(warnings: true)).split(separator: "\n", omittingEmptySubsequences: false)
        // Two headers, one warning, one file, the closing empty line and the split after it.
        #expect(lines.count == 6)
        #expect(lines.filter { $0.hasPrefix("/*") }.count == 2)
        #expect(lines[1] == #"/s/A.xcassets:./a\nb.imageset: warning: m\r\n"#)
    }

    @Test func versionDocument() throws {
        var document = ActoolResultDocument()
        document.version = .init(bundle: "24127", short: "26.0")
        #expect(document.propertyList(sections: .init()) == ["com.apple.actool.version": ["bundle-version": "24127", "short-bundle-version": "26.0"]])
        #expect(try PlistLib.read([document.rendered(as: .binary1, sections: .init())]) == [document.propertyList(sections: .init())])
    }

    private typealias Severity = ActoolResultDocument.Severity

    private func keys(_ plist: PropertyList) -> [String] {
        guard case .dictionary(let dictionary) = plist else { return [] }
        return dictionary.keys.sorted()
    }
}
