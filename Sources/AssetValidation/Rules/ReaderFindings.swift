import AssetCatalog

/// The reader's family in the validator: its findings were made while the catalog was read
/// (`Catalog.diagnostics`), and are reported first, in the order they were found.
extension CatalogReader: CatalogRuleFamily {
    package init?(_ validator: Validator) { self.init() }

    package func check(_ catalog: Catalog) -> [Diagnostic] { catalog.diagnostics }
}
