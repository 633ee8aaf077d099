import AssetCatalog
import ImageChecks
import PNGInspection

/// The image checks as the validator runs them (`CatalogImageChecker`, whose rules these are, with
/// the PNG checks' rules on every PNG): skipped under `--images none`, and when every image and PNG
/// rule is turned off.
package struct ImageRules: CatalogRuleFamily {
    package static var rules: [RuleID] { CatalogImageChecker.rules }
    package static var checkedRules: [RuleID] { CatalogImageChecker.rules + PNGInspector.rules }

    var checker: CatalogImageChecker

    package init?(_ validator: Validator) {
        guard validator.imageChecks != .none else { return nil }
        var inspector = PNGInspector()
        inspector.decodes = validator.imageChecks == .full
        checker = CatalogImageChecker(inspector: inspector, concurrency: validator.concurrency)
    }

    package func check(_ catalog: Catalog) -> [Diagnostic] {
        checker.check(catalog).diagnostics
    }
}
