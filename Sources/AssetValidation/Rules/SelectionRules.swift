import AssetCatalog
import AssetSelection
import DeviceProfiles

/// The rules that come from the selection rule itself, checked against every trait set a known
/// device can be in:
/// - `variant.duplicate`: two entries with identical attributes; only the first can ever win.
/// - `variant.precedence-dependent`: for some trait set, the winner beats another candidate only
///   because an earlier axis outranks a later one on which the other is better.
/// - `scale.gap`: the same, where the loser had the device's exact scale (the winner is upscaled).
/// - `variant.unreachable`: an entry no device ever selects.
///
/// App icon sets are left out: their slots differ in size and role, which are not selection
/// axes, so the rule sees them as ties (see the closing note on SELECTION.md).
struct SelectionRules {
    let index: AssetIndex
    let reachable: ReachableTraitSets

    func check() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var projections: [Set<TraitAxis>: [(traits: TraitCollection, device: DeviceProfile)]] = [:]
        for (position, asset) in index.catalog.assets.enumerated()
        where asset.type.hasSelectableVariants && asset.type != .appIconSet {
            diagnostics += duplicates(asset)
            let axes = index.declaredAxes(assetAt: position)
            let sets = projections[axes] ?? reachable.projected(onto: axes)
            projections[axes] = sets
            diagnostics += precedenceAndReachability(position, asset, sets)
        }
        return diagnostics
    }

    private func duplicates(_ asset: Asset) -> [Diagnostic] {
        var firstWithAttributes: [[String]: Variant] = [:]
        var diagnostics: [Diagnostic] = []
        for variant in asset.variants where variant.isSelectable {
            let key = variant.attributeStrings()
            if let first = firstWithAttributes[key] {
                diagnostics.append(Diagnostic(
                    .warning, "entry \(variant.index) of '\(asset.name)' (\(variant.filename ?? "colour")) has the same attributes as entry \(first.index) (\(first.filename ?? "colour")): only the first can ever be chosen",
                    code: "variant.duplicate", at: variant.location))
            } else {
                firstWithAttributes[key] = variant
            }
        }
        return diagnostics
    }

    private func precedenceAndReachability(_ position: Int, _ asset: Asset,
                                           _ sets: [(traits: TraitCollection, device: DeviceProfile)]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reached: Set<Int> = []
        var reportedPairs: Set<[Int]> = []
        for (traits, device) in sets {
            let candidates = index.candidates(assetAt: position, for: traits)
            guard let winnerPosition = index.resolve(assetAt: position, for: traits)?.variant,
                let winner = candidates.first(where: { $0.variant == winnerPosition }) else { continue }
            reached.insert(winnerPosition)
            for other in candidates where other.variant != winnerPosition {
                let betterAxes = other.axes(betterThan: winner)
                guard !betterAxes.isEmpty, reportedPairs.insert([winnerPosition, other.variant]).inserted else { continue }
                let decidingAxis = winner.axes(betterThan: other).first!
                let w = asset.variants[winnerPosition], o = asset.variants[other.variant]
                let onlyScale = betterAxes == [.displayScale] && o.scale == traits.displayScale
                let example = "e.g. \(device.name) with \(traits.summary)"
                if onlyScale {
                    diagnostics.append(Diagnostic(
                        .warning, "scale gap in '\(asset.name)': \(w.filename ?? "entry \(w.index)") (\(w.scale.map { "\($0)x" } ?? "any scale")) is shown upscaled on @\(traits.displayScale ?? 0)x devices because it wins on \(decidingAxis), although \(o.filename ?? "entry \(o.index)") has the exact scale; add a @\(traits.displayScale ?? 0)x image with \(w.attributeStrings(excluding: ["scale"]).joined(separator: " ")) (\(example))",
                        code: "scale.gap", at: w.location))
                } else {
                    diagnostics.append(Diagnostic(
                        .warning, "in '\(asset.name)', \(w.filename ?? "entry \(w.index)") is chosen over \(o.filename ?? "entry \(o.index)") because \(decidingAxis) outranks \(betterAxes.map(\.description).joined(separator: ", ")), on which the other is better (\(example)); if that is not intended, add a variant that matches both",
                        code: "variant.precedence-dependent", at: w.location))
                }
            }
        }
        for (variantPosition, variant) in asset.variants.enumerated() where variant.isSelectable && !reached.contains(variantPosition) {
            diagnostics.append(Diagnostic(
                .warning, "entry \(variant.index) of '\(asset.name)' (\(variant.filename ?? variant.color?.summary ?? "")) is never chosen on any known device",
                code: "variant.unreachable", at: variant.location))
        }
        return diagnostics
    }
}
