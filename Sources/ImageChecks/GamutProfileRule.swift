import AssetCatalog
import PNGInspection

/// A display-P3 slot holds an image with a Display P3 profile, and an sRGB slot does not hold a
/// P3 image.
///
/// A slot is sRGB when it says so, or when the set also has a display-P3 variant that differs
/// from it only in gamut. A set that declares no gamut at all may hold a P3 image: Xcode
/// colour-matches it at build time, and shipped apps (Apple's Food Truck among them) do this.
enum GamutProfileRule {
    static func check(_ asset: Asset, headers: [String: PNGReport]) -> [Diagnostic] {
        let p3Keys = Set(asset.variants.filter { $0.displayGamut == .P3 }.map { $0.attributeStrings(excluding: ["display-gamut"]) })
        var diagnostics: [Diagnostic] = []
        for variant in asset.variants {
            guard let filename = variant.filename,
                let header = headers[asset.path.appendingPathComponent(filename)]?.header
            else { continue }
            let profile = header.profileKind
            if variant.displayGamut == .P3 && profile != .displayP3 {
                diagnostics.append(
                    Diagnostic(
                        .imageGamutProfile, "\(filename) fills a display-P3 slot but has \(profile): it should carry a Display P3 profile",
                        subject: Diagnostic.Subject(asset: asset, variant: variant),
                        at: variant.location))
            }
            let isSRGBSlot =
                variant.displayGamut == .sRGB || (variant.displayGamut == nil && p3Keys.contains(variant.attributeStrings(excluding: ["display-gamut"])))
            if isSRGBSlot && profile == .displayP3 {
                diagnostics.append(
                    Diagnostic(
                        .imageGamutProfile, "\(filename) fills an sRGB slot but has a Display P3 profile: put it in the display-P3 slot",
                        subject: Diagnostic.Subject(asset: asset, variant: variant),
                        at: variant.location))
            }
        }
        return diagnostics
    }
}
