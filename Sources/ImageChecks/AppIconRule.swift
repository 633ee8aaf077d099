import AssetCatalog
import PNGInspection

/// Each app icon slot holds an image of exactly `size` x `scale` pixels (`icon.size`, an error:
/// actool rejects an icon of the wrong size).
enum AppIconRule {
    static func check(_ asset: Asset, headers: [String: PNGReport]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for variant in asset.variants {
            guard let filename = variant.filename,
                let header = headers[asset.path.appendingPathComponent(filename)]?.header
            else { continue }
            if let size = variant.size, let points = parseSize(size) {
                let scale = variant.scale ?? 1
                let expected = (width: points.width * Double(scale), height: points.height * Double(scale))
                if Double(header.width) != expected.width || Double(header.height) != expected.height {
                    diagnostics.append(
                        Diagnostic(
                            .iconSize,
                            "\(filename) is \(header.width)x\(header.height) pixels; the \(size)@\(scale)x "
                                + "\(variant.idiom.contentsValue) slot needs \(ScaleFamilyRule.format(expected.width))x\(ScaleFamilyRule.format(expected.height))",
                            subject: Diagnostic.Subject(asset: asset, variant: variant), at: variant.location))
                }
            }
        }
        return diagnostics
    }

    /// `83.5x83.5` → (83.5, 83.5). Nil for anything else (`1e19x1e19`, `nanx20`, `-5x-5`), which
    /// the reader has reported as an unknown value: a size that is not one has no pixel size to check.
    static func parseSize(_ text: String) -> (width: Double, height: Double)? {
        ContentsNumber.pointSize(text)
    }
}
