import AssetCatalog
import AssetSelection
import DeviceProfiles

extension Catalog {
    /// The kinds of device the catalog's app is for, as its app icon sets say (an iPhone icon, a Mac
    /// icon, a single-size iOS icon), or nil when it has none: a library's or a widget's catalog,
    /// which any device may load. Validation asks only these devices what they show, so that a Mac
    /// app's @2x images are not reported as upscaled on an iPhone it never runs on.
    public var targetIdioms: Set<UserInterfaceIdiom>? {
        var idioms: Set<UserInterfaceIdiom> = []
        for asset in assets where asset.type == .appIconSet {
            for variant in asset.variants where !variant.isEmptySlot {
                switch variant.idiom {
                case .device(let idiom): idioms.insert(idiom)
                case .storeOnly: break  // the store's icon tells nothing of the devices
                case .universal:
                    switch variant.impliedPlatform {
                    case .ios?: idioms.formUnion([.phone, .pad])
                    case .watchos?: idioms.insert(.watch)
                    case .tvos?: idioms.insert(.tv)
                    case .macos?: idioms.insert(.mac)
                    case .visionos?: idioms.insert(.vision)
                    case nil: break
                    }
                }
            }
        }
        return idioms.isEmpty ? nil : idioms
    }
}

extension DeviceDatabase {
    /// The devices of these idioms (all of them when `idioms` is nil or no device has one).
    func devices(for idioms: Set<UserInterfaceIdiom>?) -> DeviceDatabase {
        guard let idioms else { return self }
        let chosen = devices.filter { idioms.contains($0.idiom) }
        return chosen.isEmpty ? self : DeviceDatabase(devices: chosen)
    }
}
