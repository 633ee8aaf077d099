import AssetCatalog
import CompiledCatalog

/// Reads the members of `icon.json` into values, each failure naming the file and the member.
struct IconComposerJSONReader {
    let file: String

    func fail(_ at: String, _ message: String) -> IconComposerDocument.Failure {
        IconComposerDocument.Failure(file: file, message: "\(at.isEmpty ? "" : at + ": ")\(message)")
    }

    /// `key` and `key-specializations` of `object`, each value read by `read`.
    func specialized<Value>(
        _ object: JSONObject, _ key: String, at path: String, _ read: (JSONValue, String) throws(IconComposerDocument.Failure) -> Value
    ) throws(IconComposerDocument.Failure) -> IconComposerDocument.Specialized<Value> {
        let at = path.isEmpty ? key : path + "." + key
        var result = IconComposerDocument.Specialized<Value>()
        if let value = object[key] { result.base = try read(value, at) }
        guard let list = object[key + "-specializations"] else { return result }
        guard let entries = list.array else { throw fail(at + "-specializations", "is not an array") }
        for (number, entry) in entries.enumerated() {
            let entryAt = "\(at)-specializations[\(number)]"
            guard let entry = entry.object, let value = entry["value"] else { throw fail(entryAt, "is not an object with a value") }
            let read = try read(value, entryAt + ".value")
            if let appearance = entry["appearance"] {
                guard let name = appearance.string, IconAppearance(rawValue: name) != nil else {
                    throw fail(entryAt + ".appearance", "is not one of light, dark, tinted")
                }
                result.byAppearance[name] = read
            } else {
                result.base = read
            }
        }
        return result
    }

    func fill(_ value: JSONValue, at: String) throws(IconComposerDocument.Failure) -> IconComposerDocument.Fill {
        if let keyword = value.string {
            switch keyword {
            case "automatic": return .automatic
            case "system-light": return .systemLight
            case "system-dark": return .systemDark
            case "none": return .none
            default: throw fail(at, "'\(keyword)' is not a fill (automatic, system-light, system-dark, none, or an object)")
            }
        }
        guard let object = value.object else { throw fail(at, "is \(value.kindDescription), not a fill") }
        if let solid = object["solid"] { return .solid(try color(solid, at: at + ".solid")) }
        if let automatic = object["automatic-gradient"] { return .automaticGradient(try color(automatic, at: at + ".automatic-gradient")) }
        if let linear = object["linear-gradient"] {
            guard let list = linear.array, !list.isEmpty else { throw fail(at + ".linear-gradient", "is not a list of colours") }
            var colors: [IconColor] = []
            for (number, entry) in list.enumerated() { colors.append(try color(entry, at: "\(at).linear-gradient[\(number)]")) }
            var start = IconGradient.Point(x: 0.5, y: 0)
            var stop = IconGradient.Point(x: 0.5, y: 1)
            if let orientation = object["orientation"] {
                guard let orientation = orientation.object else { throw fail(at + ".orientation", "is not an object") }
                if let value = orientation["start"] { start = try point(value, at: at + ".orientation.start") }
                if let value = orientation["stop"] { stop = try point(value, at: at + ".orientation.stop") }
            }
            return .linearGradient(colors, start: start, stop: stop)
        }
        throw fail(at, "is an object with none of solid, automatic-gradient, linear-gradient")
    }

    func color(_ value: JSONValue, at: String) throws(IconComposerDocument.Failure) -> IconColor {
        guard let text = value.string, let color = IconColor(text) else {
            throw fail(at, "is not a colour such as srgb:0.1,0.2,0.3,1 (srgb, display-p3, extended-srgb, extended-linear-srgb, gray, extended-gray)")
        }
        return color
    }

    func point(_ value: JSONValue, at: String) throws(IconComposerDocument.Failure) -> IconGradient.Point {
        guard let object = value.object, let x = object["x"]?.double, let y = object["y"]?.double, Float(x).isFinite, Float(y).isFinite else {
            throw fail(at, "is not a point {\"x\": …, \"y\": …}")
        }
        return IconGradient.Point(x: Float(x), y: Float(y))
    }

    func number(_ value: JSONValue, at: String) throws(IconComposerDocument.Failure) -> Float {
        guard let number = value.double, Float(number).isFinite else { throw fail(at, "is not a number a 32-bit float holds") }
        return Float(number)
    }

    func bool(_ value: JSONValue, at: String) throws(IconComposerDocument.Failure) -> Bool {
        guard let flag = value.bool else { throw fail(at, "is not true or false") }
        return flag
    }

    func blendMode(_ value: JSONValue, at: String) throws(IconComposerDocument.Failure) -> IconBlendMode {
        guard let name = value.string, let mode = IconBlendMode(name: name) else { throw fail(at, "is not a blend mode such as normal or lighten") }
        return mode
    }

    mutating func group(_ value: JSONValue, at: String) throws(IconComposerDocument.Failure) -> IconComposerDocument.Group {
        guard let object = value.object else { throw fail(at, "is not an object") }
        guard let layerValues = object["layers"]?.array else { throw fail(at + ".layers", "is missing or not an array") }
        var layers: [IconComposerDocument.Layer] = []
        for (number, layer) in layerValues.enumerated() { layers.append(try self.layer(layer, at: "\(at).layers[\(number)]")) }
        var group = IconComposerDocument.Group(
            layers: layers,
            blendMode: try specialized(object, "blend-mode", at: at) { value, at throws(IconComposerDocument.Failure) in try blendMode(value, at: at) })
        (group.scale, group.translation) = try position(object, at: at)
        if let blur = object["blur-material"], blur != .null { group.blurMaterial = try number(blur, at: at + ".blur-material") }
        if let shadow = object["shadow"] {
            guard let shadow = shadow.object, let kind = shadow["kind"]?.string else { throw fail(at + ".shadow", "is not an object with a kind") }
            group.shadow = (
                kind, try shadow["opacity"].map { value throws(IconComposerDocument.Failure) in try number(value, at: at + ".shadow.opacity") } ?? 0.5
            )
        }
        if let translucency = object["translucency"] {
            guard let translucency = translucency.object else { throw fail(at + ".translucency", "is not an object") }
            group.translucency = (
                try translucency["enabled"].map { value throws(IconComposerDocument.Failure) in try bool(value, at: at + ".translucency.enabled") } ?? false,
                try translucency["value"].map { value throws(IconComposerDocument.Failure) in try number(value, at: at + ".translucency.value") } ?? 0
            )
        }
        return group
    }

    /// `position`'s `scale` and `translation-in-points` (1 and (0, 0) when absent).
    func position(_ object: JSONObject, at: String) throws(IconComposerDocument.Failure) -> (scale: Double, translation: (x: Double, y: Double)) {
        var scale = 1.0
        var translation = (x: 0.0, y: 0.0)
        if let position = object["position"] {
            guard let position = position.object else { throw fail(at + ".position", "is not an object") }
            if let value = position["scale"] {
                guard let number = value.double, number.isFinite, number > 0, number < 1000 else {
                    throw fail(at + ".position.scale", "is not a positive number")
                }
                scale = number
            }
            if let value = position["translation-in-points"] {
                guard let pair = value.array, pair.count == 2, let x = pair[0].double, let y = pair[1].double, abs(x) < 1e6, abs(y) < 1e6 else {
                    throw fail(at + ".position.translation-in-points", "is not a pair of numbers")
                }
                translation = (x, y)
            }
        }
        return (scale, translation)
    }

    func layer(_ value: JSONValue, at: String) throws(IconComposerDocument.Failure) -> IconComposerDocument.Layer {
        guard let object = value.object else { throw fail(at, "is not an object") }
        guard let imageName = object["image-name"]?.string, !imageName.isEmpty else {
            throw fail(at + ".image-name", "is missing: a layer is drawn from a file")
        }
        // The file lies in Assets: a name that climbs out of it is refused.
        guard !imageName.contains("/"), imageName != "..", imageName != "." else {
            throw fail(at + ".image-name", "'\(imageName)' is not a file name in Assets")
        }
        let name = object["name"]?.string ?? String(imageName.split(separator: ".").first ?? Substring(imageName))
        let (scale, translation) = try position(object, at: at)
        return IconComposerDocument.Layer(
            name: name, imageName: imageName,
            fill: try specialized(object, "fill", at: at) { value, at throws(IconComposerDocument.Failure) in try fill(value, at: at) },
            glass: try specialized(object, "glass", at: at) { value, at throws(IconComposerDocument.Failure) in try bool(value, at: at) },
            opacity: try specialized(object, "opacity", at: at) { value, at throws(IconComposerDocument.Failure) in try number(value, at: at) },
            blendMode: try specialized(object, "blend-mode", at: at) { value, at throws(IconComposerDocument.Failure) in try blendMode(value, at: at) },
            hidden: try specialized(object, "hidden", at: at) { value, at throws(IconComposerDocument.Failure) in try bool(value, at: at) },
            scale: scale, translation: translation)
    }
}
