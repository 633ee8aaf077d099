import AdaptSupport
import AssetCatalog
import AssetSelection
import DeviceProfiles

/// The family's rules, each declared with its card; the check follows.
extension RuleID {
    /// Entries of one slot with identical attributes (locale and platform included): only the first can ever win.
    public static let variantDuplicate = RuleID(
        "variant.duplicate", .warning, .selection,
        "entries of one slot with identical attributes (locale and platform included): only the first can ever win",
        reason: "Xcode builds it; the second entry is dead weight",
        bad: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}, {"idiom": "universal", "scale": "2x", "filename": "b.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}, {"idiom": "universal", "scale": "3x", "filename": "b.png"}]}"#)
    /// An entry that no device the catalog is for (plus `--devices`) ever selects; app icon entries for devices no
    /// longer made are left alone.
    public static let variantUnreachable = RuleID(
        "variant.unreachable", .warning, .selection,
        "an entry that no device the catalog is for (plus `--devices`) ever selects; app icon entries for devices no longer made are left alone",
        reason: "Xcode builds it; the entry is dead weight",
        bad: #"{"images": [{"idiom": "universal", "filename": "any.png"}, {"idiom": "universal", "filename": "never.png"}]}"#,
        good:
            #"{"images": [{"idiom": "universal", "filename": "any.png"}, {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "dark.png"}]}"#
    )
    /// Entries that differ only in keys the rule does not compare tie on every axis for some device: declaration order
    /// decides.
    public static let variantAmbiguous = RuleID(
        "variant.ambiguous", .warning, .selection,
        "entries that differ only in keys the rule does not compare tie on every axis for some device: declaration order decides",
        reason: "Xcode builds it; declaration order decides silently",
        bad: #"{"images": [{"idiom": "universal", "filename": "a.png"}, {"idiom": "universal", "display-gamut": "sRGB", "filename": "b.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "filename": "a.png"}, {"idiom": "universal", "display-gamut": "display-P3", "filename": "b.png"}]}"#)
    /// The winner beats another candidate only because an earlier axis outranks one on which the other is better.
    public static let variantPrecedenceDependent = RuleID(
        "variant.precedence-dependent", .warning, .selection,
        "the winner beats another candidate only because an earlier axis outranks one on which the other is better",
        reason: "the device shows what the rule says; it may not be what was meant",
        bad:
            #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "iphone", "scale": "2x", "filename": "phone@2x.png"}]}  (a @3x iPhone shows the universal image: scale outranks idiom)"#,
        good: #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "iphone", "scale": "3x", "filename": "phone@3x.png"}]}"#)
    /// A slot with so many variants and trait sets (thousands of locales, say) that only duplicates and reachability
    /// are checked in it.
    public static let variantAnalysisLimited = RuleID(
        "variant.analysis-limited", .note, .selection,
        "a slot with so many variants and trait sets (thousands of locales, say) that only duplicates and reachability are checked in it",
        reason: "Xcode builds it; the checks skipped are warnings at most",
        bad: "Flags.imageset/Contents.json  (10,000 entries, each with its own locale)",
        good: "Flags.imageset/Contents.json  (an entry for each of the app's 40 languages)")
    /// A device (named) shows the asset upscaled from a lower scale, because the variants that win on the earlier axes
    /// lack its scale.
    public static let scaleGap = RuleID(
        "scale.gap", .warning, .selection,
        "a device (named) shows the asset upscaled from a lower scale, because the variants that win on the earlier axes lack its scale",
        reason: "the app runs; the image is blurry on those devices",
        bad:
            #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "universal", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "d@2x.png"}]}"#,
        good:
            #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "universal", "scale": "3x", "appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "d@3x.png"}]}"#
    )
}

/// The rules that come from the selection rule itself, checked slot by slot against every device's
/// thinning trait sets (fixed traits × every run-time value × each catalog locale that can change
/// the set's answers, `AssetIndex.locales(relevantToAssetAt:)`):
/// - `variant.duplicate`: two entries of a slot with identical attributes (locale and platform
///   included); only the first can ever win.
/// - `variant.ambiguous`: for some trait set, entries that differ only in keys the rule does not
///   compare tie on every axis, so declaration order decides.
/// - `variant.precedence-dependent`: for some trait set, the winner beats another candidate only
///   because an earlier axis outranks one on which the other is better. Reported once per winner
///   and reason (deciding axis, better axes), naming the first candidate it beats that way: a set
///   of n localized and m unlocalized entries would otherwise give n × m warnings (millions, in
///   gigabytes, for a hostile one).
/// - `scale.gap`: some device shows the asset upscaled from a lower scale, because the variants
///   that win on the earlier axes lack the device's own scale (the device is named).
/// - `variant.unreachable`: an entry no device ever selects (app icon entries aside: see below).
/// - `variant.analysis-limited`: a slot too large for the checks above but duplicates and
///   reachability. Comparing every candidate for every trait set is quadratic (a slot's trait sets
///   grow with its locales): the real catalogs we know need at most 396 comparisons a slot, and a
///   hostile 10,000-locale set needed 300 million (13 s, and minutes more for larger ones).
///
/// The devices are those the catalog is for (`CatalogAudience`), compatibility hosts included,
/// all of them for a catalog without an app icon; a launch image entry is asked only of the
/// phones whose screen it is for.
package struct SelectionRules: CatalogRuleFamily {
    package static let rules: [RuleID] = [
        .variantDuplicate, .variantUnreachable, .variantAmbiguous, .variantPrecedenceDependent, .variantAnalysisLimited, .scaleGap,
    ]

    let devices: DeviceDatabase
    let deploymentTarget: DeploymentTarget
    /// Catalogs for the same devices share their trait sets.
    var traitSetsByAudience: [CatalogAudience: DeviceTraitSets] = [:]

    package init(_ validator: Validator) {
        devices = validator.devices
        deploymentTarget = validator.deploymentTarget
    }

    package mutating func check(_ catalog: Catalog) -> [Diagnostic] {
        let audience = CatalogAudience(catalog)
        let traitSets =
            traitSetsByAudience[audience]
            ?? DeviceTraitSets(audience: audience, members: audience.members(of: devices, deploymentTarget: deploymentTarget))
        traitSetsByAudience[audience] = traitSets
        return SelectionCheck(index: AssetIndex(catalog), traitSets: traitSets).check()
    }
}

/// The selection rules over one catalog, with the trait sets of the devices it is for.
struct SelectionCheck {
    let index: AssetIndex
    let traitSets: DeviceTraitSets

    /// Trait sets × variants a slot may take for the full analysis; about a tenth of a second.
    static let analysisBudget = 2_000_000

    func check() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (position, asset) in index.catalog.assets.enumerated() where asset.type.hasSelectableVariants {
            let sets = traitSets.sets(declaring: index.declaredAxes(assetAt: position), locales: index.locales(relevantToAssetAt: position))
            let slots = asset.variantsBySlot()
            var won: [Bool]?
            for (slot, members) in slots.enumerated() {
                diagnostics += duplicates(asset, members.variants)
                guard sets.count * members.variants.count > Self.analysisBudget else {
                    diagnostics += choices(position, asset, slot: slot, members: members.variants, sets)
                    continue
                }
                if won == nil {
                    var marks = Array(repeating: false, count: asset.variants.count)
                    index.markWinners(assetAt: position, for: sets.map(\.traits), in: &marks)
                    won = marks
                }
                diagnostics.append(
                    Diagnostic(
                        .variantAnalysisLimited,
                        Message.analysisLimited(
                            asset, slot: members.slot, variants: members.variants.count,
                            traitSets: sets.count),
                        subject: subject(asset, nil, slot: members.slot), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
                diagnostics += unreachable(asset, members.variants) { won![$0] }
            }
        }
        return diagnostics
    }

    private func duplicates(_ asset: Asset, _ members: [Int]) -> [Diagnostic] {
        var firstWithAttributes: [[String]: Variant] = [:]
        var diagnostics: [Diagnostic] = []
        for position in members where asset.variants[position].isSelectable {
            let variant = asset.variants[position]
            let key = variant.attributeStrings()
            if let first = firstWithAttributes[key] {
                diagnostics.append(
                    Diagnostic(
                        .variantDuplicate, Message.duplicate(asset, variant, first),
                        subject: subject(asset, variant),
                        at: variant.location))
            } else {
                firstWithAttributes[key] = variant
            }
        }
        return diagnostics
    }

    private func choices(
        _ position: Int, _ asset: Asset, slot: Int, members: [Int],
        _ sets: [(traits: TraitCollection, device: DeviceProfile)]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reached: Set<Int> = []
        var reportedTies: Set<[Int]> = []
        var reportedPrecedence: Set<PrecedenceReason> = []
        // Per variant shown upscaled: each scale it is upscaled to, with the first device and trait set.
        var gaps: [Int: [(scale: Int, device: DeviceProfile, traits: TraitCollection)]] = [:]
        var gapOrder: [Int] = []
        for (traits, device) in sets {
            let candidates = index.candidates(assetAt: position, slot: slot, for: traits)
            guard let winner = candidates.winner else { continue }
            reached.insert(winner.variant)
            let w = asset.variants[winner.variant]
            if let scale = traits.displayScale, Self.isUpscaled(w, in: asset, to: scale),
                !(gaps[winner.variant]?.contains { $0.scale == scale } ?? false)
            {
                if gaps[winner.variant] == nil { gapOrder.append(winner.variant) }
                gaps[winner.variant, default: []].append((scale, device, traits))
            }
            for other in candidates where other.variant != winner.variant {
                let o = asset.variants[other.variant]
                if other.scores == winner.scores {
                    // A tie past the last axis; identical entries are already `variant.duplicate`.
                    if w.attributeStrings() != o.attributeStrings(), reportedTies.insert([winner.variant, other.variant]).inserted {
                        diagnostics.append(
                            Diagnostic(
                                .variantAmbiguous, Message.ambiguous(asset, w, o, device: device, traits: traits),
                                subject: subject(asset, o, device: device, traits: traits), at: o.location))
                    }
                    continue
                }
                let betterAxes = other.axes(betterThan: winner)
                // A winner shown upscaled over a candidate with the device's scale is a scale gap, reported above.
                let isScaleGap = betterAxes == [.displayScale] && (w.scale ?? 0) < (traits.displayScale ?? 0) && w.scale != nil
                guard !betterAxes.isEmpty, !isScaleGap else { continue }
                let decidingAxis = winner.axes(betterThan: other).first!
                let reason = PrecedenceReason(winner: winner.variant, decidingAxis: decidingAxis, betterAxes: betterAxes)
                guard reportedPrecedence.insert(reason).inserted else { continue }
                let message = Message.precedence(asset, w, o, decidingAxis: decidingAxis, betterAxes: betterAxes, device: device, traits: traits)
                diagnostics.append(
                    Diagnostic(
                        .variantPrecedenceDependent, message,
                        subject: subject(asset, w, device: device, traits: traits),
                        at: w.location))
            }
        }
        for position in gapOrder {
            let variant = asset.variants[position]
            let found = gaps[position]!.sorted { $0.scale < $1.scale }
            // The subject names the device and trait set the message gives as its example.
            let example = Self.example(of: found)
            diagnostics.append(
                Diagnostic(
                    .scaleGap, Message.scaleGap(asset, variant, found),
                    subject: subject(asset, variant, device: example.device, traits: example.traits), at: variant.location))
        }
        return diagnostics + unreachable(asset, members) { reached.contains($0) }
    }

    /// Whether a device of `scale` that shows `variant` draws it upscaled, as Xcode would say:
    /// never a variant without a scale (drawn at each), nor vector data the set keeps
    /// (`preserves-vector-representation`), nor an app icon slot Xcode defines at other scales
    /// only (watch icons at 2x, the store icon at 1x: `AppIconSlotScales`), nor a launch image,
    /// which is one screen at one scale (a device of another scale has another screen).
    static func isUpscaled(_ variant: Variant, in asset: Asset, to scale: Int) -> Bool {
        guard let variantScale = variant.scale, variantScale < scale else { return false }
        switch asset.type {
        case .launchImage: return false
        case .appIconSet:
            return AppIconSlotScales.scales(idiom: variant.idiom.contentsValue, size: variant.size ?? "")?.contains(scale) ?? false
        default:
            let isVector = ["pdf", "svg"].contains(variant.filename?.pathExtension.lowercased() ?? "")
            return !(isVector && asset.properties.preservesVectorRepresentation)
        }
    }

    /// The example a scale gap names: the highest scale shown upscaled by a device of the trait
    /// set's own idiom (an Apple Watch for watch content), else by a device that hosts it.
    static func example(of found: [(scale: Int, device: DeviceProfile, traits: TraitCollection)])
        -> (scale: Int, device: DeviceProfile, traits: TraitCollection)
    {
        found.last { $0.device.idiom == ($0.traits.userInterfaceIdiom ?? $0.device.idiom) } ?? found[found.count - 1]
    }

    /// `variant.unreachable` for the selectable members no trait set reached.
    private func unreachable(_ asset: Asset, _ members: [Int], reached: (Int) -> Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for variantPosition in members where asset.variants[variantPosition].isSelectable && !reached(variantPosition) {
            let variant = asset.variants[variantPosition]
            // Store-only icons are never chosen on a device, and an icon entry no current device
            // picks is a legacy slot (a 1x iPhone icon, iOS 6's 57 pt icon) that Xcode and the App
            // Store accept and ignore: not worth a warning.
            if case .storeOnly = variant.idiom { continue }
            if asset.type == .appIconSet { continue }
            diagnostics.append(
                Diagnostic(
                    .variantUnreachable, Message.unreachable(asset, variant, audience: traitSets.audience),
                    subject: subject(asset, variant), at: variant.location))
        }
        return diagnostics
    }

    /// What a finding is about: the asset, the entry, and the device and trait set it names.
    private func subject(
        _ asset: Asset, _ variant: Variant?, slot: Slot? = nil, device: DeviceProfile? = nil,
        traits: TraitCollection? = nil
    ) -> Diagnostic.Subject {
        var subject = Diagnostic.Subject(
            catalog: index.catalog.path, asset: asset, variant: variant,
            device: device?.id, traitSet: traits?.summary)
        if let slot, slot != .whole { subject.slot = slot.description }
        return subject
    }

    /// Why a winner beat a candidate that is better on some axis: one warning each.
    private struct PrecedenceReason: Hashable {
        var winner: Int
        var decidingAxis: TraitAxis
        var betterAxes: [TraitAxis]
    }

    /// Axis-by-axis comparison of score lists (the rule's step 2).
}

/// Every device's thinning trait sets, once each, with the first device that has each (for
/// messages), built once per set of declared axes and relevant locales.
final class DeviceTraitSets: @unchecked Sendable {
    let audience: CatalogAudience
    let members: [CatalogAudience.Member]
    private var cache: [[String]: [(traits: TraitCollection, device: DeviceProfile)]] = [:]

    init(audience: CatalogAudience, members: [CatalogAudience.Member]) {
        self.audience = audience
        self.members = members
    }

    func sets(declaring axes: Set<TraitAxis>, locales: [String]) -> [(traits: TraitCollection, device: DeviceProfile)] {
        let key = axes.map(\.description).sorted() + ["|"] + locales
        if let cached = cache[key] { return cached }
        var positions: [TraitCollection: Int] = [:]
        var result: [(traits: TraitCollection, device: DeviceProfile)] = []
        for member in members {
            let device = member.device
            for traits in member.thinningTraitSets(declaring: axes, locales: locales) {
                guard let position = positions[traits] else {
                    positions[traits] = result.count
                    result.append((traits, device))
                    continue
                }
                // A message's example device is one of the trait set's own idiom (an iPhone for a
                // phone trait set), not the first device that hosts it (an iPad running the app).
                if result[position].device.idiom != traits.userInterfaceIdiom && device.idiom == traits.userInterfaceIdiom {
                    result[position].device = device
                }
            }
        }
        cache[key] = result
        return result
    }
}

/// The rules' messages, named so that the code above reads as the rule.
private enum Message {
    static func name(_ variant: Variant) -> String { variant.filename ?? variant.color?.summary ?? "entry \(variant.index)" }

    static func example(_ device: DeviceProfile, _ traits: TraitCollection) -> String { "e.g. \(device.name) with \(traits.summary)" }

    static func duplicate(_ asset: Asset, _ variant: Variant, _ first: Variant) -> String {
        "entry \(variant.index) of '\(asset.name)' (\(name(variant))) has the same attributes as entry \(first.index) (\(name(first))): only the first can ever be chosen"
    }

    static func scaleGap(_ asset: Asset, _ winner: Variant, _ found: [(scale: Int, device: DeviceProfile, traits: TraitCollection)]) -> String {
        let attributes = winner.attributeStrings(excluding: ["scale"]).joined(separator: " ")
        let scales = found.map { "@\($0.scale)x" }.joined(separator: " and ")
        let first = SelectionCheck.example(of: found)
        return
            "scale gap in '\(asset.name)': \(scales) devices show \(name(winner)) (\(winner.scale ?? 0)x) upscaled, because no variant with \(attributes) has their scale; add a \(scales) image with \(attributes) (\(example(first.device, first.traits)))"
    }

    static func ambiguous(_ asset: Asset, _ winner: Variant, _ other: Variant, device: DeviceProfile, traits: TraitCollection) -> String {
        "in '\(asset.name)', \(name(other)) ties with \(name(winner)) on every axis the rule compares (\(example(device, traits))), so the first declared, \(name(winner)), is always chosen"
    }

    static func precedence(
        _ asset: Asset, _ winner: Variant, _ other: Variant, decidingAxis: TraitAxis, betterAxes: [TraitAxis],
        device: DeviceProfile, traits: TraitCollection
    ) -> String {
        "in '\(asset.name)', \(name(winner)) is chosen over \(name(other)) because \(decidingAxis) outranks \(betterAxes.map(\.description).joined(separator: ", ")), on which the other is better (\(example(device, traits))); if that is not intended, add a variant that matches both"
    }

    static func analysisLimited(_ asset: Asset, slot: Slot, variants: Int, traitSets: Int) -> String {
        let place = slot == .whole ? "'\(asset.name)'" : "slot \(slot) of '\(asset.name)'"
        // App icon entries are never reported unreachable (see `unreachable`), so only duplicates are left.
        let checked = asset.type == .appIconSet ? "only duplicates are" : "only duplicates and unreachable variants are"
        return "\(place) has \(variants) variants to choose among for \(traitSets) trait sets: too many to compare each choice, so "
            + "\(checked) checked there (not ambiguity, precedence or scale gaps)"
    }

    /// Names the kinds of device asked (validation asks only those the catalog is for), so the
    /// message is never read as "no device at all".
    static func unreachable(_ asset: Asset, _ variant: Variant, audience: CatalogAudience) -> String {
        "entry \(variant.index) of '\(asset.name)' (\(name(variant))) is never chosen on any device the catalog is for "
            + "(\(audience.summary))"
    }
}
