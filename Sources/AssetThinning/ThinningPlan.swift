import AssetCatalog
import AssetSelection
import DeviceProfiles

/// What one device's slice of a catalog keeps: per asset, exactly the variants that win, slot by
/// slot, for at least one of the device's thinning trait sets (docs/Selection.md, "Thinning follows from the
/// rule"): its fixed traits (and each hosted idiom and display scale) × every value of each
/// run-time trait, unspecified included, × each catalog locale that can change the asset's
/// answers (those its variants name; any other catalog locale shows what no locale shows).
///
/// Lossless, because every thinning trait set's winner is kept, and declaration order among the
/// kept entries is unchanged, so resolving against the slice picks the same file. Minimal,
/// because nothing else is kept.
///
/// ```swift
/// let index = AssetIndex(try CatalogReader().read(at: path))
/// let plan = ThinningPlan(index: index, device: database.profile(matching: "iPhone7,2")!)
/// plan.assets[0].kept      // variant positions
/// ```
public struct ThinningPlan: Sendable {
    /// The device the plan is for.
    public let device: DeviceProfile
    /// One plan per asset, in catalog order.
    public let assets: [AssetPlan]

    /// What the slice keeps of one asset.
    public struct AssetPlan: Hashable, Sendable {
        /// Position in `catalog.assets`.
        public var asset: Int
        /// Variant positions kept, in declaration order.
        public var kept: [Int]
        /// How many variants the asset has; the dropped ones are the rest.
        public var variantCount: Int
        /// The device's windows (in each appearance) in which the asset shows nothing, as
        /// `summary` strings: the slice keeps what the catalog has, but the app finds nothing there.
        public var unmatched: [String]
        /// Types whose variants this tool does not select (image stacks, ...): kept whole.
        public var keptWhole: Bool
        /// A type kept whole elsewhere that this device never shows (a tvOS brand asset on a
        /// phone): left out of the slice entirely.
        public var droppedWhole = false

        /// Variant positions dropped, in declaration order (derived: plans for every device stay small).
        public var dropped: [Int] {
            var kept = self.kept[...]
            return (0..<variantCount).filter { position in
                if kept.first == position {
                    kept.removeFirst()
                    return false
                }
                return true
            }
        }
    }

    /// A plan put back together from its parts (`ThinningPlans.plan(at:)`).
    package init(device: DeviceProfile, assets: [AssetPlan]) {
        self.device = device
        self.assets = assets
    }

    /// Plans `device`'s slice: asks the rule for every asset in every trait set the device can be in.
    public init(index: AssetIndex, device: DeviceProfile) {
        var traitSets = DeviceTraitSets(device)
        self.init(index: index, traitSets: &traitSets)
    }

    /// Plans `traitSets.device`'s slice with the trait-set lists made so far (for other assets
    /// or other catalogs), keeping the ones it makes for the next plan of the same device.
    package init(index: AssetIndex, traitSets: inout DeviceTraitSets) {
        let device = traitSets.device
        self.device = device
        var plans: [AssetPlan] = []
        plans.reserveCapacity(index.catalog.assets.count)
        var won: [Bool] = []
        for (position, asset) in index.catalog.assets.enumerated() {
            guard asset.type.hasSelectableVariants else {
                let shown = Self.canShow(asset, on: device)
                var plan = AssetPlan(
                    asset: position, kept: shown ? Array(asset.variants.indices) : [], variantCount: asset.variants.count,
                    unmatched: [], keptWhole: shown)
                plan.droppedWhole = !shown
                plans.append(plan)
                continue
            }
            let axes = index.declaredAxes(assetAt: position)
            let sets = traitSets.thinningSets(declaring: axes, locales: axes.contains(.locale) ? index.locales(relevantToAssetAt: position) : [])
            won.removeAll(keepingCapacity: true)
            won.append(contentsOf: repeatElement(false, count: asset.variants.count))
            index.markWinners(assetAt: position, for: sets, in: &won)
            if asset.type == .launchImage {
                // Rule 2.1: each launch image slot is for one screen; a device keeps its own screen's.
                for variant in won.indices where won[variant] && !device.showsLaunchImage(asset.variants[variant]) { won[variant] = false }
            }
            var unmatched: [String] = []
            for window in traitSets.windowSets(projectedOnto: axes) {
                var found = false
                index.forEachWinner(assetAt: position, for: window.traits) { _ in found = true }
                if !found { unmatched.append(window.label) }
            }
            plans.append(
                AssetPlan(
                    asset: position, kept: asset.variants.indices.filter { won[$0] },
                    variantCount: asset.variants.count, unmatched: unmatched, keptWhole: false))
        }
        self.assets = plans
    }
}

extension ThinningPlan {
    /// Whether a set kept whole (its variants are not selected among) belongs in the device's
    /// slice: its type is shown by the device's own or a hosted idiom (an `.iconset` by the Mac,
    /// stickers by iPhone and iPad, a brand asset by Apple TV), and a texture set, which any Metal device may load, has an entry for one of them and the
    /// device has Metal at all.
    ///
    /// ```swift
    /// ThinningPlan.canShow(iinaIconSet, on: iPhone)   // false: an .iconset is macOS's
    /// ```
    public static func canShow(_ asset: Asset, on device: DeviceProfile) -> Bool {
        let idioms = Set([device.idiom] + device.hostedIdioms)
        if let showing = asset.type.showingIdioms, showing.isDisjoint(with: idioms) { return false }
        guard asset.type == .textureSet || asset.type == .cubeTextureSet else { return true }
        guard !device.graphicsFeatureSets.isEmpty else { return false }
        return asset.variants.isEmpty
            || asset.variants.contains { variant in
                switch variant.idiom {
                case .universal: true
                case .device(let idiom): idioms.contains(idiom)
                case .storeOnly: false
                }
            }
    }
}

extension AssetType {
    /// The idioms that show sets of this type, for types kept whole; nil when any device may.
    /// Brand assets are for Apple TV, layered images for Apple TV and Vision Pro (which
    /// shows them), solid image stacks for Vision Pro, complications for the watch, stickers
    /// (iMessage apps) for iPhone and iPad, `.iconset` folders for the Mac: a slice for another
    /// device leaves them out, as the App Store does.
    package var showingIdioms: Set<UserInterfaceIdiom>? {
        switch self {
        case .imageStack, .imageStackLayer: [.tv, .vision]
        case .brandAssets: [.tv]
        case .solidImageStack, .solidImageStackLayer: [.vision]
        case .complicationSet: [.watch]
        case .stickerPack, .sticker, .stickerSequence, .stickersIconSet: [.phone, .pad]
        case .iconSet: [.mac]
        default: nil
        }
    }
}
