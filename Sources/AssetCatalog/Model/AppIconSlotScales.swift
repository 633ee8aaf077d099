/// The scales at which Xcode's app icon template defines each slot (idiom and point size), from
/// Xcode's "All Sizes" app icon sets for iOS, iPadOS, CarPlay, macOS and watchOS. A slot Xcode
/// defines at one scale only (iPad's 83.5 pt at 2x, every watch size at 2x, the 1024 pt store
/// icon at 1x) is never drawn at another, so no device "upscales" it.
///
/// ```swift
/// AppIconSlotScales.scales(idiom: "ipad", size: "83.5x83.5")   // [2]
/// AppIconSlotScales.scales(idiom: "watch", size: "44x44")     // [2]
/// AppIconSlotScales.scales(idiom: "iphone", size: "13x13")    // nil: not a slot Xcode knows
/// ```
package enum AppIconSlotScales {
    /// Point sizes (the width of `WxW`) per idiom, with the scales Xcode defines them at.
    static let table: [String: [String: Set<Int>]] = [
        // 57 pt is iOS 6's iPhone icon; 38, 64 and 68 pt are Xcode 14's additions.
        "iphone": ["20": [2, 3], "29": [1, 2, 3], "38": [2, 3], "40": [2, 3], "57": [1, 2], "60": [2, 3], "64": [2, 3], "68": [2, 3]],
        // 50 and 72 pt are iOS 6's iPad icons; 83.5 pt (iPad Pro) and 68 pt exist at 2x only.
        "ipad": ["20": [1, 2], "29": [1, 2], "40": [1, 2], "50": [1, 2], "64": [2], "68": [2], "72": [1, 2], "76": [1, 2], "83.5": [2]],
        "car": ["60": [2, 3]],
        "mac": ["16": [1, 2], "32": [1, 2], "64": [1, 2], "128": [1, 2], "256": [1, 2], "512": [1, 2]],
        // Every watch icon (notification centre, companion settings, app launcher, long look,
        // quick look) is drawn at 2x for its case size.
        "watch": Dictionary(
            uniqueKeysWithValues: ["24", "27.5", "29", "33", "40", "44", "46", "50", "51", "54", "86", "98", "108", "117", "129", "1024"]
                .map { ($0, Set([2])) }),
        "ios-marketing": ["1024": [1]],
        "watch-marketing": ["1024": [1]],
        "universal": ["1024": [1]],
    ]

    /// The scales Xcode defines the slot at, or nil when it defines no such slot (an icon in an
    /// unknown slot is ignored, so it is never upscaled either).
    package static func scales(idiom: String, size: String) -> Set<Int>? {
        guard let width = size.split(separator: "x").first else { return nil }
        return table[idiom]?[String(width)]
    }
}
