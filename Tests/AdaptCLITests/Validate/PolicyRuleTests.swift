import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

/// The opt-in policy rules, each on a catalog that breaks it and one that keeps it.
@Suite struct PolicyRuleTests {
    func validate(_ fixture: TemporaryCatalog, config: String) throws -> AdaptRun {
        try config.write(toFile: fixture.root + "/.adapt.yml", atomically: true, encoding: .utf8)
        return try Adapt.run(["validate", "--format", "xcode", "--images", "none", fixture.path.lastPathComponentForTests], in: fixture.root)
    }

    static let white: JSONValue = ["color-space": "srgb", "components": ["red": "1", "green": "1", "blue": "1", "alpha": "1"]]
    static let dark: JSONValue = [["appearance": "luminosity", "value": "dark"]]

    @Test func policiesAreOffByDefault() throws {
        let run = try Adapt.run(["validate", "--format", "xcode", "Assets/Showcase.xcassets"])
        #expect(!run.stderr.contains("[policy."))
    }

    @Test func appearances() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Plain.colorset", entries: [["idiom": "universal", "color": Self.white]])
        try fixture.addSet(
            "Both.colorset",
            entries: [
                ["idiom": "universal", "color": Self.white], ["idiom": "universal", "appearances": Self.dark, "color": Self.white],
            ])
        let run = try validate(fixture, config: "opt_in_rules: [policy.appearances]\n")
        #expect(run.stderr.contains("Plain.colorset/Contents.json:1:1: error: colorset 'Plain' has no dark variant"), "\(run.stderr)")
        #expect(!run.stderr.contains("'Both'"))
        let contrast = try validate(fixture, config: "opt_in_rules: [policy.appearances]\npolicy.appearances: {required: [dark, high-contrast]}\n")
        #expect(contrast.stderr.contains("colorset 'Both' has no high-contrast variant"))
    }

    @Test func scales() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("Low.imageset", entries: [["idiom": "universal", "scale": "1x", "filename": "a.png"]], files: ["a.png"])
        try fixture.addSet(
            "Full.imageset",
            entries: [
                ["idiom": "universal", "scale": "2x", "filename": "b@2x.png"], ["idiom": "universal", "scale": "3x", "filename": "b@3x.png"],
            ], files: ["b@2x.png", "b@3x.png"])
        try fixture.addSet("Vector.imageset", entries: [["idiom": "universal", "filename": "v.pdf"]], files: ["v.pdf"])
        let run = try validate(fixture, config: "opt_in_rules: [policy.scales]\n")
        #expect(run.stderr.contains("Low.imageset/Contents.json:1:1: error: image set 'Low' has no 2x or 3x image for idiom universal"), "\(run.stderr)")
        #expect(!run.stderr.contains("'Full'") && !run.stderr.contains("'Vector'"))
        let relaxed = try validate(fixture, config: "opt_in_rules: [policy.scales]\npolicy.scales: {required: [1x]}\n")
        #expect(relaxed.stderr.contains("image set 'Full' has no 1x image"))
    }

    @Test func fileSize() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet(
            "Big.imageset", entries: [["idiom": "universal", "filename": "big.png"]], files: ["big.png"],
            pngBytes: PNGFixture.png(width: 64, height: 64))
        let size = try #require(FileManager.default.attributesOfItem(atPath: fixture.path + "/Big.imageset/big.png")[.size] as? Int)
        let over = try validate(fixture, config: "opt_in_rules: [policy.file-size]\npolicy.file-size: {max_bytes: \(size - 1)}\n")
        #expect(
            over.stderr.contains("Big.imageset/big.png:1:1: warning: 'big.png' in 'Big' is \(size) bytes, over the policy's \(size - 1) [policy.file-size]"),
            "\(over.stderr)")
        let under = try validate(fixture, config: "opt_in_rules: [policy.file-size]\npolicy.file-size: {max_bytes: \(size)}\n")
        #expect(!under.stderr.contains("policy.file-size"))
    }

    @Test func name() throws {
        let fixture = try TemporaryCatalog()
        for name in ["goodName", "Bad_Name"] {
            try fixture.addSet("\(name).colorset", entries: [["idiom": "universal", "color": Self.white]])
        }
        let run = try validate(fixture, config: "opt_in_rules: [policy.name]\n")
        #expect(run.stderr.contains("asset name 'Bad_Name' does not match the policy's pattern ^[a-z][A-Za-z0-9]*$ [policy.name]"))
        #expect(!run.stderr.contains("'goodName'"))
        let snake = try validate(fixture, config: "opt_in_rules: [policy.name]\npolicy.name: {pattern: \"^[A-Za-z_]+$\"}\n")
        #expect(!snake.stderr.contains("policy.name"))
    }

    /// A pattern that backtracks without end (`(a+)+$` on `aaa…ab`) runs out of its step budget
    /// and stops the run as a configuration error naming the pattern and its line; it used to
    /// take 18 s a name and then read as "does not match".
    @Test(arguments: ["(a+)+$", "^(a|aa)+$"])
    func aPatternThatCannotFinishIsAConfigurationError(pattern: String) throws {
        let fixture = try TemporaryCatalog()
        let name = String(repeating: "a", count: 60) + "b"
        for set in ["fine", name, "other"] {
            try fixture.addSet("\(set).colorset", entries: [["idiom": "universal", "color": Self.white]])
        }
        let run = try validate(fixture, config: "opt_in_rules: [policy.name]\npolicy.name:\n  pattern: \"\(pattern)\"\n")
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").filter { $0.contains("[config.invalid]") }
        #expect(errors.count == 1, "\(run.stderr)")
        #expect(
            errors.first?.contains(".adapt.yml:3:12: error: the policy.name pattern \(pattern) did not finish on asset name '\(name)'") ?? false,
            "\(run.stderr)")
        #expect(!run.stderr.contains("[policy.name]"), "a pattern cut short read as no match: \(run.stderr)")
    }

    @Test func aDeviceListedOverAndOverIsMeasuredOnce() throws {
        let root = try ValidateFixtures.showcase(
            config: """
                opt_in_rules: [policy.device-budget]
                policy.device-budget: {max_bytes: 1000, devices: [iphone-16, iphone-16, "iPhone17,3", iphone-16]}
                """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Adapt.run(["validate", "--format", "xcode", "--images", "none", "Showcase.xcassets"], in: root)
        let budget = run.stderr.split(separator: "\n").filter { $0.hasSuffix("[policy.device-budget]") }
        #expect(budget.count == 1, "\(run.stderr)")
    }

    @Test func deviceBudgetUsesTheThinnedSlice() throws {
        let root = try ValidateFixtures.showcase(
            config: """
                opt_in_rules: [policy.device-budget]
                policy.device-budget: {max_bytes: 1000, devices: [iphone-16, "iPhone7,2"]}
                """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Adapt.run(["validate", "--format", "xcode", "--images", "none", "Showcase.xcassets"], in: root)
        let budget = run.stderr.split(separator: "\n").filter { $0.hasSuffix("[policy.device-budget]") }
        #expect(budget.count == 2, "\(run.stderr)")
        #expect(budget.allSatisfy { $0.hasPrefix("Showcase.xcassets/Contents.json:1:1: error: ") && $0.contains("over the policy's budget of 1000") })
        // The budget measures exactly what `adapt thin` writes for the device.
        let thin = try Adapt.run(["thin", "Showcase.xcassets", "--device", "iphone-16", "-o", "out", "--format", "json"], in: root)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(thin.stdout.utf8)) as? [[String: Any]])
        let bytesAfter = try #require(summary.first?["bytesAfter"] as? Int)
        #expect(budget.contains { $0.contains("iPhone 16's slice of Showcase.xcassets is \(bytesAfter) bytes") }, "\(budget)")
        let roomy = try Adapt.run(
            ["validate", "--format", "xcode", "--images", "none", "--config", "/dev/stdin", "Showcase.xcassets"],
            input: "opt_in_rules: [policy.device-budget]\npolicy.device-budget: {max_bytes: 100000000}\n", in: root)
        #expect(!roomy.stderr.contains("policy.device-budget"), "\(roomy.stderr)")
    }
}

extension String {
    var lastPathComponentForTests: String { URL(fileURLWithPath: self).lastPathComponent }
}
