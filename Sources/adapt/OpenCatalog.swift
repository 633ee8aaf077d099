import AdaptiveAssets

/// Opens a catalog in either form (`CatalogSource.open`) or fails (exit 1) with its diagnostic.
func openCatalog(_ path: String) throws -> OpenedCatalog {
    do { return try CatalogSource.open(path) } catch { throw CommandFailure(error.diagnostic) }
}
