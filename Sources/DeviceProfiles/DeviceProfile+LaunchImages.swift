import AssetCatalog

extension DeviceProfile {
    /// The `subtype` Xcode's launch image sets give this phone's screen: its height in pixels
    /// (`667h`, `736h`, `2436h`, ...), `retina4` for 4-inch phones, "" for 3.5-inch ones (their
    /// entries have no subtype), and nil for a screen that launch images have no slot for (every
    /// phone after iOS 12's, which use launch storyboards) or a device that is not a phone.
    package var launchImageSubtype: String? {
        guard idiom == .phone else { return nil }
        switch (screen.height, displayScale) {
        case (480, _): return ""
        case (568, _): return Variant.fourInchSubtype
        case (667, _): return "667h"
        case (736, _): return "736h"
        case (812, _): return "2436h"
        case (896, 2): return "1792h"
        case (896, 3): return "2688h"
        default: return nil
        }
    }

    /// Whether this device shows a launch image entry at all (rule 2.1): an iPhone entry is for the
    /// one screen its `subtype` names, and only that phone keeps it; other entries (iPad's) are
    /// left to the rule's idiom axis.
    ///
    /// ```swift
    /// iphone6.showsLaunchImage(entry)   // true for `"idiom": "iphone", "subtype": "667h"`, false for "736h"
    /// ```
    package func showsLaunchImage(_ variant: Variant) -> Bool {
        guard idiom == .phone, variant.idiom == .device(.phone) else { return true }
        guard let own = launchImageSubtype else { return false }
        return (variant.subtype ?? "") == own
    }
}
