import AdaptSupport
import AssetCatalog
import AssetCompilation
import CompiledCatalog

/// What an Icon Composer icon's renditions refer to, by name: the renditions of each asset, and
/// each appearance's number.
struct ExtractIconLookup {
    let catalog: CompiledCatalog
    let renditions: [String: [Rendition]]
    let appearances: [UInt16: IconAppearance]

    init(_ catalog: CompiledCatalog) {
        self.catalog = catalog
        var renditions: [String: [Rendition]] = [:]
        for asset in catalog.assets { if let name = asset.name { renditions[name, default: []] += asset.renditions } }
        self.renditions = renditions
        // By name, as the Mac's table names them (`IconComposerCompiler.appearances`).
        var appearances: [UInt16: IconAppearance] = [:]
        for (appearance, name, _) in IconComposerCompiler.appearances {
            if let entry = catalog.appearances?.entries.first(where: { $0.name == name }) { appearances[UInt16(truncatingIfNeeded: entry.value)] = appearance }
        }
        self.appearances = appearances
    }

    /// The layer rows of `asset`'s renditions of `layout`, per appearance, bottom first.
    func rowsByAppearance(of asset: String, layout: RenditionLayout) -> [IconAppearance: [IconLayerRow]] {
        var rows: [IconAppearance: [IconLayerRow]] = [:]
        for rendition in renditions[asset] ?? [] where rendition.layout == layout {
            guard let appearance = appearances[rendition.key.appearance ?? 0], rows[appearance] == nil else { continue }
            rows[appearance] = rendition.properties.iconLayerRows { catalog.index.facetName($0) }
        }
        return rows
    }

    /// A colour rendition as icon.json spells it (`srgb:0.09000,0.19200,0.25900,1.00000`); nil
    /// when there is none of that name or its space has no spelling.
    func colorText(_ name: String) -> String? {
        guard let rendition = renditions[name]?.first, case .color(let space, let components) = rendition.payload else { return nil }
        let spaces: [RenditionColorSpace: (String, Int)] = [
            .sRGB: ("srgb", 4), .displayP3: ("display-p3", 4), .extendedSRGB: ("extended-srgb", 4),
            .extendedLinearSRGB: ("extended-linear-srgb", 4), .grayGamma22: ("gray", 2), .extendedGray: ("extended-gray", 2),
        ]
        guard let (spelling, count) = spaces[RenditionColorSpace(rawValue: space)], components.count == count,
            components.allSatisfy({ $0.isFinite && abs($0) < 1e6 })
        else { return nil }
        return spelling + ":" + components.map(Self.fiveDecimals).joined(separator: ",")
    }

    /// `value` with five decimals, as Icon Composer writes components: compile rounds them to
    /// three, so the stored 32-bit value comes back to itself.
    static func fiveDecimals(_ value: Double) -> String {
        let scaled = Int64((abs(value) * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        return (value < 0 && scaled != 0 ? "-" : "") + "\(scaled / 100_000)." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }

    /// The system's grey pairs compile writes for `automatic`, `system-light` and `system-dark`.
    static let systemLight = ["gray:1.00000,1.00000", "gray:0.92500,1.00000"]
    static let systemDark = ["gray:0.19200,1.00000", "gray:0.07800,1.00000"]

    /// The fill a gradient rendition stands for (`"none"` for no gradient), nil when it or a
    /// colour it names is missing.
    func fill(gradient name: String?) -> JSONValue? {
        guard let name else { return .string("none") }
        guard let rendition = renditions[name]?.first, case .gradient(let gradient) = rendition.payload else { return nil }
        var colors: [String] = []
        for stop in gradient.stops {
            guard let color = colorText(stop.color) else { return nil }
            colors.append(color)
        }
        if gradient.kind == 0, colors.count == 1 { return .object(JSONObject([.init(key: "automatic-gradient", value: .string(colors[0]))])) }
        let isDefault = gradient.start == IconGradient.Point(x: 0.5, y: 0) && gradient.stop == IconGradient.Point(x: 0.5, y: 1)
        if isDefault, colors == Self.systemLight { return .string("system-light") }
        if isDefault, colors == Self.systemDark { return .string("system-dark") }
        var members: [JSONObject.Member] = [.init(key: "linear-gradient", value: .array(colors.map(JSONValue.string)))]
        if !isDefault {
            func point(_ point: IconGradient.Point) -> JSONValue {
                .object(JSONObject([.init(key: "x", value: .number("\(point.x)")), .init(key: "y", value: .number("\(point.y)"))]))
            }
            members.append(
                .init(
                    key: "orientation",
                    value: .object(JSONObject([.init(key: "start", value: point(gradient.start)), .init(key: "stop", value: point(gradient.stop))]))))
        }
        return .object(JSONObject(members))
    }
}
