import AssetCatalog
import AssetSelection
import DeviceProfiles

/// Which devices a catalog is for (rule 2.1, last section): validation asks "is this variant ever
/// shown, is this asset ever upscaled" of these devices and nothing else, so that a Mac app's @2x
/// images are not reported as upscaled on an iPhone it never runs on, and an iPhone app's 1x image
/// is not unreachable while an iPad 2 runs the app at 1x.
///
/// ```swift
/// let audience = CatalogAudience(catalog)          // an iPhone app's catalog
/// audience.kinds                                   // [.phone]
/// audience.members(of: database, deploymentTarget: DeploymentTarget())
///     // every iPhone as itself, every iPad running it as a phone app at the iPad's scale,
///     // the Mac and Vision Pro running it as a phone app at 2x
/// ```
package struct CatalogAudience: Hashable, Sendable {
    /// The kinds of device the app is for: those its app icons, brand assets and image stacks
    /// name, and every kind an entry's own idiom or platform names (a watch image in an iPhone
    /// app's catalog is for its watch extension). nil for a catalog without any of them (a
    /// library's or a widget's), which every kind of device may load.
    package var kinds: Set<UserInterfaceIdiom>?

    package init(kinds: Set<UserInterfaceIdiom>?) {
        self.kinds = kinds
    }

    package init(_ catalog: Catalog) {
        var apps: Set<UserInterfaceIdiom> = []
        var named: Set<UserInterfaceIdiom> = []
        for asset in catalog.assets {
            switch asset.type {
            case .brandAssets, .imageStack: apps.insert(.tv)
            case .solidImageStack: apps.insert(.vision)
            default: break
            }
            for variant in asset.variants where !variant.isEmptySlot {
                let idioms = Self.idioms(of: variant)
                if asset.type == .appIconSet { apps.formUnion(idioms) } else { named.formUnion(idioms) }
            }
        }
        kinds = apps.isEmpty ? nil : apps.union(named)
    }

    /// The kinds of device an entry names by its idiom, or by its platform when it is universal.
    /// Store-only idioms name none: the store's icon says nothing of the devices.
    static func idioms(of variant: Variant) -> Set<UserInterfaceIdiom> {
        switch variant.idiom {
        case .device(let idiom): return [idiom]
        case .storeOnly: return []
        case .universal:
            switch variant.impliedPlatform {
            case .ios?: return [.phone, .pad]
            case .watchos?: return [.watch]
            case .tvos?: return [.tv]
            case .macos?: return [.mac]
            case .visionos?: return [.vision]
            case nil: return []
            }
        }
    }

    /// One device validation asks, and the idiom it runs the app with: its own, or, as a
    /// compatibility host, the app's (an iPad running an iPhone app).
    package struct Member: Hashable, Sendable {
        package var device: DeviceProfile
        /// nil: the device's own idiom (and the content it hosts).
        package var hostedIdiom: UserInterfaceIdiom?
    }

    /// The devices of the database that run the app, retired ones left out by `deploymentTarget`:
    /// each device of the app's kinds as itself; every iPad running an iPhone app (as a phone,
    /// at the iPad's own scale); Apple silicon Macs and Vision Pro running an iPhone or iPad app
    /// (as that idiom, at 2x).
    package func members(of database: DeviceDatabase, deploymentTarget: DeploymentTarget) -> [Member] {
        let devices = database.devices.filter(deploymentTarget.admits)
        guard let kinds else { return devices.map { Member(device: $0) } }
        var members = devices.filter { kinds.contains($0.idiom) }.map { Member(device: $0) }
        for device in devices {
            for hosted in Self.compatibilityIdioms(of: device) where kinds.contains(hosted) && !kinds.contains(device.idiom) {
                members.append(Member(device: device, hostedIdiom: hosted))
            }
        }
        // A database without any device of these kinds (a user's own file) still gets an answer.
        return members.isEmpty ? devices.map { Member(device: $0) } : members
    }

    /// The idioms whose apps a device runs besides its own: iPads run iPhone apps; Apple silicon
    /// Macs and Vision Pro run iPhone and iPad apps.
    static func compatibilityIdioms(of device: DeviceProfile) -> [UserInterfaceIdiom] {
        switch device.idiom {
        case .pad: [.phone]
        case .mac, .vision: [.phone, .pad]
        default: []
        }
    }

    /// How messages name the devices asked.
    package var summary: String {
        guard let kinds else { return "every device profile (the catalog has no app icon)" }
        var text = kinds.sorted().map(\.rawValue).joined(separator: ", ") + " devices"
        if kinds.contains(.phone) || kinds.contains(.pad) { text += ", and the iPads, Macs and Vision Pro that run the app" }
        return text
    }
}

extension CatalogAudience.Member {
    /// The member's thinning trait sets (`DeviceProfile.thinningTraitSets`); a compatibility
    /// host's are its own screen's with the app's idiom, at 2x on a Mac or Vision Pro.
    func thinningTraitSets(declaring axes: Set<TraitAxis>, locales: [String]) -> [TraitCollection] {
        let own = device.thinningTraitSets(declaring: axes, locales: locales)
        guard let hostedIdiom else { return own }
        var seen: Set<TraitCollection> = []
        var result: [TraitCollection] = []
        for var traits in own where traits.userInterfaceIdiom == nil || traits.userInterfaceIdiom == device.idiom {
            // Only the host's own screen: not the content it hosts for another one.
            if traits.userInterfaceIdiom == nil, traits.displayScale.map({ !device.displayScales.contains($0) }) ?? false { continue }
            if traits.userInterfaceIdiom != nil { traits.userInterfaceIdiom = hostedIdiom }
            if device.idiom != .pad, traits.displayScale != nil { traits.displayScale = 2 }
            if seen.insert(traits).inserted { result.append(traits) }
        }
        return result
    }
}
