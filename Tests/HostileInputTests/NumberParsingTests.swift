import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Issue #9, "No crash, no wrong answer from a number": the numbers Contents.json writes inside
/// strings are read only in the spellings Xcode writes; anything else is a `contents.unknown-value`
/// warning and never reaches a check as a plausible number.
@Suite struct NumberParsingTests {
    // MARK: - Icon sizes

    /// These once crashed `validate`, `png` and `report` ("Double value cannot be converted to
    /// Int", exit 132) or produced "slot needs nanx40" and "needs -10x-10".
    @Test(arguments: ["1e19x1e19", "1e999x1e999", "infx20", "9223372036854775807x1", "nanx20", "-5x-5", "20x20x20", "0x0", "10001x10001"])
    func anIconSizeThatIsNotOneIsAnUnknownValue(size: String) throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": "iphone", "scale": "2x", "size": .string(size), "filename": "a.png"]],
            files: ["a.png"], pngBytes: PNGFixture.png(width: 4, height: 4))
        for command in [["validate", "Test.xcassets"], ["png", "Test.xcassets"], ["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"]] {
            let run = try HostileAdapt.run(command, in: fixture.root)
            #expect(!run.timedOut && [0, 1].contains(run.status) && !run.stderr.contains("Fatal error"), "\(command[0]) \(size): \(run.status) \(run.stderr)")
            #expect(!run.stderr.contains("slot needs"), "\(command[0]) \(size): \(run.stderr)")
        }
        let validate = try HostileAdapt.run(["validate", "Test.xcassets"], in: fixture.root)
        #expect(validate.stderr.contains("unknown value \"\(size)\" for 'size' [contents.unknown-value]"), "\(validate.stderr)")
    }

    @Test(arguments: ["20x20", "83.5x83.5", "1024x1024", "2320x720", "0.5x0.5"])
    func sizesXcodeWritesAreRead(size: String) throws {
        let (variant, diagnostics) = try readEntry(["idiom": "iphone", "scale": "2x", "size": .string(size)], in: "AppIcon.appiconset")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(variant?.size == size && variant?.unrecognized.isEmpty == true)
        #expect(ContentsNumber.pointSize(size) != nil)
    }

    @Test func aWrongIconSizeStillGetsItsError() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "AppIcon.appiconset", entries: [["idiom": "iphone", "scale": "2x", "size": "83.5x83.5", "filename": "a.png"]],
            files: ["a.png"], pngBytes: PNGFixture.png(width: 4, height: 4))
        let run = try HostileAdapt.run(["validate", "Test.xcassets"], in: fixture.root)
        #expect(run.stderr.contains("the 83.5x83.5@2x iphone slot needs 167x167 [icon.size]"), "\(run.stderr)")
    }

    // MARK: - Scale, memory, screen width, subtype

    /// Swift's `Int("+1")` and `Int("0001")` are 1, so `+1x` and `0001x` once competed as 1x.
    @Test(arguments: [
        ("scale", "+1x"), ("scale", "0001x"), ("scale", "01x"), ("scale", "-1x"), ("scale", "1X"),
        ("memory", "+300GB"), ("memory", "0300GB"), ("memory", "-1GB"),
        ("screen-width", "<=+145"), ("screen-width", ">0183"), ("screen-width", "<= 145"),
        ("subtype", "+44mm"), ("subtype", "044mm"), ("subtype", "mm"), ("subtype", "0mm"),
    ])
    func nonCanonicalNumbersAreUnknownValues(key: String, value: String) throws {
        let (variant, diagnostics) = try readEntry(["idiom": "watch", key: .string(value)])
        let variantStays = try #require(variant, "the variant stays")
        #expect(diagnostics.map(\.code) == ["contents.unknown-value"], "\(diagnostics)")
        #expect(diagnostics.first?.message == "unknown value \"\(value)\" for '\(key)'")
        #expect(variantStays.unrecognized[key] == value)
        #expect(variantStays.scale == nil && variantStays.memory == nil && variantStays.screenWidth == nil)
        #expect(!variantStays.isSelectable)
    }

    @Test(arguments: [
        ("scale", "1x"), ("scale", "3x"), ("memory", "1GB"), ("memory", "16GB"), ("screen-width", "<=145"),
        ("screen-width", ">183"), ("subtype", "44mm"), ("subtype", "736h"), ("graphics-feature-set", "apple7"),
    ])
    func canonicalNumbersAreRead(key: String, value: String) throws {
        let (variant, diagnostics) = try readEntry(["idiom": "watch", key: .string(value)])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(variant?.unrecognized.isEmpty == true)
        #expect(variant?.declaredAttributes.contains { $0.key == key && $0.value == value } == true)
    }

    @Test func wholeNumbersAreDigitsWithoutSignOrLeadingZero() {
        #expect(ContentsNumber.wholeNumber("300") == 300 && ContentsNumber.wholeNumber("0") == 0)
        for text in ["+300", "0300", "-3", "", " 3", "3 ", "٣", "99999999999999999999999"] {
            #expect(ContentsNumber.wholeNumber(text) == nil, "\(text)")
        }
    }

    // MARK: - Duplicate keys

    /// The first occurrence wins everywhere: at the top level (which the subscript always did) and
    /// inside an entry (where the reader, walking every member, once took the last).
    @Test func theFirstOfDuplicateKeysWinsEverywhere() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write(
            #"""
            {"images":[{"idiom":"universal","scale":"2x","scale":"3x","filename":"a.png","filename":"b.png"}],
            "images":[{"idiom":"universal","filename":"c.png"}],
            "properties":{"template-rendering-intent":"template","template-rendering-intent":"bogus"}}
            """#, to: "A.imageset/Contents.json")
        try fixture.write("a", to: "A.imageset/a.png")
        try fixture.write(
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0.1","red":"0.9","green":"0","blue":"0","alpha":"1.000"}}}]}"#,
            to: "C.colorset/Contents.json")
        let catalog = try fixture.read()
        let variants = try #require(catalog.asset(named: "A")?.variants)
        #expect(variants.count == 1)
        #expect(variants.first?.scale == 2 && variants.first?.filename == "a.png")
        #expect(variants.first?.entry.keys == ["idiom", "scale", "filename"], "later duplicates are dropped, so rewriting agrees")
        #expect(catalog.asset(named: "A")?.properties.templateRenderingIntent == "template")
        #expect(catalog.asset(named: "C")?.variants.first?.color?.componentValue("red") == 0.1)
        #expect(!catalog.diagnostics.contains { $0.code == "contents.unknown-value" }, "the ignored 'bogus' is not read")
    }

    @Test func everyDuplicateKeyIsAWarningAtItsLineAndColumn() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write("{\"images\":[{\"idiom\":\"universal\",\n  \"scale\":\"2x\", \"scale\":\"3x\"}],\n\"images\":[]}", to: "A.imageset/Contents.json")
        let run = try HostileAdapt.run(["validate", "Test.xcassets", "--images", "none"], in: fixture.root)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("[json.duplicate-key]") }
        #expect(
            warnings == [
                "Test.xcassets/A.imageset/Contents.json:2:17: warning: duplicate key 'scale': the first one, at 2:3, is read and this one is ignored [json.duplicate-key]",
                "Test.xcassets/A.imageset/Contents.json:3:1: warning: duplicate key 'images': the first one, at 1:2, is read and this one is ignored [json.duplicate-key]",
            ], "\(run.stderr)")
    }

    /// An object of many keys takes the hashed path; each repeat is reported once per repetition.
    @Test func duplicatesAmongManyKeysAreEachReported() throws {
        var members = (0..<40).map { "\"key\($0)\":\"\($0)\"" }
        members += ["\"key3\":\"x\"", "\"key3\":\"y\"", "\"key39\":\"z\""]
        let fixture = try TemporaryCatalog()
        try fixture.write("{\"images\":[{\"idiom\":\"universal\",\(members.joined(separator: ","))}]}", to: "A.imageset/Contents.json")
        let catalog = try fixture.read()
        let duplicates = catalog.diagnostics.filter { $0.code == "json.duplicate-key" }.map(\.message)
        #expect(duplicates.count == 3 && duplicates.filter { $0.contains("'key3'") }.count == 2, "\(duplicates)")
        #expect(catalog.asset(named: "A")?.variants.first?.entry["key3"] == "3")
    }

    // MARK: - Colour components

    @Test(arguments: [
        ("srgb", "red", "nan"), ("srgb", "red", "1e999"), ("srgb", "red", "-5"), ("srgb", "red", "2.5"),
        ("srgb", "red", "0x1FF"), ("srgb", "red", "0x+F"), ("srgb", "red", "inf"), ("srgb", "red", "+0.5"),
        ("srgb", "red", "256"), ("display-p3", "green", "1.5"), ("extended-srgb", "red", "nan"),
        ("extended-srgb", "blue", "1e999"), ("extended-srgb", "alpha", "2.5"), ("extended-gray", "white", "-inf"),
    ])
    func aComponentOutsideWhatXcodeWritesIsAWarning(space: String, component: String, value: String) throws {
        var components: [String: JSONValue] =
            space.contains("gray")
            ? ["white": "0.5", "alpha": "1.000"]
            : ["red": "0.5", "green": "0.5", "blue": "0.5", "alpha": "1.000"]
        components[component] = .string(value)
        let (_, diagnostics) = try readEntry(
            [
                "idiom": "universal",
                "color": [
                    "color-space": .string(space),
                    "components": .object(
                        JSONObject(
                            components.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value) })),
                ],
            ], in: "C.colorset")
        #expect(diagnostics.map(\.code) == ["contents.unknown-value"], "\(diagnostics)")
        #expect(diagnostics.first?.message.hasPrefix("colour component '\(component)' is \"\(value)\"") == true, "\(diagnostics)")
    }

    @Test(arguments: [
        ("extended-srgb", "red", "-0.5"), ("extended-linear-srgb", "green", "2.5"), ("extended-gray", "white", "1.25"),
        ("srgb", "red", "0x00"), ("srgb", "red", "0xFF"), ("srgb", "red", "255"), ("srgb", "red", "0.000"), ("srgb", "red", "5e-1"),
    ])
    func componentsXcodeWritesAreRead(space: String, component: String, value: String) throws {
        let components: JSONValue =
            component == "white"
            ? ["white": .string(value), "alpha": "1.000"]
            : ["red": .string(value), "green": "0.5", "blue": "0.5", "alpha": "1.000"]
        let (variant, diagnostics) = try readEntry(
            ["idiom": "universal", "color": ["color-space": .string(space), "components": components]],
            in: "C.colorset")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(variant?.color?.componentValue(component)?.isFinite == true)
    }

    /// A grey the report's swatch turned into an Int: `1e999` is infinite, `1e300` times 255 no Int holds.
    @Test(arguments: ["1e999", "1e300", "nan"])
    func theReportDrawsAnyGreyWithoutCrashing(white: String) throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Grey.colorset",
            entries: [
                [
                    "idiom": "universal",
                    "color": [
                        "color-space": "extended-gray",
                        "components": ["white": .string(white), "alpha": "1.000"],
                    ],
                ]
            ])
        let run = try HostileAdapt.run(["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"], in: fixture.root)
        #expect(!run.timedOut && [0, 1].contains(run.status) && !run.stderr.contains("Fatal error"), "\(run.status) \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.root + "/report.html"))
    }

    // MARK: - Many entries

    /// Reading a set was quadratic in its entries (each filename searched for in the list of the
    /// set's files: 40,000 entries took 39 s). This pins that the hashed lookup gives the same answers.
    @Test func aSetOf40000EntriesIsReadWithEveryMissingFileFound() throws {
        let fixture = try TemporaryCatalog()
        let count = 40_000
        let missing = Set(stride(from: 7, to: count, by: 1_000))
        let entries: [JSONValue] = (0..<count).map { ["idiom": "universal", "filename": .string("f\($0).png"), "locale": .string("l\($0)")] }
        let folder = try fixture.addSet("Big.imageset", entries: entries)
        for index in 0..<count where !missing.contains(index) {
            #expect(FileManager.default.createFile(atPath: folder + "/f\(index).png", contents: Data("x".utf8)))
        }
        let catalog = try fixture.read()
        let variants = try #require(catalog.asset(named: "Big")?.variants)
        #expect(variants.count == count)
        #expect(Set(variants.indices.filter { variants[$0].fileProblem != nil }) == missing)
        let reported = catalog.diagnostics.filter { $0.code == "contents.missing-file" }.map(\.message)
        #expect(reported.count == missing.count && reported.first == "missing file 'f7.png' named by this entry")
    }

    // MARK: - Helpers

    /// Reads a one-entry set and returns its variant and the reading diagnostics.
    private func readEntry(_ entry: JSONObject, in folder: String = "A.imageset") throws -> (Variant?, [Diagnostic]) {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(folder, entries: [.object(entry)])
        let catalog = try fixture.read()
        return (catalog.assets.first?.variants.first, catalog.diagnostics)
    }
}
