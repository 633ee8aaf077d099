import AssetCatalog
import PNGInspection

/// Each app icon slot holds an image of exactly `size` x `scale` pixels, and the store icon has
/// no alpha channel (App Store Connect rejects one).
enum AppIconRule {
    static func check(_ asset: Asset, headers: [String: PNGReport]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for variant in asset.variants {
            guard let filename = variant.filename,
                let header = headers[asset.path.appendingPathComponent(filename)]?.header else { continue }
            if let size = variant.size, let points = parseSize(size) {
                let scale = Double(variant.scale ?? 1)
                let expected = (width: points.width * scale, height: points.height * scale)
                if Double(header.width) != expected.width || Double(header.height) != expected.height {
                    diagnostics.append(Diagnostic(
                        .error,
                        "\(filename) is \(header.width)x\(header.height) pixels; the \(size)@\(Int(scale))x "
                            + "\(variant.idiom.contentsValue) slot needs \(ScaleFamilyRule.format(expected.width))x\(ScaleFamilyRule.format(expected.height))",
                        code: "icon.size", at: variant.location))
                }
            }
            if isStoreIcon(variant) && header.hasAlpha {
                diagnostics.append(Diagnostic(
                    .error, "\(filename) is the App Store icon and has an alpha channel; the store rejects icons with alpha",
                    code: "icon.alpha", at: variant.location))
            }
        }
        return diagnostics
    }

    /// The iOS App Store icon slot, `ios-marketing`. Not the single-size format's universal 1024
    /// icon, which Xcode flattens into the store icon and whose dark and tinted appearances need
    /// transparency, nor `watch-marketing`: shipped apps (Home Assistant) have alpha in both.
    static func isStoreIcon(_ variant: Variant) -> Bool {
        variant.idiom == .storeOnly("ios-marketing")
    }

    /// `83.5x83.5` → (83.5, 83.5)
    static func parseSize(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        return (width, height)
    }
}
