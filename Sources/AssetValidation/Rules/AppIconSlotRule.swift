import AdaptSupport
import AssetCatalog

/// The family's rules, each declared with its card; the check follows.
extension RuleID {
    /// An app icon set without every slot its idioms need (the single-size format needs none).
    public static let iconMissingSlot = RuleID(
        "icon.missing-slot", .warning, .icons,
        "an app icon set without every slot its idioms need (the single-size format needs none)",
        reason: "the system scales another size; Xcode warns",
        bad: #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "i120.png"}]}"#,
        good: #"{"images": [{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "icon.png"}]}"#)
}

/// Every slot a platform needs for the idioms an app icon set declares (`icon.missing-slot`).
/// A set in the single-size format (a universal 1024x1024 icon with a platform) needs nothing
/// more: Xcode derives the other sizes from it.
package struct AppIconSlotRule: CatalogRuleFamily {
    package static let rules: [RuleID] = [.iconMissingSlot]

    package init(_ validator: Validator) {}

    /// (idiom, size, scale) per platform, from Apple's app icon size tables.
    static let requiredSlots: [String: [(size: String, scale: Int)]] = [
        "iphone": [("20x20", 2), ("20x20", 3), ("29x29", 2), ("29x29", 3), ("40x40", 2), ("40x40", 3), ("60x60", 2), ("60x60", 3)],
        "ipad": [("20x20", 1), ("20x20", 2), ("29x29", 1), ("29x29", 2), ("40x40", 1), ("40x40", 2), ("76x76", 2), ("83.5x83.5", 2)],
        "ios-marketing": [("1024x1024", 1)],
        "mac": [
            ("16x16", 1), ("16x16", 2), ("32x32", 1), ("32x32", 2), ("128x128", 1), ("128x128", 2), ("256x256", 1),
            ("256x256", 2), ("512x512", 1), ("512x512", 2),
        ],
    ]

    package func check(_ catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for asset in catalog.assets where asset.type == .appIconSet {
            let variants = asset.variants
            if variants.contains(where: { $0.idiom == .universal && $0.platform != nil && $0.size == "1024x1024" }) { continue }
            // A set with nothing assigned is reported once, as unassigned, not slot by slot.
            guard variants.contains(where: { $0.filename != nil }) else { continue }
            var idioms = Set(variants.map(\.idiom.contentsValue))
            if idioms.contains("iphone") || idioms.contains("ipad") { idioms.insert("ios-marketing") }
            var missing: [String] = []
            for idiom in idioms.sorted() {
                for slot in Self.requiredSlots[idiom] ?? [] {
                    let filled = variants.contains {
                        $0.idiom.contentsValue == idiom && $0.size == slot.size && ($0.scale ?? 1) == slot.scale && $0.filename != nil
                    }
                    if !filled { missing.append("\(idiom) \(slot.size)@\(slot.scale)x") }
                }
            }
            if !missing.isEmpty {
                let slots = missing.joined(separator: ", ")
                diagnostics.append(
                    Diagnostic(
                        .iconMissingSlot, "app icon set '\(asset.name)' lacks \(counted(missing.count, "icon")) the platform needs: \(slots)",
                        subject: Diagnostic.Subject(catalog: catalog.path, asset: asset.name, set: asset.path, slot: slots),
                        at: SourceLocation(file: asset.contentsPath ?? asset.path)))
            }
        }
        return diagnostics
    }
}
