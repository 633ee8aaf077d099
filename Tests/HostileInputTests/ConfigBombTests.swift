import CatalogFixtures
import Foundation
import Testing

/// Issue "Hostile input, round 2": a `.adapt.yml` of a few hundred bytes must not cost minutes.
/// Each run has a deadline and a memory cap, so a regression fails instead of stalling.
@Suite struct ConfigBombTests {
    func validate(config: String) throws -> HostileAdapt.Run {
        let fixture = try thinnableCatalog()
        try fixture.write(config, to: "../.adapt.yml")
        return try HostileAdapt.run(
            ["validate", "Test.xcassets", "--images", "none"], in: fixture.root,
            limits: "ulimit -v 2000000", deadline: 20)
    }

    /// ~600 bytes: nine aliases of nine aliases, eight deep, used as a key. Yams hashed the
    /// expanded 9⁸-node tree to check the mapping's keys for duplicates: 85 s.
    @Test func anAliasBombUsedAsAKeyIsRefusedAtOnce() throws {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        for (previous, name) in zip("abcdefg", "bcdefgh") {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append("? *h : 1")
        let run = try validate(config: lines.joined(separator: "\n") + "\n")
        #expect(!run.timedOut, "the alias bomb still expands")
        #expect(
            run.status == 1 && run.stderr.contains(".adapt.yml:1:4: error: anchors (&name) and aliases (*name) are not allowed"),
            "\(run.stderr)")
    }

    /// 200 KB: a list of 100,000 items as a key nested 900 mappings deep (`? ? ? … [z, …]`), which
    /// Yams hashed once per mapping around it. No alias needed; a minute of work.
    @Test func aLargeKeyNestedDeepIsRefusedAtOnce() throws {
        let config = "b:\n " + String(repeating: "? ", count: 900) + "[" + Array(repeating: "z", count: 100_000).joined(separator: ",") + "]\n"
        let run = try validate(config: config)
        #expect(!run.timedOut, "nested keys are still hashed")
        #expect(run.status == 1 && run.stderr.contains("[config.invalid]") && run.stderr.count < 500, "\(run.stderr.prefix(600))")
    }

    /// `devices: [iphone-6, iphone-6, …]`, 20,000 times (with aliases, 250,000 copies fit in a
    /// megabyte): each copy thinned the catalog again and printed the same error.
    @Test func aBudgetDeviceRepeatedIsMeasuredOnce() throws {
        let devices = Array(repeating: "iphone-6", count: 20_000).joined(separator: ", ")
        let run = try validate(config: "opt_in_rules: [policy.device-budget]\npolicy.device-budget: {max_bytes: 1, devices: [\(devices)]}\n")
        #expect(!run.timedOut)
        #expect(run.stderr.components(separatedBy: "[policy.device-budget]").count - 1 == 1, "\(run.stderr.prefix(600))")
    }
}
