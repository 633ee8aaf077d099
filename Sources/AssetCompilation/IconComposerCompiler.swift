import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// The renditions actool writes for an Icon Composer icon named N (`N.icon`), as read from
/// Xcode 26's files (AM-MiniPlayer, SameDesk, sudoku in the corpus):
///
/// - `N`: a size list (part 218) of 16, 32, 64, 128, 256, 512 and 1024 points in slots 1 to 7,
///   the flattened icon at each (2x, the 1024 at 1x; part 220, `dimension2` the slot), and one
///   icon stack per appearance (part 245; `NSAppearanceNameAqua`, `…DarkAqua`, `ISAppearanceTintable`):
///   the fill's gradient, then the groups, bottom first.
/// - `N/Group`, `N/Group 2`, … (part 246, in `icon.json`'s order, top first): per appearance an
///   icon group of its layers.
/// - `N_Assets/<layer>` (part 181): each layer's file, an SVG kept as a vector, a PNG as a bitmap
///   (fitted into 1024 pixels; a Display P3 one in sRGB, and again for P3 displays, `displayGamut`
///   1); names outside ASCII turned into `_` (`1 – Layer` → `1 _ Layer`).
/// - `N_Assets/Color-K` (part 217) and `N_Assets/Gradient-K` (part 247): the palette: white
///   first, then the icon's fill and its specializations, the dark appearance's system grey when
///   none is dark, then each layer's fills, colours and gradients each written once.
///
/// Not reproduced: the glass (specular light, blur, translucency, shadows) Apple's renderer draws
/// into the flattened bitmaps; they are the layers composited plainly (`IconComposerRenderer`).
package struct IconComposerCompiler {
    let icon: IconComposerDocument

    package init(_ icon: IconComposerDocument) { self.icon = icon }

    /// Parts of the renditions (element 85 for all): an icon's own three, and those it shares with
    /// every catalog (`CompiledPart`): a layer is an image, a fill a colour.
    package enum Part {
        package static let stack: UInt16 = 245
        package static let group: UInt16 = 246
        package static let gradient: UInt16 = 247
        package static let layer = CompiledPart.image
        package static let color = CompiledPart.color
        package static let sizes = CompiledPart.iconSizes
        package static let icon = CompiledPart.icon
    }

    /// The appearances a stack and a group are written for, in this order, named and numbered as
    /// the Mac's table has them (`CompiledTraitNumbers`: `NSAppearanceNameDarkAqua`,
    /// `NSAppearanceNameAqua`, and the tinted icon's `ISAppearanceTintable`).
    package static let appearances: [(appearance: IconAppearance, name: String, value: UInt16)] = [
        (IconAppearance.dark, CompiledTraitNumbers.appearance(style: .dark, contrast: nil, appKit: true)),
        (.light, CompiledTraitNumbers.appearance(style: .light, contrast: nil, appKit: true)),
        (.tinted, CompiledTraitNumbers.tintable),
    ].compactMap { appearance, named in named.map { (appearance, $0.name, $0.number) } }

    /// The points of the flattened sizes, slot 1 to 7, and the scale of each.
    package static let flattenedSizes: [(points: Int, scale: Int)] = [(16, 2), (32, 2), (64, 2), (128, 2), (256, 2), (512, 2), (1024, 1)]

    /// One rendition to write: its asset, facet part, key and what it holds.
    package struct Piece: Sendable {
        package var assetName: String
        package var facetPart: UInt16
        package var renditionName: String
        package var key: [RenditionAttribute: UInt16]
        package var content: Content
        /// The file it comes from, for findings.
        package var source: String
    }

    package enum Content: Sendable {
        case color(IconColor)
        case gradient(IconGradient)
        /// A stack or group: its layers by the name of the rendition that draws each, resolved to
        /// identifiers when the catalog's names are numbered.
        case layers([LayerEntry], isStack: Bool)
        case svg(path: String)
        /// A PNG: a layer's (`colors` `.sRGB`, or `.wideColor` for a P3 file's second rendition)
        /// or an icon set's image (`.asStored`).
        case png(path: String, colors: IconComposerRenderer.PNGColors)
        case bitmap(width: Int, pixels: [UInt8])
        case sizes([RenditionPayload.MultisizeEntry])
    }

    package struct LayerEntry: Sendable {
        var name: String
        var part: UInt16
        var frame = IconLayer.Frame(x: 0, y: 0, width: 0, height: 0)
        var blendMode = IconBlendMode(rawValue: 0)
        var opacity: Float = 1
        var style = IconLayerStyle(material: 0, blur: 0, fill: "")
        var effects = IconLayerEffects(translucencyEnabled: false, translucency: 0, shadowKind: 0, shadowOpacity: 0)
    }

    /// The name a layer's rendition takes: `N_Assets/` and the file's name without its extension,
    /// each character outside ASCII written as `_`.
    package func layerAssetName(_ layer: IconComposerDocument.Layer) -> String {
        var stem = layer.imageName
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        return "\(icon.name)_Assets/" + String(stem.map { $0.isASCII ? $0 : "_" })
    }

    /// The group's asset name: `N/Group`, `N/Group 2`, …
    func groupName(_ index: Int) -> String { "\(icon.name)/Group" + (index == 0 ? "" : " \(index + 1)") }

    /// The palette's colours and gradients, numbered in the order first used.
    struct Palette {
        var colors: [IconColor] = []
        var gradients: [IconGradient] = []
        let prefix: String

        /// The name of `color`, added when new; components stored as actool stores them: rounded
        /// to three decimals, then to a 32-bit float.
        mutating func name(of color: IconColor) -> String {
            let stored = IconColor(space: color.space, components: color.components.map { Double(Float(($0 * 1000).rounded() / 1000)) })
            if let index = colors.firstIndex(of: stored) { return prefix + "Color-\(index + 1)" }
            colors.append(stored)
            return prefix + "Color-\(colors.count)"
        }

        /// The name of the gradient `fill` draws for `appearance`, added when new; nil for none.
        mutating func gradientName(of fill: IconComposerDocument.Fill, for appearance: IconAppearance) -> String? {
            let top = IconGradient.Point(x: 0.5, y: 0)
            let bottom = IconGradient.Point(x: 0.5, y: 1)
            let gradient: IconGradient
            switch fill {
            case .none: return nil
            case .automatic where appearance == .dark, .systemDark:
                gradient = linear([Self.systemDark.0, Self.systemDark.1], start: top, stop: bottom)
            case .automatic, .systemLight:
                gradient = linear([Self.systemLight.0, Self.systemLight.1], start: top, stop: bottom)
            case .solid(let color), .automaticGradient(let color):
                gradient = IconGradient(kind: 0, start: top, stop: bottom, stops: [.init(location: 0, color: name(of: color))])
            case .linearGradient(let colors, let start, let stop):
                gradient = linear(colors, start: start, stop: stop)
            }
            if let index = gradients.firstIndex(of: gradient) { return prefix + "Gradient-\(index + 1)" }
            gradients.append(gradient)
            return prefix + "Gradient-\(gradients.count)"
        }

        private mutating func linear(_ colors: [IconColor], start: IconGradient.Point, stop: IconGradient.Point) -> IconGradient {
            let last = Float(max(1, colors.count - 1))
            let stops = colors.enumerated().map { IconGradient.Stop(location: Float($0.offset) / last, color: name(of: $0.element)) }
            return IconGradient(kind: 1, start: start, stop: stop, stops: stops)
        }

        /// The system's grey pairs (gray-gamma 2.2): the dark one is SameDesk's and sudoku's
        /// Color-3/4 and 4/5; the light one is mcfans/actool's record, in no file here.
        static let systemDark = (IconColor(space: .grayGamma22, components: [0.192, 1]), IconColor(space: .grayGamma22, components: [0.078, 1]))
        static let systemLight = (IconColor(space: .grayGamma22, components: [1, 1]), IconColor(space: .grayGamma22, components: [0.925, 1]))
    }

    /// Every rendition of the icon but the flattened bitmaps (`flattened(_:)` adds those).
    package func structure() -> [Piece] {
        let prefix = "\(icon.name)_Assets/"
        var palette = Palette(prefix: prefix)
        _ = palette.name(of: IconColor(space: .extendedGray, components: [1, 1]))
        let fillGradient = fillGradients(&palette)
        let (groupEntries, layerFiles) = layerEntries(&palette)
        var pieces: [Piece] = []
        for (index, color) in palette.colors.enumerated() {
            pieces.append(
                Piece(
                    assetName: prefix + "Color-\(index + 1)", facetPart: Part.color, renditionName: prefix + "Color-\(index + 1)", key: [.scale: 1],
                    content: .color(color), source: icon.path))
        }
        for (index, gradient) in palette.gradients.enumerated() {
            pieces.append(
                Piece(
                    assetName: prefix + "Gradient-\(index + 1)", facetPart: Part.gradient, renditionName: prefix + "Gradient-\(index + 1)", key: [.scale: 1],
                    content: .gradient(gradient), source: icon.path))
        }
        for (name, layer) in layerFiles.sorted(by: { $0.key < $1.key }) {
            let path = icon.file(of: layer)
            let isSVG = layer.imageName.lowercased().hasSuffix(".svg")
            pieces.append(
                Piece(
                    assetName: name, facetPart: Part.layer, renditionName: isSVG ? "image.svg" : "image.png", key: [.scale: 1],
                    content: isSVG ? .svg(path: path) : .png(path: path, colors: .sRGB), source: path))
            // A P3 PNG gets a second, wide-colour rendition for P3 displays (AM-MiniPlayer's `Ellipse 2 2.png`).
            if !isSVG, let file = try? FileSystem.readPrefix(path, count: 1 << 16), IconComposerRenderer.isDisplayP3(file) {
                pieces.append(
                    Piece(
                        assetName: name, facetPart: Part.layer, renditionName: "image.png", key: [.scale: 1, .displayGamut: 1],
                        content: .png(path: path, colors: .wideColor), source: path))
            }
        }
        for (appearance, _, value) in Self.appearances {
            for index in icon.groups.indices {
                pieces.append(
                    Piece(
                        assetName: groupName(index), facetPart: Part.group, renditionName: "IconGroup", key: [.scale: 1, .appearance: value],
                        content: .layers(groupEntries[index][appearance] ?? [], isStack: false), source: icon.path))
            }
            pieces.append(stackPiece(appearance, value: value, fill: fillGradient[appearance]))
        }
        let sizes = Self.flattenedSizes.enumerated().map { slot, size in
            RenditionPayload.MultisizeEntry(width: UInt32(size.points), height: UInt32(size.points), index: UInt16(slot + 1), idiom: .universal)
        }
        pieces.append(
            Piece(
                assetName: icon.name, facetPart: Part.stack, renditionName: icon.name, key: [.scale: 1, .part: Part.sizes], content: .sizes(sizes),
                source: icon.path))
        return pieces
    }

    /// The icon's fill per appearance (a gradient's name; none for no fill), named in icon.json's
    /// order: the base, then each specialization.
    private func fillGradients(_ palette: inout Palette) -> [IconAppearance: String] {
        var fillGradient: [IconAppearance: String] = [:]
        let baseFill = icon.fill.base ?? .automatic
        let baseName = palette.gradientName(of: baseFill, for: .light)
        for appearance in IconComposerCompiler.appearances.map(\.appearance) {
            if let own = icon.fill.byAppearance[appearance.rawValue] {
                fillGradient[appearance] = palette.gradientName(of: own, for: appearance)
            } else if appearance == .dark {
                // No dark fill: the dark stack takes the system's dark grey.
                fillGradient[appearance] = palette.gradientName(of: baseFill == .none ? .none : .systemDark, for: .dark)
            } else {
                fillGradient[appearance] = baseName
            }
        }
        return fillGradient
    }

    /// Each group's layer list per appearance (its layers back to front, hidden ones left out),
    /// and the layers' files by asset name.
    private func layerEntries(_ palette: inout Palette) -> ([[IconAppearance: [LayerEntry]]], [String: IconComposerDocument.Layer]) {
        var groupEntries: [[IconAppearance: [LayerEntry]]] = []
        var layerFiles: [String: IconComposerDocument.Layer] = [:]
        for group in icon.groups {
            var entries: [IconAppearance: [LayerEntry]] = [:]
            for layer in group.layers.reversed() {
                let name = layerAssetName(layer)
                if layerFiles[name] == nil { layerFiles[name] = layer }
                for appearance in IconAppearance.allCases where layer.hidden.value(for: appearance) != true {
                    var entry = LayerEntry(name: name, part: Part.layer)
                    entry.frame = frame(of: layer, in: group)
                    entry.blendMode = layer.blendMode.value(for: appearance) ?? IconBlendMode(rawValue: 0)
                    entry.opacity = layer.opacity.value(for: appearance) ?? 1
                    let fill = layer.fill.value(for: appearance).flatMap { palette.gradientName(of: $0, for: appearance) } ?? ""
                    entry.style = IconLayerStyle(material: layer.glass.value(for: appearance) == false ? 0 : 1, blur: 0, fill: fill)
                    entries[appearance, default: []].append(entry)
                }
            }
            groupEntries.append(entries)
        }
        return (groupEntries, layerFiles)
    }

    /// The icon's stack for one appearance: its fill, then its groups front first, each with its
    /// blend mode, material and effects.
    private func stackPiece(_ appearance: IconAppearance, value: UInt16, fill: String?) -> Piece {
        var stack: [LayerEntry] = []
        if let fill { stack.append(LayerEntry(name: fill, part: Part.gradient)) }
        for (index, group) in icon.groups.enumerated().reversed() {
            var entry = LayerEntry(name: groupName(index), part: Part.group)
            entry.blendMode = group.blendMode.value(for: appearance) ?? IconBlendMode(rawValue: 0)
            entry.style = IconLayerStyle(material: 2, blur: group.blurMaterial ?? 0, fill: "")
            let translucency = group.translucency.map { $0.enabled ? $0.value : nil } ?? nil
            entry.effects = IconLayerEffects(
                translucencyEnabled: translucency != nil, translucency: translucency ?? 0,
                shadowKind: group.shadow.map { Self.shadowKind($0.kind) } ?? 0, shadowOpacity: group.shadow?.opacity ?? 0)
            stack.append(entry)
        }
        return Piece(
            assetName: icon.name, facetPart: Part.stack, renditionName: "\(icon.name).iconstack", key: [.scale: 1, .appearance: value],
            content: .layers(stack, isStack: true), source: icon.path)
    }

    /// The number of `shadow.kind`: `neutral` is 3 (the three files); `none` 0. `layer-color`
    /// is in no file read, and is written as neutral.
    static func shadowKind(_ kind: String) -> UInt32 { kind == "none" ? 0 : 3 }

    /// Where a layer lies on the 1024-point canvas: its natural size (an SVG's points, a PNG's
    /// pixels) times its scale, centred and moved by its translation, rounded down (sudoku's
    /// 586-point SVG at 1.25 is 732 wide at 145; SameDesk's 1254-pixel PNG at -115).
    package func frame(of layer: IconComposerDocument.Layer, in group: IconComposerDocument.Group) -> IconLayer.Frame {
        guard let size = IconComposerRenderer.naturalSize(of: icon.file(of: layer)) else { return IconLayer.Frame(x: 0, y: 0, width: 0, height: 0) }
        // The layer's own position, then its group's, about the canvas's centre (no file here has
        // a group position: its composition is the plain one, unverified).
        let width = size.width * layer.scale * group.scale
        let height = size.height * layer.scale * group.scale
        let x = 512 + group.translation.x + layer.translation.x * group.scale - width / 2
        let y = 512 + group.translation.y + layer.translation.y * group.scale - height / 2
        func clamp(_ value: Double) -> Int32 { Int32(max(-1e9, min(1e9, value.rounded(.down)))) }
        return IconLayer.Frame(x: clamp(x), y: clamp(y), width: clamp(width), height: clamp(height))
    }
}
