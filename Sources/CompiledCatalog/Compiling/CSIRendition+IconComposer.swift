/// The renditions of an Icon Composer icon, as Xcode 26's actool writes them (AM-MiniPlayer,
/// SameDesk and sudoku in the corpus): the encoders of what `IconLayer`, `IconLayerStyle`,
/// `IconLayerEffects` and `IconGradient` decode.
///
/// - an icon stack: 1024x1024, scale 1, `DATA`, layout 1019, properties 1012, 1020, 1021, 1004
///   (normal, opacity 1), 1005 (`public.layeredimage`) and 1006, data an empty `RAWD`;
/// - an icon group: the same without a size or a UTI, layout 1020;
/// - a named gradient: layout 1021, properties 1004 (normal, opacity 0, as colours have) and 1006,
///   data `ARGG`;
/// - an SVG layer: layout 9 (`Vector`), `SVG `, flag 2 (vector based), no scale, data the file.
extension CSIRendition {
    /// The layers' three lists, entry N of each about layer N, bottom first.
    package struct IconLayerList: Sendable {
        package var layers: [IconLayer] = []
        package var styles: [IconLayerStyle] = []
        package var effects: [IconLayerEffects] = []

        package init() {}

        package mutating func append(_ layer: IconLayer, _ style: IconLayerStyle, _ effects: IconLayerEffects) {
            layers.append(layer)
            styles.append(style)
            self.effects.append(effects)
        }

        var properties: [(type: UInt32, value: [UInt8])] {
            var placements = ByteWriter()
            var materials = ByteWriter()
            var shading = ByteWriter()
            // Each list: the layer count, a reserved 0, then the entries.
            for header in [UInt32(layers.count), 0] {
                placements.append32(header)
                materials.append32(header)
                shading.append32(header)
            }
            for (layer, (style, effect)) in zip(layers, zip(styles, effects)) {
                placements.append32(0)
                for value in [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height] { placements.append32(UInt32(bitPattern: value)) }
                placements.append32(layer.blendMode.rawValue)
                placements.append32(layer.opacity.bitPattern)
                // The key as (attribute, value) pairs and the (0, 0) that ends it.
                placements.append32(UInt32(4 * layer.key.count + 4))
                for pair in layer.key {
                    placements.append16(UInt16(truncatingIfNeeded: pair.attribute.rawValue))
                    placements.append16(pair.value)
                }
                placements.append32(0)

                let fill = Array(style.fill.utf8) + [0]
                materials.append32(style.material)
                materials.append32(style.blur.bitPattern)
                materials.append32(UInt32(fill.count))
                materials.append(fill)

                shading.append32(effect.translucencyEnabled ? 1 : 0)
                shading.append32(effect.translucency.bitPattern)
                shading.append32(effect.shadowKind)
                shading.append32(effect.shadowOpacity.bitPattern)
                shading.append32(effect.reserved)
            }
            return [(1012, placements.bytes), (1020, materials.bytes), (1021, shading.bytes)]
        }
    }

    /// An icon's stack for one appearance (`AppIcon.iconstack`): its fill and groups.
    package static func iconStack(name: String, layers: IconLayerList) -> CSIRendition {
        var rendition = CSIRendition(name: name, layout: .iconStack)
        rendition.width = 1024
        rendition.height = 1024
        rendition.scaleFactor = 100
        rendition.pixelFormat = .data
        let uti = Array("public.layeredimage".utf8) + [0]
        rendition.properties = layers.properties + [(1004, words([0, Float(1).bitPattern])), (1005, words([UInt32(uti.count), 0]) + uti), (1006, words([1]))]
        rendition.data = rawData([])
        return rendition
    }

    /// One group of an icon for one appearance (`IconGroup`): its image layers.
    package static func iconGroup(layers: IconLayerList) -> CSIRendition {
        var rendition = CSIRendition(name: "IconGroup", layout: .iconGroup)
        rendition.scaleFactor = 100
        rendition.pixelFormat = .data
        rendition.properties = layers.properties + blendAndOrientation
        rendition.data = rawData([])
        return rendition
    }

    /// A named gradient: `ARGG`, the stop count, the kind, 0, the start and stop points, then per
    /// stop its location and its colour's name (a length counting the NUL, the name, the NUL).
    package static func gradient(name: String, _ gradient: IconGradient) -> CSIRendition {
        var rendition = CSIRendition(name: name, layout: .namedGradient)
        rendition.properties = [(1004, words([0, 0])), (1006, words([1]))]
        var out = ByteWriter()
        out.append(Array("ARGG".utf8))
        out.append32(UInt32(gradient.stops.count))
        out.append32(gradient.kind)
        out.append32(0)
        for value in [gradient.start.x, gradient.start.y, gradient.stop.x, gradient.stop.y] { out.append32(value.bitPattern) }
        for stop in gradient.stops {
            let name = Array(stop.color.utf8) + [0]
            out.append32(stop.location.bitPattern)
            out.append32(UInt32(name.count))
            out.append(name)
        }
        rendition.data = out.bytes
        return rendition
    }

    /// An SVG layer kept as its file (`image.svg`). actool compresses the file with LZFSE (`RAWD`
    /// flags 1); it is stored as it is here (flags 0), which CoreUI reads alike.
    package static func svg(name: String, file: [UInt8]) -> CSIRendition {
        var rendition = CSIRendition(name: name, layout: .vector)
        rendition.flags = 1 << 2
        rendition.pixelFormat = PixelFormat(rawValue: 0x5356_4720) // "SVG "
        rendition.properties = blendAndOrientation
        rendition.data = rawData(file)
        return rendition
    }
}
