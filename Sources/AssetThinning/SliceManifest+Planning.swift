import AdaptSupport
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
    package static func planned(
        _ plans: [ThinningPlan], of catalog: Catalog,
        concurrency: Int? = nil
    ) -> [SliceManifest] {
        var firstWithSlice: [[[Int]]: String] = [:]
        let sharedWith: [String?] = plans.map { plan in
            let key = plan.assets.map(\.kept)
            let shared = firstWithSlice[key]
            if shared == nil { firstWithSlice[key] = plan.device.id }
            return shared
        }
        // Devices with equal plans get equal manifests: build each once (the lineup has many such devices).
        var firstWithPlan: [[ThinningPlan.AssetPlan]: Int] = [:]
        let original: [Int] = plans.indices.map { position in
            if let first = firstWithPlan[plans[position].assets] { return first }
            firstWithPlan[plans[position].assets] = position
            return position
        }
        let sizes = FileSizes()
        let entries = variantEntries(of: catalog)
        let built = Array(plans.indices.filter { original[$0] == $0 }).concurrentMap(concurrency: concurrency) { position in
            (position, SliceManifest(plan: plans[position], catalog: catalog, entries: entries, sizes: sizes, sharedWith: nil))
        }
        let byPosition = Dictionary(built, uniquingKeysWith: { first, _ in first })
        return plans.indices.map { position in
            var manifest = byPosition[original[position]]!
            manifest.device = plans[position].device
            manifest.sharedWith = sharedWith[position]
            return manifest
        }
    }
}
