import AssetCatalog
import CompiledCatalog

/// A rendition's traits as a Contents.json entry speaks them (the Asset Catalog Format's keys and
/// values): `idiom`, `scale`, `subtype`, `width-class`, `height-class`, `memory`,
/// `graphics-feature-set`, `display-gamut`, `appearances`, `locale`. CoreUI numbers a few of these
/// its own way; only numbers whose meaning is established (by the Xcode 7.3 corpus against its
/// source, or by the asset catalog format itself) are translated. Any other value makes the
/// rendition unplaceable: `traits` says which, and extract skips it rather than guess.
///
/// ```swift
/// let members = try ExtractEntry.traits(of: rendition, in: catalog).get()
/// // [("idiom", "iphone"), ("scale", "2x"), ("subtype", "retina4")]
/// ```
enum ExtractEntry {
    struct UnknownTrait: Error, CustomStringConvertible {
        var description: String
    }

    static func traits(of rendition: Rendition, in catalog: CompiledCatalog) -> Result<[JSONObject.Member], UnknownTrait> {
        let key = rendition.key
        var members: [JSONObject.Member] = []
        func add(_ name: String, _ value: JSONValue) { members.append(JSONObject.Member(key: name, value: value)) }
        let idiom = key.idiom ?? .universal
        guard let idiomName = contentsIdiom(idiom) else { return .failure(UnknownTrait(description: "idiom \(idiom.name)")) }
        add("idiom", .string(idiomName))
        if let scale = key.scale, scale != 0 { add("scale", .string("\(scale)x")) }
        if let subtype = key.subtype, subtype != 0 {
            if idiom == .watch, let width = CompiledTraitNumbers.watchSubtypes.trait(subtype) {
                // A watch's subtype is the number of a screen-width condition (`d_watch`'s source),
                // written as that condition, which compile reads back to the same number.
                add("screen-width", .string(width.description))
            } else {
                guard let name = subtypeName(subtype, idiom: idiom) else {
                    return .failure(UnknownTrait(description: "subtype \(subtype) of idiom \(idiom.name)"))
                }
                add("subtype", .string(name))
            }
        }
        if let sizeClass = key.horizontalSizeClass { add("width-class", .string(sizeClass.rawValue)) }
        if let sizeClass = key.verticalSizeClass { add("height-class", .string(sizeClass.rawValue)) }
        if let memory = key.memoryClass, memory != 0 {
            guard let gigabytes = CompiledTraitNumbers.memoryClasses.trait(memory) else { return .failure(UnknownTrait(description: "memory class \(memory)")) }
            add("memory", .string("\(gigabytes)GB"))
        }
        if let graphics = key.graphicsClass, graphics != 0 {
            guard let family = CompiledTraitNumbers.graphicsClasses.trait(graphics) else {
                return .failure(UnknownTrait(description: "graphics class \(graphics)"))
            }
            add("graphics-feature-set", .string(family.rawValue))
        }
        if let gamut = key.displayGamut { add("display-gamut", .string(gamut.contentsValue)) }
        if let direction = key.direction, direction != 0 {
            // CoreUI's direction numbers are not established here (the corpus has none).
            return .failure(UnknownTrait(description: "direction \(direction)"))
        }
        if let appearance = key.appearance, appearance != 0 {
            let name = catalog.appearances?.name(of: appearance)
            guard let name, let pairs = appearancePairs(name) else { return .failure(UnknownTrait(description: "appearance \(name ?? String(appearance))")) }
            add(
                "appearances",
                .array(pairs.map { .object(JSONObject([.init(key: "appearance", value: .string($0.0)), .init(key: "value", value: .string($0.1))])) }))
        }
        if let localization = key.localization, localization != 0 {
            guard let name = catalog.localizations?.name(of: localization), !name.isEmpty else {
                return .failure(UnknownTrait(description: "localization \(localization)"))
            }
            add("locale", .string(name))
        }
        return .success(members)
    }

    static func contentsIdiom(_ idiom: CompiledIdiom) -> String? {
        switch idiom {
        case .universal: "universal"
        case .marketing: "ios-marketing"
        default: idiom.requirement.flatMap { if case .device(let device) = $0 { device.contentsValue } else { nil } }
        }
    }

    /// The named subtypes the corpus shows (`CompiledTraitNumbers`): `retina4`, the 4-inch iPhone,
    /// keyed by its 568-point height. (A watch's are screen widths, written as `screen-width`.)
    static func subtypeName(_ subtype: UInt16, idiom: CompiledIdiom) -> String? {
        idiom == .phone ? CompiledTraitNumbers.phoneSubtypes.trait(subtype) : nil
    }

    /// A UIKit or AppKit appearance of `APPEARANCEKEYS` (`CompiledTraitNumbers`) as Contents.json
    /// appearances; nil for another name, or one that names no luminosity nor contrast.
    static func appearancePairs(_ name: String) -> [(String, String)]? {
        guard let appearance = CompiledTraitNumbers.appearance(named: name), appearance != CompiledTraitNumbers.tintable else { return nil }
        let pairs = (appearance.style.map { [("luminosity", $0.rawValue)] } ?? []) + (appearance.highContrast ? [("contrast", "high")] : [])
        return pairs.isEmpty ? nil : pairs
    }

    /// A colour's components as Contents.json writes them, by CoreUI's colour space number
    /// (`RenditionColorSpace`: 1 sRGB, 2 grey gamma 2.2, 3 Display P3, 4 extended sRGB, 5
    /// extended linear sRGB, 6 extended grey); nil for another number or count of components.
    static func color(space: UInt32, components: [Double]) -> JSONValue? {
        let colorSpace = RenditionColorSpace(rawValue: space)
        func number(_ value: Double) -> JSONValue { .string(value.isFinite ? String(format3(value)) : "0.000") }
        var members: [JSONObject.Member] = []
        guard let name = colorSpace.contentsName, components.count == (colorSpace.isGray ? 2 : 4) else { return nil }
        let labels = colorSpace.isGray ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
        for (label, value) in zip(labels, components) { members.append(.init(key: label, value: number(value))) }
        return .object(JSONObject([.init(key: "color-space", value: .string(name)), .init(key: "components", value: .object(JSONObject(members)))]))
    }

    /// Three decimals, as Xcode writes components (`0.500`).
    static func format3(_ value: Double) -> String {
        let scaled = (value * 1000).rounded()
        guard abs(scaled) < 1e15 else { return "0.000" }
        let integer = Int(scaled)
        let sign = integer < 0 ? "-" : ""
        let magnitude = abs(integer)
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
