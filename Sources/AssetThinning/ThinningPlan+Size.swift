import AssetCatalog

extension ThinningPlan {
    /// The bytes this device's slice of `catalog` holds: the kept files of every asset (each file
    /// once), and whole folders for types kept whole, summed as `SliceManifest` does.
    public func keptBytes(in catalog: Catalog) -> Int {
        let sizes = FileSizes()
        return assets.reduce(0) { total, plan in
            let asset = catalog.assets[plan.asset]
            if plan.keptWhole { return total + sizes.treeSize(of: asset.path) }
            if plan.droppedWhole { return total }
            let kept = Set(plan.kept.compactMap { asset.variants[$0].fileProblem == nil ? asset.variants[$0].filename : nil })
            return total + kept.reduce(0) { $0 + sizes.size(of: asset.path + "/" + $1) }
        }
    }
}
