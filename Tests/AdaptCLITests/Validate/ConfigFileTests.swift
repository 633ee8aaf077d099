import CatalogFixtures
import Foundation
import Testing

/// `.adapt.yml`: found above each catalog (or given with --config), every key honoured, unknown
/// keys and rule ids refused at their line, flags beating the file.
@Suite struct ConfigFileTests {
    @Test func disablesARuleAndRaisesAnother() throws {
        let root = try ValidateFixtures.showcase(
            config: """
                disabled_rules: [scale.gap]
                severity:
                  variant.unreachable: error
                """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let plain = try Adapt.run(["validate", "--format", "xcode", "--config", "/dev/null", "Showcase.xcassets"], in: root)
        #expect(ValidateFixtures.codes(plain.stderr).contains("scale.gap"))
        let run = try Adapt.run(["validate", "--format", "xcode", "Showcase.xcassets"], in: root)
        #expect(run.status == 1)
        #expect(!ValidateFixtures.codes(run.stderr).contains("scale.gap"))
        #expect(run.stderr.contains("error: entry 0 of 'Legacy'"))
    }

    @Test func isFoundByWalkingUpFromTheCatalog() throws {
        let root = try ValidateFixtures.showcase()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/App/Resources", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: root + "/Showcase.xcassets", toPath: root + "/App/Resources/Showcase.xcassets")
        try "disabled_rules: [variant.unreachable, scale.gap, variant.precedence-dependent]\n".write(
            toFile: root + "/.adapt.yml", atomically: true, encoding: .utf8)
        let run = try Adapt.run(["validate", "App/Resources/Showcase.xcassets"], in: root)
        #expect(run.status == 0)
        #expect(run.stdout.contains("0 errors, 0 warnings"), "\(run.stderr)")
    }

    /// A configuration written before `set.orphan-file` was merged into `set.unassigned` keeps
    /// working: the old id names the new rule.
    @Test func aRenamedRuleIdStillNamesItsRule() throws {
        let root = try ValidateFixtures.showcase(config: "disabled_rules: [set.orphan-file]\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/Showcase.xcassets/Logo.imageset/stray.png"))
        let run = try Adapt.run(["validate", "--images", "none", "--format", "xcode", "Showcase.xcassets"], in: root)
        #expect(!run.stderr.contains("config.invalid"), "\(run.stderr)")
        #expect(!ValidateFixtures.codes(run.stderr).contains("set.unassigned"), "\(run.stderr)")
        let plain = try Adapt.run(["validate", "--images", "none", "--format", "xcode", "--config", "/dev/null", "Showcase.xcassets"], in: root)
        #expect(ValidateFixtures.codes(plain.stderr).contains("set.unassigned"), "the stray file is a finding: \(plain.stderr)")
    }

    @Test func flagsOverrideTheFile() throws {
        let root = try ValidateFixtures.showcase(config: "strict: true\nimages: none\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Adapt.run(["validate", "Showcase.xcassets"], in: root).status == 1, "strict: true makes warnings fail")
        #expect(try Adapt.run(["validate", "--no-strict", "Showcase.xcassets"], in: root).status == 0)
    }

    @Test func excludedPathsAreNotReported() throws {
        let root = try ValidateFixtures.showcase(config: "excluded: [Showcase.xcassets/Legacy.imageset, \"Showcase.xcassets/Ol*\"]\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Adapt.run(["validate", "--format", "xcode", "Showcase.xcassets"], in: root)
        #expect(!run.stderr.contains("Legacy.imageset") && !run.stderr.contains("Old.imageset"))
        let one = try ValidateFixtures.showcase(config: "excluded: [Showcase.xcassets/Legacy.imageset]\n")
        defer { try? FileManager.default.removeItem(atPath: one) }
        #expect(try Adapt.run(["validate", "--format", "xcode", "Showcase.xcassets"], in: one).stderr.contains("Old.imageset"))
        let whole = try ValidateFixtures.showcase(config: "excluded: [Showcase.xcassets]\n")
        defer { try? FileManager.default.removeItem(atPath: whole) }
        #expect(try Adapt.run(["validate", "Showcase.xcassets"], in: whole).stdout.contains("0 catalogs validated"))
    }

    @Test(arguments: [
        ("disabled_rules: [scale.gap]\nbogus: 1\n", ".adapt.yml:2:1: error: unknown key 'bogus'"),
        ("disabled_rules:\n  - variant.unreachable\n  - no.such-rule\n", ".adapt.yml:3:5: error: unknown rule id 'no.such-rule'"),
        ("severity: {scale.gap: fatal}\n", ".adapt.yml:1:23: error: the severity of scale.gap must be error or warning"),
        ("policy.scales: {requird: [2x]}\n", ".adapt.yml:1:17: error: unknown option 'requird' of policy.scales"),
        ("scale.gap: {max: 1}\n", ".adapt.yml:1:1: error: rule scale.gap takes no options"),
        ("images: some\n", ".adapt.yml:1:9: error: images takes full, walk or none"),
    ])
    func mistakesNameTheFileLineAndKey(config: String, message: String) throws {
        let root = try ValidateFixtures.showcase(config: config)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Adapt.run(["validate", "Showcase.xcassets"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("[config.invalid]"))
    }

    @Test func devicesFileAddsProfiles() throws {
        let root = try ValidateFixtures.showcase(config: "devices: missing-devices.json\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Adapt.run(["validate", "Showcase.xcassets"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("missing-devices.json"))
    }

    @Test func aFolderStandsForTheCatalogsInside() throws {
        let root = try ValidateFixtures.showcase(config: "disabled_rules: [scale.gap]\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Adapt.run(["validate", "--format", "github", "."], in: root)
        #expect(run.stderr.contains("1 catalog validated"))
        #expect(run.stdout.contains("file=Showcase.xcassets/Legacy.imageset/Contents.json"))
        #expect(!run.stdout.contains("scale.gap"))
    }
}
