import AssetCatalog

/// An icon stack's or icon group's layers with what the three properties say of each, in one
/// value per layer: what `inspect` prints and `extract` writes, rendered from here alone.
package struct IconLayerRow: Sendable {
    package var layer: IconLayer
    /// The name of the rendition that draws the layer (its facet's), when the file names it.
    package var name: String?
    package var style: IconLayerStyle?
    package var effects: IconLayerEffects?
}

extension Sequence where Element == RenditionProperty {
    /// The layers of an icon stack or group, each with its style and effects (entry N of each
    /// list), named by `name` (a facet's name by identifier). Empty for any other rendition.
    package func iconLayerRows(name: (UInt16) -> String?) -> [IconLayerRow] {
        var layers: [IconLayer] = []
        var styles: [IconLayerStyle] = []
        var effects: [IconLayerEffects] = []
        for property in self {
            switch property {
            case .iconLayers(let list): layers = list
            case .iconLayerStyles(let list): styles = list
            case .iconLayerEffects(let list): effects = list
            default: break
            }
        }
        return layers.enumerated().map { index, layer in
            IconLayerRow(
                layer: layer, name: layer.nameIdentifier.flatMap(name),
                style: index < styles.count ? styles[index] : nil, effects: index < effects.count ? effects[index] : nil)
        }
    }
}

extension IconLayerRow {
    /// `{"name": …, "kind": "group", "frame": {…}, "blendMode": "normal", "opacity": 1.0, …}`.
    package var json: JSONValue {
        var members: [JSONObject.Member] = []
        func add(_ key: String, _ value: JSONValue) { members.append(.init(key: key, value: value)) }
        if let name { add("name", .string(name)) }
        add("kind", .string(IconLayerRow.kindName(part: layer.part)))
        if let part = layer.part { add("part", .number(String(part))) }
        if let identifier = layer.nameIdentifier { add("identifier", .number(String(identifier))) }
        let frame = layer.frame
        add(
            "frame",
            [
                "x": .number(String(frame.x)), "y": .number(String(frame.y)), "width": .number(String(frame.width)),
                "height": .number(String(frame.height)),
            ])
        add("blendMode", .string(layer.blendMode.name))
        add("opacity", Self.number(layer.opacity))
        if let style {
            add("material", .number(String(style.material)))
            add("blur", Self.number(style.blur))
            if !style.fill.isEmpty { add("fill", .string(style.fill)) }
        }
        if let effects {
            add("translucency", ["enabled": .bool(effects.translucencyEnabled), "value": Self.number(effects.translucency)])
            add("shadow", ["kind": .string(effects.shadowKindName), "opacity": Self.number(effects.shadowOpacity)])
        }
        return .object(JSONObject(members))
    }

    /// `gradient`, `group`, `layer` by the part a layer's key names (247, 246, 181), else `part N`.
    package static func kindName(part: UInt16?) -> String {
        switch part {
        case 247: "gradient"
        case 246: "group"
        case 181: "layer"
        case let part?: "part \(part)"
        case nil: "unknown"
        }
    }

    /// A stored 32-bit float as JSON: its shortest spelling (`0.15`, not `0.15000000596046448`);
    /// 0 for what JSON cannot hold (a hostile file's NaN).
    package static func number(_ value: Float) -> JSONValue {
        guard value.isFinite else { return .number("0") }
        return .number(value == value.rounded() && abs(value) < 1e7 ? String(Int(value)) : String(value))
    }
}

extension IconGradient {
    /// `{"kind": "linear", "start": {"x": 0.5, "y": 0}, "stop": {…}, "stops": [{"location": 0, "color": …}]}`.
    package var json: JSONValue {
        func point(_ point: Point) -> JSONValue { ["x": IconLayerRow.number(point.x), "y": IconLayerRow.number(point.y)] }
        return [
            "kind": .string(kindName), "start": point(start), "stop": point(stop),
            "stops": .array(stops.map { ["location": IconLayerRow.number($0.location), "color": .string($0.color)] }),
        ]
    }
}

extension IconLayerRow {
    /// One line's worth for `inspect`: `AppIcon_Assets/logo (layer, 1254x1254-115-115, lighten,
    /// glass)`; what equals its default (normal blend, opacity 1, no blur, no fill) is left out.
    package var summary: String {
        var parts = [Self.kindName(part: layer.part)]
        let frame = layer.frame
        if frame.width != 0 || frame.height != 0 || frame.x != 0 || frame.y != 0 { parts.append(frame.description) }
        if layer.blendMode.rawValue != 0 { parts.append(layer.blendMode.name) }
        if layer.opacity != 1 { parts.append("opacity \(layer.opacity)") }
        if let style {
            switch style.material {
            case 0 where layer.part == 181: parts.append("no glass")
            case 1: parts.append("glass")
            case 0, 2: break
            default: parts.append("material \(style.material)")
            }
            if style.blur != 0 { parts.append("blur \(style.blur)") }
            if !style.fill.isEmpty { parts.append("fill \(style.fill)") }
        }
        if let effects {
            if effects.translucencyEnabled { parts.append("translucency \(effects.translucency)") }
            if effects.shadowKind != 0 { parts.append("shadow \(effects.shadowKindName) \(effects.shadowOpacity)") }
        }
        return (name ?? "identifier \(layer.nameIdentifier.map(String.init) ?? "none")") + " (" + parts.joined(separator: ", ") + ")"
    }
}

extension IconGradient {
    /// `linear (0.5, 0) to (0.5, 1): 0 AppIcon_Assets/Color-3, 1 AppIcon_Assets/Color-4`.
    package var summary: String {
        func point(_ point: Point) -> String { "(\(IconLayerRow.number(point.x).text), \(IconLayerRow.number(point.y).text))" }
        let list = stops.map { "\(IconLayerRow.number($0.location).text) \($0.color)" }.joined(separator: ", ")
        return "\(kindName) \(point(start)) to \(point(stop)): \(list)"
    }
}

extension JSONValue {
    /// A number's spelling, as written.
    fileprivate var text: String {
        if case .number(let text) = self { text } else { "" }
    }
}
