import AssetSelection
import DeviceProfiles

/// A device's trait sets as an asset that declares some axes (and locales) sees them: its
/// thinning trait sets and its windows, each list made once and kept. Assets that declare the
/// same axes see the same lists, and so do other catalogs planned for the same device: both
/// sides of `adapt diff` plan every device kind of the platform, and the lists cost more than
/// the plans that read them.
package struct DeviceTraitSets {
    /// The device the lists are for.
    package let device: DeviceProfile
    private let reachable: [DeviceProfile.ReachableTraitSet]
    /// The axes on which the device's windows and appearances differ: an asset that declares
    /// none of them sees all of them alike, as the first (most assets: their idiom and scale).
    private let varying: Set<TraitAxis>
    private var thinning: [ThinningKey: [TraitCollection]] = [:]
    private var windows: [Set<TraitAxis>: [Window]] = [:]

    /// One of the device's windows in one appearance, projected onto an asset's axes, labelled
    /// with the first window and appearance that gives it.
    package struct Window {
        package var traits: TraitCollection
        package var label: String
    }

    private struct ThinningKey: Hashable {
        var axes: Set<TraitAxis>
        var locales: [String]
    }

    package init(_ device: DeviceProfile) {
        self.device = device
        let reachable = device.reachableTraitSets()
        self.reachable = reachable
        varying = Set(
            TraitAxis.allCases.filter { axis in reachable.contains { !$0.traits.agrees(with: reachable[0].traits, on: axis) } })
    }

    /// `device.thinningTraitSets(declaring: axes, locales: locales)`, made once.
    package mutating func thinningSets(declaring axes: Set<TraitAxis>, locales: [String]) -> [TraitCollection] {
        let key = ThinningKey(axes: axes, locales: locales)
        if let known = thinning[key] { return known }
        let sets = device.thinningTraitSets(declaring: axes, locales: locales)
        thinning[key] = sets
        return sets
    }

    /// The device's windows in each appearance, as an asset declaring `axes` sees them, once each.
    package mutating func windowSets(projectedOnto axes: Set<TraitAxis>) -> [Window] {
        if let known = windows[axes] { return known }
        let made: [Window]
        if axes.isDisjoint(with: varying) {
            made = reachable.prefix(1).map { Self.window($0, seenAs: $0.traits.projected(onto: axes)) }
        } else {
            var seen: Set<TraitCollection> = []
            made = reachable.compactMap { set in
                let projected = set.traits.projected(onto: axes)
                return seen.insert(projected).inserted ? Self.window(set, seenAs: projected) : nil
            }
        }
        windows[axes] = made
        return made
    }

    /// `set`, seen by an asset as `projected`, labelled with its window and appearance.
    private static func window(_ set: DeviceProfile.ReachableTraitSet, seenAs projected: TraitCollection) -> Window {
        let traits = set.traits
        return Window(
            traits: projected,
            label: "\(set.window.label), \(traits.userInterfaceStyle?.rawValue ?? "")"
                + " \(traits.accessibilityContrast?.rawValue ?? "") contrast, \(traits.layoutDirection?.rawValue ?? "")")
    }
}
