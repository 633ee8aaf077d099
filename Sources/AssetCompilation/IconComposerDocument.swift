import AdaptSupport
import AssetCatalog
import CompiledCatalog
import PNGInspection

/// An Icon Composer icon (`AppIcon.icon`): its `icon.json` read into values, the layers' files
/// found in its `Assets` folder. The file is untrusted: what cannot be read is an error naming
/// `icon.json` (and the member), never a crash; keys this reader does not use are ignored, as
/// actool ignores what it does not draw.
///
/// ```swift
/// let icon = try IconComposerDocument(path: "AppIcon.icon")
/// icon.name                 // "AppIcon": the bundle's file name, the name --app-icon selects
/// icon.groups[0].layers     // the top group's layers, top first, as icon.json lists them
/// ```
package struct IconComposerDocument: Sendable {
    /// The bundle's name without `.icon`.
    package var name: String
    /// The bundle's path.
    package var path: String
    /// The icon's fill: `fill`, or `fill-specializations` by appearance.
    package var fill: Specialized<Fill>
    /// The groups, top first.
    package var groups: [Group]

    /// A value and its `-specializations` by appearance (`dark`, `light`, `tinted`).
    package struct Specialized<Value: Sendable>: Sendable {
        package var base: Value?
        package var byAppearance: [String: Value] = [:]

        /// The value for `appearance`: its own, else the base.
        package func value(for appearance: IconAppearance) -> Value? { byAppearance[appearance.rawValue] ?? base }
    }

    package enum Fill: Hashable, Sendable {
        /// `"automatic"`, `"system-light"`, `"system-dark"`: the system's grey pair for the appearance.
        case automatic, systemLight, systemDark
        /// `"none"`.
        case none
        case solid(IconColor)
        case automaticGradient(IconColor)
        case linearGradient([IconColor], start: IconGradient.Point, stop: IconGradient.Point)
    }

    package struct Group: Sendable {
        /// The layers, top first.
        package var layers: [Layer]
        package var blendMode: Specialized<IconBlendMode>
        package var blurMaterial: Float?
        package var shadow: (kind: String, opacity: Float)?
        package var translucency: (enabled: Bool, value: Float)?
        /// The group's `position`: its layers scaled about the canvas's centre, then moved.
        package var scale = 1.0
        package var translation = (x: 0.0, y: 0.0)
    }

    package struct Layer: Sendable {
        package var name: String
        /// The file in `Assets` that draws the layer.
        package var imageName: String
        package var fill: Specialized<Fill>
        package var glass: Specialized<Bool>
        package var opacity: Specialized<Float>
        package var blendMode: Specialized<IconBlendMode>
        package var hidden: Specialized<Bool>
        /// `position.scale` and `position.translation-in-points`.
        package var scale: Double
        package var translation: (x: Double, y: Double)
    }

    /// Why an `icon.json` cannot be compiled: the file and what is wrong, at the member's path.
    package struct Failure: Error, Sendable {
        package var file: String
        package var message: String
    }

    /// Reads the bundle at `path`: its `icon.json`, and checks that each layer's file is there.
    package init(path: String) throws(Failure) {
        let jsonPath = path.appendingPathComponent("icon.json")
        func fail(_ message: String) -> Failure { Failure(file: jsonPath, message: message) }
        // The bundle is the user's input; nothing it links to outside itself is read (a layer
        // linked to /proc/self/environ would otherwise be copied into the app, byte for byte).
        guard let realBundle = FileSystem.realPath(path), FileSystem.isDirectory(realBundle) else {
            throw Failure(file: path, message: "is not a folder: an Icon Composer icon is a folder holding icon.json")
        }
        let bytes: [UInt8]
        do { bytes = try FileSystem.readRegularFile(jsonPath, inside: realBundle, limit: 16 << 20) } catch {
            throw fail("cannot be read: \(error.reason)")
        }
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw fail("is not JSON: \(error.message) (byte \(error.offset))") }
        guard let object = root.object else { throw fail("is \(root.kindDescription), not an object") }
        var name = path.lastPathComponent
        if name.hasSuffix(".icon") { name.removeLast(5) }
        self.name = name
        self.path = path
        var reader = IconComposerJSONReader(file: jsonPath)
        fill = try reader.specialized(object, "fill", at: "") { value, at throws(Failure) in try reader.fill(value, at: at) }
        if fill.base == nil && fill.byAppearance.isEmpty { fill.base = .automatic }
        guard let groupValues = object["groups"]?.array ?? (object["groups"] == nil ? [] : nil) else { throw fail("groups is not an array") }
        var groups: [Group] = []
        for (number, value) in groupValues.enumerated() {
            groups.append(try reader.group(value, at: "groups[\(number)]"))
        }
        self.groups = groups
        for group in groups {
            for layer in group.layers { try Self.checkLayerFile(file(of: layer), of: layer, insideBundle: realBundle, jsonPath: jsonPath) }
        }
    }

    /// Refuses a layer's file that is missing, leads outside the bundle (through a link of its
    /// own or of `Assets`), or whose bytes are not what its name says: a layer is drawn from, and
    /// an SVG layer copied into the app as, exactly what the bundle holds.
    private static func checkLayerFile(_ file: String, of layer: Layer, insideBundle realBundle: String, jsonPath: String) throws(Failure) {
        guard FileSystem.entryExists(file) else {
            throw Failure(file: jsonPath, message: "layer '\(layer.name)' names \(layer.imageName), which is not a file in Assets")
        }
        guard let real = FileSystem.realPath(file), FileSystem.isInside(real, realBundle) else {
            let target = FileSystem.realPath(file).map { " (to \($0))" } ?? ""
            throw Failure(file: file, message: "leads outside the icon\(target); only files inside the .icon bundle are read")
        }
        guard !FileSystem.isDirectory(real) else { throw Failure(file: file, message: "is a folder, not an image") }
        let declared: ImageFormat = layer.imageName.lowercased().hasSuffix(".svg") ? .svg : .png
        let head: [UInt8]
        do { head = try FileSystem.readPrefix(real, count: ImageFormat.sniffLength(declared: declared)) } catch {
            throw Failure(file: file, message: "cannot be read: \(error.reason)")
        }
        let found = ImageFormat(sniffing: head)
        guard found == declared else {
            let what = found == .unknown ? "no image format adapt knows" : "a \(found.rawValue) file"
            throw Failure(
                file: file, message: "is \(what), not the \(declared.rawValue) its name says; an Icon Composer layer is a PNG or an SVG file")
        }
    }

    /// What the icon is compiled from, for `--dependency-info`: the bundle, its `icon.json`, its
    /// `Assets` folder and each layer's file.
    package var inputFiles: [String] {
        [path, path.appendingPathComponent("icon.json"), path.appendingPathComponent("Assets")] + groups.flatMap { $0.layers.map(file(of:)) }
    }

    /// The path of a layer's file.
    package func file(of layer: Layer) -> String { path.appendingPathComponent("Assets").appendingPathComponent(layer.imageName) }
}

/// The appearances an Icon Composer icon is compiled for, in `icon.json`'s spelling.
package enum IconAppearance: String, CaseIterable, Sendable {
    case light, dark, tinted
}

/// A colour as `icon.json` writes it: `display-p3:0.91835,0.23058,0.29808,1.00000`.
package struct IconColor: Hashable, Sendable {
    package var space: RenditionColorSpace
    package var components: [Double]

    package init(space: RenditionColorSpace, components: [Double]) {
        self.space = space
        self.components = components
    }

    /// The colour `text` spells, nil when its space is not one of these or a component is no number.
    package init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let spaces: [String: (RenditionColorSpace, Int)] = [
            "srgb": (.sRGB, 4), "display-p3": (.displayP3, 4), "extended-srgb": (.extendedSRGB, 4),
            "extended-linear-srgb": (.extendedLinearSRGB, 4), "gray": (.grayGamma22, 2), "extended-gray": (.extendedGray, 2),
        ]
        guard let (space, count) = spaces[String(parts[0])] else { return nil }
        let numbers = parts[1].split(separator: ",").map { Double(String($0.filter { $0 != " " })) }
        // Stored as 32-bit floats: a component past Float's range is no colour either.
        guard numbers.count == count, numbers.allSatisfy({ $0.map { Float($0).isFinite } == true }) else { return nil }
        self.space = space
        components = numbers.compactMap { $0 }
    }
}
