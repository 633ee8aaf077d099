import AssetCatalog
import PNGInspection

/// Each app icon slot holds an image of exactly `size` x `scale` pixels (`icon.size`, an error:
/// actool rejects an icon of the wrong size).
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
        }
        return diagnostics
    }

    /// `83.5x83.5` → (83.5, 83.5)
    static func parseSize(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        return (width, height)
    }
}
