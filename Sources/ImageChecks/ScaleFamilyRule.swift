import AssetCatalog
import PNGInspection

/// A 2x image is exactly twice its 1x sibling in both dimensions and a 3x three times (so 1.5
/// times the 2x), compared among variants that differ only in scale.
enum ScaleFamilyRule {
    static func check(_ asset: Asset, headers: [String: PNGReport]) -> [Diagnostic] {
        var families: [[String]: [(variant: Variant, header: PNGHeader)]] = [:]
        var order: [[String]] = []
        for variant in asset.variants {
            guard let scale = variant.scale, scale > 0, let filename = variant.filename,
                let header = headers[asset.path.appendingPathComponent(filename)]?.header else { continue }
            let key = variant.attributeStrings(excluding: ["scale"])
            if families[key] == nil { order.append(key) }
            families[key, default: []].append((variant, header))
        }
        var diagnostics: [Diagnostic] = []
        for key in order {
            let members = families[key]!.sorted { $0.variant.scale! < $1.variant.scale! }
            guard let reference = members.first, members.count > 1 else { continue }
            let referenceScale = UInt64(reference.variant.scale!)
            for member in members.dropFirst() {
                let scale = UInt64(member.variant.scale!)
                let width = UInt64(member.header.width), height = UInt64(member.header.height)
                guard width * referenceScale != UInt64(reference.header.width) * scale
                    || height * referenceScale != UInt64(reference.header.height) * scale
                else { continue }
                let expectedWidth = Double(reference.header.width) * Double(scale) / Double(referenceScale)
                let expectedHeight = Double(reference.header.height) * Double(scale) / Double(referenceScale)
                diagnostics.append(Diagnostic(
                    .error,
                    "\(member.variant.filename!) (\(scale)x) is \(width)x\(height) pixels, but its \(referenceScale)x sibling "
                        + "\(reference.variant.filename!) is \(reference.header.width)x\(reference.header.height): "
                        + "a \(scale)x image must be \(format(expectedWidth))x\(format(expectedHeight))",
                    code: "image.scale-size", at: member.variant.location))
            }
        }
        return diagnostics
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
