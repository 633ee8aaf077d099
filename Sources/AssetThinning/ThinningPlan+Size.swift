import AssetCatalog

extension ThinningPlan {
    /// The bytes this device's slice of `catalog` holds: the kept files of every asset (each file
    /// once), and whole folders for types kept whole, summed as the slice's `manifest.json` is.
    public func keptBytes(in catalog: Catalog) -> Int {
        let sizes = FileSizes()
        return assets.reduce(0) { total, plan in
            if plan.keptWhole { return total + sizes.treeSize(of: plan.asset, in: catalog) }
            if plan.droppedWhole { return total }
            let variants = catalog.assets[plan.asset].variants
            return total + sizes.bytes(ofVariants: plan.kept.filter { variants[$0].fileProblem == nil }, of: plan.asset, in: catalog)
        }
    }
}
