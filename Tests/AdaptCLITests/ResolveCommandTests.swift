import AssetCatalog
import Foundation
import Testing

@Suite struct ResolveCommandTests {
    @Test func explainMatchesTheSnapshot() throws {
        let run = try Adapt.run([
            "resolve", "Assets/Showcase.xcassets", "Logo", "--idiom", "phone", "--scale", "3",
            "--style", "dark", "--contrast", "high", "--explain",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        try assertSnapshot(run.stdout, named: "resolve-logo-explain.txt")
    }

    @Test(arguments: [
        (["Logo", "--scale", "2"], "logo@2x.png"),
        (["Logo", "--scale", "3", "--style", "dark"], "logo-dark@3x.png"),
        (["Banner", "--idiom", "pad", "--scale", "2"], "banner-pad@2x.png"),
        (["Banner", "--idiom", "phone", "--scale", "1"], "banner-phone@2x.png"),
        (["Banner", "--idiom", "tv", "--scale", "2"], "banner@2x.png"),
        (["Header", "--vertical", "compact", "--scale", "3"], "header@3x.png"),
        (["Header", "--vertical", "regular", "--scale", "3"], "header-regular@3x.png"),
        (["Photo", "--gamut", "P3", "--scale", "3"], "photo-p3@3x.png"),
        (["Arrow", "--direction", "rtl", "--scale", "2"], "arrow-rtl@2x.png"),
        (["Complication", "--idiom", "watch", "--screen-width", "136"], "complication-small@2x.png"),
        (["Complication", "--idiom", "watch", "--screen-width", "184"], "complication-large@2x.png"),
        (["Badge", "--scale", "2"], "badge.svg"),
        (["Icons/Star", "--scale", "1"], "star.png"),
        (["Level", "--memory", "6", "--graphics", "metal4v1"], "level-4gb-metal4.json"),
        (["Level", "--memory", "3", "--graphics", "metal2v2"], "level-2gb.json"),
        (["Level", "--memory", "3", "--graphics", "metal3v1"], "level-2gb-metal3.json"),
        (["Level"], "level-base.json"),
    ])
    func resolvesShowcaseVariants(arguments: [String], expected: String) throws {
        let run = try Adapt.run(["resolve", "Assets/Showcase.xcassets"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONParser.parse(Array(run.stdout.utf8))
        #expect(json["filename"]?.string == expected)
    }

    /// An app icon set answers slot by slot, and exits 0 when slots show something (rule 2, slots).
    @Test func appIconSetsAnswerEverySlot() throws {
        let query = ["AppIcon", "--idiom", "phone", "--scale", "3"]
        let text = try Adapt.run(["resolve", "Assets/Showcase.xcassets"] + query)
        #expect(text.status == 0, "every slot matched, so the answer is a match: \(text.stdout)")
        let lines = text.stdout.split(separator: "\n")
        let header = try #require(lines.first)
        #expect(header.hasPrefix("AppIcon: ") && header.contains(" slots for "))
        #expect(lines.count > 2 && lines.dropFirst().allSatisfy { $0.contains(" → ") }, "one line per slot")
        #expect(lines.contains { $0.contains("60x60") && $0.contains("@3x") || $0.contains("60x60") && $0.contains("180") })

        let json = try JSONParser.parse(Array(try Adapt.run(["resolve", "Assets/Showcase.xcassets"] + query + ["--format", "json"]).stdout.utf8))
        #expect(json["filename"] == .null)
        let slots = try #require(json["slots"]?.array)
        #expect(slots.count == lines.count - 1)
        for slot in slots {
            for key in ["platform", "role", "size", "filename", "mirrored"] { #expect(slot[key] != nil, "\(key) in \(slot)") }
            #expect(slot["filename"]?.string != nil, "only slots that show something are listed")
        }
        #expect(!slots.contains { $0["filename"]?.string?.contains("marketing") == true }, "store-only idioms never appear on a device")

        let batch = try Adapt.run(
            ["resolve", "Assets/Showcase.xcassets", "--queries", "-"],
            input: #"{"asset": "AppIcon", "traits": {"userInterfaceIdiom": "phone", "displayScale": 3}}"# + "\n")
        #expect(batch.status == 0)
        let line = try JSONParser.parse(Array(batch.stdout.utf8))
        #expect(line["filename"] == .null && line["slots"]?.array?.count == slots.count)
    }

    @Test func noMatchExitsOneWithTheReason() throws {
        let run = try Adapt.run(["resolve", "Assets/Showcase.xcassets", "Sidebar", "--horizontal", "regular"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("no match"))
        #expect(run.stdout.contains("width-class 'compact' does not fit horizontalSizeClass=regular"))
    }

    @Test func colourSetsResolveToAColour() throws {
        let run = try Adapt.run(["resolve", "Assets/Showcase.xcassets", "Tint", "--style", "dark", "--contrast", "high"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("srgb(0.800, 0.900, 1.000, 1.000)"))
    }

    @Test func batchAnswersEveryLineInOrder() throws {
        let queries = """
            {"asset": "Logo", "traits": {"userInterfaceIdiom": "phone", "displayScale": 3}}
            {"asset": "Sidebar", "traits": {"horizontalSizeClass": "regular"}}

            {"asset": "Photo", "traits": {"displayGamut": "P3", "displayScale": 2}}
            {"asset": "Nope"}
            not json
            {"asset": "Logo", "traits": {"displayScael": 2}}
            {"asset": "Tint", "traits": {"userInterfaceStyle": "dark"}}

            """
        let run = try Adapt.run(["resolve", "Assets/Showcase.xcassets", "--queries", "-"], input: queries)
        #expect(run.status == 1, "some queries have no match")
        let lines = run.stdout.split(separator: "\n").map { try? JSONParser.parse(Array($0.utf8)) }
        #expect(lines.count == 7)
        #expect(lines.map { $0?["asset"] } == ["Logo", "Sidebar", "Photo", "Nope", .null, "Logo", "Tint"])
        #expect(lines[0]?["filename"] == "logo@3x.png")
        #expect(lines[1]?["filename"] == .null)
        #expect(lines[1]?["reason"]?.string?.contains("width-class") == true)
        #expect(lines[2]?["filename"] == "photo-p3@2x.png")
        #expect(lines[3]?["reason"]?.string?.contains("no asset named") == true)
        #expect(lines[4]?["error"]?.string?.hasPrefix("line 6:") == true)
        #expect(lines[6]?["color"] == "srgb(0.500, 0.700, 1.000, 1.000)")
        #expect(run.stderr.contains("<stdin>:6:1: error: malformed JSON"))
        #expect(run.stderr.contains("<stdin>:7:"))
        #expect(run.stderr.contains("unknown trait 'displayScael'"))
    }

    @Test func batchFromAFileAndUsageErrors() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("queries-\(UUID().uuidString).jsonl").path
        try Data(#"{"asset": "Icons/Heart", "traits": {"displayScale": 2}}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Adapt.run(["resolve", "Assets/Showcase.xcassets", "--queries", path])
        #expect(run.status == 0)
        #expect(run.stdout == #"{"asset":"Icons/Heart","filename":"heart@2x.png","variant":1,"mirrored":false}"# + "\n")
        #expect(try Adapt.run(["resolve", "Assets/Showcase.xcassets"]).status == 2)
        #expect(try Adapt.run(["resolve", "Assets/Showcase.xcassets", "Logo", "--scale", "5"]).status == 2)
        #expect(try Adapt.run(["resolve", "Assets/Showcase.xcassets", "Logo", "--queries", path]).status == 2)
        #expect(try Adapt.run(["resolve", "Assets/Showcase.xcassets", "--queries", "/nonexistent"]).status == 1)
    }
}
