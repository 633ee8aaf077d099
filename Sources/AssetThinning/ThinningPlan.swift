import AssetCatalog
import AssetSelection
import DeviceProfiles

/// What one device's slice of a catalog keeps: per asset, exactly the variants that win for at
/// least one trait set the device can be in (SELECTION.md, "Thinning follows from the rule").
///
/// Lossless, because every reachable trait set's winner is kept, and declaration order among
/// the kept entries is unchanged, so resolving against the slice picks the same file. Minimal,
/// because nothing else is kept.
///
/// ```swift
/// let index = AssetIndex(try CatalogReader().read(at: path))
/// let plan = ThinningPlan(index: index, device: database.profile(matching: "iPhone7,2")!)
/// plan.assets[0].kept      // variant positions
/// ```
public struct ThinningPlan: Sendable {
    public let device: DeviceProfile
    public let assets: [AssetPlan]

    public struct AssetPlan: Hashable, Sendable {
        /// Position in `catalog.assets`.
        public var asset: Int
        /// Variant positions kept, in declaration order.
        public var kept: [Int]
        /// How many variants the asset has; the dropped ones are the rest.
        public var variantCount: Int
        /// Reachable trait sets for which the asset has no match, as `summary` strings.
        public var unmatched: [String]
        /// Types whose variants this tool does not select (image stacks, ...): kept whole.
        public var keptWhole: Bool

        /// Variant positions dropped, in declaration order (derived: plans for every device stay small).
        public var dropped: [Int] {
            var kept = self.kept[...]
            return (0..<variantCount).filter { position in
                if kept.first == position { kept.removeFirst(); return false }
                return true
            }
        }
    }

    public init(index: AssetIndex, device: DeviceProfile) {
        self.device = device
        let reachable = device.reachableTraitSets()
        var plans: [AssetPlan] = []
        plans.reserveCapacity(index.catalog.assets.count)
        for (position, asset) in index.catalog.assets.enumerated() {
            guard asset.type.hasSelectableVariants else {
                plans.append(AssetPlan(asset: position, kept: Array(asset.variants.indices), variantCount: asset.variants.count,
                                       unmatched: [], keptWhole: true))
                continue
            }
            var winners = Set<Int>()
            var unmatched: [String] = []
            for set in reachable {
                if let match = index.resolve(assetAt: position, for: set.traits) {
                    winners.insert(match.variant)
                } else {
                    unmatched.append("\(set.window.label), \(set.traits.userInterfaceStyle?.rawValue ?? "")"
                        + " \(set.traits.accessibilityContrast?.rawValue ?? "") contrast, \(set.traits.layoutDirection?.rawValue ?? "")")
                }
            }
            let kept = asset.variants.indices.filter { winners.contains($0) }
            plans.append(AssetPlan(asset: position, kept: kept, variantCount: asset.variants.count, unmatched: unmatched, keptWhole: false))
        }
        self.assets = plans
    }
}
