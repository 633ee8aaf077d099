import AssetCatalog
import AssetValidation
import CatalogFixtures
import DeviceProfiles
import Foundation
import ImageChecks
import PNGInspection
import Testing

/// The validator runs its rule families in one loop, and skips a family whose rules the settings
/// all turn off: its work is saved, not only its findings dropped.
@Suite struct RuleFamilyTests {
    /// How often the counting family was asked to check. Only `aFamilyWhoseRulesAreAllOffIsNotRun`
    /// runs the family, so tests running in parallel do not share the count.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        func take() -> Int {
            lock.withLock {
                defer { count = 0 }
                return count
            }
        }
    }

    /// A family of one default rule and one opt-in rule that counts its checks and finds nothing:
    /// whether it ran cannot be seen in the findings, only in the count.
    struct CountingFamily: CatalogRuleFamily {
        static let rules: [RuleID] = [.setUnassigned, .policyEmptySlot]
        static let calls = Calls()

        init(_ validator: Validator) {}
        func check(_ catalog: Catalog) -> [Diagnostic] {
            Self.calls.add()
            return []
        }
        func check(together catalogs: [Catalog]) -> [Diagnostic] {
            Self.calls.add()
            return []
        }
    }

    @Test func aFamilyWhoseRulesAreAllOffIsNotRun() throws {
        let fixture = try TemporaryCatalog()
        try fixture.addSet("A.imageset", entries: [["idiom": "universal", "filename": "a.png"]], files: ["a.png"])
        let catalog = try fixture.read()
        var validator = Validator(devices: try DeviceDatabase.builtIn(), imageChecks: .none)
        validator.families = [CountingFamily.self]
        func calls() -> Int {
            _ = validator.validate([catalog, catalog])
            return CountingFamily.calls.take()
        }
        // On by default: a check per catalog, and one over both.
        #expect(calls() == 3)
        // The default rule disabled, the opt-in one not opted into: every rule off, nothing runs.
        validator.settings.disabled = ["set.unassigned"]
        #expect(calls() == 0)
        // One rule on again runs the family.
        validator.settings.optIn = ["policy.empty-slot"]
        #expect(calls() == 3)
    }

    /// The validator's own families: the opt-in policies are skipped unless one is opted into, and
    /// every family is skipped under a configuration that turns all of its checked rules off.
    @Test func theStandardFamiliesAreSkippedByTheirRules() throws {
        var validator = Validator(devices: try DeviceDatabase.builtIn(), imageChecks: .full)
        func runs(_ family: any CatalogRuleFamily.Type) -> Bool {
            validator.runningFamilies.contains { ObjectIdentifier($0) == ObjectIdentifier(family) }
        }
        #expect(validator.runningFamilies.count == Validator.standardFamilies.count - 1 && !runs(PolicyRules.self))
        validator.settings.optIn = ["policy.name"]
        #expect(runs(PolicyRules.self))
        validator.settings.disabled = Set(SelectionRules.rules.map(\.id))
        #expect(!runs(SelectionRules.self) && runs(SetContentsRules.self))
        // The image checks run the PNG checks too: they stop only when both families' rules are off.
        validator.settings.disabled = Set(CatalogImageChecker.rules.map(\.id))
        #expect(runs(ImageRules.self))
        validator.settings.disabled.formUnion(PNGInspector.rules.map(\.id))
        #expect(!runs(ImageRules.self))
    }
}
