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
        reachable = device.reachableTraitSets()
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
        var seen: Set<TraitCollection> = []
        let made = reachable.compactMap { set -> Window? in
            let projected = set.traits.projected(onto: axes)
            guard seen.insert(projected).inserted else { return nil }
            let traits = set.traits
            return Window(
                traits: projected,
                label: "\(set.window.label), \(traits.userInterfaceStyle?.rawValue ?? "")"
                    + " \(traits.accessibilityContrast?.rawValue ?? "") contrast, \(traits.layoutDirection?.rawValue ?? "")")
        }
        windows[axes] = made
        return made
    }
}
