import AssetCatalog

extension SliceManifest {
    /// The manifests `adapt thin` would write for `plans`, without writing anything: the same
    /// kept and dropped variants and the same `bytesAfter`, and the same sharing (a later device
    /// whose slice is identical to an earlier one's names it in `sharedWith`). `adapt size`,
    /// `adapt report` and `adapt diff` read their download sizes from here, so they cannot disagree
    /// with the slices.
    ///
    /// ```swift
    /// let manifests = SliceManifest.planned(plans, of: catalog)
    /// manifests[0].summary.bytesAfter   // what the first device's slice holds
    /// ```
    public static func planned(_ plans: [ThinningPlan], of catalog: Catalog) -> [SliceManifest] {
        var firstWithSlice: [[[Int]]: String] = [:]
        let sizes = FileSizes()
        let entries = variantEntries(of: catalog)
        return plans.map { plan in
            let key = plan.assets.map(\.kept)
            let shared = firstWithSlice[key]
            if shared == nil { firstWithSlice[key] = plan.device.id }
            return SliceManifest(plan: plan, catalog: catalog, entries: entries, sizes: sizes, sharedWith: shared)
        }
    }
}
